package adm

import (
	"math"

	"github.com/bandscope/bandscope/kernels/cpu"
)

//go:noescape
func dwt0VAVX2(lo, hi *int16, r0, r1, r2, r3 *uint16, n int, addLo, addHi int32, shift uint64)

//go:noescape
func dwt0HAVX2(lo, hi, src *int16, n int)

//go:noescape
func csf0AVX2(f, c *int32, s0, s1, s2 *int16, n int, w0, w1, w2 int32)

//go:noescape
func angle0AVX2(flag *int32, oh, ov, th, tv *int16, n int, cos1 float64)

//go:noescape
func cubeSum32AVX2(s, thr *int32, n int, wt uint32, sq, shiftCub uint64, addCub int64) int64

//go:noescape
func csf123AVX2(f, c *int32, s0, s1, s2 *int32, n int, w0, w1, w2 uint32)

//go:noescape
func dwt1VAVX2(lo, hi *int32, r0, r1, r2, r3 *int16, n int)

//go:noescape
func dwt123HAVX2(lo, hi, src *int32, n int, add int64, shift uint64)

//go:noescape
func decouple0x8AVX2(r, a, o, t *int16, flag *int32, n int, egl float64, tab *int32)

//go:noescape
func thrRowAVX2(thr, fu, fm, fd, c *int32, n int)

//go:noescape
func cubeSum16AVX2(s *int16, thr *int32, n int, wt int32, sub, sq, shiftCub uint64, addCub int64) int64

// simdKernels returns the amd64 twins of a SIMD set: the AVX2 kernels,
// which the AVX-512 set then replaces (kernels512_amd64.go) with twins of
// twice the width and the 64-bit lane arithmetic AVX2 lacks. Kernels the
// AVX2 set has no twin for (the decouple of scales 1-3) stay in Go there.
func simdKernels(s cpu.Set) *kernels {
	if s != cpu.AVX2 && s != cpu.AVX512 {
		return nil
	}
	k := *scalarKernels
	k.set = s
	k.dwt0V = dwt0VSIMD
	k.dwt0H = dwt0HSIMD
	k.csf0 = csf0SIMD
	k.angle0 = angle0SIMD
	k.decouple0 = decouple0SIMD
	k.cm0 = cm0SIMD
	k.cm123 = cm123SIMD
	k.csf123 = csf123SIMD
	k.dwt1V = dwt1VSIMD
	k.dwt123H = dwt123HSIMD
	if s == cpu.AVX512 {
		avx512Kernels(&k)
	}
	return &k
}

func dwt0VSIMD(lo, hi []int16, r0, r1, r2, r3 []uint16, bitDepth int, loOnly bool) (uint16, bool) {
	n := len(lo)
	v := n &^ 15
	if v > 0 {
		_, _, _, _, _ = hi[v-1], r0[v-1], r1[v-1], r2[v-1], r3[v-1]
		add := int32(1) << (bitDepth - 1)
		dwt0VAVX2(&lo[0], &hi[0], &r0[0], &r1[0], &r2[0], &r3[0], v, add-dwtLoSum*add, add, uint64(bitDepth))
	}
	if v < n {
		dwt0VGo(lo[v:], hi[v:], r0[v:], r1[v:], r2[v:], r3[v:], bitDepth, loOnly)
	}
	return 0, false
}

func cm0SIMD(inner *[NumBands]int64, src *[NumBands][]int16, F [3][]int32, C []int32, a, z int, p *cm0Params, thr []int32) {
	n := (z - a) &^ 7
	if n > 0 {
		e := a + n
		// thrRow reads one column either side of [a, e).
		_, _, _, _ = F[0][e], F[1][e], F[2][e], C[e-1]
		_ = F[0][a-1] + F[1][a-1] + F[2][a-1]
		_ = thr[n-1]
		thrRowAVX2(&thr[0], &F[0][a], &F[1][a], &F[2][a], &C[a], n)
		for b := 0; b < NumBands; b++ {
			s := src[b][a:e]
			inner[b] += cubeSum16AVX2(&s[0], &thr[0], n, p.wt[b], uint64(p.sub[b]), uint64(p.sq[b]), uint64(p.shiftCub[b]), p.addCub[b])
		}
	}
	if a+n < z {
		cm0Go(inner, src, F, C, a+n, z, p, thr)
	}
}

func dwt0HSIMD(a, v, hh, d, lo, hi []int16, j0, j1 int, loOnly bool) {
	n := (j1 - j0) &^ 15
	if n > 0 {
		e := j0 + n
		// The kernel reads lo and hi [2*j0-1, 2*e+1) and writes [j0, e).
		_, _ = lo[2*e], hi[2*e]
		_ = lo[2*j0-1]
		_ = a[e-1]
		if loOnly {
			// v is absent; the high-pass half of a's pass lands in hi
			// (an input row this pass never reads when loOnly), past use.
			dwt0HAVX2(&a[j0], &hi[j0], &lo[2*j0-1], n)
		} else {
			_, _, _ = v[e-1], hh[e-1], d[e-1]
			dwt0HAVX2(&a[j0], &v[j0], &lo[2*j0-1], n)
			dwt0HAVX2(&hh[j0], &d[j0], &hi[2*j0-1], n)
		}
	}
	if j0+n < j1 {
		dwt0HGo(a, v, hh, d, lo, hi, j0+n, j1, loOnly)
	}
}

func csf0SIMD(f, c []int32, s0, s1, s2 []int16, wt *[NumBands]int32) {
	n := len(f) &^ 7
	if n > 0 {
		_, _, _, _ = c[n-1], s0[n-1], s1[n-1], s2[n-1]
		csf0AVX2(&f[0], &c[0], &s0[0], &s1[0], &s2[0], n, wt[0], wt[1], wt[2])
	}
	if n < len(f) {
		csf0Go(f[n:], c[n:], s0[n:], s1[n:], s2[n:], wt)
	}
}

func angle0SIMD(flag []int32, oh, ov, th, tv []int16, cos1 float32) {
	n := len(flag) &^ 3
	if n > 0 {
		_, _, _, _ = oh[n-1], ov[n-1], th[n-1], tv[n-1]
		angle0AVX2(&flag[0], &oh[0], &ov[0], &th[0], &tv[0], n, float64(cos1))
	}
	if n < len(flag) {
		angle0Go(flag[n:], oh[n:], ov[n:], th[n:], tv[n:], cos1)
	}
}

func decouple0SIMD(r, a, o, t []int16, flag []int32, egl float64) {
	n := len(r) &^ 7
	// The kernel's gain limit needs rst*egl to be a number (never NaN) and
	// its clamped result to fit int32: a finite, non-negative limit.
	if !(egl >= 0) || math.IsInf(egl, 1) {
		n = 0
	}
	if n > 0 {
		_, _, _, _ = a[n-1], o[n-1], t[n-1], flag[n-1]
		decouple0x8AVX2(&r[0], &a[0], &o[0], &t[0], &flag[0], n, egl, &divLookup[0])
	}
	if n < len(r) {
		decouple0Go(r[n:], a[n:], o[n:], t[n:], flag[n:], egl)
	}
}

func cm123SIMD(inner *[NumBands]int64, src *[NumBands][]int32, F [3][]int32, C []int32, a, z int, p *cm123Params, thr []int32) {
	n := (z - a) &^ 7
	if n > 0 {
		e := a + n
		_, _, _, _ = F[0][e], F[1][e], F[2][e], C[e-1]
		_ = F[0][a-1] + F[1][a-1] + F[2][a-1]
		_ = thr[n-1]
		thrRowAVX2(&thr[0], &F[0][a], &F[1][a], &F[2][a], &C[a], n)
		for b := 0; b < NumBands; b++ {
			s := src[b][a:e]
			inner[b] += cubeSum32AVX2(&s[0], &thr[0], n, p.wt[b], 30, uint64(p.shiftCub), p.addCub)
		}
	}
	if a+n < z {
		cm123Go(inner, src, F, C, a+n, z, p, thr)
	}
}

func csf123SIMD(f, c []int32, s0, s1, s2 []int32, wt *[NumBands]uint32) {
	n := len(f) &^ 7
	if n > 0 {
		_, _, _, _ = c[n-1], s0[n-1], s1[n-1], s2[n-1]
		csf123AVX2(&f[0], &c[0], &s0[0], &s1[0], &s2[0], n, wt[0], wt[1], wt[2])
	}
	if n < len(f) {
		csf123Go(f[n:], c[n:], s0[n:], s1[n:], s2[n:], wt)
	}
}

func dwt1VSIMD(lo, hi []int32, r0, r1, r2, r3 []int16) {
	n := len(lo)
	v := n &^ 15
	if v > 0 {
		_, _, _, _, _ = hi[v-1], r0[v-1], r1[v-1], r2[v-1], r3[v-1]
		dwt1VAVX2(&lo[0], &hi[0], &r0[0], &r1[0], &r2[0], &r3[0], v)
	}
	if v < n {
		dwt1VGo(lo[v:], hi[v:], r0[v:], r1[v:], r2[v:], r3[v:])
	}
}

func dwt123HSIMD(a, v, hh, d, lo, hi []int32, j0, j1 int, add int64, shift uint) {
	n := (j1 - j0) &^ 3
	if n > 0 && shift <= 32 {
		e := j0 + n
		// The kernel reads lo and hi [2*j0-1, 2*e+1) and writes [j0, e).
		_, _ = lo[2*e], hi[2*e]
		_, _ = lo[2*j0-1], hi[2*j0-1]
		_, _, _, _ = a[e-1], v[e-1], hh[e-1], d[e-1]
		dwt123HAVX2(&a[j0], &v[j0], &lo[2*j0-1], n, add, uint64(shift))
		dwt123HAVX2(&hh[j0], &d[j0], &hi[2*j0-1], n, add, uint64(shift))
	} else {
		n = 0
	}
	if j0+n < j1 {
		dwt123HGo(a, v, hh, d, lo, hi, j0+n, j1, add, shift)
	}
}
