//go:build !purego

package cambi

//go:noescape
func convRow8AVX2(out *uint16, in *uint8, n int, sl uint64) uint16

//go:noescape
func convDither8AVX2(out *uint16, row, next *uint8, n int, sl uint64) uint16

// packedKernels installs the AVX2 twins of the packed kernels (both SIMD
// sets: the rows are memory-bound).
func packedKernels(k *kernels) {
	k.convRow8 = avx2ConvRow8
	k.convDither8 = avx2ConvDither8
}

func avx2ConvRow8(out []uint16, in []uint8, bd int) uint16 {
	if bd >= 10 {
		return convRowGo(out, in, bd)
	}
	n := len(in) &^ 15
	var mx uint16
	if n > 0 {
		_ = out[n-1]
		mx = convRow8AVX2(&out[0], &in[0], n, uint64(10-bd))
	}
	return max(mx, convRowGo(out[n:], in[n:], bd))
}

func avx2ConvDither8(out []uint16, row, next []uint8, bd int) uint16 {
	n := len(out) &^ 15
	var mx uint16
	if n > 0 {
		_, _ = row[n], next[n]
		mx = convDither8AVX2(&out[0], &row[0], &next[0], n, uint64(10-bd))
	}
	return max(mx, convDitherGo(out[n:], row[n:], next[n:], bd))
}
