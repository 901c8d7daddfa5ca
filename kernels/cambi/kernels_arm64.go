//go:build !purego

package cambi

import "github.com/bandscope/bandscope/kernels/cpu"

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
	if y+1 >= h || w < 17 {
		flatRowGo(out, img, w, h, y)
		return
	}
	n := (w - 1) &^ 15
	row, below := img[y*w:(y+1)*w], img[(y+1)*w:(y+2)*w]
	_ = out[n-1]
	flatRowNEON(&out[0], &row[0], &below[0], n)
	flatRowTail(out, row, below, n, w)
}

func neonColAdd(col, in, out []uint8) {
	n := len(col) &^ 15
	if n > 0 {
		_, _ = in[n-1], out[n-1]
		colAddNEON(&col[0], &in[0], &out[0], n)
	}
	colAddGo(col[n:], in[n:], out[n:])
}

func neonHmode(out, in []uint16) {
	w := len(in)
	n := (w - 2) &^ 7
	if w < 10 || n <= 0 {
		hmodeGo(out, in)
		return
	}
	out = out[:w]
	hmodeNEON(&out[1], &in[1], n)
	out[0] = in[0]
	for x := 1 + n; x < w-1; x++ {
		out[x] = mode3(in[x-1], in[x], in[x+1])
	}
	out[w-1] = in[w-1]
}

func neonVmode(out, a, b, c []uint16) {
	n := len(out) &^ 7
	if n > 0 {
		_, _, _ = a[n-1], b[n-1], c[n-1]
		vmodeNEON(&out[0], &a[0], &b[0], &c[0], n)
	}
	vmodeGo(out[n:], a[n:], b[n:], c[n:])
}

func neonConvRow(out, in []uint16, bd int) uint16 {
	n := len(in) &^ 7
	var mx uint16
	if n > 0 {
		_ = out[n-1]
		var sl, sr uint64
		if bd < 10 {
			sl = uint64(10 - bd)
		} else {
			sr = uint64(bd - 10)
		}
		mx = convRowNEON(&out[0], &in[0], n, sl, sr)
	}
	return max(mx, convRowGo(out[n:], in[n:], bd))
}

func neonAntiDither(out, row, next []uint16) {
	n := len(out) &^ 7
	if n > 0 {
		_, _ = row[n], next[n]
		antiDitherNEON(&out[0], &row[0], &next[0], n)
	}
	antiDitherGo(out[n:], row[n:], next[n:])
}

func neonConvDither(out, row, next []uint16, bd int) uint16 {
	n := len(out) &^ 7
	var mx uint16
	if n > 0 {
		_, _ = row[n], next[n]
		mx = convDitherNEON(&out[0], &row[0], &next[0], n, uint64(10-bd))
	}
	return max(mx, convDitherGo(out[n:], row[n:], next[n:], bd))
}

func neonDecimate16(out, in []uint16) {
	n := min(len(out), len(in)/2) &^ 7
	if n > 0 {
		decimate16NEON(&out[0], &in[0], n)
	}
	decimateGo(out[n:], in[2*n:])
}

func neonDecimate8(out, in []uint8) {
	n := min(len(out), len(in)/2) &^ 15
	if n > 0 {
		decimate8NEON(&out[0], &in[0], n)
	}
	decimateGo(out[n:], in[2*n:])
}

// neonBoxRow sums whole windows in vectors from column pad on; the
// columns left at either end sum their clipped windows in Go. The sums
// are at most 49: the threshold clamps to the bytes' range.
func neonBoxRow(out []uint8, col []uint8, w int, maskIndex int32) {
	const pad = MaskFilterSize / 2
	n := max(w-2*pad, 0) &^ 15
	if n == 0 {
		boxRowGo(out, col, w, maskIndex)
		return
	}
	out, col = out[:w], col[:w]
	_ = col[n+2*pad-1]
	boxRowNEON(&out[pad], &col[0], n, int8(min(max(maskIndex, -1), 127)))
	boxRowEdges(out, col, w, pad, n, maskIndex)
}

func neonBandRange(row []uint16, mrow []uint8, base, size uint16) (mn, mx1 uint16) {
	n := len(row) &^ 7
	mn = 0xffff
	if n > 0 && size > 0 {
		_ = mrow[n-1]
		mn, mx1 = bandRangeNEON(&row[0], &mrow[0], n, base, size-1)
	}
	a, b := bandRangeGo(row[n:], mrow[n:], base, size)
	return min(mn, a), max(mx1, b)
}
