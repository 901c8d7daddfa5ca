//go:build !cgo || js

package gpu

import (
	"time"

	"github.com/bandscope/bandscope/kernels/motion"
	"github.com/bandscope/bandscope/kernels/yuv"
)

// Frame is one frame's pictures on a device; without cgo none exists.
type Frame struct{}

// NewFrame reports that this build has no GPU backend.
func (d *Device) NewFrame() (*Frame, error) { return nil, errNoCgo }

// Upload reports that this build has no GPU backend.
func (f *Frame) Upload(ref, dist *yuv.Picture, refPlanes, distPlanes Planes) error {
	return errNoCgo
}

// SetUploadWorkers does nothing: there is no device.
func (f *Frame) SetUploadWorkers(n int) {}

// UploadChecked reports that this build has no GPU backend.
func (f *Frame) UploadChecked(ref, dist *yuv.Picture, refPlanes, distPlanes Planes) error {
	return errNoCgo
}

// Close does nothing.
func (f *Frame) Close() error { return nil }

// RefView returns f: nothing is ever uploaded.
func (f *Frame) RefView() *Frame { return f }

// Holds is false: nothing is ever uploaded.
func (f *Frame) Holds(ref, dist Planes) bool { return false }

// BytesWritten is 0: nothing is ever written.
func (d *Device) BytesWritten() uint64 { return 0 }

// MotionFrames is integer motion's SAD stage fed from Frames; without cgo
// none can be made.
type MotionFrames struct{}

// NewMotionFrames reports that this build has no GPU backend.
func NewMotionFrames(d *Device, cfg *motion.Config) (*MotionFrames, error) { return nil, errNoCgo }

// Push reports that this build has no GPU backend.
func (m *MotionFrames) Push(frame int, f *Frame) (uint64, error) { return 0, errNoCgo }

// Close does nothing.
func (m *MotionFrames) Close() error { return nil }

// Waited is 0: there is no device to wait for.
func (d *Device) Waited() time.Duration { return 0 }

// StageSets is how many stage sets a Frame has.
const StageSets = 3

// Prepared is a frame staged by Prepare; without cgo none exists.
type Prepared struct{}

// Prepare reports that this build has no GPU backend.
func (f *Frame) Prepare(set int, ref, dist *yuv.Picture, refPlanes, distPlanes Planes, checked bool) (*Prepared, error) {
	return nil, errNoCgo
}

// Commit reports that this build has no GPU backend.
func (f *Frame) Commit(p *Prepared) error { return errNoCgo }
