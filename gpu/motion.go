//go:build cgo && !js

package gpu

import (
	_ "embed"
	"errors"
	"fmt"
	"sync"

	"github.com/bandscope/bandscope/engine/yuv"
	"github.com/bandscope/bandscope/kernels/motion"
	"github.com/oliverbestmann/webgpu/wgpu"
)

//go:embed motion_sad.wgsl
var wgslMotionSAD string

// MotionSAD is integer motion's frame SAD on the device: the same bits as
// kernels/motion SAD (and FastSAD.SAD) for two luma planes of the
// configured size and bit depth. Safe for concurrent use (calls are
// serialised); Close it before releasing the device.
type MotionSAD struct {
	d      *Device
	w, h   int
	bpc    int
	ks     []*kernel // vertical, horizontal
	layout *wgpu.BindGroupLayout
	group  *wgpu.BindGroup
	bufs   []*wgpu.Buffer // uniform, prev, cur, vertical rows, row sums, staging

	mu     sync.Mutex
	packed []uint32
	closed bool
}

// NewMotionSAD compiles the SAD for cfg's size and bit depth.
func NewMotionSAD(d *Device, cfg *motion.Config) (m *MotionSAD, err error) {
	w, h, bpc := cfg.Width, cfg.Height, cfg.BitDepth
	if w < motion.MinSize || h < motion.MinSize {
		return nil, fmt.Errorf("gpu: motion: %dx%d is below %dx%d", w, h, motion.MinSize, motion.MinSize)
	}
	if bpc < 1 || bpc > 16 {
		return nil, fmt.Errorf("gpu: motion: bit depth %d", bpc)
	}
	m = &MotionSAD{d: d, w: w, h: h, bpc: bpc}
	defer func() {
		if err != nil {
			m.Close()
			m = nil
		}
	}()
	st, s := wgpu.BufferBindingTypeStorage, wgpu.BufferBindingTypeReadOnlyStorage
	if m.ks, m.layout, err = d.newKernelGroup("motion_sad.wgsl", wgslADMInt64+wgslMotionSAD,
		[]string{"vertical", "horizontal"}, []wgpu.BufferBindingType{s, s, st, st}); err != nil {
		return nil, err
	}
	n := uint64(w) * uint64(h)
	u, err := d.newUniform("motion params", []uint32{uint32(w), uint32(h), uint32(bpc), 0})
	if err != nil {
		return nil, err
	}
	m.bufs = append(m.bufs, u)
	for _, b := range []struct {
		label string
		size  uint64
	}{{"motion prev", 2 * n}, {"motion cur", 2 * n}, {"motion vertical rows", 4 * n}, {"motion row sums", 4 * uint64(h)}} {
		buf, err := d.newBuffer(b.label, b.size, storageUsage)
		if err != nil {
			return nil, err
		}
		m.bufs = append(m.bufs, buf)
	}
	staging, err := d.newBuffer("motion readback", 4*uint64(h), wgpu.BufferUsageMapRead|wgpu.BufferUsageCopyDst)
	if err != nil {
		return nil, err
	}
	m.bufs = append(m.bufs, staging)
	if m.group, err = d.bind(m.ks[0], m.bufs[:5]...); err != nil {
		return nil, err
	}
	return m, nil
}

// SAD is motion.SAD(prev, cur, bpc, nil, nil): samples must lie within the
// bit depth (motion's Scorer.Push checks them; SAD does not, as FastSAD).
func (m *MotionSAD) SAD(prev, cur yuv.Plane) (sad uint64, err error) {
	for _, p := range []*yuv.Plane{&prev, &cur} {
		if p.Width != m.w || p.Height != m.h || p.Stride < p.Width || len(p.Pix) < (p.Height-1)*p.Stride+p.Width {
			return 0, fmt.Errorf("gpu: motion: a %dx%d plane (stride %d, %d samples), want %dx%d", p.Width, p.Height, p.Stride, len(p.Pix), m.w, m.h)
		}
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.closed {
		return 0, errors.New("gpu: motion SAD used after Close")
	}
	for i, p := range []yuv.Plane{prev, cur} {
		if err := m.d.write(m.bufs[1+i], 0, wgpu.ToBytes(m.pack(p))); err != nil {
			return 0, err
		}
	}
	rows := m.bufs[4]
	steps := []step{
		{k: m.ks[0], group: m.group, x: groups(m.w, 256), y: uint32(m.h), z: 1},
		{k: m.ks[1], group: m.group, x: groups(m.w, 256), y: uint32(m.h), z: 1},
		{src: rows, size: 4 * uint64(m.h)},
	}
	err = m.d.submit(steps, m.bufs[5], func(b []byte) {
		for _, r := range asU32(b)[:m.h] {
			sad += uint64(r)
		}
	})
	return sad, err
}

// pack puts two samples in a word, rows back to back.
func (m *MotionSAD) pack(p yuv.Plane) []uint32 {
	n := m.w * m.h
	if m.packed == nil {
		m.packed = make([]uint32, (n+1)/2)
	}
	clear(m.packed)
	i := 0
	for y := 0; y < m.h; y++ {
		for _, v := range p.Pix[y*p.Stride : y*p.Stride+m.w] {
			m.packed[i>>1] |= uint32(v) << (16 * (i & 1))
			i++
		}
	}
	return m.packed
}

// Close frees the device resources.
func (m *MotionSAD) Close() error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.closed {
		return nil
	}
	m.closed = true
	var groups []*wgpu.BindGroup
	if m.group != nil {
		groups = append(groups, m.group)
	}
	releaseAll(groups, m.bufs)
	for _, k := range m.ks {
		k.release()
	}
	if m.layout != nil {
		m.layout.Release()
	}
	return nil
}
