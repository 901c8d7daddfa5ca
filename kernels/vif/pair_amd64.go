//go:build !purego

package vif

//go:noescape
func statVPairAVX2(mu1, mu2, rr, dd, rd *uint32, ref, dis **uint16, filt *uint32, n int, muAdd, muShift, sqAdd, sqShift uint64)

// pairRounding reports whether rd is scale 0's rounding at a bit depth of
// 9 to 15 (samples below 2^15: statVPairAVX512's row pairs hold them).
func pairRounding(rd Rounding) bool {
	for b := 9; b <= 15; b++ {
		if rd == StatRounding(0, b) {
			return true
		}
	}
	return false
}

// statVPair runs a paired vertical-statistics kernel (lanes columns a
// step) on the whole vectors of scale 0's rows, samples of 9 to 15 bits,
// and returns the first column it did not compute.
func statVPair(f func(mu1, mu2, rr, dd, rd *uint32, ref, dis **uint16, filt *uint32, n int, muAdd, muShift, sqAdd, sqShift uint64), lanes int,
	ref, dis [][]uint16, filt []uint16, rd Rounding, j0, w int, mu1, mu2, rr, dd, rdv []uint32) int {
	if len(filt) != 17 || !pairRounding(rd) {
		return j0
	}
	n := (w - j0) &^ (lanes - 1)
	if n <= 0 {
		return j0
	}
	var pr, pd [17]*uint16
	for k := range filt {
		pr[k], pd[k] = &ref[k][j0:w][0], &dis[k][j0:w][0]
	}
	_, _, _, _, _ = mu1[j0+n-1], mu2[j0+n-1], rr[j0+n-1], dd[j0+n-1], rdv[j0+n-1]
	f(&mu1[j0], &mu2[j0], &rr[j0], &dd[j0], &rdv[j0], &pr[0], &pd[0], taps32(filt), n,
		uint64(rd.MuAdd), uint64(rd.MuShift), rd.SqAdd, uint64(rd.SqShift))
	return j0 + n
}
