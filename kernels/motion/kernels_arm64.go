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

// vpassSIMD runs vpassNEON over the row (overlapOR); rows narrower than a
// vector run in Go.
func vpassSIMD(dst []int32, p, c *[5][]uint16, bpc int) uint32 {
	n := len(dst)
	if n < 8 {
		return vpassGo(dst, p, c, bpc)
	}
	for k := range p {
		_, _ = p[k][n-1], c[k][n-1]
	}
	return overlapOR(n, 8, func(at, m int) uint32 {
		return vpassNEON(&dst[at], &p[0][at], &p[1][at], &p[2][at], &p[3][at], &p[4][at],
			&c[0][at], &c[1][at], &c[2][at], &c[3][at], &c[4][at], m, uint64(bpc))
	})
}

// hpassSIMD is hpassVec with the NEON kernels.
func hpassSIMD(out, row []int32, mag uint32) uint32 {
	return hpassVec(hpassSmallNEON, hpassNEON, out, row, mag)
}
