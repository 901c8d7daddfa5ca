//go:build !purego

package regionscan

import "github.com/bandscope/bandscope/kernels/cpu"

//go:noescape
func weighUpAVX2(dst, c, up *float32, n int, w float32)

//go:noescape
func hitsAVX2(b *uint64, v *float32, mask *uint8, n int, t float32)

//go:noescape
func weighHitsAVX2(dst, c, up *float32, mask *uint8, b *uint64, n int, w, t float32)

//go:noescape
func runSumAVX2(v *float32, n int) (sum float64, top float32)

//go:noescape
func runSumAVX512(v *float32, n int) (sum float64, top float32)

//go:noescape
func weighUpAVX512(dst, c, up *float32, n int, w float32)

//go:noescape
func weighHitsAVX512(dst, c, up *float32, mask *uint8, b *uint64, n int, w, t float32)

// simdKernels returns the amd64 twins of a SIMD set. The AVX-512 set has
// its own weighted sums and run sum; its hits are the AVX2 twin's (only
// cambi_high_res_speedup's half-size scale 0 runs them).
func simdKernels(s cpu.Set) *kernels {
	switch s {
	case cpu.AVX2:
		return &kernels{set: s, weighUp: weighUpSIMD, hits: hitsSIMD, weighHits: weighHitsSIMD, runSum: runSumWith(runSumAVX2)}
	case cpu.AVX512:
		return &kernels{set: s, weighUp: weighUp512, hits: hitsSIMD, weighHits: weighHits512, runSum: runSumWith(runSumAVX512)}
	}
	return nil
}

// weighUpSIMD runs weighUpAVX2 over whole vectors of 16 values and the Go
// twin over the rest.
func weighUpSIMD(dst, c, up []float32, w float32) {
	n := len(dst) &^ 15
	if n > 0 {
		weighUpAVX2(&dst[0], &c[0], &up[0], n, w)
	}
	if n < len(dst) {
		weighUpGo(dst[n:], c[n:], up[n>>1:], w)
	}
}

// hitsSIMD runs hitsAVX2 over whole words of 64 values and the Go twin
// over the last, partial one.
func hitsSIMD(b []uint64, v []float32, mask []uint8, t float32) {
	n := len(v) &^ 63
	if n > 0 {
		hitsAVX2(&b[0], &v[0], &mask[0], n, t)
	}
	if n < len(v) {
		hitsGo(b[n>>6:], v[n:], mask[n:], t)
	}
}

// weighHitsSIMD runs weighHitsAVX2 over whole words of 64 values and the
// Go twin over the rest.
func weighHitsSIMD(dst, c, up []float32, mask []uint8, b []uint64, w, t float32) {
	n := len(dst) &^ 63
	if n > 0 {
		weighHitsAVX2(&dst[0], &c[0], &up[0], &mask[0], &b[0], n, w, t)
	}
	if n < len(dst) {
		weighHitsGo(dst[n:], c[n:], up[n>>1:], mask[n:], b[n>>6:], w, t)
	}
}

// weighUp512 runs weighUpAVX512 over whole steps of 32 values and the Go
// twin over the rest.
func weighUp512(dst, c, up []float32, w float32) {
	n := len(dst) &^ 31
	if n > 0 {
		weighUpAVX512(&dst[0], &c[0], &up[0], n, w)
	}
	if n < len(dst) {
		weighUpGo(dst[n:], c[n:], up[n>>1:], w)
	}
}

// weighHits512 runs weighHitsAVX512 over whole words of 64 values and the
// Go twin over the rest.
func weighHits512(dst, c, up []float32, mask []uint8, b []uint64, w, t float32) {
	n := len(dst) &^ 63
	if n > 0 {
		weighHitsAVX512(&dst[0], &c[0], &up[0], &mask[0], &b[0], n, w, t)
	}
	if n < len(dst) {
		weighHitsGo(dst[n:], c[n:], up[n>>1:], mask[n:], b[n>>6:], w, t)
	}
}

// runSumWith is a run-sum kernel on a slice; the kernels read a run's
// last partial vector masked.
func runSumWith(kernel func(v *float32, n int) (float64, float32)) func([]float32) (float64, float32) {
	return func(v []float32) (float64, float32) {
		if len(v) == 0 {
			return 0, 0
		}
		return kernel(&v[0], len(v))
	}
}
