//go:build !purego

package speed

import "github.com/bandscope/bandscope/kernels/cpu"

//go:noescape
func matMulSparseNEON(dst, x, y *float32, n, m int)

//go:noescape
func covSumsNEON(s *[covLanes]float64, cen *float64, n, xi, nv int)

//go:noescape
func vfiltNEON(vert *float32, base *uint16, offs *int, taps *float32, ntaps, n int, scale, offset float32)

// simdKernels returns the arm64 twins of the NEON set.
func simdKernels(s cpu.Set) *kernels {
	if s != cpu.NEON {
		return nil
	}
	return &kernels{set: s, matMulSparse: matMulSparseSIMD, covSums: covSumsSIMD, vfilt: vfiltSIMD}
}

func matMulSparseSIMD(dst, x, y []float32, n, m int) {
	matMulSparseVec(matMulSparseNEON, dst, x, y, n, m)
}

func covSumsSIMD(s *[covLanes]float64, cen []float64, n, xi, nv int) {
	covSumsVec(covSumsNEON, s, cen, n, xi, nv)
}

func vfiltSIMD(vert []float32, samples []uint16, offs []int, taps []float32, scale, offset float32) {
	vfiltVec(vfiltNEON, 8, vert, samples, offs, taps, scale, offset)
}
