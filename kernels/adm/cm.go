package adm

// CMMaps receives, when non-nil, what the contrast-masking stage sees at
// every scored coefficient of every band, as the integers it computes with:
// X the CSF-weighted restored coefficient, Thr the masking threshold in the
// same units (per band: scale 0 shifts it to each band's Q format).
type CMMaps struct {
	X, Thr [NumBands][]int32
}

// neighbours returns the row offsets above/below and the columns left/right
// of (i, j) as the masking window reads them: mirrored at the first row and
// column, repeated at the last (libvmaf's nine border cases).
func neighbours(i, j, w, h int) (up, down, left, right int) {
	up, down, left, right = i-1, i+1, j-1, j+1
	if i == 0 {
		up = 1
	}
	if i == h-1 {
		down = h - 1
	}
	if j == 0 {
		left = 1
	}
	if j == w-1 {
		right = w - 1
	}
	return up * w, down * w, left, right
}

// cm0 is scale 0's contrast masking (adm_cm): for every scored coefficient
// of src (the restored bands for DLM, the additive ones for AIM) weighted by
// weight, subtract the masking threshold built from csfA (centre, |v|/15)
// and csfF (the eight neighbours, |v|/30) summed over the three bands,
// clip at zero, cube with libvmaf's rounding and accumulate; norm restores
// the weight normalisation. It returns each band's term
// (sum^(1/3) + noise floor) in float, as it enters the scale's numerator.
// F is w*h scratch (nil allocates it).
func cm0(src, csfA, csfF *[NumBands][]int16, w, h int, weight [NumBands]uint32, norm int, nw float64, maps *CMMaps, F []int32) [NumBands]float32 {
	sh := ScaleShifts(0, w, h)
	wt := [NumBands]int32{int32(weight[0]), int32(weight[1]), int32(weight[2])}
	acc := cmSums(&sh, src, csfA, csfF, w, h, F, maps, func(b int, v int16) int32 { return int32(v) * wt[b] }, csf0Ctr)
	return sh.NumTerms(acc, norm, nw)
}

// cm123 is cm0 for scales 1-3 (i4_adm_cm): Q32 weights, the |v|/15 centre
// term rounded with libvmaf's negative 2^31 constant, a square shifted by
// 30 and a cube shifted by ceil(log2 w).
func cm123(src, csfA, csfF *[NumBands][]int32, w, h, scale int, weight [NumBands]uint32, norm int, nw float64, maps *CMMaps, F []int32) [NumBands]float32 {
	sh := ScaleShifts(scale, w, h)
	acc := cmSums(&sh, src, csfA, csfF, w, h, F, maps, func(b int, v int32) int32 { return csf123One(weight[b], v) }, csf123Ctr)
	return sh.NumTerms(acc, norm, nw)
}

// cmSums is a scale's masked sums over the scored window, per band: the
// weighted coefficient x(b, v) against the threshold (the ring of the
// bands' |csf|/30 sums plus the three centre terms ctr, shifted to the
// band's format at scale 0), cubed, summed per row and each row's sum
// rounded and shifted. The threshold is a sum of int32 terms, which wraps
// like libvmaf's and so may be regrouped: the three bands' |csf|/30 are
// added first (F, w*h scratch; nil allocates it).
func cmSums[T int16 | int32](sh *Shifts, src, csfA, csfF *[NumBands][]T, w, h int, F []int32, maps *CMMaps, x func(b int, v T) int32, ctr func(v T) int32) [NumBands]int64 {
	sr := sh.Score
	var acc [NumBands]int64
	F = sumBands(csfF, w, h, F)
	for i := sr.Y0; i < sr.Y1; i++ {
		var inner [NumBands]int64
		for j := sr.X0; j < sr.X1; j++ {
			k := i*w + j
			thr := ring(F, i, j, w, h)
			for b := 0; b < NumBands; b++ {
				thr += ctr(csfA[b][k])
			}
			for b := 0; b < NumBands; b++ {
				xv, t := x(b, src[b][k]), thr<<sh.CMSub[b]
				if maps != nil {
					maps.X[b][k], maps.Thr[b][k] = xv, t
				}
				inner[b] += maskedCube(xv, t, sh.CMSq[b], sh.CMAddCub[b], sh.CMCub[b])
			}
		}
		for b := range acc {
			acc[b] += (inner[b] + sh.CMAddAcc) >> sh.CMAcc
		}
	}
	return acc
}

// sumBands adds the three bands' |csf|/30 terms over the work window into
// F (w*h; nil or short allocates).
func sumBands[T int16 | int32](csfF *[NumBands][]T, w, h int, F []int32) []int32 {
	if len(F) < w*h {
		F = make([]int32, w*h)
	}
	wr := WorkRect(w, h)
	for i := wr.Y0; i < wr.Y1; i++ {
		for j := i*w + wr.X0; j < i*w+wr.X1; j++ {
			F[j] = int32(csfF[0][j]) + int32(csfF[1][j]) + int32(csfF[2][j])
		}
	}
	return F
}

// ring is the 3x3 sum of F around (i, j) without its centre, the
// neighbours mirrored and repeated at the edges.
func ring(F []int32, i, j, w, h int) int32 {
	up, down, l, r := neighbours(i, j, w, h)
	row := i * w
	return F[up+l] + F[up+j] + F[up+r] + F[row+l] + F[row+r] + F[down+l] + F[down+j] + F[down+r]
}
