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
	dwt0HVec(dwt0HNEON, 8, a, v, hh, d, lo, hi, j0, j1, loOnly)
}

// neonDWT1V: scale 1's vertical pass neither rounds nor shifts.
func neonDWT1V(lo, hi []int32, r0, r1, r2, r3 []int16) {
	dwt1VVec(dwt1VNEON, 8, lo, hi, r0, r1, r2, r3)
}

// roundingShift reports whether (x + add) >> shift is a rounding shift,
// add = 2^(shift-1), which SRSHL computes on the exact value.
func roundingShift(add int64, shift uint) bool {
	return shift >= 1 && shift < 64 && add == 1<<(shift-1)
}

func neonDWT23V(lo, hi []int32, r0, r1, r2, r3 []int32, scale int) {
	dwt23VVec(func(lo, hi *int32, r0, r1, r2, r3 *int32, n int, _ int64, shift uint64) {
		dwt23VNEON(lo, hi, r0, r1, r2, r3, n, shift)
	}, 4, roundingShift(vpAdd[scale], vpShift[scale]), lo, hi, r0, r1, r2, r3, scale)
}

func neonDWT123H(a, v, hh, d, lo, hi []int32, j0, j1 int, add int64, shift uint) {
	dwt123HVec(func(lo, hi, src *int32, n int, _ int64, shift uint64) {
		dwt123HNEON(lo, hi, src, n, shift)
	}, 4, roundingShift(add, shift), a, v, hh, d, lo, hi, j0, j1, add, shift)
}

func neonDen0(s []int16) uint64 { return den0Vec(den0NEON, 8, s) }

// neonDen123 needs sq >= 30 (every scale's is 30 or 31): the rounded
// square's shift then leaves it below 2^33.
func neonDen123(s []int32, addSq uint64, sq uint, addCub uint64, shiftCub uint) uint64 {
	return den123Vec(den123NEON, 4, sq >= 30 && sq < 64 && shiftCub < 64, s, addSq, sq, addCub, shiftCub)
}

func neonCSF0(f, c []int32, s0, s1, s2 []int16, wt *[NumBands]int32) {
	csf0Vec(csf0NEON, 8, f, c, s0, s1, s2, wt)
}

// neonCSF123 runs csf123NEON over the whole vectors of 4 columns and Go
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
	cm0Vec(thrRowNEON, cm0NEON, 4, inner, src, F, C, a, z, p, thr)
}

func neonCM123(inner *[NumBands]int64, src *[NumBands][]int32, F [3][]int32, C []int32, a, z int, p *cm123Params, thr []int32) {
	cm123Vec(thrRowNEON, func(s, thr *int32, n int, wt uint32, sq, shiftCub uint64, addCub int64) int64 {
		return cm123NEON(s, thr, n, wt, sq, shiftCub, addCub, false)
	}, 4, cm123Go, inner, src, F, C, a, z, p, thr)
}

func neonCM123W(inner *[NumBands]int64, src *[NumBands][]int32, F [3][]int32, C []int32, a, z int, p *cm123Params, thr []int32) {
	cm123Vec(thrRowNEON, func(s, thr *int32, n int, wt uint32, sq, shiftCub uint64, addCub int64) int64 {
		return cm123NEON(s, thr, n, wt, sq, shiftCub, addCub, true)
	}, 4, cm123wGo, inner, src, F, C, a, z, p, thr)
}

func neonAngle0(flag []int32, oh, ov, th, tv []int16, cos1 float32) {
	angleVec(angle0NEON, 4, flag, oh, ov, th, tv, cos1)
}

func neonAngle123(flag []int32, oh, ov, th, tv []int32, cos1 float32) {
	angleVec(angle123NEON, 4, flag, oh, ov, th, tv, cos1)
}

func neonDecouple0(r, a, o, t []int16, flag []int32, egl float64) {
	decoupleVec(decouple0NEON, 4, decouple0Go, r, a, o, t, flag, egl)
}

func neonDecouple123(r, a, o, t []int32, flag []int32, egl float64) {
	decoupleVec(decouple123NEON, 4, decouple123Go, r, a, o, t, flag, egl)
}
