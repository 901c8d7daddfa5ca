//go:build !purego

package vif

//go:noescape
func statV8PAVX2(mu1, mu2, rr, dd, rd *uint32, ref, dis **uint8, fpair, f32 *[9][8]uint32, n int)

//go:noescape
func subVPAVX2(conv *uint16, rows **uint8, filt *uint32, taps, n int, add, shift uint64)

//go:noescape
func subVPAVX512(conv *uint16, rows **uint8, filt *uint32, taps, n int, add, shift uint64)

// packedKernels installs the AVX2 twins of the packed kernels (statVP,
// subVP); the AVX-512 set replaces them where its own timed faster.
func packedKernels(k *kernels) {
	k.statVP = statVPSIMD
	k.subVP = subVPWith(subVPAVX2, 16)
}

// statVPSIMD runs statV8PAVX2 on whole vectors of 16 columns of scale 0
// and the Go twin on the rest.
func statVPSIMD(ref, dis [][]uint8, filt []uint16, rd Rounding, j0, w int, mu1, mu2, rr, dd, rdv []uint32) {
	if len(filt) == 17 && rd == StatRounding(0, 8) {
		if n := (w - j0) &^ 15; n > 0 {
			var pr, pd [17]*uint8
			for k := range filt {
				pr[k], pd[k] = &ref[k][j0:w][0], &dis[k][j0:w][0]
			}
			_, _, _, _, _ = mu1[j0+n-1], mu2[j0+n-1], rr[j0+n-1], dd[j0+n-1], rdv[j0+n-1]
			statV8PAVX2(&mu1[j0], &mu2[j0], &rr[j0], &dd[j0], &rdv[j0], &pr[0], &pd[0], &stat8Pair, &stat8Tap, n)
			j0 += n
		}
	}
	statVGo(ref, dis, filt, rd, j0, w, mu1, mu2, rr, dd, rdv)
}

// subVPWith runs a packed low-pass kernel on whole vectors and the Go twin
// on the rest.
func subVPWith(f func(conv *uint16, rows **uint8, filt *uint32, taps, n int, add, shift uint64), lanes int) func([][]uint8, []uint16, uint32, uint, int, int, []uint16) {
	return func(rows [][]uint8, filt []uint16, add uint32, shift uint, j0, w int, conv []uint16) {
		if n := (w - j0) &^ (lanes - 1); n > 0 {
			var pr [17]*uint8
			for k := range filt {
				pr[k] = &rows[k][j0:w][0]
			}
			_ = conv[j0+n-1]
			f(&conv[j0], &pr[0], taps32(filt), len(filt), n, uint64(add), uint64(shift))
			j0 += n
		}
		subVGo(rows, filt, add, shift, j0, w, conv)
	}
}
