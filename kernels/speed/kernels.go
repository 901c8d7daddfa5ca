package speed

import (
	"math"

	"github.com/bandscope/bandscope/kernels/cpu"
)

// kernels are the fast scorer's vector twins; every set gives the Go
// code's bits (TestKernelTwins). A nil function runs the Go code.
type kernels struct {
	set cpu.Set
	// matMulSparse is matMulSparse for finite y (the caller checks).
	matMulSparse func(dst, x, y []float32, n, m int)
	// covSums adds, for one xi, the C kernel's chains
	// s[yi] = sum over t of cen[t][xi]*cen[t][yi] (double products, each
	// rounded, added in t order from +0) for yi < 4*nv, cen holding n rows
	// of covLanes centred samples.
	covSums func(s *[covLanes]float64, cen []float64, n, xi, nv int)
	// vfilt is the antialias filter's vertical pass over every column of
	// a row, on samples read in place: vert[j] = sum over taps k, from
	// +0 in tap order, of float(taps[k] * (float(samples[offs[k]+j]) *
	// scale + offset)) (scale a power of two: sampleTable's float).
	vfilt func(vert []float32, samples []uint16, offs []int, taps []float32, scale, offset float32)
	// vfilt8 is vfilt on the samples of an 8-bit picture held packed
	// (yuv.Plane.Pix8).
	vfilt8 func(vert []float32, samples []uint8, offs []int, taps []float32, scale, offset float32)
}

// vfiltGo is vfilt in Go, on samples of either width.
func vfiltGo[T uint8 | uint16](vert []float32, samples []T, offs []int, taps []float32, scale, offset float32) {
	for j := range vert {
		var acc float32
		for k, fk := range taps {
			s := float32(float32(samples[offs[k]+j])*scale) + offset
			acc += float32(fk * s)
		}
		vert[j] = acc
	}
}

// sampleScale is sampleTable's float as scale and offset:
// float(v)*scale + offset, bit for bit (the scales are powers of two, so
// the product is exact and the division it replaces was too).
func sampleScale(bitDepth int) (scale, offset float32) {
	switch bitDepth {
	case 10:
		return 0.25, -128
	case 12:
		return 1.0 / 16, -128
	case 16:
		return 1.0 / 256, -128
	}
	return 1, -128
}

// covLanes is a row of the vector covariance's centred samples: the 25
// elements of a block padded to whole vectors of four doubles.
const covLanes = 28

var scalarKernels = &kernels{set: cpu.Scalar}

// kernelsFor returns the kernels of a set (the Go ones when the set has no
// twins on this architecture).
func kernelsFor(s cpu.Set) *kernels {
	if !s.Supported() {
		return scalarKernels
	}
	if k := simdKernels(s); k != nil {
		return k
	}
	return scalarKernels
}

// covSumsGo is covSums in Go.
func covSumsGo(s *[covLanes]float64, cen []float64, n, xi, nv int) {
	for yi := 0; yi < 4*nv; yi++ {
		var acc float64
		for t := 0; t < n; t++ {
			row := cen[t*covLanes : t*covLanes+covLanes]
			acc += float64(row[xi] * row[yi])
		}
		s[yi] = acc
	}
}

// covarianceVec is covarianceFast with the centred samples stored sample
// by sample (covLanes a row) so that a vector kernel runs the chains of
// every yi <= xi side by side: each chain still adds its products in the
// C kernel's order, so the bits are covarianceFast's.
func (d *dims) covarianceVec(kern *kernels, data []float32, stride int, k []float32, buf *[]float64) {
	n := d.subW * d.subH
	if len(*buf) != n*covLanes {
		*buf = make([]float64, n*covLanes)
	}
	cen := *buf
	for e := 0; e < BlockElems; e++ {
		r, c := e/BlockSize, e%BlockSize
		m := float64(d.mean(data, stride, r, c))
		t := 0
		for i := 0; i < d.subH; i++ {
			row := data[(r+i)*stride+c : (r+i)*stride+c+d.subW]
			for _, v := range row {
				cen[t*covLanes+e] = float64(v) - m
				t++
			}
		}
	}
	nf := float64(n)
	sums := kern.covSums
	if sums == nil {
		sums = covSumsGo
	}
	var s [covLanes]float64
	for xi := 0; xi < BlockElems; xi++ {
		sums(&s, cen, n, xi, xi/4+1)
		for yi := 0; yi <= xi; yi++ {
			v := float32(s[yi] / nf)
			k[xi*BlockElems+yi] = v
			k[yi*BlockElems+xi] = v
		}
	}
}

// mulSparse is matMulSparse through k's twin when it has one and y is
// finite (the twin skips zero terms unconditionally, which is exact only
// then), else the Go code.
func mulSparse(k *kernels, dst, x, y []float32, n, m int) {
	if k == nil || k.matMulSparse == nil || !finite(y[:n*m]) {
		matMulSparse(dst, x, y, n, m)
		return
	}
	k.matMulSparse(dst, x, y, n, m)
}

// finite reports whether no value is an infinity or a NaN (exponent bits
// all ones).
func finite(v []float32) bool {
	for _, f := range v {
		if math.Float32bits(f)&0x7f800000 == 0x7f800000 {
			return false
		}
	}
	return true
}
