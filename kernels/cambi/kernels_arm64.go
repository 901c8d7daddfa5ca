//go:build !purego

package cambi

import (
	"math/bits"

	"github.com/bandscope/bandscope/kernels/cpu"
)

//go:noescape
func trapNEON(h *uint16, n, t0, m, l int, sub bool)

//go:noescape
func trapsNEON(h *uint16, ops *trapOp, nops int)

//go:noescape
func cvRunNEON(out *float32, n int, p0 *uint16, stride int, act uint32, wts *[32]int32, rec *float32)

//go:noescape
func flatRowNEON(out *uint8, row, below *uint16, n int)

//go:noescape
func colAddNEON(col, in, out *uint8, n int)

//go:noescape
func hmodeNEON(out, in *uint16, n int)

//go:noescape
func vmodeNEON(out, a, b, c *uint16, n int)

//go:noescape
func convRowNEON(out, in *uint16, n int, sl, sr uint64) uint16

//go:noescape
func antiDitherNEON(out, row, next *uint16, n int)

//go:noescape
func convDitherNEON(out, row, next *uint16, n int, sl uint64) uint16

//go:noescape
func decimate16NEON(out, in *uint16, n int)

//go:noescape
func decimate8NEON(out, in *uint8, n int)

//go:noescape
func boxRowNEON(out, col *uint8, n int, thr int8)

//go:noescape
func bandRangeNEON(row *uint16, mask *uint8, n int, base, top uint16) (mn, mx1 uint16)

// simdKernels returns the arm64 twins of the NEON set.
func simdKernels(s cpu.Set) *kernels {
	if s != cpu.NEON {
		return nil
	}
	k := *scalarKernels
	k.set = s
	k.trap = neonTrap
	k.traps = neonTraps
	k.cvRun = wrapCVRun(cvRunNEON, 4)
	k.flatRow = neonFlatRow
	k.colAdd = neonColAdd
	k.hmode = neonHmode
	k.vmode = neonVmode
	k.convRow = neonConvRow
	k.antiDither = neonAntiDither
	k.convDither = neonConvDither
	k.decimate16 = neonDecimate16
	k.decimate8 = neonDecimate8
	k.boxRow = neonBoxRow
	k.bandRange = neonBandRange
	return &k
}

// trapFits reports whether a trapezoid's counts fit trapNEON's int16
// lanes: with t0, n, m and l below 2^14, every lane's t, t+1 and l-t do.
func trapFits(n, t0, m, l int) bool { return uint(n|t0|m|l) < 1<<14 }

// neonTrap rewrites whole vectors of 8 entries (histSlack leaves room
// past hi); trapezoids beyond int16 counts run in Go.
func neonTrap(h []uint16, lo, hi, t0, m, l int, sub bool) {
	n := hi - lo
	if n <= 0 {
		return
	}
	if !trapFits(n, t0, m, l) {
		trapGo(h, lo, hi, t0, m, l, sub)
		return
	}
	_ = h[lo+(n+7)&^7-1]
	trapNEON(&h[lo], n, t0, m, l, sub)
}

// neonTraps runs a batch in one call, every trapezoid's vectors checked
// first; a batch with a trapezoid beyond int16 counts runs in Go.
func neonTraps(h []uint16, ops []trapOp) {
	if len(ops) == 0 {
		return
	}
	for _, o := range ops {
		if !trapFits(int(o.n), int(o.t0), int(o.m), int(o.l)) {
			trapsGo(h, ops)
			return
		}
		_ = h[o.i]
		_ = h[int(o.i)+(max(int(o.n), 1)+7)&^7-1]
	}
	trapsNEON(&h[0], &ops[0], len(ops))
}

func neonFlatRow(out []uint8, img []uint16, w, h, y int) {
	flatRowVec(flatRowNEON, 16, out, img, w, h, y)
}

func neonColAdd(col, in, out []uint8) { colAddVec(colAddNEON, 16, col, in, out) }

func neonHmode(out, in []uint16) { hmodeVec(hmodeNEON, 8, out, in) }

func neonVmode(out, a, b, c []uint16) { vmodeVec(vmodeNEON, 8, out, a, b, c) }

func neonConvRow(out, in []uint16, bd int) uint16 { return convRowVec(convRowNEON, 8, out, in, bd) }

func neonAntiDither(out, row, next []uint16) { antiDitherVec(antiDitherNEON, 8, out, row, next) }

func neonConvDither(out, row, next []uint16, bd int) uint16 {
	return convDitherVec(convDitherNEON, 8, out, row, next, bd)
}

func neonDecimate16(out, in []uint16) { decimateVec(decimate16NEON, 8, out, in) }

func neonDecimate8(out, in []uint8) { decimateVec(decimate8NEON, 16, out, in) }

func neonBoxRow(out []uint8, col []uint8, w int, maskIndex int32) {
	boxRowVec(boxRowNEON, 16, out, col, w, maskIndex)
}

func neonBandRange(row []uint16, mrow []uint8, base, size uint16) (mn, mx1 uint16) {
	return bandRangeVec(bandRangeNEON, 8, row, mrow, base, size)
}

// wrapCVRun wraps a c-value kernel that handles whole vectors; the rest of
// the run goes to the Go kernel (every pixel is independent).
func wrapCVRun(f func(out *float32, n int, p0 *uint16, stride int, act uint32, wts *[32]int32, rec *float32), lanes int) func([]float32, []uint16, int, int, uint32, *[32]int32, *[ReciprocalSize]float32) {
	return func(out []float32, hist []uint16, i0, stride int, act uint32, wts *[32]int32, rec *[ReciprocalSize]float32) {
		n := len(out)
		v := n / lanes * lanes
		if v > 0 {
			// The kernel reads rows up to 32 steps above and below.
			d := 32 - bits.LeadingZeros32(act)
			_ = hist[i0+d*stride+v-1]
			_ = hist[i0-d*stride]
			f(&out[0], v, &hist[i0], stride, act, wts, &rec[0])
		}
		if v < n {
			cvRunGo(out[v:], hist, i0+v, stride, act, wts, rec)
		}
	}
}
