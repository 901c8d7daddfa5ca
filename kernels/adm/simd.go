//go:build (amd64 || arm64) && !purego

package adm

import "math"

// The wrappers' vector recipes, shared by the amd64 and arm64 twins.

// usableGain reports whether the decouple kernels can apply the gain
// limit: rst*egl must be a number (never NaN) and its clamped result fit
// int32, so a finite, non-negative limit.
func usableGain(egl float64) bool { return egl >= 0 && !math.IsInf(egl, 1) }

// overlap runs a row kernel of vector width w over [0, n): whole vectors,
// then, when n is not a multiple of w, one more vector flush with the end
// that recomputes a few outputs the same way (the kernels whose outputs
// depend on their inputs alone; a Go tail costs more than the rest of the
// row). It reports false, running nothing, when n < w.
func overlap(n, w int, run func(at, m int)) bool {
	if n < w {
		return false
	}
	m := n &^ (w - 1)
	run(0, m)
	if m < n {
		run(n-w, w)
	}
	return true
}

// cmVectors runs a masking kernel pair over the whole vectors of width w
// in columns [a, z) (0 < a, z < len): the threshold row once into thr,
// then band(b, a, n) for each band's cube sum over the n columns from a.
// It returns where the vectors end; the caller finishes the row in Go.
func cmVectors(w, a, z int, F [3][]int32, C, thr []int32, thrRow func(thr, fu, fm, fd, c *int32, n int), band func(b, a, n int)) int {
	n := (z - a) &^ (w - 1)
	if n > 0 {
		e := a + n
		// thrRow reads one column either side of [a, e).
		_, _, _, _ = F[0][e], F[1][e], F[2][e], C[e-1]
		_ = F[0][a-1] + F[1][a-1] + F[2][a-1]
		_ = thr[n-1]
		thrRow(&thr[0], &F[0][a], &F[1][a], &F[2][a], &C[a], n)
		for b := 0; b < NumBands; b++ {
			band(b, a, n)
		}
	}
	return a + n
}
