package adm

import "math"

//go:noescape
func angle123AVX512(flag *int32, oh, ov, th, tv *int32, n int, cos1 float64)

//go:noescape
func decouple123AVX512(r, a, o, t *int32, flag *int32, n int, egl float64, tab *int32)

// avx512Kernels adds the AVX-512 twins to the AVX2 set.
func avx512Kernels(k *kernels) {
	k.angle123 = angle123SIMD
	k.decouple123 = decouple123SIMD
}

func angle123SIMD(flag []int32, oh, ov, th, tv []int32, cos1 float32) {
	n := len(flag) &^ 7
	if n > 0 {
		_, _, _, _ = oh[n-1], ov[n-1], th[n-1], tv[n-1]
		angle123AVX512(&flag[0], &oh[0], &ov[0], &th[0], &tv[0], n, float64(cos1))
	}
	if n < len(flag) {
		angle123Go(flag[n:], oh[n:], ov[n:], th[n:], tv[n:], cos1)
	}
}

func decouple123SIMD(r, a, o, t []int32, flag []int32, egl float64) {
	n := len(r) &^ 7
	// As decouple0SIMD: the kernel's gain limit needs a finite,
	// non-negative limit.
	if !(egl >= 0) || math.IsInf(egl, 1) {
		n = 0
	}
	if n > 0 {
		_, _, _, _ = a[n-1], o[n-1], t[n-1], flag[n-1]
		decouple123AVX512(&r[0], &a[0], &o[0], &t[0], &flag[0], n, egl, &divLookup[0])
	}
	if n < len(r) {
		decouple123Go(r[n:], a[n:], o[n:], t[n:], flag[n:], egl)
	}
}
