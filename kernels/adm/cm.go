package adm

import (
	"math"

	"github.com/bandscope/bandscope/kernels/libm"
)

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

// cmParams0 are scale 0's per-band fixed-point constants.
var (
	cm0SubShift = [NumBands]uint{10, 10, 12}
	cm0SqShift  = [NumBands]uint{29, 29, 30}
	cm0CubOff   = [NumBands]int{4, 4, 3} // cube shift = ceil(log2 w) - off
	cm0Final    = [NumBands]int{52, 52, 57}
)

// CM0 is scale 0's contrast masking (adm_cm): for every scored coefficient
// of src (the restored bands for DLM, the additive ones for AIM) weighted by
// weight, subtract the masking threshold built from csfA (centre, |v|/15)
// and csfF (the eight neighbours, |v|/30) summed over the three bands,
// clip at zero, cube with libvmaf's rounding and accumulate; norm restores
// the weight normalisation. It returns each band's term
// (sum^(1/3) + noise floor) in float, as it enters the scale's numerator.
func CM0(src, csfA, csfF *[NumBands][]int16, w, h int, weight [NumBands]uint32, norm int, nw float64, maps *CMMaps) [NumBands]float32 {
	return cm0(src, csfA, csfF, w, h, weight, norm, nw, maps, nil)
}

// cm0 is CM0 with a reusable w*h scratch slice (nil allocates one).
func cm0(src, csfA, csfF *[NumBands][]int16, w, h int, weight [NumBands]uint32, norm int, nw float64, maps *CMMaps, F []int32) [NumBands]float32 {
	sr := ScoreRect(w, h)
	var shiftCub [NumBands]uint
	var addCub [NumBands]int64
	for b := range shiftCub {
		shiftCub[b] = uint(ceilLog2(w) - cm0CubOff[b])
		addCub[b] = int64(uint32(libm.Pow(2, float64(int(shiftCub[b])-1))))
	}
	shiftAcc := uint(ceilLog2(h))
	addAcc := int64(uint32(libm.Pow(2, float64(int(shiftAcc)-1))))
	var acc [NumBands]int64
	wt := [NumBands]int32{int32(weight[0]), int32(weight[1]), int32(weight[2])}
	// The threshold is a sum of int32 terms, which wraps like libvmaf's and
	// so may be regrouped: the three bands' |csf|/30 are added first (F)
	// and the threshold is F's 3x3 sum without the centre plus the three
	// centre terms.
	wr := WorkRect(w, h)
	if len(F) < w*h {
		F = make([]int32, w*h)
	}
	for i := wr.Y0; i < wr.Y1; i++ {
		for j := i*w + wr.X0; j < i*w+wr.X1; j++ {
			F[j] = int32(csfF[0][j]) + int32(csfF[1][j]) + int32(csfF[2][j])
		}
	}
	for i := sr.Y0; i < sr.Y1; i++ {
		var inner [NumBands]int64
		for j := sr.X0; j < sr.X1; j++ {
			up, down, l, r := neighbours(i, j, w, h)
			row := i * w
			thr := F[up+l] + F[up+j] + F[up+r] + F[row+l] + F[row+r] + F[down+l] + F[down+j] + F[down+r]
			for b := 0; b < NumBands; b++ {
				thr += int32(int16((8738*abs32(int32(csfA[b][row+j])) + 2048) >> 12))
			}
			k := row + j
			for b := 0; b < NumBands; b++ {
				x := int32(src[b][k]) * wt[b]
				t := thr << cm0SubShift[b]
				if maps != nil {
					maps.X[b][k], maps.Thr[b][k] = x, t
				}
				x = abs32(x) - t
				if x < 0 {
					x = 0
				}
				xsq := int32((int64(x)*int64(x) + int64(1)<<(cm0SqShift[b]-1)) >> cm0SqShift[b])
				inner[b] += (int64(xsq)*int64(x) + addCub[b]) >> shiftCub[b]
			}
		}
		for b := range acc {
			acc[b] += (inner[b] + addAcc) >> shiftAcc
		}
	}
	return cm0Terms(acc, shiftCub, shiftAcc, norm, noiseTerm(sr, nw))
}

// cm0Terms finishes scale 0's masked sums into band terms.
func cm0Terms(acc [NumBands]int64, shiftCub [NumBands]uint, shiftAcc uint, norm int, noise float32) [NumBands]float32 {
	var out [NumBands]float32
	for b := range out {
		e := cm0Final[b] - int(shiftCub[b]) - int(shiftAcc) - 3*norm
		f := float32(float64(acc[b]) / math.Ldexp(1, e))
		out[b] = libm.Powf(f, oneThird) + noise
	}
	return out
}

var cmFinal = [4]int{0, 45, 39, 36}

// CM123 is CM0 for scales 1-3 (i4_adm_cm): Q32 weights, the |v|/15 centre
// term rounded with libvmaf's negative 2^31 constant, a square shifted by
// 30 and a cube shifted by ceil(log2 w).
func CM123(src, csfA, csfF *[NumBands][]int32, w, h, scale int, weight [NumBands]uint32, norm int, nw float64, maps *CMMaps) [NumBands]float32 {
	return cm123(src, csfA, csfF, w, h, scale, weight, norm, nw, maps, nil)
}

func cm123(src, csfA, csfF *[NumBands][]int32, w, h, scale int, weight [NumBands]uint32, norm int, nw float64, maps *CMMaps, F []int32) [NumBands]float32 {
	sr := ScoreRect(w, h)
	shiftCub := uint(ceilLog2(w))
	addCub := int64(uint32(libm.Pow(2, float64(int(shiftCub)-1))))
	shiftAcc := uint(ceilLog2(h))
	addAcc := int64(uint32(libm.Pow(2, float64(int(shiftAcc)-1))))
	var acc [NumBands]int64
	wr := WorkRect(w, h)
	if len(F) < w*h {
		F = make([]int32, w*h)
	}
	for i := wr.Y0; i < wr.Y1; i++ {
		for j := i*w + wr.X0; j < i*w+wr.X1; j++ {
			F[j] = csfF[0][j] + csfF[1][j] + csfF[2][j]
		}
	}
	for i := sr.Y0; i < sr.Y1; i++ {
		var inner [NumBands]int64
		for j := sr.X0; j < sr.X1; j++ {
			up, down, l, r := neighbours(i, j, w, h)
			row := i * w
			thr := F[up+l] + F[up+j] + F[up+r] + F[row+l] + F[row+r] + F[down+l] + F[down+j] + F[down+r]
			for b := 0; b < NumBands; b++ {
				thr += int32((286331153*int64(abs32(csfA[b][row+j])) - 1<<31) >> 32)
			}
			k := row + j
			for b := 0; b < NumBands; b++ {
				x := int32((int64(src[b][k])*int64(weight[b]) + 1<<27) >> 28)
				if maps != nil {
					maps.X[b][k], maps.Thr[b][k] = x, thr
				}
				x = abs32(x) - thr
				if x < 0 {
					x = 0
				}
				xsq := int32((int64(x)*int64(x) + 1<<29) >> 30)
				inner[b] += (int64(xsq)*int64(x) + addCub) >> shiftCub
			}
		}
		for b := range acc {
			acc[b] += (inner[b] + addAcc) >> shiftAcc
		}
	}
	return cm123Terms(acc, scale, shiftCub, shiftAcc, norm, noiseTerm(sr, nw))
}

// cm123Terms finishes a scale's masked sums into band terms.
func cm123Terms(acc [NumBands]int64, scale int, shiftCub, shiftAcc uint, norm int, noise float32) [NumBands]float32 {
	var out [NumBands]float32
	// libvmaf divides in float: the int64 sum rounds to float first.
	div := float32(math.Ldexp(1, cmFinal[scale]-int(shiftCub)-int(shiftAcc)-3*norm))
	for b := range out {
		out[b] = libm.Powf(float32(acc[b])/div, oneThird) + noise
	}
	return out
}
