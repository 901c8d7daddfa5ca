//go:build !purego

package speed

import "github.com/bandscope/bandscope/kernels/cpu"

//go:noescape
func matMulSparseAVX2(dst, x, y *float32, n, m int)

//go:noescape
func covSumsAVX2(s *[covLanes]float64, cen *float64, n, xi, nv int)

//go:noescape
func vfiltAVX2(vert *float32, base *uint16, offs *int, taps *float32, ntaps, n int, scale, offset float32)

// simdKernels returns the amd64 twins of a SIMD set (AVX-512 hosts run
// the AVX2 ones).
func simdKernels(s cpu.Set) *kernels {
	if s != cpu.AVX2 && s != cpu.AVX512 {
		return nil
	}
	return &kernels{set: s, matMulSparse: matMulSparseSIMD, covSums: covSumsSIMD, vfilt: vfiltSIMD, vfilt8: vfilt8Kernel}
}

func matMulSparseSIMD(dst, x, y []float32, n, m int) {
	matMulSparseVec(matMulSparseAVX2, dst, x, y, n, m)
}

func covSumsSIMD(s *[covLanes]float64, cen []float64, n, xi, nv int) {
	covSumsVec(covSumsAVX2, s, cen, n, xi, nv)
}

func vfiltSIMD(vert []float32, samples []uint16, offs []int, taps []float32, scale, offset float32) {
	vfiltVec(vfiltAVX2, 8, vert, samples, offs, taps, scale, offset)
}
