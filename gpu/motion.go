//go:build cgo && !js

package gpu

import (
	_ "embed"
	"errors"
	"fmt"
	"sync"

	"github.com/bandscope/bandscope/kernels/motion"
	"github.com/bandscope/bandscope/kernels/yuv"
	"github.com/oliverbestmann/webgpu/wgpu"
)

//go:embed motion_sad.wgsl
var wgslMotionSAD string

// MotionFrames is integer motion's SAD stage fed from Frames, for runs
// that score frames in order on the device: each frame's reference luma
// is copied from the Frame into the ring of pictures later frames compare
// with (on the device: nothing is uploaded) and the frame's raw SAD comes
// back, as motion.SADStage.Push would return it; the caller runs the
// temporal recipe over the SADs (motion.Sums). Not safe for concurrent
// use; Close it before releasing the device.
type MotionFrames struct {
	core *motionCore
	cfg  *motion.Config
}

// NewMotionFrames compiles the stage for cfg's size and bit depth.
func NewMotionFrames(d *Device, cfg *motion.Config) (*MotionFrames, error) {
	if cfg == nil {
		return nil, d.usable("motion", false)
	}
	c, err := newMotionCore(d, cfg, cfg.Stride()+1)
	if err != nil {
		return nil, err
	}
	return &MotionFrames{core: c, cfg: cfg}, nil
}

// Push takes frame's reference luma from f (frames in order from 0) and
// returns the SAD of picture frame-Stride against it, 0 before MinIndex.
// Samples above the bit depth are refused with motion.CheckSamples' error
// (checked on the host, as the CPU does), leaving the stage as it was.
func (m *MotionFrames) Push(frame int, f *Frame) (uint64, error) {
	c := m.core
	fb, pic, err := f.luma(0, c.w, c.h, func(p yuv.Plane) error {
		return fmt.Errorf("gpu: motion: a %dx%d plane, want %dx%d", p.Width, p.Height, c.w, c.h)
	})
	if err != nil {
		return 0, err
	}
	if !f.samplesChecked() {
		if err := motion.CheckSamples(pic.Luma(), m.cfg.BitDepth); err != nil {
			return 0, err
		}
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.closed {
		return 0, errors.New("gpu: motion used after Close")
	}
	slot := frame % len(c.pics)
	cp := copyStep(fb.buf, c.pics[slot], uint64(2*c.w*c.h))
	if frame < m.cfg.MinIndex() {
		return 0, c.d.submit([]step{cp}, nil, nil)
	}
	return c.runAfter([]step{cp}, slot, nil)
}

// Close frees the device resources.
func (m *MotionFrames) Close() error { return m.core.Close() }

// MotionSAD is integer motion's frame SAD of two pictures on the device,
// for callers that score pairs out of order (the inspector's random
// access): the same bits as kernels/motion SAD and FastSAD.SAD. Safe for
// concurrent use (calls are serialised); Close it before releasing the
// device.
type MotionSAD struct{ core *motionCore }

// NewMotionSAD compiles the SAD for cfg's size and bit depth.
func NewMotionSAD(d *Device, cfg *motion.Config) (*MotionSAD, error) {
	c, err := newMotionCore(d, cfg, 2)
	if err != nil {
		return nil, err
	}
	return &MotionSAD{core: c}, nil
}

// SAD is motion.SAD(prev, cur, bpc, diff, nil): diff (Width*Height values)
// gets the blurred difference unless nil. Samples must lie within the
// bit depth (motion's Scorer.Push checks them; SAD does not, as FastSAD).
func (m *MotionSAD) SAD(prev, cur yuv.Plane, diff []int32) (uint64, error) {
	c := m.core
	for _, p := range []*yuv.Plane{&prev, &cur} {
		if p.Width != c.w || p.Height != c.h || p.Stride < p.Width || len(p.Pix) < (p.Height-1)*p.Stride+p.Width {
			return 0, fmt.Errorf("gpu: motion: a %dx%d plane (stride %d, %d samples), want %dx%d", p.Width, p.Height, p.Stride, len(p.Pix), c.w, c.h)
		}
	}
	if diff != nil && len(diff) < c.w*c.h {
		return 0, fmt.Errorf("gpu: motion: a map of %d values, want %d", len(diff), c.w*c.h)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	// Slot 1's bind group compares slot 0 (prev) with slot 1 (cur).
	for i, p := range []yuv.Plane{prev, cur} {
		if err := c.upload(i, p); err != nil {
			return 0, err
		}
	}
	return c.run(1, diff)
}

// Close frees the device resources.
func (m *MotionSAD) Close() error { return m.core.Close() }

// motionCore is the device pipeline of one picture size: a ring of
// pictures, the passes' buffers, and one bind group per ring slot that
// compares the slot (cur) with the next one in the ring (prev: with a
// ring of Stride+1, slot (frame+1)%ring holds frame-Stride).
type motionCore struct {
	d         *Device
	w, h, bpc int
	ks        []*kernel // vertical, horizontal, reduce
	layout    *wgpu.BindGroupLayout
	pics      []*wgpu.Buffer    // the ring, 16-bit samples two a word
	groups    []*wgpu.BindGroup // groups[c]: cur = pics[c], prev = pics[(c+1)%len]
	bufs      []*wgpu.Buffer    // uniform, vertical rows, row sums, map, total, staging
	mapStage  *wgpu.Buffer      // total then map, made when a map is first kept
	packed    []uint16

	mu     sync.Mutex
	closed bool
}

func newMotionCore(d *Device, cfg *motion.Config, ring int) (c *motionCore, err error) {
	if err := d.usable("motion", cfg != nil); err != nil {
		return nil, err
	}
	w, h, bpc := cfg.Width, cfg.Height, cfg.BitDepth
	if w < motion.MinSize || h < motion.MinSize {
		return nil, fmt.Errorf("gpu: motion: %dx%d is below %dx%d", w, h, motion.MinSize, motion.MinSize)
	}
	if bpc < 1 || bpc > 16 {
		return nil, fmt.Errorf("gpu: motion: bit depth %d", bpc)
	}
	c = &motionCore{d: d, w: w, h: h, bpc: bpc}
	defer func() {
		if err != nil {
			c.Close()
			c = nil
		}
	}()
	st, s := wgpu.BufferBindingTypeStorage, wgpu.BufferBindingTypeReadOnlyStorage
	if c.ks, c.layout, err = d.newKernelGroup("motion_sad.wgsl", wgslADMInt64+wgslMotionSAD,
		[]string{"vertical", "horizontal", "reduce"}, []wgpu.BufferBindingType{s, s, st, st, st, st}); err != nil {
		return nil, err
	}
	n := uint64(w) * uint64(h)
	for i := 0; i < ring; i++ {
		b, err := d.newBuffer(fmt.Sprintf("motion picture %d", i), 2*n, storageUsage)
		if err != nil {
			return nil, err
		}
		c.pics = append(c.pics, b)
	}
	u, err := d.newUniform("motion params", []uint32{uint32(w), uint32(h), uint32(bpc), 0})
	if err != nil {
		return nil, err
	}
	c.bufs = append(c.bufs, u)
	for _, b := range []struct {
		label string
		size  uint64
	}{{"motion vertical rows", 4 * n}, {"motion row sums", 4 * uint64(h)}, {"motion map", 4 * n}, {"motion total", 8}} {
		buf, err := d.newBuffer(b.label, b.size, storageUsage)
		if err != nil {
			return nil, err
		}
		c.bufs = append(c.bufs, buf)
	}
	staging, err := d.newBuffer("motion readback", 8, wgpu.BufferUsageMapRead|wgpu.BufferUsageCopyDst)
	if err != nil {
		return nil, err
	}
	c.bufs = append(c.bufs, staging)
	for i := 0; i < ring; i++ {
		g, err := d.bind(c.ks[0], c.bufs[0], c.pics[(i+1)%ring], c.pics[i], c.bufs[1], c.bufs[2], c.bufs[3], c.bufs[4])
		if err != nil {
			return nil, err
		}
		c.groups = append(c.groups, g)
	}
	return c, nil
}

// upload writes a plane into a ring slot, rows back to back (two 16-bit
// samples a word, little-endian: the layout of a []uint16).
func (c *motionCore) upload(slot int, p yuv.Plane) error {
	if c.closed {
		return errors.New("gpu: motion used after Close")
	}
	data := tightRows(p, c.w, c.h, &c.packed)
	return c.d.write(c.pics[slot], 0, wgpu.ToBytes(data))
}

// run compares slot's picture with the one before it and reads back the
// SAD, and the map into diff unless nil.
func (c *motionCore) run(slot int, diff []int32) (sad uint64, err error) {
	return c.runAfter(nil, slot, diff)
}

// runAfter is run with pre (a copy into the ring) first.
func (c *motionCore) runAfter(pre []step, slot int, diff []int32) (sad uint64, err error) {
	if c.closed {
		return 0, errors.New("gpu: motion used after Close")
	}
	g := c.groups[slot]
	steps := append(pre, []step{
		{k: c.ks[0], group: g, x: groups(c.w, 256), y: uint32(c.h), z: 1},
		{k: c.ks[1], group: g, x: groups(c.w, 256), y: uint32(c.h), z: 1},
		{k: c.ks[2], group: g, x: 1, y: 1, z: 1},
		{src: c.bufs[4], size: 8},
	}...)
	staging := c.bufs[5]
	n := uint64(c.w) * uint64(c.h)
	if diff != nil {
		if c.mapStage == nil {
			if c.mapStage, err = c.d.newBuffer("motion map readback", 8+4*n, wgpu.BufferUsageMapRead|wgpu.BufferUsageCopyDst); err != nil {
				return 0, err
			}
		}
		staging = c.mapStage
		steps = append(steps, step{src: c.bufs[3], size: 4 * n, dstOff: 8})
	}
	err = c.d.submit(steps, staging, func(b []byte) {
		words := asU32(b)
		sad = uint64(words[0]) | uint64(words[1])<<32
		if diff != nil {
			for i, v := range words[2 : 2+n] {
				diff[i] = int32(v)
			}
		}
	})
	return sad, err
}

// Close frees the device resources.
func (c *motionCore) Close() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.closed {
		return nil
	}
	c.closed = true
	bufs := append(append([]*wgpu.Buffer(nil), c.pics...), c.bufs...)
	if c.mapStage != nil {
		bufs = append(bufs, c.mapStage)
	}
	releaseAll(c.groups, bufs)
	for _, k := range c.ks {
		k.release()
	}
	if c.layout != nil {
		c.layout.Release()
	}
	return nil
}
