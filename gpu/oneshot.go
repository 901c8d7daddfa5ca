//go:build cgo && !js

package gpu

import "github.com/oliverbestmann/webgpu/wgpu"

// shotBuf is one storage buffer of a one-off dispatch: its contents, or a
// size to allocate zeroed.
type shotBuf struct {
	data []byte
	size uint64
}

// oneShot runs one dispatch of k over x*y workgroups and returns the words
// of the last buffer. The buffers are bound at 0, 1, 2..., after a uniform
// holding params at binding 0 when params is not nil. Every call allocates,
// uploads and reads back: for probes and tests, not for frames.
func (d *Device) oneShot(k *kernel, x, y uint32, params []uint32, binds ...shotBuf) (out []uint32, err error) {
	var bufs []*wgpu.Buffer
	defer func() {
		for _, b := range bufs {
			b.Release()
		}
	}()
	if params != nil {
		u, err := d.newUniform(k.name, params)
		if err != nil {
			return nil, err
		}
		bufs = append(bufs, u)
	}
	for _, bd := range binds {
		b, err := d.newBuffer(k.name, max(bd.size, uint64(len(bd.data))), storageUsage)
		if err != nil {
			return nil, err
		}
		bufs = append(bufs, b)
		if len(bd.data) > 0 {
			if err := d.write(b, 0, bd.data); err != nil {
				return nil, err
			}
		}
	}
	g, err := d.bind(k, bufs...)
	if err != nil {
		return nil, err
	}
	defer g.Release()
	last := bufs[len(bufs)-1]
	staging, err := d.newBuffer("readback", last.GetSize(), wgpu.BufferUsageMapRead|wgpu.BufferUsageCopyDst)
	if err != nil {
		return nil, err
	}
	bufs = append(bufs, staging)
	steps := []step{{k: k, group: g, x: x, y: y, z: 1}, {src: last, size: last.GetSize()}}
	err = d.submit(steps, staging, func(b []byte) { out = append([]uint32(nil), asU32(b)...) })
	return out, err
}
