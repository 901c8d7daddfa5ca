//go:build !purego

package adm

import (
	"math"

	"github.com/bandscope/bandscope/kernels/cpu"
)

//go:noescape
func dwt0VAVX2(lo, hi *int16, r0, r1, r2, r3 *uint16, n int, addLo, addHi int32, shift uint64)

//go:noescape
func dwt0V15AVX2(lo, hi *int16, r0, r1, r2, r3 *uint16, n int, addLo, addHi int32, shift uint64) uint16

//go:noescape
func dwt0V8AVX2(lo, hi *int16, r0, r1, r2, r3 *uint8, n int, addLo, addHi int32)

//go:noescape
func dwt0HAVX2(lo, hi, src *int16, n int)

//go:noescape
func csf0AVX2(f, c *int32, s0, s1, s2 *int16, n int, w0, w1, w2 int32)

//go:noescape
func angle0AVX2(flag *int32, oh, ov, th, tv *int16, n int, cos1 float64)

//go:noescape
func cm123AVX2(s, thr *int32, n int, wt uint32, sq, shiftCub uint64, addCub int64) int64

//go:noescape
func csf123wAVX2(f, c *int32, s0, s1, s2 *int32, n int, w0, w1, w2 uint32)

//go:noescape
func cm123wAVX2(s, thr *int32, n int, sq, shiftCub uint64, addCub int64) int64

//go:noescape
func csf123AVX2(f, c *int32, s0, s1, s2 *int32, n int, w0, w1, w2 uint32)

//go:noescape
func dwt1VAVX2(lo, hi *int32, r0, r1, r2, r3 *int16, n int)

//go:noescape
func dwt123HAVX2(lo, hi, src *int32, n int, add int64, shift uint64)

//go:noescape
func decouple0AVX2(r, a, o, t *int16, flag *int32, n int, egl float64, ie int64)

//go:noescape
func thrRowAVX2(thr, fu, fm, fd, c *int32, n int)

//go:noescape
func cm0AVX2(s *int16, thr *int32, n int, wt int32, sub, sq, shiftCub uint64, addCub int64) int64

//go:noescape
func den0AVX2(s *int16, n int) uint64

//go:noescape
func den123AVX2(s *int32, n int, addSq, sq, addCub, shiftCub uint64) uint64

//go:noescape
func dwt23VAVX2(lo, hi *int32, r0, r1, r2, r3 *int32, n int, add int64, shift uint64)

//go:noescape
func angle123AVX2(flag *int32, oh, ov, th, tv *int32, n int, cos1 float64)

//go:noescape
func decouple123AVX2(r, a, o, t *int32, flag *int32, n int, egl float64)

// simdKernels returns the amd64 twins of a SIMD set: the AVX2 kernels,
// which the AVX-512 set then replaces (kernels512_amd64.go) with twins of
// twice the width and the 64-bit lane arithmetic AVX2 lacks (the AVX2
// twins emulate it).
func simdKernels(s cpu.Set) *kernels {
	if s != cpu.AVX2 && s != cpu.AVX512 {
		return nil
	}
	k := *scalarKernels
	k.set = s
	k.dwt0V = avx2DWT0V
	k.dwt0V8 = avx2DWT0V8
	k.dwt0H = avx2DWT0H
	k.csf0 = avx2CSF0
	k.angle0 = avx2Angle0
	k.decouple0 = avx2Decouple0
	k.cm0 = avx2CM0
	k.cm123 = avx2CM123
	k.csf123 = avx2CSF123
	k.csf123w = avx2CSF123W
	k.cm123w = avx2CM123W
	k.dwt1V = avx2DWT1V
	k.dwt123H = avx2DWT123H
	k.den0 = avx2Den0
	k.den123 = avx2Den123
	k.dwt23V = avx2DWT23V
	k.decouple123 = avx2Decouple123
	k.angle123 = avx2Angle123
	preciseKernelsAVX2(&k)
	if s == cpu.AVX512 {
		avx512Kernels(&k)
	}
	return &k
}

// intGain is the enhancement gain limit as the decouple kernels' integer
// form (-1: none, use float64).
func intGain(egl float64) int64 {
	if egl >= 0 && egl <= 65535 && egl == math.Trunc(egl) {
		return int64(egl)
	}
	return -1
}

func avx2CM0(inner *[NumBands]int64, src *[NumBands][]int16, F [3][]int32, C []int32, a, z int, p *cm0Params, thr []int32) {
	cm0Vec(thrRowAVX2, cm0AVX2, 8, inner, src, F, C, a, z, p, thr)
}

func avx2CM123(inner *[NumBands]int64, src *[NumBands][]int32, F [3][]int32, C []int32, a, z int, p *cm123Params, thr []int32) {
	cm123Vec(thrRowAVX2, cm123AVX2, 8, cm123Go, inner, src, F, C, a, z, p, thr)
}

// avx2DWT0V runs dwt0V15AVX2 (PMADDWD, and the OR of the samples for
// free) up to 15 bits, dwt0VAVX2 (32-bit products) at 16.
func avx2DWT0V(lo, hi []int16, r0, r1, r2, r3 []uint16, bitDepth int, loOnly bool) (uint16, bool) {
	n := len(lo)
	add := int32(1) << (bitDepth - 1)
	if n > 0 {
		_, _, _, _, _ = hi[n-1], r0[n-1], r1[n-1], r2[n-1], r3[n-1]
	}
	if bitDepth <= 15 {
		var or uint16
		if overlap(n, 16, func(j, m int) {
			or |= dwt0V15AVX2(&lo[j], &hi[j], &r0[j], &r1[j], &r2[j], &r3[j], m, add-dwtLoSum*add, add, uint64(bitDepth))
		}) {
			return or, true
		}
	}
	if !overlap(n, 16, func(j, m int) {
		dwt0VAVX2(&lo[j], &hi[j], &r0[j], &r1[j], &r2[j], &r3[j], m, add-dwtLoSum*add, add, uint64(bitDepth))
	}) {
		dwt0VGo(lo, hi, r0, r1, r2, r3, bitDepth, loOnly)
	}
	return 0, false
}

// dwt0V8AddLo and dwt0V8AddHi are the rounding constants of the 8-bit
// vertical pass; the low-pass one also centres the samples on zero.
const dwt0V8AddLo, dwt0V8AddHi = 128 - dwtLoSum*128, 128

func avx2DWT0V8(lo, hi []int16, r0, r1, r2, r3 []uint8, loOnly bool) {
	n := len(lo)
	if n > 0 {
		_, _, _, _, _ = hi[n-1], r0[n-1], r1[n-1], r2[n-1], r3[n-1]
	}
	if !overlap(n, 16, func(j, m int) {
		dwt0V8AVX2(&lo[j], &hi[j], &r0[j], &r1[j], &r2[j], &r3[j], m, dwt0V8AddLo, dwt0V8AddHi)
	}) {
		dwt0V8Go(lo, hi, r0, r1, r2, r3, loOnly)
	}
}

func avx2DWT0H(a, v, hh, d, lo, hi []int16, j0, j1 int, loOnly bool) {
	dwt0HVec(dwt0HAVX2, 16, a, v, hh, d, lo, hi, j0, j1, loOnly)
}

func avx2CSF0(f, c []int32, s0, s1, s2 []int16, wt *[NumBands]int32) {
	csf0Vec(csf0AVX2, 8, f, c, s0, s1, s2, wt)
}

func avx2Angle0(flag []int32, oh, ov, th, tv []int16, cos1 float32) {
	angleVec(angle0AVX2, 8, flag, oh, ov, th, tv, cos1)
}

func avx2Decouple0(r, a, o, t []int16, flag []int32, egl float64) {
	n := len(r)
	if !usableGain(egl) {
		decouple0Go(r, a, o, t, flag, egl)
		return
	}
	if n > 0 {
		_, _, _, _ = a[n-1], o[n-1], t[n-1], flag[n-1]
	}
	ie := intGain(egl)
	if !overlap(n, 8, func(j, m int) {
		decouple0AVX2(&r[j], &a[j], &o[j], &t[j], &flag[j], m, egl, ie)
	}) {
		decouple0Go(r, a, o, t, flag, egl)
	}
}

func avx2CSF123(f, c []int32, s0, s1, s2 []int32, wt *[NumBands]uint32) {
	n := len(f)
	if n > 0 {
		_, _, _, _ = c[n-1], s0[n-1], s1[n-1], s2[n-1]
	}
	if !overlap(n, 8, func(j, m int) {
		csf123AVX2(&f[j], &c[j], &s0[j], &s1[j], &s2[j], m, wt[0], wt[1], wt[2])
	}) {
		csf123Go(f, c, s0, s1, s2, wt)
	}
}

// avx2CSF123W runs csf123wAVX2 over the whole vectors, then over a copy
// of the last eight columns as they were, for the columns past the whole
// vectors: it weighs in place, so no column may run twice (overlap).
func avx2CSF123W(f, c []int32, s0, s1, s2 []int32, wt *[NumBands]uint32) {
	n := len(f)
	if n < 8 {
		csf123wGo(f, c, s0, s1, s2, wt)
		return
	}
	_, _, _, _ = c[n-1], s0[n-1], s1[n-1], s2[n-1]
	m := n &^ 7
	var tail [5][8]int32 // s0, s1, s2, f, c of columns [n-8, n)
	if m < n {
		copy(tail[0][:], s0[n-8:n])
		copy(tail[1][:], s1[n-8:n])
		copy(tail[2][:], s2[n-8:n])
	}
	csf123wAVX2(&f[0], &c[0], &s0[0], &s1[0], &s2[0], m, wt[0], wt[1], wt[2])
	if m < n {
		csf123wAVX2(&tail[3][0], &tail[4][0], &tail[0][0], &tail[1][0], &tail[2][0], 8, wt[0], wt[1], wt[2])
		k := m - (n - 8)
		for i, d := range [5][]int32{s0, s1, s2, f, c} {
			copy(d[m:n], tail[i][k:])
		}
	}
}

func avx2CM123W(inner *[NumBands]int64, src *[NumBands][]int32, F [3][]int32, C []int32, a, z int, p *cm123Params, thr []int32) {
	cm123Vec(thrRowAVX2, func(s, thr *int32, n int, _ uint32, sq, shiftCub uint64, addCub int64) int64 {
		return cm123wAVX2(s, thr, n, sq, shiftCub, addCub)
	}, 8, cm123wGo, inner, src, F, C, a, z, p, thr)
}

func avx2DWT1V(lo, hi []int32, r0, r1, r2, r3 []int16) {
	dwt1VVec(dwt1VAVX2, 16, lo, hi, r0, r1, r2, r3)
}

func avx2DWT123H(a, v, hh, d, lo, hi []int32, j0, j1 int, add int64, shift uint) {
	dwt123HVec(dwt123HAVX2, 4, shift <= 32, a, v, hh, d, lo, hi, j0, j1, add, shift)
}

func avx2Den0(s []int16) uint64 { return den0Vec(den0AVX2, 8, s) }

func avx2Den123(s []int32, addSq uint64, sq uint, addCub uint64, shiftCub uint) uint64 {
	return den123Vec(den123AVX2, 8, true, s, addSq, sq, addCub, shiftCub)
}

func avx2DWT23V(lo, hi []int32, r0, r1, r2, r3 []int32, scale int) {
	dwt23VVec(dwt23VAVX2, 4, vpShift[scale] <= 32, lo, hi, r0, r1, r2, r3, scale)
}

func avx2Decouple123(r, a, o, t []int32, flag []int32, egl float64) {
	decoupleVec(decouple123AVX2, 8, decouple123Go, r, a, o, t, flag, egl)
}

func avx2Angle123(flag []int32, oh, ov, th, tv []int32, cos1 float32) {
	angleVec(angle123AVX2, 4, flag, oh, ov, th, tv, cos1)
}
