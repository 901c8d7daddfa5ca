//go:build !purego

package motion

import "github.com/bandscope/bandscope/kernels/cpu"

//go:noescape
func vpassNEON(dst *int32, p0, p1, p2, p3, p4, c0, c1, c2, c3, c4 *uint16, n int, bpc uint64) uint32

//go:noescape
func hpassNEON(out, row *int32, n int) uint32

//go:noescape
func hpassSmallNEON(out, row *int32, n int) uint32

// simdKernels returns the arm64 twins of the NEON set.
func simdKernels(s cpu.Set) *kernels {
	if s != cpu.NEON {
		return nil
	}
	return &kernels{set: s, vpass: vpassSIMD, hpass: hpassSIMD}
}

// vpassSIMD runs vpassNEON over whole vectors of 8 columns and, when the
// width is not a multiple of 8, once more over the last 8 columns (the
// outputs depend on their column alone, so the overlap rewrites the same
// values); rows narrower than a vector run in Go.
func vpassSIMD(dst []int32, p, c *[5][]uint16, bpc int) uint32 {
	n := len(dst)
	if n < 8 {
		return vpassGo(dst, p, c, bpc)
	}
	for k := range p {
		_, _ = p[k][n-1], c[k][n-1]
	}
	run := func(at, m int) uint32 {
		return vpassNEON(&dst[at], &p[0][at], &p[1][at], &p[2][at], &p[3][at], &p[4][at],
			&c[0][at], &c[1][at], &c[2][at], &c[3][at], &c[4][at], m, uint64(bpc))
	}
	m := n &^ 7
	mag := run(0, m)
	if m < n {
		mag |= run(n-8, 8)
	}
	return mag
}

// hpassSIMD filters the edges in Go, the interior's whole vectors with
// hpassSmallNEON when every |value| of the row is below 2^15 (mag, the OR
// of them, says so) and with hpassNEON's int64 products otherwise, and the
// rest of the interior in Go.
func hpassSIMD(out, row []int32, mag uint32) uint32 {
	w := len(row)
	sum := hedges(out, row)
	m := max(w-4, 0) &^ 7
	if m > 0 {
		_ = row[3+m]
		var o *int32
		if out != nil {
			_ = out[1+m]
			o = &out[2]
		}
		if mag < 1<<15 {
			sum += hpassSmallNEON(o, &row[0], m)
		} else {
			sum += hpassNEON(o, &row[0], m)
		}
	}
	return sum + hinteriorGo(out, row, 2+m, max(w-2, 2))
}
