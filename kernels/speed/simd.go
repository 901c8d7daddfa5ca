//go:build (amd64 || arm64) && !purego

package speed

// The wrappers of the vector kernels, shared by the amd64 and arm64
// twins (the <field>SIMD functions pass their architecture's kernel).

// matMulSparseVec is matMulSparse's product by a kernel that runs whole
// vectors of columns and the rest one by one: each dst[i][j] still adds
// its products x[i][k]*y[k][j] (each rounded to float) in k order,
// skipping the zero x[i][k], as the Go code does.
func matMulSparseVec(kern func(dst, x, y *float32, n, m int), dst, x, y []float32, n, m int) {
	if n == 0 || m == 0 {
		return
	}
	_, _, _ = dst[n*m-1], x[n*n-1], y[n*m-1]
	kern(&dst[0], &x[0], &y[0], n, m)
}

func covSumsVec(kern func(s *[covLanes]float64, cen *float64, n, xi, nv int), s *[covLanes]float64, cen []float64, n, xi, nv int) {
	if n == 0 {
		clear(s[:])
		return
	}
	_ = cen[n*covLanes-1]
	kern(s, &cen[0], n, xi, nv)
}

// vfiltVec runs a kernel over the whole vectors of lanes columns of the
// row and vfiltGo over the rest.
func vfiltVec(kern func(vert *float32, base *uint16, offs *int, taps *float32, ntaps, n int, scale, offset float32), lanes int, vert []float32, samples []uint16, offs []int, taps []float32, scale, offset float32) {
	w := len(vert)
	m := w &^ (lanes - 1)
	if m > 0 && len(taps) > 0 {
		for _, o := range offs[:len(taps)] {
			_ = samples[o+w-1]
		}
		kern(&vert[0], &samples[0], &offs[0], &taps[0], len(taps), m, scale, offset)
	}
	vfiltGo(vert[m:], samples[m:], offs, taps, scale, offset)
}
