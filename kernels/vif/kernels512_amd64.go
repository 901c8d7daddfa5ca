//go:build !purego

package vif

//go:noescape
func statHMaddAVX512(s1, s2, s12 *int32, mu1, mu2, rr, dd, rd *uint32, fpairs *uint32, np, n, chunks int, scratch *[8][80]uint32)

//go:noescape
func statV8AVX512(mu1, mu2, rr, dd, rd *uint32, ref, dis **uint16, fpair, f32 *[9][8]uint32, n int)

//go:noescape
func statV8PAVX512(mu1, mu2, rr, dd, rd *uint32, ref, dis **uint8, fpair, f32 *[9][8]uint32, n int)

//go:noescape
func statVPairAVX512(mu1, mu2, rr, dd, rd *uint32, ref, dis **uint16, filt *uint32, n int, muAdd, muShift, sqAdd, sqShift uint64)

// avx512Kernels replaces the AVX2 kernels with AVX-512 twins where these
// timed faster on the same machine; the rest of the set is AVX2's.
func avx512Kernels(k *kernels) {
	k.statH = statHSIMD512
	k.statV = statVSIMD512
	k.statVP = statVPSIMD512
	k.subVP = subVPWith(subVPAVX512, 32)
}

// statVSIMD512 runs statV8AVX512 on the whole vectors of 32 columns of
// 8-bit samples at scale 0 (where every sum fits 32 bits) and statVSIMD on
// the rest.
func statVSIMD512(ref, dis [][]uint16, filt []uint16, rd Rounding, j0, w int, mu1, mu2, rr, dd, rdv []uint32) {
	if len(filt) == 17 && rd == StatRounding(0, 8) {
		if n := (w - j0) &^ 31; n > 0 {
			var pr, pd [17]*uint16
			for k := range filt {
				pr[k], pd[k] = &ref[k][j0:w][0], &dis[k][j0:w][0]
			}
			_, _, _, _, _ = mu1[j0+n-1], mu2[j0+n-1], rr[j0+n-1], dd[j0+n-1], rdv[j0+n-1]
			statV8AVX512(&mu1[j0], &mu2[j0], &rr[j0], &dd[j0], &rdv[j0], &pr[0], &pd[0], &stat8Pair, &stat8Tap, n)
			j0 += n
		}
	}
	j0 = statVPair(statVPairAVX512, 32, ref, dis, filt, rd, j0, w, mu1, mu2, rr, dd, rdv)
	statVSIMD(ref, dis, filt, rd, j0, w, mu1, mu2, rr, dd, rdv)
}

// statVPSIMD512 is statVSIMD512 on the rows of a packed picture.
func statVPSIMD512(ref, dis [][]uint8, filt []uint16, rd Rounding, j0, w int, mu1, mu2, rr, dd, rdv []uint32) {
	if len(filt) == 17 && rd == StatRounding(0, 8) {
		if n := (w - j0) &^ 31; n > 0 {
			var pr, pd [17]*uint8
			for k := range filt {
				pr[k], pd[k] = &ref[k][j0:w][0], &dis[k][j0:w][0]
			}
			_, _, _, _, _ = mu1[j0+n-1], mu2[j0+n-1], rr[j0+n-1], dd[j0+n-1], rdv[j0+n-1]
			statV8PAVX512(&mu1[j0], &mu2[j0], &rr[j0], &dd[j0], &rdv[j0], &pr[0], &pd[0], &stat8Pair, &stat8Tap, n)
			j0 += n
		}
	}
	statVPSIMD(ref, dis, filt, rd, j0, w, mu1, mu2, rr, dd, rdv)
}

// statHSIMD512 runs statHMaddAVX512 in blocks of up to 64 columns (16 a
// step) where the filter allows it (statHSIMD says when and why), and
// statHSIMD on what is left.
func statHSIMD512(mu1, mu2, rr, dd, rdv []uint32, filt []uint16, j0, w int, s1, s2, s12 []int32) {
	if fp := pairsFor(filt); fp != nil {
		m := min(len(mu1), len(mu2), len(rr), len(dd), len(rdv))
		var scratch [8][80]uint32
		for {
			n := min((w-j0)&^15, 64)
			// The word pairs reach column j0+16*chunks of the rows.
			chunks := (n + len(filt) - 1 + 15) / 16
			for n > 0 && j0+16*chunks >= m {
				n -= 16
				chunks = (n + len(filt) - 1 + 15) / 16
			}
			if n <= 0 {
				break
			}
			_, _, _, _, _ = mu1[j0+16*chunks], mu2[j0+16*chunks], rr[j0+16*chunks], dd[j0+16*chunks], rdv[j0+16*chunks]
			_, _, _ = s1[j0+n-1], s2[j0+n-1], s12[j0+n-1]
			statHMaddAVX512(&s1[j0], &s2[j0], &s12[j0], &mu1[j0], &mu2[j0], &rr[j0], &dd[j0], &rdv[j0], &fp[0], len(fp), n, chunks, &scratch)
			j0 += n
		}
	}
	statHSIMD(mu1, mu2, rr, dd, rdv, filt, j0, w, s1, s2, s12)
}
