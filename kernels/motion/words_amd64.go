//go:build !purego

package motion

import "github.com/bandscope/bandscope/kernels/cpu"

//go:noescape
func vpassWAVX2(dst *int16, p0, p1, p2, p3, p4, c0, c1, c2, c3, c4 *uint16, n int, coef uint32, shift uint64) uint32

//go:noescape
func vpass8WAVX2(dst *int16, p0, p1, p2, p3, p4, c0, c1, c2, c3, c4 *uint8, n int) uint32

//go:noescape
func hsumWAVX2(row *int16, n int) uint32

//go:noescape
func vpassWAVX512(dst *int16, p0, p1, p2, p3, p4, c0, c1, c2, c3, c4 *uint16, n int, coef uint32, shift uint64) uint32

//go:noescape
func vpass8WAVX512(dst *int16, p0, p1, p2, p3, p4, c0, c1, c2, c3, c4 *uint8, n int) uint32

//go:noescape
func hsumWAVX512(row *int16, n int) uint32

// wordKernels installs a SIMD set's word-path twins: vectors of 16 (AVX2)
// or 32 (AVX-512) columns.
func wordKernels(s cpu.Set, k *kernels) {
	switch s {
	case cpu.AVX2:
		k.vpassW = vpassWWith(vpassWAVX2, 16)
		k.vpass8W = vpass8WWith(vpass8WAVX2, 16)
		k.hsumW = hsumWWith(hsumWAVX2, 16)
	case cpu.AVX512:
		k.vpassW = vpassWWith(vpassWAVX512, 32)
		k.vpass8W = vpass8WWith(vpass8WAVX512, 32)
		k.hsumW = hsumWWith(hsumWAVX512, 32)
	}
}

// vpassWWith runs a vertical word kernel over whole vectors and, when the
// width is not a multiple of the vector, once more over the last vector's
// columns (each output depends on its column alone, so the overlap
// rewrites the same values); rows narrower than a vector go to Go.
func vpassWWith(f func(dst *int16, p0, p1, p2, p3, p4, c0, c1, c2, c3, c4 *uint16, n int, coef uint32, shift uint64) uint32, lanes int) func([]int16, *[5][]uint16, *[5][]uint16, int) uint32 {
	return func(dst []int16, p, c *[5][]uint16, bpc int) uint32 {
		n := len(dst)
		if n < lanes {
			return vpassWGo(dst, p, c, bpc)
		}
		for k := range p {
			_, _ = p[k][n-1], c[k][n-1]
		}
		coef := uint32(Taps[2]) | uint32(1)<<(bpc-1)<<16
		run := func(at, m int) uint32 {
			return f(&dst[at], &p[0][at], &p[1][at], &p[2][at], &p[3][at], &p[4][at],
				&c[0][at], &c[1][at], &c[2][at], &c[3][at], &c[4][at], m, coef, uint64(bpc))
		}
		m := n &^ (lanes - 1)
		mag := run(0, m)
		if m < n {
			mag |= run(n-lanes, lanes)
		}
		return mag
	}
}

// vpass8WWith is vpassWWith for packed 8-bit rows.
func vpass8WWith(f func(dst *int16, p0, p1, p2, p3, p4, c0, c1, c2, c3, c4 *uint8, n int) uint32, lanes int) func([]int16, *[5][]uint8, *[5][]uint8) uint32 {
	return func(dst []int16, p, c *[5][]uint8) uint32 {
		n := len(dst)
		if n < lanes {
			return vpass8WGo(dst, p, c)
		}
		for k := range p {
			_, _ = p[k][n-1], c[k][n-1]
		}
		run := func(at, m int) uint32 {
			return f(&dst[at], &p[0][at], &p[1][at], &p[2][at], &p[3][at], &p[4][at],
				&c[0][at], &c[1][at], &c[2][at], &c[3][at], &c[4][at], m)
		}
		m := n &^ (lanes - 1)
		mag := run(0, m)
		if m < n {
			mag |= run(n-lanes, lanes)
		}
		return mag
	}
}

// hsumWWith runs a horizontal word kernel over the interior's whole
// vectors; the edges and the rest of the interior go to Go. The kernel
// reads five words past its last output's centre, within the row's slack.
func hsumWWith(f func(row *int16, n int) uint32, lanes int) func([]int16, int) uint32 {
	return func(row []int16, w int) uint32 {
		sum := hedges(nil, row[:w])
		m := max(w-4, 0) &^ (lanes - 1)
		if m > 0 {
			_ = row[m+4]
			sum += f(&row[0], m)
		}
		return sum + hinteriorWGo(row[:w], 2+m, max(w-2, 2))
	}
}
