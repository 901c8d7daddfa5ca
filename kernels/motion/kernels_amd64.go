package motion

import "github.com/bandscope/bandscope/kernels/cpu"

//go:noescape
func vpassAVX2(dst *int32, p0, p1, p2, p3, p4, c0, c1, c2, c3, c4 *uint16, n int, round int64, shift uint64) uint32

//go:noescape
func vpass16AVX2(dst *int32, p0, p1, p2, p3, p4, c0, c1, c2, c3, c4 *uint16, n int) uint32

//go:noescape
func hpassAVX2(out, row *int32, n int) uint32

// simdKernels returns the amd64 twins of a SIMD set. AVX-512 runs the
// AVX2 twins (the passes are memory-bound at 8 lanes already).
func simdKernels(s cpu.Set) *kernels {
	if s != cpu.AVX2 && s != cpu.AVX512 {
		return nil
	}
	return &kernels{set: s, vpass: vpassSIMD, hpass: hpassSIMD}
}

// vpassSIMD runs vpassAVX2 over whole vectors and, when the width is not
// a multiple of 8, once more over the last 8 columns (the outputs depend
// on their column alone, so the overlap rewrites the same values). 16-bit
// samples can take the sum past int32: they run vpass16AVX2.
func vpassSIMD(dst []int32, p, c *[5][]uint16, bpc int) bool {
	n := len(dst)
	if n < 8 {
		return vpassGo(dst, p, c, bpc)
	}
	for k := range p {
		_, _ = p[k][n-1], c[k][n-1]
	}
	run := func(at, m int) uint32 {
		if bpc == 16 {
			return vpass16AVX2(&dst[at], &p[0][at], &p[1][at], &p[2][at], &p[3][at], &p[4][at],
				&c[0][at], &c[1][at], &c[2][at], &c[3][at], &c[4][at], m)
		}
		return vpassAVX2(&dst[at], &p[0][at], &p[1][at], &p[2][at], &p[3][at], &p[4][at],
			&c[0][at], &c[1][at], &c[2][at], &c[3][at], &c[4][at], m, 1<<(bpc-1), uint64(bpc))
	}
	m := n &^ 7
	any := run(0, m)
	if m < n {
		any |= run(n-8, 8)
	}
	return any != 0
}

// hpassSIMD filters the edges in Go, the interior's whole vectors with
// hpassAVX2 and the rest of the interior in Go.
func hpassSIMD(out, row []int32) uint32 {
	w := len(row)
	sum := hedges(out, row)
	m := max(w-4, 0) &^ 7
	if m > 0 {
		_, _ = out[1+m], row[3+m]
		sum += hpassAVX2(&out[2], &row[0], m)
	}
	return sum + hinteriorGo(out, row, 2+m, max(w-2, 2))
}
