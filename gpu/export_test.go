//go:build cgo && !js

package gpu

import (
	"github.com/bandscope/bandscope/kernels/motion"
	"github.com/bandscope/bandscope/kernels/yuv"
)

// Test-only: integer motion as one motion.Scorer on the device, the same
// device SAD stage a run feeds from Frames (MotionFrames), for the parity
// tests against kernels/motion's scorers.

// NewMotion returns integer motion's Scorer on d: kernels/motion's
// temporal recipe (motion.NewStream) over a device SAD stage, so every
// field of every motion.FrameResult has the CPU's bits. The stage keeps
// the pictures the next frames compare with on the device (Stride+1 of
// them): each frame uploads its own luma once, the vertical and
// horizontal passes and the sum run on the device, and only the SAD (8
// bytes) comes back, plus the blurred difference map when Push is asked
// to keep it. Samples are checked on the host before the upload
// (motion.CheckSamples, the CPU's error).
func NewMotion(d *Device, cfg *motion.Config) (motion.Scorer, error) {
	c, err := newMotionCore(d, cfg, cfg.Stride()+1)
	if err != nil {
		return nil, err
	}
	return motion.NewStream(cfg, &motionStage{core: c, cfg: cfg}), nil
}

// motionStage is the device motion.SADStage.
type motionStage struct {
	core *motionCore
	cfg  *motion.Config
}

func (s *motionStage) Push(frame int, cur yuv.Plane, diff []int32) (uint64, error) {
	if err := motion.CheckSamples(cur, s.cfg.BitDepth); err != nil {
		return 0, err // nothing uploaded: the stage is as it was
	}
	c := s.core
	c.mu.Lock()
	defer c.mu.Unlock()
	// Slot frame%ring held frame-ring, which no later frame compares with.
	slot := frame % len(c.pics)
	if err := c.upload(slot, cur); err != nil {
		return 0, err
	}
	if frame < s.cfg.MinIndex() {
		return 0, nil
	}
	return c.run(slot, diff)
}

func (s *motionStage) Close() error { return s.core.Close() }
