//go:build !purego

package adm

import "github.com/bandscope/bandscope/kernels/cpu"

//go:noescape
func dwt0VNEON(lo, hi *int16, r0, r1, r2, r3 *uint16, n int, addLo, addHi int32, shift uint64) uint16

//go:noescape
func dwt0HNEON(lo, hi, src *int16, n int)

//go:noescape
func dwt1VNEON(lo, hi *int32, r0, r1, r2, r3 *int16, n int)

//go:noescape
func dwt23VNEON(lo, hi *int32, r0, r1, r2, r3 *int32, n int, shift uint64)

//go:noescape
func dwt123HNEON(lo, hi, src *int32, n int, shift uint64)

//go:noescape
func den0NEON(s *int16, n int) uint64

//go:noescape
func den123NEON(s *int32, n int, addSq, sq, addCub, shiftCub uint64) uint64

//go:noescape
func csf0NEON(f, c *int32, s0, s1, s2 *int16, n int, w0, w1, w2 int32)

//go:noescape
func csf123NEON(f, c *int32, s0, s1, s2 *int32, n int, w0, w1, w2 uint32, weigh bool)

//go:noescape
func thrRowNEON(thr, fu, fm, fd, c *int32, n int)

//go:noescape
func cm0NEON(s *int16, thr *int32, n int, wt int32, sub, sq, shiftCub uint64, addCub int64) int64

//go:noescape
func cm123NEON(s, thr *int32, n int, wt uint32, sq, shiftCub uint64, addCub int64, weighed bool) int64

//go:noescape
func angle0NEON(flag *int32, oh, ov, th, tv *int16, n int, cos1 float64)

//go:noescape
func angle123NEON(flag *int32, oh, ov, th, tv *int32, n int, cos1 float64)

//go:noescape
func decouple0NEON(r, a, o, t *int16, flag *int32, n int, egl float64)

//go:noescape
func decouple123NEON(r, a, o, t *int32, flag *int32, n int, egl float64)

// dwtTaps16 and dwtTaps32 are the DWT's low-pass then high-pass taps, for
// the NEON kernels' multiplies by lane.
var (
	dwtTaps16 = [8]int16{dwtLo0, dwtLo1, dwtLo2, dwtLo3, dwtHi0, dwtHi1, dwtHi2, dwtHi3}
	dwtTaps32 = [8]int32{dwtLo0, dwtLo1, dwtLo2, dwtLo3, dwtHi0, dwtHi1, dwtHi2, dwtHi3}
)

// simdKernels returns the arm64 twins of the NEON set (the Go twins where
// it has none).
func simdKernels(s cpu.Set) *kernels {
	if s != cpu.NEON {
		return nil
	}
	k := *scalarKernels
	k.set = s
	k.dwt0V = neonDWT0V
	k.dwt0H = neonDWT0H
	k.dwt1V = neonDWT1V
	k.dwt23V = neonDWT23V
	k.dwt123H = neonDWT123H
	k.den0 = neonDen0
	k.den123 = neonDen123
	k.csf0 = neonCSF0
	k.csf123 = neonCSF123
	k.csf123w = neonCSF123W
	k.cm0 = neonCM0
	k.cm123 = neonCM123
	k.cm123w = neonCM123W
	k.angle0 = neonAngle0
	k.angle123 = neonAngle123
	k.decouple0 = neonDecouple0
	k.decouple123 = neonDecouple123
	return &k
}

// neonDWT0V returns the OR of the samples it read with its rows (checked
// true) whenever the row is at least a vector wide.
func neonDWT0V(lo, hi []int16, r0, r1, r2, r3 []uint16, bitDepth int, loOnly bool) (uint16, bool) {
	n := len(lo)
	add := int32(1) << (bitDepth - 1)
	if n > 0 {
		_, _, _, _, _ = hi[n-1], r0[n-1], r1[n-1], r2[n-1], r3[n-1]
	}
	var or uint16
	if overlap(n, 8, func(j, m int) {
		or |= dwt0VNEON(&lo[j], &hi[j], &r0[j], &r1[j], &r2[j], &r3[j], m, add-dwtLoSum*add, add, uint64(bitDepth))
	}) {
		return or, true
	}
	return dwt0VGo(lo, hi, r0, r1, r2, r3, bitDepth, loOnly)
}

func neonDWT0H(a, v, hh, d, lo, hi []int16, j0, j1 int, loOnly bool) {
	if j1-j0 >= 8 {
		// The kernel reads lo and hi [2*j0-1, 2*j1] and writes [j0, j1).
		_, _ = lo[2*j1], hi[2*j1]
		_ = lo[2*j0-1]
		_ = a[j1-1]
		if !loOnly {
			_, _, _ = v[j1-1], hh[j1-1], d[j1-1]
		}
	}
	if !overlap(j1-j0, 8, func(j, m int) {
		j += j0
		if loOnly {
			// v is absent; the high-pass half of a's pass lands in hi
			// (an input row this pass never reads when loOnly), past use.
			dwt0HNEON(&a[j], &hi[j], &lo[2*j-1], m)
		} else {
			dwt0HNEON(&a[j], &v[j], &lo[2*j-1], m)
			dwt0HNEON(&hh[j], &d[j], &hi[2*j-1], m)
		}
	}) {
		dwt0HGo(a, v, hh, d, lo, hi, j0, j1, loOnly)
	}
}

func neonDWT1V(lo, hi []int32, r0, r1, r2, r3 []int16) {
	n := len(lo)
	if n > 0 {
		_, _, _, _, _ = hi[n-1], r0[n-1], r1[n-1], r2[n-1], r3[n-1]
	}
	// Scale 1's vertical pass neither rounds nor shifts.
	if vpAdd[1] != 0 || vpShift[1] != 0 || !overlap(n, 8, func(j, m int) {
		dwt1VNEON(&lo[j], &hi[j], &r0[j], &r1[j], &r2[j], &r3[j], m)
	}) {
		dwt1VGo(lo, hi, r0, r1, r2, r3)
	}
}

// roundingShift reports whether (x + add) >> shift is a rounding shift,
// add = 2^(shift-1), which SRSHL computes on the exact value.
func roundingShift(add int64, shift uint) bool {
	return shift >= 1 && shift < 64 && add == 1<<(shift-1)
}

func neonDWT23V(lo, hi []int32, r0, r1, r2, r3 []int32, scale int) {
	n := len(lo)
	if n > 0 {
		_, _, _, _, _ = hi[n-1], r0[n-1], r1[n-1], r2[n-1], r3[n-1]
	}
	if !roundingShift(vpAdd[scale], vpShift[scale]) || !overlap(n, 4, func(j, m int) {
		dwt23VNEON(&lo[j], &hi[j], &r0[j], &r1[j], &r2[j], &r3[j], m, uint64(vpShift[scale]))
	}) {
		dwt123V(lo, hi, r0, r1, r2, r3, scale)
	}
}

func neonDWT123H(a, v, hh, d, lo, hi []int32, j0, j1 int, add int64, shift uint) {
	if !roundingShift(add, shift) {
		dwt123HGo(a, v, hh, d, lo, hi, j0, j1, add, shift)
		return
	}
	if j1-j0 >= 4 {
		// The kernel reads lo and hi [2*j0-1, 2*j1] and writes [j0, j1).
		_, _ = lo[2*j1], hi[2*j1]
		_, _ = lo[2*j0-1], hi[2*j0-1]
		_, _, _, _ = a[j1-1], v[j1-1], hh[j1-1], d[j1-1]
	}
	if !overlap(j1-j0, 4, func(j, m int) {
		j += j0
		dwt123HNEON(&a[j], &v[j], &lo[2*j-1], m, uint64(shift))
		dwt123HNEON(&hh[j], &d[j], &hi[2*j-1], m, uint64(shift))
	}) {
		dwt123HGo(a, v, hh, d, lo, hi, j0, j1, add, shift)
	}
}

func neonDen0(s []int16) uint64 {
	n := len(s) &^ 7
	var sum uint64
	if n > 0 {
		sum = den0NEON(&s[0], n)
	}
	return sum + den0Go(s[n:])
}

// neonDen123 needs sq >= 30 (every scale's is 30 or 31): the rounded
// square's shift then leaves it below 2^33.
func neonDen123(s []int32, addSq uint64, sq uint, addCub uint64, shiftCub uint) uint64 {
	n := len(s) &^ 3
	if sq < 30 || sq > 63 || shiftCub > 63 {
		n = 0
	}
	var sum uint64
	if n > 0 {
		sum = den123NEON(&s[0], n, addSq, uint64(sq), addCub, uint64(shiftCub))
	}
	return sum + den123Go(s[n:], addSq, sq, addCub, shiftCub)
}

func neonCSF0(f, c []int32, s0, s1, s2 []int16, wt *[NumBands]int32) {
	n := len(f)
	if n > 0 {
		_, _, _, _ = c[n-1], s0[n-1], s1[n-1], s2[n-1]
	}
	if !overlap(n, 8, func(j, m int) {
		csf0NEON(&f[j], &c[j], &s0[j], &s1[j], &s2[j], m, wt[0], wt[1], wt[2])
	}) {
		csf0Go(f, c, s0, s1, s2, wt)
	}
}

// neonCSF123 runs csf123NEON over the whole vectors of 4 columns and go
// over the rest (csf123wGo with weigh: weighing in place, no column may
// run twice).
func neonCSF123(f, c []int32, s0, s1, s2 []int32, wt *[NumBands]uint32) {
	csf123Vectors(f, c, s0, s1, s2, wt, false, csf123Go)
}

func neonCSF123W(f, c []int32, s0, s1, s2 []int32, wt *[NumBands]uint32) {
	csf123Vectors(f, c, s0, s1, s2, wt, true, csf123wGo)
}

func csf123Vectors(f, c []int32, s0, s1, s2 []int32, wt *[NumBands]uint32, weigh bool, tail func(f, c []int32, s0, s1, s2 []int32, wt *[NumBands]uint32)) {
	n := len(f)
	m := n &^ 3
	if m > 0 {
		_, _, _, _ = c[n-1], s0[n-1], s1[n-1], s2[n-1]
		csf123NEON(&f[0], &c[0], &s0[0], &s1[0], &s2[0], m, wt[0], wt[1], wt[2], weigh)
	}
	if m < n {
		tail(f[m:], c[m:], s0[m:n], s1[m:n], s2[m:n], wt)
	}
}

func neonCM0(inner *[NumBands]int64, src *[NumBands][]int16, F [3][]int32, C []int32, a, z int, p *cm0Params, thr []int32) {
	e := cmVectors(4, a, z, F, C, thr, thrRowNEON, func(b, a, n int) {
		s := src[b][a : a+n]
		inner[b] += cm0NEON(&s[0], &thr[0], n, p.wt[b], uint64(p.sub[b]), uint64(p.sq[b]), uint64(p.shiftCub[b]), p.addCub[b])
	})
	if e < z {
		cm0Go(inner, src, F, C, e, z, p, thr)
	}
}

func neonCM123(inner *[NumBands]int64, src *[NumBands][]int32, F [3][]int32, C []int32, a, z int, p *cm123Params, thr []int32) {
	e := cmVectors(4, a, z, F, C, thr, thrRowNEON, func(b, a, n int) {
		s := src[b][a : a+n]
		inner[b] += cm123NEON(&s[0], &thr[0], n, p.wt[b], 30, uint64(p.shiftCub), p.addCub, false)
	})
	if e < z {
		cm123Go(inner, src, F, C, e, z, p, thr)
	}
}

func neonCM123W(inner *[NumBands]int64, src *[NumBands][]int32, F [3][]int32, C []int32, a, z int, p *cm123Params, thr []int32) {
	e := cmVectors(4, a, z, F, C, thr, thrRowNEON, func(b, a, n int) {
		s := src[b][a : a+n]
		inner[b] += cm123NEON(&s[0], &thr[0], n, 0, 30, uint64(p.shiftCub), p.addCub, true)
	})
	if e < z {
		cm123wGo(inner, src, F, C, e, z, p, thr)
	}
}

func neonAngle0(flag []int32, oh, ov, th, tv []int16, cos1 float32) {
	n := len(flag)
	if n > 0 {
		_, _, _, _ = oh[n-1], ov[n-1], th[n-1], tv[n-1]
	}
	if !overlap(n, 4, func(j, m int) {
		angle0NEON(&flag[j], &oh[j], &ov[j], &th[j], &tv[j], m, float64(cos1))
	}) {
		angle0Go(flag, oh, ov, th, tv, cos1)
	}
}

func neonAngle123(flag []int32, oh, ov, th, tv []int32, cos1 float32) {
	n := len(flag)
	if n > 0 {
		_, _, _, _ = oh[n-1], ov[n-1], th[n-1], tv[n-1]
	}
	if !overlap(n, 4, func(j, m int) {
		angle123NEON(&flag[j], &oh[j], &ov[j], &th[j], &tv[j], m, float64(cos1))
	}) {
		angle123Go(flag, oh, ov, th, tv, cos1)
	}
}

func neonDecouple0(r, a, o, t []int16, flag []int32, egl float64) {
	n := len(r)
	if n > 0 {
		_, _, _, _ = a[n-1], o[n-1], t[n-1], flag[n-1]
	}
	if !usableGain(egl) || !overlap(n, 4, func(j, m int) {
		decouple0NEON(&r[j], &a[j], &o[j], &t[j], &flag[j], m, egl)
	}) {
		decouple0Go(r, a, o, t, flag, egl)
	}
}

func neonDecouple123(r, a, o, t []int32, flag []int32, egl float64) {
	n := len(r)
	if n > 0 {
		_, _, _, _ = a[n-1], o[n-1], t[n-1], flag[n-1]
	}
	if !usableGain(egl) || !overlap(n, 4, func(j, m int) {
		decouple123NEON(&r[j], &a[j], &o[j], &t[j], &flag[j], m, egl)
	}) {
		decouple123Go(r, a, o, t, flag, egl)
	}
}
