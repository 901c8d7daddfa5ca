//go:build cgo && !js

package gpu

import (
	"math"

	"github.com/bandscope/bandscope/kernels/cambi"
	"github.com/bandscope/bandscope/kernels/yuv"
	"github.com/oliverbestmann/webgpu/wgpu"
)

// cambiStages runs each CAMBI shader alone on host slices, with the
// signatures of the CPU stage functions, so that the parity test can compare
// every stage on its own at any size (the Scorer only accepts pictures
// CAMBI's configuration allows). It is slow: every call allocates, uploads
// and reads back.
type cambiStages struct {
	d *Device
	k *cambiKernels
}

func newCAMBIStages(d *Device) (*cambiStages, error) {
	k, err := d.cambiKernels()
	if err != nil {
		return nil, err
	}
	return &cambiStages{d: d, k: k}, nil
}

func (s *cambiStages) release() { s.k.release() }

// binding is one buffer of a one-off dispatch: its contents, or a size to
// allocate zeroed.
type binding struct {
	data []byte
	size uint64
}

// once runs one dispatch of k over x*y workgroups with the uniform params and
// the buffers bound after it, and returns the words of the last buffer.
func (s *cambiStages) once(k *kernel, x, y uint32, params []uint32, binds ...binding) (out []uint32, err error) {
	d := s.d
	var bufs []*wgpu.Buffer
	defer func() {
		for _, b := range bufs {
			b.Release()
		}
	}()
	u, err := d.newUniform(k.name, params)
	if err != nil {
		return nil, err
	}
	bufs = append(bufs, u)
	for _, bd := range binds {
		size := max(bd.size, uint64(len(bd.data)))
		b, err := d.newBuffer(k.name, size, storageUsage)
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

func words16(s []uint16) []byte {
	w := make([]uint32, len(s))
	for i, v := range s {
		w[i] = uint32(v)
	}
	return wgpu.ToBytes(w)
}

func words8(s []uint8) []byte {
	w := make([]uint32, len(s))
	for i, v := range s {
		w[i] = uint32(v)
	}
	return wgpu.ToBytes(w)
}

func (s *cambiStages) Preprocess(dst []uint16, dstW, dstH int, src yuv.Plane, bitDepth int) error {
	packed := make([]uint16, src.Width*src.Height)
	for y := 0; y < src.Height; y++ {
		copy(packed[y*src.Width:], src.Pix[y*src.Stride:y*src.Stride+src.Width])
	}
	identity := src.Width == dstW && src.Height == dstH
	up, down := conversion(bitDepth)
	out, err := s.once(s.k.preprocess, groups(dstW, 8), groups(dstH, 8),
		[]uint32{uint32(dstW), uint32(dstH), uint32(src.Width), up, down},
		binding{data: wgpu.ToBytes(packed)},
		binding{data: wgpu.ToBytes(resampleMap(src.Width, dstW, identity))},
		binding{data: wgpu.ToBytes(resampleMap(src.Height, dstH, identity))},
		binding{size: uint64(4 * dstW * dstH)})
	for i := range dst[:dstW*dstH] {
		dst[i] = uint16(out[i])
	}
	return err
}

func (s *cambiStages) AntiDither(img []uint16, w, h int) error {
	out, err := s.once(s.k.antiDither, groups(w, 8), groups(h, 8), []uint32{uint32(w), uint32(h)},
		binding{data: words16(img[:w*h])}, binding{size: uint64(4 * w * h)})
	for i := range img[:w*h] {
		img[i] = uint16(out[i])
	}
	return err
}

func (s *cambiStages) SpatialMask(mask []uint8, img []uint16, w, h, maskIndex int) error {
	deriv, err := s.once(s.k.derivative, groups(w, 8), groups(h, 8), []uint32{uint32(w), uint32(h), 0},
		binding{data: words16(img[:w*h])}, binding{size: uint64(4 * w * h)})
	if err != nil {
		return err
	}
	out, err := s.once(s.k.box, groups(w, 8), groups(h, 8), []uint32{uint32(w), uint32(h), uint32(int32(maskIndex))},
		binding{data: wgpu.ToBytes(deriv[:w*h])}, binding{size: uint64(4 * w * h)})
	for i := range mask[:w*h] {
		mask[i] = uint8(out[i])
	}
	return err
}

func (s *cambiStages) decimate(src []byte, srcW, srcH int) ([]uint32, int, error) {
	w, h := (srcW+1)>>1, (srcH+1)>>1
	out, err := s.once(s.k.decimate, groups(w, 8), groups(h, 8), []uint32{uint32(w), uint32(h), uint32(srcW)},
		binding{data: src}, binding{size: uint64(4 * w * h)})
	return out, w * h, err
}

func (s *cambiStages) Decimate(dst, src []uint16, srcW, srcH int) error {
	out, n, err := s.decimate(words16(src[:srcW*srcH]), srcW, srcH)
	for i := range dst[:n] {
		dst[i] = uint16(out[i])
	}
	return err
}

func (s *cambiStages) DecimateMask(dst, src []uint8, srcW, srcH int) error {
	out, n, err := s.decimate(words8(src[:srcW*srcH]), srcW, srcH)
	for i := range dst[:n] {
		dst[i] = uint8(out[i])
	}
	return err
}

func (s *cambiStages) FilterMode(dst, src []uint16, w, h int) error {
	out, err := s.once(s.k.mode, groups(w, 8), groups(h, 8), []uint32{uint32(w), uint32(h)},
		binding{data: words16(src[:w*h])}, binding{size: uint64(4 * w * h)})
	for i := range dst[:w*h] {
		dst[i] = uint16(out[i])
	}
	return err
}

func (s *cambiStages) CValues(c []float32, img []uint16, mask []uint8, w, h, window int, t *cambi.Tables) error {
	pad := window >> 1
	// One dispatch of every strip (small pictures here); the scorer's
	// passes are TestCAMBISmallHistogramBudget's.
	rows, strips, _ := stripLayout(w, h, pad, int(t.BandSize), s.d.histBudget(), s.d.limits.MaxComputeWorkgroupsPerDimension, s.d.spread())
	return s.cValuesStrips(c, img, mask, w, h, window, t, rows, strips)
}

// cValuesStrips is CValues with a chosen strip layout, so that the test can
// check the result does not depend on it.
func (s *cambiStages) cValuesStrips(c []float32, img []uint16, mask []uint8, w, h, window int, t *cambi.Tables, rows, strips int) error {
	pad := window >> 1
	params := []uint32{uint32(w), uint32(h), uint32(pad), uint32(rows),
		uint32(t.BandBase), uint32(t.BandSize), uint32(t.NumDiffs), uint32(t.VLTLuma), 0}
	bins, err := s.once(s.k.bins, groups(w, 8), groups(h, 8), []uint32{uint32(w), uint32(h), uint32(t.BandBase), uint32(t.BandSize)},
		binding{data: words16(img[:w*h])}, binding{data: words8(mask[:w*h])}, binding{size: uint64(4 * w * h)})
	if err != nil {
		return err
	}
	out, err := s.once(s.k.cValues, groups(w, 64), uint32(strips), params,
		binding{data: wgpu.ToBytes(bins[:w*h])},
		binding{data: wgpu.ToBytes(tableWords(t))}, binding{data: reciprocalBytes()},
		binding{size: uint64(strips) * uint64(t.BandSize) * uint64(w) * 4},
		binding{size: uint64(4 * w * h)})
	for i := range c[:w*h] {
		c[i] = math.Float32frombits(out[i])
	}
	return err
}

// Pool runs the device pooling on c and finishes it on the host: the mean
// of the top-k c-values, and whether the device's exact sum could be used
// (false: the caller must pool on the host).
func (s *cambiStages) Pool(c []float32, topk float64) (mean float64, exact bool, err error) {
	d, kk := s.d, s.k
	n := len(c)
	k := poolK(n, topk)
	// A scorer shell owns the buffers; the kernels stay s's.
	sc := &cambiScorer{recorder: recorder{d: d}, k: kk}
	defer func() {
		sc.k = nil
		sc.Close()
	}()
	cv, err := sc.buffer("c-values", uint64(4*n))
	if err != nil {
		return 0, false, err
	}
	if err := d.write(cv, 0, wgpu.ToBytes(c)); err != nil {
		return 0, false, err
	}
	hist, err := sc.buffer("pool histogram", 2*65536*4)
	if err != nil {
		return 0, false, err
	}
	steps, pb, err := sc.poolSteps(n, k, cv, hist)
	if err != nil {
		return 0, false, err
	}
	steps = append(steps, step{src: pb.state, size: 20}, step{src: pb.partial, size: uint64(12 * pb.groups), dstOff: 20})
	staging, err := d.newBuffer("readback", uint64(20+12*pb.groups), wgpu.BufferUsageMapRead|wgpu.BufferUsageCopyDst)
	if err != nil {
		return 0, false, err
	}
	sc.buffers = append(sc.buffers, staging)
	err = d.submit(steps, staging, func(b []byte) {
		w := asU32(b)
		mean, exact = poolFinish(w[:5], w[5:5+3*pb.groups], k)
	})
	return mean, exact, err
}
