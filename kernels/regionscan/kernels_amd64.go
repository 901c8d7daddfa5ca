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

// simdKernels returns the amd64 twins of a SIMD set. The AVX-512 set runs
// the AVX2 twins: the kernels read each value once and do one or two
// operations on it, so they wait on memory, not on the vector width.
func simdKernels(s cpu.Set) *kernels {
	if s != cpu.AVX2 && s != cpu.AVX512 {
		return nil
	}
	return &kernels{set: s, weighUp: weighUpSIMD, hits: hitsSIMD, weighHits: weighHitsSIMD, runSum: runSumSIMD}
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

// runSumSIMD is runSumAVX2, which reads a run's last partial vector
// masked.
func runSumSIMD(v []float32) (float64, float32) {
	if len(v) == 0 {
		return 0, 0
	}
	return runSumAVX2(&v[0], len(v))
}
