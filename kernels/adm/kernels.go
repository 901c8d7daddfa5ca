package adm

import "github.com/bandscope/bandscope/kernels/cpu"

// kernels are the hot row loops of the fast scorer; every set computes the
// same bits as the Go twins.
type kernels struct {
	set cpu.Set
	// dwt0V: DWT0's vertical pass over one row (lo, hi, 4 input rows). A
	// twin may also return the OR of the samples it read (checked true),
	// which spares the scorer's range check a read of its own.
	dwt0V func(lo, hi []int16, r0, r1, r2, r3 []uint16, bitDepth int, loOnly bool) (or uint16, checked bool)
	// dwt0H: DWT0's horizontal pass, outputs [j0, j1) away from the edges.
	// With loOnly, v, hh and d are unused and hi is scratch (a twin may
	// write it).
	dwt0H func(a, v, hh, d, lo, hi []int16, j0, j1 int, loOnly bool)
	// angle0: flag[j] = -1 where the reference's and the distorted (h, v)
	// detail vectors are under a degree apart (angleFlag), else 0.
	angle0 func(flag []int32, oh, ov, th, tv []int16, cos1 float32)
	// decouple0: decouple16 over one row of one band, flag from angle0.
	decouple0 func(r, a, o, t []int16, flag []int32, egl float64)
	// csf0: scale 0's masking terms of one row: f[j] and c[j] are the sums
	// over the three bands (s0, s1, s2) of the CSF-weighted |x|/30 and its
	// centre weight.
	csf0 func(f, c []int32, s0, s1, s2 []int16, wt *[NumBands]int32)
	// csf123: csf0 for scales 1-3 (int32 coefficients, uint32 weights).
	csf123 func(f, c []int32, s0, s1, s2 []int32, wt *[NumBands]uint32)
	// angle123 and decouple123: angle0 and decouple0 for the int32 bands of
	// scales 1-3.
	angle123    func(flag []int32, oh, ov, th, tv []int32, cos1 float32)
	decouple123 func(r, a, o, t []int32, flag []int32, egl float64)
	// den0: the sum of |s|^3 over a row of scale 0's reference band.
	// den123: scales 1-3's denominator row sum (den123Go).
	den0   func(s []int16) uint64
	den123 func(s []int32, addSq uint64, sq uint, addCub uint64, shiftCub uint) uint64
	// dwt1V: scale 1's vertical pass over one row (from scale 0's int16
	// approximation).
	dwt1V func(lo, hi []int32, r0, r1, r2, r3 []int16)
	// dwt23V: the vertical pass of scales 2 and 3 over one row.
	dwt23V func(lo, hi []int32, r0, r1, r2, r3 []int32, scale int)
	// dwt123H: the horizontal pass of scales 1-3, outputs [j0, j1) away
	// from the edges.
	dwt123H func(a, v, hh, d, lo, hi []int32, j0, j1 int, add int64, shift uint)
	// cm0: scale 0's masked cube sums over columns [a, z), 0 < a, z < w.
	// thr is w-wide scratch.
	// cm123: cm0 for scales 1-3 (int32 coefficients, thresholds unshifted).
	cm123 func(inner *[NumBands]int64, src *[NumBands][]int32, F [3][]int32, C []int32, a, z int, p *cm123Params, thr []int32)
	cm0   func(inner *[NumBands]int64, src *[NumBands][]int16, F [3][]int32, C []int32, a, z int, p *cm0Params, thr []int32)

	// Barten's DWT passes (precise.go). preciseV0 and preciseV: the
	// vertical pass of scale 0 (samples) and of scales 1-3 (the Q18
	// approximation) over one row. preciseH: the horizontal pass for
	// outputs [j0, j1) away from the edges, reading src[2j-1 .. 2j+2]:
	// a[j] from the low-pass taps, b[j] from the high-pass taps, rounded
	// by shifts sa and sb (1..63) and truncated to int32.
	preciseV0 func(lo, hi []int32, r0, r1, r2, r3 []uint16, bitDepth int)
	preciseV  func(lo, hi []int32, r0, r1, r2, r3 []int32)
	preciseH  func(a, b, src []int32, j0, j1 int, sa, sb uint)
	// narrow16: dst[j] = int16(src[j]), Barten's scale-0 bands.
	narrow16 func(dst []int16, src []int32)
	// decoupleExact0: Barten's decouple of one row of one scale-0 band
	// (exact), flag from angle0.
	decoupleExact0 func(r, a, o, t []int16, flag []int32, egl float64)
}

var scalarKernels = &kernels{set: cpu.Scalar, dwt0V: dwt0VGo, dwt0H: dwt0HGo, csf0: csf0Go, angle0: angle0Go, decouple0: decouple0Go, cm0: cm0Go, cm123: cm123Go, csf123: csf123Go, angle123: angle123Go, decouple123: decouple123Go, den0: den0Go, den123: den123Go, dwt1V: dwt1VGo, dwt23V: dwt123V[int32], dwt123H: dwt123HGo,
	preciseV0: preciseV0Go, preciseV: preciseVGo, preciseH: preciseHGoRow, narrow16: narrow16Go,
	decoupleExact0: decoupleExactGo[int16]}

// kernelsFor returns the kernels of a set, the Go twins where the set has
// none of its own.
func kernelsFor(s cpu.Set) *kernels {
	if s != cpu.Scalar {
		if k := simdKernels(s); k != nil {
			return k
		}
	}
	return scalarKernels
}
