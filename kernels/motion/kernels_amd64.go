//go:build !purego

package motion

import "github.com/bandscope/bandscope/kernels/cpu"

//go:noescape
func vpassAVX2(dst *int32, p0, p1, p2, p3, p4, c0, c1, c2, c3, c4 *uint16, n int, round int64, shift uint64) uint32

//go:noescape
func vpass16AVX2(dst *int32, p0, p1, p2, p3, p4, c0, c1, c2, c3, c4 *uint16, n int) uint32

//go:noescape
func hpassAVX2(out, row *int32, n int) uint32

//go:noescape
func vpassWordAVX2(dst *int32, p0, p1, p2, p3, p4, c0, c1, c2, c3, c4 *uint16, n int, coef uint32, shift uint64) uint32

//go:noescape
func hpassSmallAVX2(out, row *int32, n int) uint32

// simdKernels returns the amd64 twins of a SIMD set. AVX-512 runs the
// AVX2 twins (the passes are memory-bound at 8 lanes already).
func simdKernels(s cpu.Set) *kernels {
	if s != cpu.AVX2 && s != cpu.AVX512 {
		return nil
	}
	k := &kernels{set: s, vpass: vpassSIMD, hpass: hpassSIMD}
	wordKernels(s, k)
	return k
}

// vpassSIMD runs a vector kernel over whole vectors and, when the width is
// not a multiple of the vector, once more over the last vector's columns
// (the outputs depend on their column alone, so the overlap rewrites the
// same values). Samples of up to 14 bits take the 16-bit lanes of
// vpassWordAVX2 (16 columns a step, libvmaf's 8-bit path does the same);
// 15 bits vpassAVX2's int32 lanes; 16-bit samples can take the sum past
// int32: they run vpass16AVX2.
func vpassSIMD(dst []int32, p, c *[5][]uint16, bpc int) uint32 {
	n := len(dst)
	if n < 8 {
		return vpassGo(dst, p, c, bpc)
	}
	for k := range p {
		_, _ = p[k][n-1], c[k][n-1]
	}
	if bpc <= 14 && n >= 16 {
		coef := uint32(Taps[2]) | uint32(1)<<(bpc-1)<<16
		run := func(at, m int) uint32 {
			return vpassWordAVX2(&dst[at], &p[0][at], &p[1][at], &p[2][at], &p[3][at], &p[4][at],
				&c[0][at], &c[1][at], &c[2][at], &c[3][at], &c[4][at], m, coef, uint64(bpc))
		}
		return overlapOR(n, 16, run)
	}
	run := func(at, m int) uint32 {
		if bpc == 16 {
			return vpass16AVX2(&dst[at], &p[0][at], &p[1][at], &p[2][at], &p[3][at], &p[4][at],
				&c[0][at], &c[1][at], &c[2][at], &c[3][at], &c[4][at], m)
		}
		return vpassAVX2(&dst[at], &p[0][at], &p[1][at], &p[2][at], &p[3][at], &p[4][at],
			&c[0][at], &c[1][at], &c[2][at], &c[3][at], &c[4][at], m, 1<<(bpc-1), uint64(bpc))
	}
	return overlapOR(n, 8, run)
}

// hpassSIMD is hpassVec with the AVX2 kernels.
func hpassSIMD(out, row []int32, mag uint32) uint32 {
	return hpassVec(hpassSmallAVX2, hpassAVX2, out, row, mag)
}
