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

// The row wrappers: each runs a vector kernel of lanes outputs a step
// over a row, flush with its end (overlap), or the Go twin when the row
// is narrower than a vector; avx2<Field> and neon<Field> are these with
// their architecture's kernel. ok false (a rounding the kernel does not
// take) runs the Go twin.

func dwt0HVec(kern func(lo, hi, src *int16, n int), lanes int, a, v, hh, d, lo, hi []int16, j0, j1 int, loOnly bool) {
	if j1-j0 >= lanes {
		// The kernel reads lo and hi [2*j0-1, 2*j1] and writes [j0, j1).
		_, _ = lo[2*j1], hi[2*j1]
		_ = lo[2*j0-1]
		_ = a[j1-1]
		if !loOnly {
			_, _, _ = v[j1-1], hh[j1-1], d[j1-1]
		}
	}
	if !overlap(j1-j0, lanes, func(j, m int) {
		j += j0
		if loOnly {
			// v is absent; the high-pass half of a's pass lands in hi
			// (an input row this pass never reads when loOnly), past use.
			kern(&a[j], &hi[j], &lo[2*j-1], m)
		} else {
			kern(&a[j], &v[j], &lo[2*j-1], m)
			kern(&hh[j], &d[j], &hi[2*j-1], m)
		}
	}) {
		dwt0HGo(a, v, hh, d, lo, hi, j0, j1, loOnly)
	}
}

func dwt1VVec(kern func(lo, hi *int32, r0, r1, r2, r3 *int16, n int), lanes int, lo, hi []int32, r0, r1, r2, r3 []int16) {
	n := len(lo)
	if n > 0 {
		_, _, _, _, _ = hi[n-1], r0[n-1], r1[n-1], r2[n-1], r3[n-1]
	}
	if !overlap(n, lanes, func(j, m int) {
		kern(&lo[j], &hi[j], &r0[j], &r1[j], &r2[j], &r3[j], m)
	}) {
		dwt1VGo(lo, hi, r0, r1, r2, r3)
	}
}

func dwt23VVec(kern func(lo, hi *int32, r0, r1, r2, r3 *int32, n int, add int64, shift uint64), lanes int, ok bool, lo, hi []int32, r0, r1, r2, r3 []int32, scale int) {
	n := len(lo)
	if n > 0 {
		_, _, _, _, _ = hi[n-1], r0[n-1], r1[n-1], r2[n-1], r3[n-1]
	}
	if !ok || !overlap(n, lanes, func(j, m int) {
		kern(&lo[j], &hi[j], &r0[j], &r1[j], &r2[j], &r3[j], m, vpAdd[scale], uint64(vpShift[scale]))
	}) {
		dwt123V(lo, hi, r0, r1, r2, r3, scale)
	}
}

func dwt123HVec(kern func(lo, hi, src *int32, n int, add int64, shift uint64), lanes int, ok bool, a, v, hh, d, lo, hi []int32, j0, j1 int, add int64, shift uint) {
	if !ok {
		dwt123HGo(a, v, hh, d, lo, hi, j0, j1, add, shift)
		return
	}
	if j1-j0 >= lanes {
		// The kernel reads lo and hi [2*j0-1, 2*j1] and writes [j0, j1).
		_, _ = lo[2*j1], hi[2*j1]
		_, _ = lo[2*j0-1], hi[2*j0-1]
		_, _, _, _ = a[j1-1], v[j1-1], hh[j1-1], d[j1-1]
	}
	if !overlap(j1-j0, lanes, func(j, m int) {
		j += j0
		kern(&a[j], &v[j], &lo[2*j-1], m, add, uint64(shift))
		kern(&hh[j], &d[j], &hi[2*j-1], m, add, uint64(shift))
	}) {
		dwt123HGo(a, v, hh, d, lo, hi, j0, j1, add, shift)
	}
}

func csf0Vec(kern func(f, c *int32, s0, s1, s2 *int16, n int, w0, w1, w2 int32), lanes int, f, c []int32, s0, s1, s2 []int16, wt *[NumBands]int32) {
	n := len(f)
	if n > 0 {
		_, _, _, _ = c[n-1], s0[n-1], s1[n-1], s2[n-1]
	}
	if !overlap(n, lanes, func(j, m int) {
		kern(&f[j], &c[j], &s0[j], &s1[j], &s2[j], m, wt[0], wt[1], wt[2])
	}) {
		csf0Go(f, c, s0, s1, s2, wt)
	}
}

func angleVec[T int16 | int32](kern func(flag *int32, oh, ov, th, tv *T, n int, cos1 float64), lanes int, flag []int32, oh, ov, th, tv []T, cos1 float32) {
	n := len(flag)
	if n > 0 {
		_, _, _, _ = oh[n-1], ov[n-1], th[n-1], tv[n-1]
	}
	if !overlap(n, lanes, func(j, m int) {
		kern(&flag[j], &oh[j], &ov[j], &th[j], &tv[j], m, float64(cos1))
	}) {
		angleGo(flag, oh, ov, th, tv, cos1)
	}
}

// decoupleVec runs the Go twin where the gain limit is not usableGain.
func decoupleVec[T int16 | int32](kern func(r, a, o, t *T, flag *int32, n int, egl float64), lanes int, goTwin func(r, a, o, t []T, flag []int32, egl float64), r, a, o, t []T, flag []int32, egl float64) {
	n := len(r)
	if n > 0 {
		_, _, _, _ = a[n-1], o[n-1], t[n-1], flag[n-1]
	}
	if !usableGain(egl) || !overlap(n, lanes, func(j, m int) {
		kern(&r[j], &a[j], &o[j], &t[j], &flag[j], m, egl)
	}) {
		goTwin(r, a, o, t, flag, egl)
	}
}

// den0Vec and den123Vec sum the whole vectors in the kernel and the rest
// in Go (a sum: no overlap).
func den0Vec(kern func(s *int16, n int) uint64, lanes int, s []int16) uint64 {
	n := len(s) &^ (lanes - 1)
	var sum uint64
	if n > 0 {
		sum = kern(&s[0], n)
	}
	return sum + den0Go(s[n:])
}

func den123Vec(kern func(s *int32, n int, addSq, sq, addCub, shiftCub uint64) uint64, lanes int, ok bool, s []int32, addSq uint64, sq uint, addCub uint64, shiftCub uint) uint64 {
	n := len(s) &^ (lanes - 1)
	if !ok {
		n = 0
	}
	var sum uint64
	if n > 0 {
		sum = kern(&s[0], n, addSq, uint64(sq), addCub, uint64(shiftCub))
	}
	return sum + den123Go(s[n:], addSq, sq, addCub, shiftCub)
}

// cm0Vec and cm123Vec run the masking kernels over the whole vectors of
// the columns (cmVectors) and goTwin over the rest.
func cm0Vec(thrRow func(thr, fu, fm, fd, c *int32, n int), kern func(s *int16, thr *int32, n int, wt int32, sub, sq, shiftCub uint64, addCub int64) int64, lanes int,
	inner *[NumBands]int64, src *[NumBands][]int16, F [3][]int32, C []int32, a, z int, p *cm0Params, thr []int32) {
	e := cmVectors(lanes, a, z, F, C, thr, thrRow, func(b, a, n int) {
		s := src[b][a : a+n]
		inner[b] += kern(&s[0], &thr[0], n, p.wt[b], uint64(p.sub[b]), uint64(p.sq[b]), uint64(p.shiftCub[b]), p.addCub[b])
	})
	if e < z {
		cm0Go(inner, src, F, C, e, z, p, thr)
	}
}

func cm123Vec(thrRow func(thr, fu, fm, fd, c *int32, n int), kern func(s, thr *int32, n int, wt uint32, sq, shiftCub uint64, addCub int64) int64, lanes int,
	goTwin func(inner *[NumBands]int64, src *[NumBands][]int32, F [3][]int32, C []int32, a, z int, p *cm123Params, tmp []int32),
	inner *[NumBands]int64, src *[NumBands][]int32, F [3][]int32, C []int32, a, z int, p *cm123Params, thr []int32) {
	e := cmVectors(lanes, a, z, F, C, thr, thrRow, func(b, a, n int) {
		s := src[b][a : a+n]
		inner[b] += kern(&s[0], &thr[0], n, p.wt[b], 30, uint64(p.shiftCub), p.addCub)
	})
	if e < z {
		goTwin(inner, src, F, C, e, z, p, thr)
	}
}
