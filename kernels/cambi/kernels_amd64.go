//go:build !purego

package cambi

import (
	"math/bits"

	"github.com/bandscope/bandscope/kernels/cpu"
)

//go:noescape
func trapAVX2(h *uint16, n, t0, m, l int, sub bool)

//go:noescape
func trapsAVX2(h *uint16, ops *trapOp, nops int)

//go:noescape
func trapAVX512(h *uint16, n, t0, m, l int, sub bool)

//go:noescape
func cvRunAVX2(out *float32, n int, p0 *uint16, stride int, act uint32, wts *[32]int32, rec *float32)

//go:noescape
func cvRunAVX512(out *float32, n int, p0 *uint16, stride int, act uint32, wts *[32]int32, rec *float32)

//go:noescape
func flatRowAVX2(out *uint8, row, below *uint16, n int)

//go:noescape
func colAddAVX2(col, in, out *uint8, n int)

//go:noescape
func hmodeAVX2(out, in *uint16, n int)

//go:noescape
func vmodeAVX2(out, a, b, c *uint16, n int)

//go:noescape
func convRowAVX2(out, in *uint16, n int, sl, sr uint64) uint16

//go:noescape
func antiDitherAVX2(out, row, next *uint16, n int)

//go:noescape
func convDitherAVX2(out, row, next *uint16, n int, sl uint64) uint16

//go:noescape
func decimate16AVX2(out, in *uint16, n int)

//go:noescape
func decimate8AVX2(out, in *uint8, n int)

//go:noescape
func boxRowAVX2(out, col *uint8, n int, thr int8)

//go:noescape
func bandRangeAVX2(row *uint16, mask *uint8, n int, base, top uint16) (mn, mx1 uint16)

//go:noescape
func runBitsAVX2(vb, qb *uint32, row *uint16, mrow *uint8, nb int, base, top uint16)

//go:noescape
func poolScanAVX2(c *uint32, n int, lo, hi uint32, cand *uint32, lut *[256][8]uint32, r *scanResult)

// gatherLUT[m] lists the lanes set in the 8-bit mask m, first to last: the
// permutation that packs them to the front of a vector.
var gatherLUT = func() (t [256][8]uint32) {
	for m := range t {
		i := 0
		for l := range 8 {
			if m>>l&1 != 0 {
				t[m][i] = uint32(l)
				i++
			}
		}
	}
	return t
}()

// avx2PoolScan runs the AVX2 scan over whole vectors and the scalar one
// over the rest.
func avx2PoolScan(c, cand []uint32, lo, hi uint32, r *scanResult) {
	n := len(c) &^ 7
	if n > 0 {
		_ = cand[r.ncand+n+poolSlack-1] // whole-vector stores
		var v scanResult
		poolScanAVX2(&c[0], n, lo, hi, &cand[r.ncand], &gatherLUT, &v)
		r.above += v.above
		r.ncand += v.ncand
		r.sum += v.sum
		r.maxBits = max(r.maxBits, v.maxBits)
		r.minPosM1 = min(r.minPosM1, v.minPosM1)
	}
	poolScanGo(c[n:], cand, lo, hi, r)
}

// simdKernels returns the amd64 twins of a SIMD set.
func simdKernels(s cpu.Set) *kernels {
	k := *scalarKernels
	k.set = s
	// The mask and mode-filter rows are memory-bound: AVX-512 shares the
	// AVX2 twins.
	k.flatRow = avx2FlatRow
	k.colAdd = avx2ColAdd
	k.hmode = avx2Hmode
	k.vmode = avx2Vmode
	k.poolScan = avx2PoolScan
	k.convRow = avx2ConvRow
	k.antiDither = avx2AntiDither
	k.convDither = avx2ConvDither
	k.decimate16 = avx2Decimate16
	k.decimate8 = avx2Decimate8
	k.boxRow = avx2BoxRow
	k.bandRange = avx2BandRange
	k.runBits = avx2RunBits
	packedKernels(&k)
	switch s {
	case cpu.AVX2:
		k.trap = wrapTrap(trapAVX2, 16)
		k.traps = avx2Traps
		k.cvRun = avx2CVRun
	case cpu.AVX512:
		k.trap = wrapTrap(trapAVX512, 32)
		k.traps = avx2Traps
		k.cvRun = avx512CVRun
	default:
		return nil
	}
	return &k
}

// wrapTrap wraps a trapezoid kernel that rewrites whole vectors of lanes
// entries; the bounds check covers the last vector (histSlack leaves room).
func wrapTrap(f func(h *uint16, n, t0, m, l int, sub bool), lanes int) func([]uint16, int, int, int, int, int, bool) {
	return func(h []uint16, lo, hi, t0, m, l int, sub bool) {
		n := hi - lo
		if n <= 0 {
			return
		}
		_ = h[lo+(n+lanes-1)/lanes*lanes-1]
		f(&h[lo], n, t0, m, l, sub)
	}
}

// avx2Traps runs a batch in one call of the AVX2 kernel, which rewrites
// whole vectors of 16 entries per trapezoid (histSlack leaves room); every
// trapezoid's vectors are checked first.
func avx2Traps(h []uint16, ops []trapOp) {
	if len(ops) == 0 {
		return
	}
	for _, o := range ops {
		_ = h[o.i]
		_ = h[int(o.i)+(max(int(o.n), 1)+15)&^15-1]
	}
	trapsAVX2(&h[0], &ops[0], len(ops))
}

// avx2CVRun runs a whole run in the AVX2 kernel: its rest past the whole
// vectors is the vector that ends at n, and a run shorter than a vector
// reads a vector's worth of counts from every histogram row it uses
// (histSlack leaves room past the last row; where the reads would leave
// hist, the Go kernel takes the run). Every pixel of a run is independent,
// so lanes computed twice or past n change nothing.
func avx2CVRun(out []float32, hist []uint16, i0, stride int, act uint32, wts *[32]int32, rec *[ReciprocalSize]float32) {
	n := len(out)
	if n == 0 {
		return
	}
	// The kernel reads rows up to 32 steps above and below.
	d := 32 - bits.LeadingZeros32(act)
	if i0-d*stride < 0 || i0+d*stride+max(n, 8) > len(hist) {
		cvRunGo(out, hist, i0, stride, act, wts, rec)
		return
	}
	cvRunAVX2(&out[0], n, &hist[i0], stride, act, wts, &rec[0])
}

// avx512CVRun runs whole vectors of 16 pixels in the AVX-512 kernel and
// the rest as the vector that ends at n (every pixel of a run is
// independent: lanes computed twice change nothing); a run shorter than a
// vector goes to the AVX2 kernel, as do runs whose vectors would leave
// hist.
func avx512CVRun(out []float32, hist []uint16, i0, stride int, act uint32, wts *[32]int32, rec *[ReciprocalSize]float32) {
	n := len(out)
	d := 32 - bits.LeadingZeros32(act)
	if n < 16 || i0-d*stride < 0 || i0+d*stride+n > len(hist) {
		avx2CVRun(out, hist, i0, stride, act, wts, rec)
		return
	}
	v := n &^ 15
	cvRunAVX512(&out[0], v, &hist[i0], stride, act, wts, &rec[0])
	if v < n {
		cvRunAVX512(&out[n-16], 16, &hist[i0+n-16], stride, act, wts, &rec[0])
	}
}

func avx2FlatRow(out []uint8, img []uint16, w, h, y int) {
	flatRowVec(flatRowAVX2, 32, out, img, w, h, y)
}

func avx2ColAdd(col, in, out []uint8) { colAddVec(colAddAVX2, 32, col, in, out) }

func avx2Hmode(out, in []uint16) { hmodeVec(hmodeAVX2, 16, out, in) }

func avx2Vmode(out, a, b, c []uint16) { vmodeVec(vmodeAVX2, 16, out, a, b, c) }

func avx2ConvRow(out, in []uint16, bd int) uint16 { return convRowVec(convRowAVX2, 16, out, in, bd) }

func avx2AntiDither(out, row, next []uint16) { antiDitherVec(antiDitherAVX2, 16, out, row, next) }

func avx2ConvDither(out, row, next []uint16, bd int) uint16 {
	return convDitherVec(convDitherAVX2, 16, out, row, next, bd)
}

func avx2Decimate16(out, in []uint16) { decimateVec(decimate16AVX2, 16, out, in) }

func avx2Decimate8(out, in []uint8) { decimateVec(decimate8AVX2, 32, out, in) }

func avx2BoxRow(out []uint8, col []uint8, w int, maskIndex int32) {
	boxRowVec(boxRowAVX2, 32, out, col, w, maskIndex)
}

func avx2BandRange(row []uint16, mrow []uint8, base, size uint16) (mn, mx1 uint16) {
	return bandRangeVec(bandRangeAVX2, 16, row, mrow, base, size)
}

// avx2RunBits marks whole blocks of 32 samples in vectors while the block's
// last sample has a next one to compare with; the rest goes to the Go
// kernel.
func avx2RunBits(vb, qb []uint32, row []uint16, mrow []uint8, base, size uint16) {
	n := len(row)
	nb := 0
	if n > 0 && size > 0 {
		nb = (n - 1) / 32
	}
	if nb > 0 {
		_, _, _ = mrow[32*nb], vb[nb-1], qb[nb-1]
		runBitsAVX2(&vb[0], &qb[0], &row[0], &mrow[0], nb, base, size-1)
	}
	runBitsGo(vb[nb:], qb[nb:], row[32*nb:], mrow[32*nb:], base, size)
}
