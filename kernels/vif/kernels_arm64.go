//go:build !purego

package vif

import "github.com/bandscope/bandscope/kernels/cpu"

//go:noescape
func statVNEON(mu1, mu2, rr, dd, rd *uint32, ref, dis **uint16, filt *uint16, taps, n int, muAdd, muShift, sqAdd, sqShift uint64)

//go:noescape
func statV8NEON(mu1, mu2, rr, dd, rd *uint32, ref, dis **uint16, filt *uint16, taps, n int)

//go:noescape
func statHNEON(s1, s2, s12 *int32, mu1, mu2, rr, dd, rd *uint32, filt *uint16, taps, n int)

//go:noescape
func subVNEON(conv *uint16, rows **uint16, filt *uint16, taps, n int, add, shift uint64)

//go:noescape
func subHNEON(out, conv *uint16, filt *uint16, taps, n int)

// asmKernels installs the NEON row loops; the per-pixel terms stay in Go
// (their log2 table lookups have no vector gather on NEON).
func asmKernels(s cpu.Set, k *kernels) {
	if s != cpu.NEON {
		return
	}
	k.statV = statVSIMD
	k.statH = statHSIMD
	k.subV = subVSIMD
	k.subH = subHSIMD
}

// rowsAt points at column j of each row, for the kernels' row tables.
func rowsAt(ptrs *[17]*uint16, rows [][]uint16, j, w int) **uint16 {
	for k, r := range rows {
		ptrs[k] = &r[j:w][0]
	}
	return &ptrs[0]
}

// statVSIMD runs the whole vectors of 8 columns in NEON (statV8NEON for
// 8-bit samples at scale 0, whose sums fit 32 bits) and the rest in Go.
func statVSIMD(ref, dis [][]uint16, filt []uint16, rd Rounding, j0, w int, mu1, mu2, rr, dd, rdv []uint32) {
	if n := (w - j0) &^ 7; n > 0 {
		var pr, pd [17]*uint16
		r, d := rowsAt(&pr, ref[:len(filt)], j0, w), rowsAt(&pd, dis[:len(filt)], j0, w)
		_, _, _, _, _ = mu1[j0+n-1], mu2[j0+n-1], rr[j0+n-1], dd[j0+n-1], rdv[j0+n-1]
		if rd == StatRounding(0, 8) && len(filt) == len(Filters[0]) {
			statV8NEON(&mu1[j0], &mu2[j0], &rr[j0], &dd[j0], &rdv[j0], r, d, &filt[0], len(filt), n)
		} else {
			statVNEON(&mu1[j0], &mu2[j0], &rr[j0], &dd[j0], &rdv[j0], r, d, &filt[0], len(filt), n,
				uint64(rd.MuAdd), uint64(rd.MuShift), rd.SqAdd, uint64(rd.SqShift))
		}
		j0 += n
	}
	statVGo(ref, dis, filt, rd, j0, w, mu1, mu2, rr, dd, rdv)
}

// statHSIMD runs the whole vectors of 8 outputs in NEON, which read the
// padded rows up to the last output's last tap, and the rest in Go.
func statHSIMD(mu1, mu2, rr, dd, rdv []uint32, filt []uint16, j0, w int, s1, s2, s12 []int32) {
	if n := (w - j0) &^ 7; n > 0 {
		last := j0 + n - 1 + len(filt) - 1
		_, _, _, _, _ = mu1[last], mu2[last], rr[last], dd[last], rdv[last]
		_, _, _ = s1[j0+n-1], s2[j0+n-1], s12[j0+n-1]
		statHNEON(&s1[j0], &s2[j0], &s12[j0], &mu1[j0], &mu2[j0], &rr[j0], &dd[j0], &rdv[j0], &filt[0], len(filt), n)
		j0 += n
	}
	statHGo(mu1, mu2, rr, dd, rdv, filt, j0, w, s1, s2, s12)
}

func subVSIMD(rows [][]uint16, filt []uint16, add uint32, shift uint, j0, w int, conv []uint16) {
	if n := (w - j0) &^ 7; n > 0 {
		var pr [17]*uint16
		_ = conv[j0+n-1]
		subVNEON(&conv[j0], rowsAt(&pr, rows[:len(filt)], j0, w), &filt[0], len(filt), n, uint64(add), uint64(shift))
		j0 += n
	}
	subVGo(rows, filt, add, shift, j0, w, conv)
}

// subHSIMD runs the whole vectors of 8 outputs in NEON and the rest in
// Go. Its loads of 16 samples at conv[2j+2m] reach conv[2n+len(filt)-2],
// within the padded row (2n <= w).
func subHSIMD(conv []uint16, filt []uint16, w int, out []uint16) {
	n := (w / 2) &^ 7
	if n > 0 {
		_ = conv[2*n+len(filt)-2]
		_ = out[n-1]
		subHNEON(&out[0], &conv[0], &filt[0], len(filt), n)
	}
	subHTail(conv, filt, n, w, out)
}
