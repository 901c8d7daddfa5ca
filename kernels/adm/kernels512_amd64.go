//go:build !purego

package adm

import "math"

//go:noescape
func angle123AVX512(flag *int32, oh, ov, th, tv *int32, n int, cos1 float64)

//go:noescape
func decouple123AVX512(r, a, o, t *int32, flag *int32, n int, egl float64, tab *int32, ie int64, tmax uint64)

//go:noescape
func decouple0AVX512(r, a, o, t *int16, flag *int32, n int, egl float64, tab *int32, ie int64)

//go:noescape
func cm0AVX512(inner *[NumBands]int64, s0, s1, s2 *int16, fu, fm, fd, c *int32, n int, k *[NumBands][6]int64)

//go:noescape
func cm123AVX512(inner *[NumBands]int64, s0, s1, s2 *int32, fu, fm, fd, c *int32, n int, w0, w1, w2 uint32, shiftCub uint64, addCub int64)

//go:noescape
func cm123wAVX512(inner *[NumBands]int64, s0, s1, s2 *int32, fu, fm, fd, c *int32, n int, shiftCub uint64, addCub int64)

//go:noescape
func den0AVX512(s *int16, n int) uint64

//go:noescape
func den123AVX512(s *int32, n int, addSq, sq, addCub, shiftCub uint64) uint64

//go:noescape
func dwt123HAVX512(lo, hi *int32, src *int32, n int, add int64, shift uint64)

//go:noescape
func csf0AVX512(f, c *int32, s0, s1, s2 *int16, n int, w0, w1, w2 int32)

//go:noescape
func angle0AVX512(flag *int32, oh, ov, th, tv *int16, n int, cos1 float64)

//go:noescape
func dwt0HAVX512(lo, hi *int16, src *int16, n int)

//go:noescape
func dwt0VAVX512(lo, hi *int16, r0, r1, r2, r3 *uint16, n int, addLo, addHi int32, shift uint64) uint16

//go:noescape
func dwt0V8AVX512(lo, hi *int16, r0, r1, r2, r3 *uint8, n int, addLo, addHi int32)

//go:noescape
func dwt1VAVX512(lo, hi *int32, r0, r1, r2, r3 *int16, n int)

//go:noescape
func dwt23VAVX512(lo, hi *int32, r0, r1, r2, r3 *int32, n int, add int64, shift uint64)

//go:noescape
func csf123AVX512(f, c *int32, s0, s1, s2 *int32, n int, w0, w1, w2 uint32)

//go:noescape
func csf123wAVX512(f, c *int32, s0, s1, s2 *int32, n int, w0, w1, w2 uint32)

// avx512Kernels replaces the AVX2 set's kernels with their AVX-512 twins:
// twice the width, and the 64-bit lane arithmetic (arithmetic shifts,
// min/max, int64-to-float32 rounding) that AVX2 lacks.
func avx512Kernels(k *kernels) {
	k.dwt0V = avx512DWT0V
	k.dwt0V8 = avx512DWT0V8
	k.dwt0H = avx512DWT0H
	k.dwt1V = avx512DWT1V
	k.dwt23V = avx512DWT23V
	k.dwt123H = avx512DWT123H
	k.angle0 = avx512Angle0
	k.decouple0 = avx512Decouple0
	k.angle123 = avx512Angle123
	k.decouple123 = avx512Decouple123
	k.csf0 = avx512CSF0
	k.csf123 = avx512CSF123
	k.den0 = avx512Den0
	k.den123 = avx512Den123
	k.cm0 = avx512CM0
	k.cm123 = avx512CM123
	k.csf123w = avx512CSF123W
	k.cm123w = avx512CM123W
	preciseKernelsAVX512(k)
}

// The row kernels whose outputs depend on their inputs alone end a row
// that is not a whole number of vectors with one overlapping vector
// (overlap, kernels_amd64.go), the masking kernels with one whose mask
// leaves out the columns summed already; rows shorter than a vector go to
// the AVX2 wrapper, and so do weights of 2^31 and more at scales 1-3 (no
// configuration has them: WeightLimit). The denominator's sums finish in
// Go.

func avx512DWT0V(lo, hi []int16, r0, r1, r2, r3 []uint16, bitDepth int, loOnly bool) (uint16, bool) {
	n := len(lo)
	if n < 32 || bitDepth > 15 {
		return avx2DWT0V(lo, hi, r0, r1, r2, r3, bitDepth, loOnly)
	}
	_, _, _, _, _ = hi[n-1], r0[n-1], r1[n-1], r2[n-1], r3[n-1]
	add := int32(1) << (bitDepth - 1)
	var or uint16
	overlap(n, 32, func(j, m int) {
		or |= dwt0VAVX512(&lo[j], &hi[j], &r0[j], &r1[j], &r2[j], &r3[j], m, add-dwtLoSum*add, add, uint64(bitDepth))
	})
	return or, true
}

func avx512DWT0V8(lo, hi []int16, r0, r1, r2, r3 []uint8, loOnly bool) {
	n := len(lo)
	if n < 32 {
		avx2DWT0V8(lo, hi, r0, r1, r2, r3, loOnly)
		return
	}
	_, _, _, _, _ = hi[n-1], r0[n-1], r1[n-1], r2[n-1], r3[n-1]
	overlap(n, 32, func(j, m int) {
		dwt0V8AVX512(&lo[j], &hi[j], &r0[j], &r1[j], &r2[j], &r3[j], m, dwt0V8AddLo, dwt0V8AddHi)
	})
}

func avx512DWT0H(a, v, hh, d, lo, hi []int16, j0, j1 int, loOnly bool) {
	if j1-j0 < 32 {
		avx2DWT0H(a, v, hh, d, lo, hi, j0, j1, loOnly)
		return
	}
	// The kernel reads lo and hi [2*j0-1, 2*j1+1) and writes [j0, j1).
	_, _ = lo[2*j1], hi[2*j1]
	_ = lo[2*j0-1]
	_ = a[j1-1]
	if !loOnly {
		_, _, _ = v[j1-1], hh[j1-1], d[j1-1]
	}
	overlap(j1-j0, 32, func(j, m int) {
		j += j0
		if loOnly {
			// v is absent; the high-pass half of a's pass lands in hi
			// (an input row this pass never reads when loOnly), past use.
			dwt0HAVX512(&a[j], &hi[j], &lo[2*j-1], m)
		} else {
			dwt0HAVX512(&a[j], &v[j], &lo[2*j-1], m)
			dwt0HAVX512(&hh[j], &d[j], &hi[2*j-1], m)
		}
	})
}

func avx512DWT1V(lo, hi []int32, r0, r1, r2, r3 []int16) {
	n := len(lo)
	if n < 32 {
		avx2DWT1V(lo, hi, r0, r1, r2, r3)
		return
	}
	_, _, _, _, _ = hi[n-1], r0[n-1], r1[n-1], r2[n-1], r3[n-1]
	overlap(n, 32, func(j, m int) {
		dwt1VAVX512(&lo[j], &hi[j], &r0[j], &r1[j], &r2[j], &r3[j], m)
	})
}

func avx512DWT23V(lo, hi []int32, r0, r1, r2, r3 []int32, scale int) {
	n := len(lo)
	if n < 8 {
		avx2DWT23V(lo, hi, r0, r1, r2, r3, scale)
		return
	}
	_, _, _, _, _ = hi[n-1], r0[n-1], r1[n-1], r2[n-1], r3[n-1]
	add, shift := vpAdd[scale], uint64(vpShift[scale])
	overlap(n, 8, func(j, m int) {
		dwt23VAVX512(&lo[j], &hi[j], &r0[j], &r1[j], &r2[j], &r3[j], m, add, shift)
	})
}

func avx512DWT123H(a, v, hh, d, lo, hi []int32, j0, j1 int, add int64, shift uint) {
	if j1-j0 < 8 || shift > 63 {
		avx2DWT123H(a, v, hh, d, lo, hi, j0, j1, add, shift)
		return
	}
	// The kernel reads lo and hi [2*j0-1, 2*j1+1) and writes [j0, j1).
	_, _ = lo[2*j1], hi[2*j1]
	_, _ = lo[2*j0-1], hi[2*j0-1]
	_, _, _, _ = a[j1-1], v[j1-1], hh[j1-1], d[j1-1]
	overlap(j1-j0, 8, func(j, m int) {
		j += j0
		dwt123HAVX512(&a[j], &v[j], &lo[2*j-1], m, add, uint64(shift))
		dwt123HAVX512(&hh[j], &d[j], &hi[2*j-1], m, add, uint64(shift))
	})
}

func avx512Angle0(flag []int32, oh, ov, th, tv []int16, cos1 float32) {
	n := len(flag)
	if n < 32 {
		avx2Angle0(flag, oh, ov, th, tv, cos1)
		return
	}
	_, _, _, _ = oh[n-1], ov[n-1], th[n-1], tv[n-1]
	overlap(n, 32, func(j, m int) {
		angle0AVX512(&flag[j], &oh[j], &ov[j], &th[j], &tv[j], m, float64(cos1))
	})
}

func avx512Decouple0(r, a, o, t []int16, flag []int32, egl float64) {
	n := len(r)
	if n < 16 || !usableGain(egl) {
		avx2Decouple0(r, a, o, t, flag, egl)
		return
	}
	_, _, _, _ = a[n-1], o[n-1], t[n-1], flag[n-1]
	ie := intGain(egl)
	overlap(n, 16, func(j, m int) {
		decouple0AVX512(&r[j], &a[j], &o[j], &t[j], &flag[j], m, egl, &divLookup[0], ie)
	})
}

func avx512Angle123(flag []int32, oh, ov, th, tv []int32, cos1 float32) {
	n := len(flag)
	if n < 8 {
		avx2Angle123(flag, oh, ov, th, tv, cos1)
		return
	}
	_, _, _, _ = oh[n-1], ov[n-1], th[n-1], tv[n-1]
	overlap(n, 8, func(j, m int) {
		angle123AVX512(&flag[j], &oh[j], &ov[j], &th[j], &tv[j], m, float64(cos1))
	})
}

func avx512Decouple123(r, a, o, t []int32, flag []int32, egl float64) {
	n := len(r)
	if n < 16 || !usableGain(egl) {
		avx2Decouple123(r, a, o, t, flag, egl)
		return
	}
	_, _, _, _ = a[n-1], o[n-1], t[n-1], flag[n-1]
	ie := intGain(egl)
	// The largest |rst| whose product with ie fits uint32.
	tmax := uint64(math.MaxUint32)
	if ie > 0 {
		tmax /= uint64(ie)
	}
	overlap(n, 16, func(j, m int) {
		decouple123AVX512(&r[j], &a[j], &o[j], &t[j], &flag[j], m, egl, &divLookup[0], ie, tmax)
	})
}

func avx512CSF0(f, c []int32, s0, s1, s2 []int16, wt *[NumBands]int32) {
	n := len(f)
	if n < 16 {
		avx2CSF0(f, c, s0, s1, s2, wt)
		return
	}
	_, _, _, _ = c[n-1], s0[n-1], s1[n-1], s2[n-1]
	overlap(n, 16, func(j, m int) {
		csf0AVX512(&f[j], &c[j], &s0[j], &s1[j], &s2[j], m, wt[0], wt[1], wt[2])
	})
}

func avx512CSF123(f, c []int32, s0, s1, s2 []int32, wt *[NumBands]uint32) {
	n := len(f)
	if n < 16 || !weights31(wt) {
		avx2CSF123(f, c, s0, s1, s2, wt)
		return
	}
	_, _, _, _ = c[n-1], s0[n-1], s1[n-1], s2[n-1]
	overlap(n, 16, func(j, m int) {
		csf123AVX512(&f[j], &c[j], &s0[j], &s1[j], &s2[j], m, wt[0], wt[1], wt[2])
	})
}

func avx512CSF123W(f, c []int32, s0, s1, s2 []int32, wt *[NumBands]uint32) {
	n := len(f)
	if n < 16 || !weights31(wt) {
		avx2CSF123W(f, c, s0, s1, s2, wt)
		return
	}
	_, _, _, _ = c[n-1], s0[n-1], s1[n-1], s2[n-1]
	csf123wAVX512(&f[0], &c[0], &s0[0], &s1[0], &s2[0], n, wt[0], wt[1], wt[2])
}

func avx512Den0(s []int16) uint64 {
	n := len(s) &^ 15
	var sum uint64
	if n > 0 {
		sum = den0AVX512(&s[0], n)
	}
	return sum + avx2Den0(s[n:])
}

func avx512Den123(s []int32, addSq uint64, sq uint, addCub uint64, shiftCub uint) uint64 {
	n := len(s) &^ 15
	var sum uint64
	if n > 0 {
		sum = den123AVX512(&s[0], n, addSq, uint64(sq), addCub, uint64(shiftCub))
	}
	return sum + avx2Den123(s[n:], addSq, sq, addCub, shiftCub)
}

// weights31 reports whether scale 1-3 weights are under 2^31, as the
// AVX-512 kernels that multiply by them as int32 need.
func weights31(wt *[NumBands]uint32) bool { return (wt[0]|wt[1]|wt[2])>>31 == 0 }

// cmBounds checks what the masking kernels read of columns [a, z): F one
// column either side, C and the bands inside (0 < a, z < len).
func cmBounds[T int16 | int32](src *[NumBands][]T, F [3][]int32, C []int32, a, z int) {
	_, _, _ = F[0][z], F[1][z], F[2][z]
	_, _, _ = F[0][a-1], F[1][a-1], F[2][a-1]
	_, _, _, _ = C[z-1], src[0][z-1], src[1][z-1], src[2][z-1]
}

func avx512CM0(inner *[NumBands]int64, src *[NumBands][]int16, F [3][]int32, C []int32, a, z int, p *cm0Params, thr []int32) {
	n := z - a
	if n < 16 {
		avx2CM0(inner, src, F, C, a, z, p, thr)
		return
	}
	cmBounds(src, F, C, a, z)
	var k [NumBands][6]int64
	for b := range k {
		k[b] = [6]int64{int64(p.wt[b]), int64(p.sub[b]), 1 << (p.sq[b] - 1), int64(p.sq[b]), p.addCub[b], int64(p.shiftCub[b])}
	}
	cm0AVX512(inner, &src[0][a], &src[1][a], &src[2][a], &F[0][a], &F[1][a], &F[2][a], &C[a], n, &k)
}

func avx512CM123(inner *[NumBands]int64, src *[NumBands][]int32, F [3][]int32, C []int32, a, z int, p *cm123Params, thr []int32) {
	n := z - a
	if n < 16 || !weights31(&p.wt) {
		avx2CM123(inner, src, F, C, a, z, p, thr)
		return
	}
	cmBounds(src, F, C, a, z)
	cm123AVX512(inner, &src[0][a], &src[1][a], &src[2][a], &F[0][a], &F[1][a], &F[2][a], &C[a], n,
		p.wt[0], p.wt[1], p.wt[2], uint64(p.shiftCub), p.addCub)
}

func avx512CM123W(inner *[NumBands]int64, src *[NumBands][]int32, F [3][]int32, C []int32, a, z int, p *cm123Params, thr []int32) {
	n := z - a
	if n < 16 {
		avx2CM123W(inner, src, F, C, a, z, p, thr)
		return
	}
	cmBounds(src, F, C, a, z)
	cm123wAVX512(inner, &src[0][a], &src[1][a], &src[2][a], &F[0][a], &F[1][a], &F[2][a], &C[a], n, uint64(p.shiftCub), p.addCub)
}
