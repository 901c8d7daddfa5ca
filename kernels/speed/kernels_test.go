package speed

import (
	"math"
	"testing"

	"github.com/bandscope/bandscope/kernels/cpu"
	"github.com/bandscope/bandscope/kernels/yuv"
)

// rnd is a small deterministic generator for the twin tests.
type rnd uint64

func (r *rnd) next() uint64 {
	*r += 0x9e3779b97f4a7c15
	z := uint64(*r)
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

// f32 is a float in about [-amp, amp], a ±0 one time in five (the
// Householder matrices' zeros, which matMulSparse skips), and now and
// then a subnormal.
func (r *rnd) f32(amp float64) float32 {
	switch z := r.next(); z % 10 {
	case 0:
		return 0
	case 1:
		return float32(math.Copysign(0, -1))
	case 2:
		if z%3 == 0 {
			return math.Float32frombits(uint32(z>>40) & 0x7fff)
		}
	}
	return float32((float64(r.next()>>11)/(1<<53)*2 - 1) * amp)
}

// TestKernelTwins runs every kernel set's twins against the Go code, bit
// for bit: the sparse products on square and wide matrices (the QR's 25 x
// 25, the solve's 25 x blocks) with zeros, signed zeros and subnormals,
// with infinities and NaNs in y (which take the Go code), and the
// covariance sums and whole covariance matrices, and the antialias
// filter's vertical pass; one subtest per set and kernel (go test -run
// 'TestKernelTwins/avx2/covSums'), each with its own generator.
func TestKernelTwins(t *testing.T) {
	for _, set := range cpu.Supported() {
		k := kernelsFor(set)
		t.Run(set.String(), func(t *testing.T) {
			for _, tc := range []struct {
				kernel string
				check  func(t *testing.T, k *kernels, r *rnd)
			}{{"matMulSparse", twinMatMulSparse}, {"covSums", twinCovSums}, {"vfilt", twinVfilt}, {"vfilt8", twinVfilt8}} {
				t.Run(tc.kernel, func(t *testing.T) {
					r := rnd(set)
					tc.check(t, k, &r)
				})
			}
		})
	}
}

// twinMatMulSparse checks the sparse product.
func twinMatMulSparse(t *testing.T, k *kernels, r *rnd) {
	set := k.set
	for _, nm := range [][2]int{{25, 25}, {25, 72}, {25, 1}, {25, 7}, {25, 8}, {25, 9}, {25, 17}, {3, 5}, {1, 1}, {25, 340}} {
		n, m := nm[0], nm[1]
		for trial := 0; trial < 4; trial++ {
			x, y := make([]float32, n*n), make([]float32, n*m)
			for i := range x {
				x[i] = r.f32(2)
				switch i % 11 {
				case 3: // the Householder matrices' identity part
					x[i] = 1
				case 7:
					x[i] = -0.5
				}
			}
			for i := range y {
				y[i] = r.f32(1e3)
			}
			if trial == 3 {
				y[int(r.next()%uint64(len(y)))] = float32(math.Inf(1))
				y[int(r.next()%uint64(len(y)))] = float32(math.NaN())
			}
			want, got := make([]float32, n*m), make([]float32, n*m)
			for i := range got {
				got[i] = 7 // mulSparse zeroes dst first
			}
			matMulSparse(want, x, y, n, m)
			mulSparse(k, got, x, y, n, m)
			if !sameF32(want, got) {
				t.Fatalf("%s %dx%d trial %d: sparse product differs", set, n, m, trial)
			}
		}
	}
}

// twinCovSums checks the covariance sums and whole covariance matrices.
func twinCovSums(t *testing.T, k *kernels, r *rnd) {
	set := k.set
	for _, n := range []int{1, 2, 5, 100, 1624} {
		cen := make([]float64, n*covLanes)
		for i := range cen {
			if i%covLanes < BlockElems {
				cen[i] = float64(r.f32(50)) - float64(r.f32(1))/3
			}
		}
		for xi := 0; xi < BlockElems; xi++ {
			nv := xi/4 + 1
			var want, got [covLanes]float64
			covSumsGo(&want, cen, n, xi, nv)
			sums := k.covSums
			if sums == nil {
				sums = covSumsGo
			}
			sums(&got, cen, n, xi, nv)
			for yi := 0; yi < 4*nv; yi++ {
				if math.Float64bits(want[yi]) != math.Float64bits(got[yi]) {
					t.Fatalf("%s n=%d xi=%d yi=%d: covariance sum %v, Go %v", set, n, xi, yi, got[yi], want[yi])
				}
			}
		}
	}
	for _, sz := range [][2]int{{1, 1}, {7, 3}, {56, 29}, {116, 63}} {
		d := &dims{subW: sz[0], subH: sz[1]}
		stride := d.subW + BlockSize - 1 + 3
		data := make([]float32, stride*(d.subH+BlockSize-1))
		for i := range data {
			data[i] = r.f32(30) + 0.25
		}
		var want, got [BlockElems * BlockElems]float32
		var cen [BlockElems][]float64
		var buf []float64
		d.covarianceFast(data, stride, want[:], &cen)
		d.covarianceVec(k, data, stride, got[:], &buf)
		if !sameF32(want[:], got[:]) {
			t.Fatalf("%s %v: covariance matrix differs from covarianceFast", set, sz)
		}
	}
}

// twinVfilt checks the antialias filter's vertical pass on samples in
// place, at every bit depth (every sample value, in range or not, against
// sampleTable) and at widths around the vector size.
func twinVfilt(t *testing.T, k *kernels, r *rnd) {
	set := k.set
	for _, bd := range []int{8, 10, 12, 16} {
		lut := sampleTable(bd)
		scale, offset := sampleScale(bd)
		for v := range lut {
			if got := float32(float32(v)*scale) + offset; math.Float32bits(got) != math.Float32bits(lut[v]) {
				t.Fatalf("%d bits: sample %d: %v, table %v", bd, v, got, lut[v])
			}
		}
		taps := antialiasTaps(t)
		for _, w := range []int{1, 7, 8, 9, 15, 16, 17, 31, 480, 961} {
			stride := w + 5
			samples := make([]uint16, stride*len(taps))
			for i := range samples {
				z := r.next()
				if z%7 == 0 {
					samples[i] = uint16(z >> 20) // any value
				} else {
					samples[i] = uint16(z>>20) & (1<<bd - 1)
				}
			}
			offs := make([]int, len(taps))
			for k := range offs {
				offs[k] = ((k * 5) % len(taps)) * stride
			}
			want := make([]float32, w)
			for j := range want {
				var acc float32
				for k, fk := range taps {
					acc += float32(fk * lut[samples[offs[k]+j]])
				}
				want[j] = acc
			}
			got := make([]float32, w)
			vf := k.vfilt
			if vf == nil {
				vf = vfiltGo
			}
			vf(got, samples, offs, taps, scale, offset)
			if !sameF32(want, got) {
				t.Fatalf("%s %d bits w=%d: vertical pass differs from the table's", set, bd, w)
			}
		}
	}
}

// twinVfilt8 checks the vertical pass on packed 8-bit samples against
// sampleTable, at widths around the vector size.
func twinVfilt8(t *testing.T, k *kernels, r *rnd) {
	lut := sampleTable(8)
	scale, offset := sampleScale(8)
	taps := antialiasTaps(t)
	for _, w := range []int{1, 7, 8, 9, 15, 16, 17, 31, 480, 961} {
		stride := w + 5
		samples := make([]uint8, stride*len(taps))
		for i := range samples {
			samples[i] = uint8(r.next() >> 56)
		}
		offs := make([]int, len(taps))
		for k := range offs {
			offs[k] = ((k * 5) % len(taps)) * stride
		}
		want := make([]float32, w)
		for j := range want {
			var acc float32
			for k, fk := range taps {
				acc += float32(fk * lut[samples[offs[k]+j]])
			}
			want[j] = acc
		}
		got := make([]float32, w)
		vf := k.vfilt8
		if vf == nil {
			vf = vfiltGo[uint8]
		}
		vf(got, samples, offs, taps, scale, offset)
		if !sameF32(want, got) {
			t.Fatalf("%s w=%d: packed vertical pass differs from the table's", k.set, w)
		}
	}
}

// antialiasTaps are the default configuration's antialias taps.
func antialiasTaps(t *testing.T) []float32 {
	t.Helper()
	cfg, err := NewConfig(NewOptions(), yuv.Format{Width: 320, Height: 320, Chroma: yuv.C420, BitDepth: 8})
	if err != nil {
		t.Fatal(err)
	}
	return cfg.antialias
}
