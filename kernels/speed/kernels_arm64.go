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

// matMulSparseSIMD is matMulSparse's product, four columns a step: each
// dst[i][j] still adds its products x[i][k]*y[k][j] (each rounded to
// float) in k order, skipping the zero x[i][k], as the Go code does.
func matMulSparseSIMD(dst, x, y []float32, n, m int) {
	if n == 0 || m == 0 {
		return
	}
	_, _, _ = dst[n*m-1], x[n*n-1], y[n*m-1]
	matMulSparseNEON(&dst[0], &x[0], &y[0], n, m)
}

func covSumsSIMD(s *[covLanes]float64, cen []float64, n, xi, nv int) {
	if n == 0 {
		clear(s[:])
		return
	}
	_ = cen[n*covLanes-1]
	covSumsNEON(s, &cen[0], n, xi, nv)
}

// vfiltSIMD runs vfiltNEON over the whole vectors of 8 columns and vfiltGo
// over the rest.
func vfiltSIMD(vert []float32, samples []uint16, offs []int, taps []float32, scale, offset float32) {
	w := len(vert)
	m := w &^ 7
	if m > 0 && len(taps) > 0 {
		for _, o := range offs[:len(taps)] {
			_ = samples[o+w-1]
		}
		vfiltNEON(&vert[0], &samples[0], &offs[0], &taps[0], len(taps), m, scale, offset)
	}
	vfiltGo(vert[m:], samples[m:], offs, taps, scale, offset)
}
