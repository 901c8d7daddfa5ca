package adm

import "math"

//go:noescape
func angle123AVX512(flag *int32, oh, ov, th, tv *int32, n int, cos1 float64)

//go:noescape
func decouple123AVX512(r, a, o, t *int32, flag *int32, n int, egl float64, tab *int32, ie int64)

//go:noescape
func decouple0AVX512(r, a, o, t *int16, flag *int32, n int, egl float64, tab *int32, ie int64)

//go:noescape
func thrRowAVX512(thr, fu, fm, fd, c *int32, n int)

//go:noescape
func cubeSum16AVX512(s *int16, thr *int32, n int, wt int32, sub, sq, shiftCub uint64, addCub int64) int64

//go:noescape
func cubeSum32AVX512(s *int32, thr *int32, n int, wt uint32, sq, shiftCub uint64, addCub int64) int64

//go:noescape
func denSum16AVX512(s *int16, n int) uint64

//go:noescape
func denSum32AVX512(s *int32, n int, addSq, sq, addCub, shiftCub uint64) uint64

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
func dwt123VAVX512(lo, hi *int32, r0, r1, r2, r3 *int32, n int, add int64, shift uint64)

//go:noescape
func csf123AVX512(f, c *int32, s0, s1, s2 *int32, n int, w0, w1, w2 uint32)

// intGain is the enhancement gain limit as the decouple kernels' integer
// form (-1: none, use float64).
func intGain(egl float64) int64 {
	if egl >= 0 && egl <= 65535 && egl == math.Trunc(egl) {
		return int64(egl)
	}
	return -1
}

// avx512Kernels replaces the AVX2 set's kernels with their AVX-512 twins
// where sixteen lanes or 64-bit lane arithmetic pay.
func avx512Kernels(k *kernels) {
	k.angle123 = angle123SIMD
	k.decouple123 = decouple123SIMD
	k.decouple0 = decouple0SIMD512
	k.cm0 = cm0SIMD512
	k.cm123 = cm123SIMD512
	k.den0 = den0SIMD512
	k.den123 = den123SIMD512
	k.dwt123H = dwt123HSIMD512
	k.csf0 = csf0SIMD512
	k.angle0 = angle0SIMD512
	k.dwt0H = dwt0HSIMD512
	k.dwt0V = dwt0VSIMD512
	k.dwt23V = dwt23VSIMD512
	k.csf123 = csf123SIMD512
}

func csf123SIMD512(f, c []int32, s0, s1, s2 []int32, wt *[NumBands]uint32) {
	m := len(f)
	if m < 16 {
		csf123SIMD(f, c, s0, s1, s2, wt)
		return
	}
	_, _, _, _ = c[m-1], s0[m-1], s1[m-1], s2[m-1]
	csf123AVX512(&f[0], &c[0], &s0[0], &s1[0], &s2[0], m&^15, wt[0], wt[1], wt[2])
	if e := m - 16; m&15 != 0 {
		csf123AVX512(&f[e], &c[e], &s0[e], &s1[e], &s2[e], 16, wt[0], wt[1], wt[2])
	}
}

func dwt23VSIMD512(lo, hi []int32, r0, r1, r2, r3 []int32, scale int) {
	n := len(lo)
	if n < 8 {
		dwt123V(lo, hi, r0, r1, r2, r3, scale)
		return
	}
	_, _, _, _, _ = hi[n-1], r0[n-1], r1[n-1], r2[n-1], r3[n-1]
	add, shift := vpAdd[scale], uint64(vpShift[scale])
	v := n &^ 7
	dwt123VAVX512(&lo[0], &hi[0], &r0[0], &r1[0], &r2[0], &r3[0], v, add, shift)
	if v < n {
		e := n - 8
		dwt123VAVX512(&lo[e], &hi[e], &r0[e], &r1[e], &r2[e], &r3[e], 8, add, shift)
	}
}

// The row kernels below whose outputs depend on their inputs alone finish
// a row that is not a whole number of vectors with one more vector, flush
// with the row's end, recomputing a few outputs the same way: the Go
// twins' tails cost more than the rest of the row.

func dwt0VSIMD512(lo, hi []int16, r0, r1, r2, r3 []uint16, bitDepth int, loOnly bool) (uint16, bool) {
	n := len(lo)
	if n < 32 || bitDepth > 15 {
		return dwt0VSIMD(lo, hi, r0, r1, r2, r3, bitDepth, loOnly)
	}
	_, _, _, _, _ = hi[n-1], r0[n-1], r1[n-1], r2[n-1], r3[n-1]
	add := int32(1) << (bitDepth - 1)
	v := n &^ 31
	or := dwt0VAVX512(&lo[0], &hi[0], &r0[0], &r1[0], &r2[0], &r3[0], v, add-dwtLoSum*add, add, uint64(bitDepth))
	if v < n {
		e := n - 32
		or |= dwt0VAVX512(&lo[e], &hi[e], &r0[e], &r1[e], &r2[e], &r3[e], 32, add-dwtLoSum*add, add, uint64(bitDepth))
	}
	return or, true
}

func dwt0HSIMD512(a, v, hh, d, lo, hi []int16, j0, j1 int, loOnly bool) {
	n := j1 - j0
	if n < 32 {
		dwt0HSIMD(a, v, hh, d, lo, hi, j0, j1, loOnly)
		return
	}
	// The kernel reads lo and hi [2*j0-1, 2*j1+1) and writes [j0, j1).
	_, _ = lo[2*j1], hi[2*j1]
	_ = lo[2*j0-1]
	_ = a[j1-1]
	if !loOnly {
		_, _, _ = v[j1-1], hh[j1-1], d[j1-1]
	}
	run := func(j, n int) {
		if loOnly {
			// v is absent; the high-pass half of a's pass lands in hi
			// (an input row this pass never reads when loOnly), past use.
			dwt0HAVX512(&a[j], &hi[j], &lo[2*j-1], n)
		} else {
			dwt0HAVX512(&a[j], &v[j], &lo[2*j-1], n)
			dwt0HAVX512(&hh[j], &d[j], &hi[2*j-1], n)
		}
	}
	m := n &^ 31
	run(j0, m)
	if m < n {
		run(j1-32, 32)
	}
}

func dwt123HSIMD512(a, v, hh, d, lo, hi []int32, j0, j1 int, add int64, shift uint) {
	n := j1 - j0
	if n < 8 || shift > 63 {
		dwt123HSIMD(a, v, hh, d, lo, hi, j0, j1, add, shift)
		return
	}
	// The kernel reads lo and hi [2*j0-1, 2*j1+1) and writes [j0, j1).
	_, _ = lo[2*j1], hi[2*j1]
	_, _ = lo[2*j0-1], hi[2*j0-1]
	_, _, _, _ = a[j1-1], v[j1-1], hh[j1-1], d[j1-1]
	run := func(j, n int) {
		dwt123HAVX512(&a[j], &v[j], &lo[2*j-1], n, add, uint64(shift))
		dwt123HAVX512(&hh[j], &d[j], &hi[2*j-1], n, add, uint64(shift))
	}
	run(j0, n&^7)
	if n&7 != 0 {
		run(j1-8, 8)
	}
}

func csf0SIMD512(f, c []int32, s0, s1, s2 []int16, wt *[NumBands]int32) {
	m := len(f)
	if m < 16 {
		csf0SIMD(f, c, s0, s1, s2, wt)
		return
	}
	_, _, _, _ = c[m-1], s0[m-1], s1[m-1], s2[m-1]
	csf0AVX512(&f[0], &c[0], &s0[0], &s1[0], &s2[0], m&^15, wt[0], wt[1], wt[2])
	if e := m - 16; m&15 != 0 {
		csf0AVX512(&f[e], &c[e], &s0[e], &s1[e], &s2[e], 16, wt[0], wt[1], wt[2])
	}
}

func angle0SIMD512(flag []int32, oh, ov, th, tv []int16, cos1 float32) {
	m := len(flag)
	if m < 16 {
		angle0SIMD(flag, oh, ov, th, tv, cos1)
		return
	}
	_, _, _, _ = oh[m-1], ov[m-1], th[m-1], tv[m-1]
	angle0AVX512(&flag[0], &oh[0], &ov[0], &th[0], &tv[0], m&^15, float64(cos1))
	if e := m - 16; m&15 != 0 {
		angle0AVX512(&flag[e], &oh[e], &ov[e], &th[e], &tv[e], 16, float64(cos1))
	}
}

func den0SIMD512(s []int16) uint64 {
	n := len(s) &^ 15
	var sum uint64
	if n > 0 {
		sum = denSum16AVX512(&s[0], n)
	}
	return sum + den0Go(s[n:])
}

func den123SIMD512(s []int32, addSq uint64, sq uint, addCub uint64, shiftCub uint) uint64 {
	n := len(s) &^ 15
	var sum uint64
	if n > 0 {
		sum = denSum32AVX512(&s[0], n, addSq, uint64(sq), addCub, uint64(shiftCub))
	}
	return sum + den123Go(s[n:], addSq, sq, addCub, shiftCub)
}

func decouple0SIMD512(r, a, o, t []int16, flag []int32, egl float64) {
	if !(egl >= 0) || math.IsInf(egl, 1) || len(r) < 16 {
		decouple0SIMD(r, a, o, t, flag, egl)
		return
	}
	m := len(r)
	n := m &^ 15
	_, _, _, _ = a[m-1], o[m-1], t[m-1], flag[m-1]
	decouple0AVX512(&r[0], &a[0], &o[0], &t[0], &flag[0], n, egl, &divLookup[0], intGain(egl))
	if e := m - 16; n < m {
		decouple0AVX512(&r[e], &a[e], &o[e], &t[e], &flag[e], 16, egl, &divLookup[0], intGain(egl))
	}
}

func cm0SIMD512(inner *[NumBands]int64, src *[NumBands][]int16, F [3][]int32, C []int32, a, z int, p *cm0Params, thr []int32) {
	n := (z - a) &^ 15
	if n > 0 {
		e := a + n
		_, _, _, _ = F[0][e], F[1][e], F[2][e], C[e-1]
		_ = F[0][a-1] + F[1][a-1] + F[2][a-1]
		_ = thr[n-1]
		thrRowAVX512(&thr[0], &F[0][a], &F[1][a], &F[2][a], &C[a], n)
		for b := 0; b < NumBands; b++ {
			s := src[b][a:e]
			inner[b] += cubeSum16AVX512(&s[0], &thr[0], n, p.wt[b], uint64(p.sub[b]), uint64(p.sq[b]), uint64(p.shiftCub[b]), p.addCub[b])
		}
	}
	if a+n < z {
		cm0SIMD(inner, src, F, C, a+n, z, p, thr)
	}
}

func cm123SIMD512(inner *[NumBands]int64, src *[NumBands][]int32, F [3][]int32, C []int32, a, z int, p *cm123Params, thr []int32) {
	n := (z - a) &^ 15
	if n > 0 {
		e := a + n
		_, _, _, _ = F[0][e], F[1][e], F[2][e], C[e-1]
		_ = F[0][a-1] + F[1][a-1] + F[2][a-1]
		_ = thr[n-1]
		thrRowAVX512(&thr[0], &F[0][a], &F[1][a], &F[2][a], &C[a], n)
		for b := 0; b < NumBands; b++ {
			s := src[b][a:e]
			inner[b] += cubeSum32AVX512(&s[0], &thr[0], n, p.wt[b], 30, uint64(p.shiftCub), p.addCub)
		}
	}
	if a+n < z {
		cm123SIMD(inner, src, F, C, a+n, z, p, thr)
	}
}

func angle123SIMD(flag []int32, oh, ov, th, tv []int32, cos1 float32) {
	n := len(flag)
	if n < 8 {
		angle123Go(flag, oh, ov, th, tv, cos1)
		return
	}
	_, _, _, _ = oh[n-1], ov[n-1], th[n-1], tv[n-1]
	angle123AVX512(&flag[0], &oh[0], &ov[0], &th[0], &tv[0], n&^7, float64(cos1))
	if e := n - 8; n&7 != 0 {
		angle123AVX512(&flag[e], &oh[e], &ov[e], &th[e], &tv[e], 8, float64(cos1))
	}
}

func decouple123SIMD(r, a, o, t []int32, flag []int32, egl float64) {
	n := len(r) &^ 7
	// As decouple0SIMD: the kernel's gain limit needs a finite,
	// non-negative limit.
	if !(egl >= 0) || math.IsInf(egl, 1) || len(r) < 8 {
		decouple123Go(r, a, o, t, flag, egl)
		return
	}
	m := len(r)
	_, _, _, _ = a[m-1], o[m-1], t[m-1], flag[m-1]
	decouple123AVX512(&r[0], &a[0], &o[0], &t[0], &flag[0], n, egl, &divLookup[0], intGain(egl))
	if e := m - 8; n < m {
		decouple123AVX512(&r[e], &a[e], &o[e], &t[e], &flag[e], 8, egl, &divLookup[0], intGain(egl))
	}
}
