//go:build !purego

package vif

import (
	"slices"

	"github.com/bandscope/bandscope/kernels/cpu"
)

//go:noescape
func statVAVX2(mu1, mu2, rr, dd, rd *uint32, ref, dis **uint16, filt *uint32, taps, n int, muAdd, muShift, sqAdd, sqShift uint64)

//go:noescape
func statV8AVX2(mu1, mu2, rr, dd, rd *uint32, ref, dis **uint16, fpair, f32 *[9][8]uint32, n int)

// stat8Pair and stat8Tap are scale 0's taps for statV8AVX2: tap k (k < 8)
// weighs rows k and 16-k, tap 8 the centre row paired with itself at half
// weight; stat8Pair holds each tap in both words of a dword.
var stat8Pair, stat8Tap = func() (p, t [9][8]uint32) {
	f := Filters[0]
	for k := 0; k < 9; k++ {
		v := uint32(f[k])
		if k == 8 {
			v /= 2 // even
		}
		for i := range 8 {
			p[k][i], t[k][i] = v|v<<16, v
		}
	}
	return
}()

//go:noescape
func pixelsAVX2(s1, s2, s12 *int32, n int, table *uint16, gainLimit, eps float64, acc *[4][4]int64)

// log2TablePadded is Log2Table with one more entry: the gathers of
// pixelsAVX2 read a dword per 16-bit entry.
var log2TablePadded = func() *[65537]uint16 {
	var t [65537]uint16
	copy(t[:], Log2Table()[:])
	return &t
}()

func pixelsSIMD(t *[65536]uint16, s1, s2, s12 []int32, gainLimit float64, acc *Sums) {
	n := len(s1) &^ 3
	if n > 0 {
		_, _ = s2[n-1], s12[n-1]
		var lanes [4][4]int64
		pixelsAVX2(&s1[0], &s2[0], &s12[0], n, &log2TablePadded[0], gainLimit, Eps, &lanes)
		for l := 0; l < 4; l++ {
			acc.NumLog += lanes[0][l]
			acc.DenLog += lanes[1][l]
			acc.NumNonLog += lanes[2][l]
			acc.DenNonLog += lanes[3][l]
		}
	}
	pixelsGo(t, s1[n:], s2[n:], s12[n:], gainLimit, acc)
}

//go:noescape
func statHPairAVX2(s1, s2, s12 *int32, mu1, mu2, rr, dd, rd *uint32, filt *uint32, taps, n int)

//go:noescape
func subHAVX2(out, conv *uint16, filt *uint32, taps, n int)

//go:noescape
func subVAVX2(conv *uint16, rows **uint16, filt *uint32, taps, n int, add, shift uint64)

// filters32 are the filters widened for broadcasting.
var filters32 = func() (f [NumScales][]uint32) {
	for s, taps := range Filters {
		for _, t := range taps {
			f[s] = append(f[s], uint32(t))
		}
	}
	return
}()

func taps32(filt []uint16) *uint32 {
	for s := range Filters {
		if len(Filters[s]) == len(filt) {
			return &filters32[s][0]
		}
	}
	panic("vif: unknown filter")
}

// asmKernels installs the assembly loops of a kernel set: AVX2 for both
// SIMD sets (AVX-512 has no twins of its own yet).
func asmKernels(s cpu.Set, k *kernels) {
	if s != cpu.AVX2 && s != cpu.AVX512 {
		return
	}
	k.statV = statVSIMD
	k.statH = statHSIMD
	k.subV = subVSIMD
	k.subH = subHSIMD
	k.pixels = pixelsSIMD
	packedKernels(k)
	if s == cpu.AVX512 {
		avx512Kernels(k)
	}
}

func subHSIMD(conv []uint16, filt []uint16, w int, out []uint16) {
	n := (w / 2) &^ 7
	if n > 0 {
		// The last step reads columns up to 2n+14+taps-1 < w+taps-1.
		_ = conv[2*n-2+len(filt)-1+1]
		_ = out[n-1]
		subHAVX2(&out[0], &conv[0], taps32(filt), len(filt), n)
	}
	subHTail(conv, filt, n, w, out)
}

func statVSIMD(ref, dis [][]uint16, filt []uint16, rd Rounding, j0, w int, mu1, mu2, rr, dd, rdv []uint32) {
	// 8-bit samples at scale 0: every sum fits 32 bits.
	if len(filt) == 17 && rd == StatRounding(0, 8) {
		if n := (w - j0) &^ 15; n > 0 {
			var pr, pd [17]*uint16
			for k := range filt {
				pr[k], pd[k] = &ref[k][j0:w][0], &dis[k][j0:w][0]
			}
			_, _, _, _, _ = mu1[j0+n-1], mu2[j0+n-1], rr[j0+n-1], dd[j0+n-1], rdv[j0+n-1]
			statV8AVX2(&mu1[j0], &mu2[j0], &rr[j0], &dd[j0], &rdv[j0], &pr[0], &pd[0], &stat8Pair, &stat8Tap, n)
			j0 += n
		}
	}
	j0 = statVPair(statVPairAVX2, 8, ref, dis, filt, rd, j0, w, mu1, mu2, rr, dd, rdv)
	if n := (w - j0) &^ 7; n > 0 {
		var pr, pd [17]*uint16
		for k := range filt {
			pr[k], pd[k] = &ref[k][j0:w][0], &dis[k][j0:w][0]
		}
		_ = mu1[j0+n-1]
		_ = mu2[j0+n-1]
		_ = rr[j0+n-1]
		_ = dd[j0+n-1]
		_ = rdv[j0+n-1]
		statVAVX2(&mu1[j0], &mu2[j0], &rr[j0], &dd[j0], &rdv[j0], &pr[0], &pd[0], taps32(filt), len(filt), n,
			uint64(rd.MuAdd), uint64(rd.MuShift), rd.SqAdd, uint64(rd.SqShift))
		j0 += n
	}
	statVGo[uint16](ref, dis, filt, rd, j0, w, mu1, mu2, rr, dd, rdv)
}

//go:noescape
func statHMaddAVX2(s1, s2, s12 *int32, mu1, mu2, rr, dd, rd *uint32, fpairs *uint32, np, n, chunks int, scratch *[8][80]uint32)

// hmPairs are the filters' taps in pairs for statHMaddAVX2: word 0 tap
// 2p, word 1 tap 2p+1 (0 past the last); nil where a tap does not fit a
// signed word (scale 3's centre, 43728), as VPMADDWD needs.
var hmPairs = func() (f [NumScales][]uint32) {
	for s, taps := range Filters {
		if slices.Max(taps) >= 1<<15 {
			continue
		}
		for k := 0; k < len(taps); k += 2 {
			v := uint32(taps[k])
			if k+1 < len(taps) {
				v |= uint32(taps[k+1]) << 16
			}
			f[s] = append(f[s], v)
		}
	}
	return
}()

func pairsFor(filt []uint16) []uint32 {
	for s := range Filters {
		if len(Filters[s]) == len(filt) {
			return hmPairs[s]
		}
	}
	panic("vif: unknown filter")
}

// statHSIMD runs statHMaddAVX2 where the filter allows it, in blocks of
// up to 64 columns, then statHPairAVX2 and the Go loop on what is left.
//
// statHMaddAVX2 multiplies 16-bit words (VPMADDWD, 8 columns' products
// of two taps per instruction, the most of any form here) and sums in
// 32-bit lanes. That is exact for every input, at every scale and bit
// depth: a mean is below 2^16 (StatVertical rounds it to 16 bits) and a
// moment, a uint32, is hi*2^16 + lo with both words below 2^16; the taps
// sum to 2^16, so each word's filtered sum is at most 65535*2^16 < 2^32,
// and the 64-bit moment sum is hi's sum*2^16 + lo's. VPMADDWD's words are
// signed: each word is biased by -2^15 (XOR 0x8000), which takes 2^15
// times the taps' sum, 2^31, from every sum (put back at the end; the
// wrapping dword adds keep the sums mod 2^32 and a pair's products never
// overflow: 2 * 26386 * 2^15 < 2^31), and the taps must be below 2^15:
// scales 0-2 (largest tap 26386); scale 3 falls back.
func statHSIMD(mu1, mu2, rr, dd, rdv []uint32, filt []uint16, j0, w int, s1, s2, s12 []int32) {
	if fp := pairsFor(filt); fp != nil {
		m := min(len(mu1), len(mu2), len(rr), len(dd), len(rdv))
		var scratch [8][80]uint32
		for {
			n := min((w-j0)&^7, 64)
			// The word pairs reach column j0+8*chunks of the rows.
			chunks := (n + len(filt) - 1 + 7) / 8
			for n > 0 && j0+8*chunks >= m {
				n -= 8
				chunks = (n + len(filt) - 1 + 7) / 8
			}
			if n <= 0 {
				break
			}
			_, _, _, _, _ = mu1[j0+8*chunks], mu2[j0+8*chunks], rr[j0+8*chunks], dd[j0+8*chunks], rdv[j0+8*chunks]
			_, _, _ = s1[j0+n-1], s2[j0+n-1], s12[j0+n-1]
			statHMaddAVX2(&s1[j0], &s2[j0], &s12[j0], &mu1[j0], &mu2[j0], &rr[j0], &dd[j0], &rdv[j0], &fp[0], len(fp), n, chunks, &scratch)
			j0 += n
		}
	}
	n := (w - j0) &^ 7
	// statHPairAVX2's odd-column loads read one column past the last
	// one used: without it in every row, the Go loop takes the last 8.
	if m := min(len(mu1), len(mu2), len(rr), len(dd), len(rdv)); n > 0 && j0+n+len(filt)-1 >= m {
		n -= 8
	}
	if n > 0 {
		last := j0 + n - 1 + len(filt) - 1 + 1
		_, _, _, _, _ = mu1[last], mu2[last], rr[last], dd[last], rdv[last]
		_, _, _ = s1[j0+n-1], s2[j0+n-1], s12[j0+n-1]
		statHPairAVX2(&s1[j0], &s2[j0], &s12[j0], &mu1[j0], &mu2[j0], &rr[j0], &dd[j0], &rdv[j0], taps32(filt), len(filt), n)
		j0 += n
	}
	statHGo(mu1, mu2, rr, dd, rdv, filt, j0, w, s1, s2, s12)
}

func subVSIMD(rows [][]uint16, filt []uint16, add uint32, shift uint, j0, w int, conv []uint16) {
	if n := (w - j0) &^ 15; n > 0 {
		var pr [17]*uint16
		for k := range filt {
			pr[k] = &rows[k][j0:w][0]
		}
		_ = conv[j0+n-1]
		subVAVX2(&conv[j0], &pr[0], taps32(filt), len(filt), n, uint64(add), uint64(shift))
		j0 += n
	}
	subVGo[uint16](rows, filt, add, shift, j0, w, conv)
}
