package adm

import (
	"math"

	"github.com/bandscope/bandscope/kernels/libm"
)

// The fixed-point recipes of integer ADM, each written once: every scorer
// (the reference stages, the fast scorer's fused loops and Go twins, the
// GPU backend's host side) calls these, and the libvmaf goldens are the
// independent check of them.

// The Daubechies-2 analysis taps in Q15, low and high pass, and the sum of
// the low-pass taps (used to centre unsigned input on zero). Constants, so
// that the Go twins' inner loops multiply by immediates.
const (
	dwtLo0, dwtLo1, dwtLo2, dwtLo3 = 15826, 27411, 7345, -4240
	dwtHi0, dwtHi1, dwtHi2, dwtHi3 = -4240, -7345, 27411, -15826
	dwtLoSum                       = 46342
)

// dwt0HOne is one output pair of DWT0's horizontal pass from its four
// inputs: the low- and high-pass sums rounded by 16 into int16.
func dwt0HOne(s0, s1, s2, s3 int32) (lo, hi int16) {
	lo = int16((dwtLo0*s0 + dwtLo1*s1 + dwtLo2*s2 + dwtLo3*s3 + 32768) >> 16)
	hi = int16((dwtHi0*s0 + dwtHi1*s1 + dwtHi2*s2 + dwtHi3*s3 + 32768) >> 16)
	return lo, hi
}

// dwt123One is one output pair of a scale 1-3 pass (vertical or
// horizontal) in int64 with the pass's rounding.
func dwt123One(s0, s1, s2, s3, add int64, shift uint) (lo, hi int32) {
	lo = int32((dwtLo0*s0 + dwtLo1*s1 + dwtLo2*s2 + dwtLo3*s3 + add) >> shift)
	hi = int32((dwtHi0*s0 + dwtHi1*s1 + dwtHi2*s2 + dwtHi3*s3 + add) >> shift)
	return lo, hi
}

// Rounding and shifts of the vertical and horizontal passes at scales 1-3.
var (
	vpAdd   = [4]int64{0, 0, 32768, 32768}
	vpShift = [4]uint{0, 0, 16, 16}
	hpAdd   = [4]int64{0, 16384, 32768, 16384}
	hpShift = [4]uint{0, 15, 16, 15}
)

// DWTRounding is the rounding constant and shift of the vertical (v) and
// horizontal (h) passes of DWT123 at scale 1, 2 or 3.
func DWTRounding(scale int) (vAdd int64, vShift uint, hAdd int64, hShift uint) {
	return vpAdd[scale], vpShift[scale], hpAdd[scale], hpShift[scale]
}

// decouple0One is Decouple0 on one coefficient: the restored and additive
// parts of distorted t given reference o (adm_decouple).
func decouple0One(o, t int32, flag bool, egl float64) (r, a int16) {
	kk := int32(32768)
	if o != 0 {
		kk = int32((int64(divLookup[o+32768])*int64(t) + 16384) >> 15)
	}
	kk = min(max(kk, 0), 32768)
	rst := int64(int16((kk*o + 16384) >> 15))
	if flag {
		rst = int64(int16(gainLimit(rst, int64(t), kk > 0 && o > 0, kk > 0 && o < 0, egl)))
	}
	return int16(rst), int16(int64(t) - rst)
}

// decouple123One is Decouple123 on one coefficient (adm_decouple_s123):
// the division t/o goes through the same table after reducing o to 15
// bits.
func decouple123One(o, t32 int32, flag bool, egl float64) (r, a int32) {
	t := int64(t32)
	var kk int64 = 32768
	if o != 0 {
		ab := uint32(o)
		sign := int64(1)
		if o < 0 {
			ab = uint32(-o)
			sign = -1
		}
		var shift uint
		msb := ab
		if ab >= 32768 {
			msb, shift = best15(ab)
		}
		kk = (int64(divLookup[msb+32768])*t*sign + int64(1)<<(14+shift)) >> (15 + shift)
	}
	kk = min(max(kk, 0), 32768)
	rst := int64(int32((kk*int64(o) + 16384) >> 15))
	if flag {
		rst = int64(int32(gainLimit(rst, t, kk > 0 && o > 0, kk > 0 && o < 0, egl)))
	}
	return int32(rst), int32(t - rst)
}

// Scale 0's CSF: per band, the rounding and shift of the weighted
// coefficient (weights in Q21, Q21, Q23; results in Q12).
var (
	csf0Shift = [NumBands]uint{15, 15, 17}
	csf0Add   = [NumBands]int32{16384, 16384, 65535}
)

// csf0One is scale 0's CSF-weighted coefficient of band b (adm_csf).
func csf0One(wt int32, x int16, b int) int16 {
	return int16((wt*int32(x) + csf0Add[b]) >> csf0Shift[b])
}

// csf0Flt and csf0Ctr are scale 0's masking terms of a CSF-weighted
// coefficient: |v|/30 (the neighbours') and |v|/15 (the centre's), in Q12.
func csf0Flt(v int16) int32 { return int32(int16((4369*abs32(int32(v)) + 2048) >> 12)) }
func csf0Ctr(v int16) int32 { return int32(int16((8738*abs32(int32(v)) + 2048) >> 12)) }

// csf123One is a scale 1-3 CSF-weighted coefficient (i4_adm_csf): Q32
// weights, rounded by 28.
func csf123One(wt uint32, x int32) int32 { return int32((int64(wt)*int64(x) + 1<<27) >> 28) }

// csf123Flt and csf123Ctr are csf0Flt and csf0Ctr at scales 1-3. libvmaf's
// rounding constant is 2^31 stored in an int32, so it subtracts 2^31
// before the shift.
func csf123Flt(v int32) int32 { return int32((143165577*int64(abs32(v)) - 1<<31) >> 32) }
func csf123Ctr(v int32) int32 { return int32((286331153*int64(abs32(v)) - 1<<31) >> 32) }

// maskedCube is one coefficient's contrast-masking term: |x| less the
// threshold, clipped at zero, squared and cubed with libvmaf's rounding
// shifts (adm_cm, i4_adm_cm).
func maskedCube(x, thr int32, sq uint, addCub int64, shiftCub uint) int64 {
	x = abs32(x) - thr
	if x < 0 {
		x = 0
	}
	xsq := int32((int64(x)*int64(x) + int64(1)<<(sq-1)) >> sq)
	return (int64(xsq)*int64(x) + addCub) >> shiftCub
}

// Scale 0's masking constants per band, and the exponents that turn the
// sums back into floats.
var (
	cm0SubShift = [NumBands]uint{10, 10, 12}
	cm0SqShift  = [NumBands]uint{29, 29, 30}
	cm0CubOff   = [NumBands]int{4, 4, 3} // cube shift = ceil(log2 w) - off
	cm0Final    = [NumBands]int{52, 52, 57}
	cmFinal     = [NumScales]int{0, 45, 39, 36}
	denSqShift  = [NumScales]uint{0, 31, 30, 31}
	denConvert  = [NumScales]uint32{0, 32, 27, 23}
)

// Shifts are one scale's rounding shifts and constants, derived from the
// band's size as libvmaf derives them, for the masking sums (CM) and the
// denominator (Den). Scale 0's denominator has only DenAcc and DenAddAcc.
type Shifts struct {
	Scale int
	Score Rect // the scored window
	// Masking, per band: the threshold's left shift (scale 0), the
	// square's and the cube's shifts and the cube's rounding; then the
	// shift and rounding of each row's sum.
	CMSub, CMSq, CMCub [NumBands]uint
	CMAddCub           [NumBands]int64
	CMAcc              uint
	CMAddAcc           int64
	// Denominator: the square's, the cube's and each row sum's shift and
	// rounding (scales 1-3 square and cube; scale 0 cubes exactly).
	DenSq, DenCub, DenAcc          uint
	DenAddSq, DenAddCub, DenAddAcc uint64
}

// ScaleShifts returns the shifts of scale s for a w x h band.
func ScaleShifts(s, w, h int) Shifts {
	sr := ScoreRect(w, h)
	x := Shifts{Scale: s, Score: sr}
	x.CMAcc = uint(ceilLog2(h))
	x.CMAddAcc = int64(uint32(libm.Pow(2, float64(int(x.CMAcc)-1))))
	for b := 0; b < NumBands; b++ {
		if s == 0 {
			x.CMSub[b], x.CMSq[b] = cm0SubShift[b], cm0SqShift[b]
			x.CMCub[b] = uint(ceilLog2(w) - cm0CubOff[b])
		} else {
			x.CMSq[b], x.CMCub[b] = 30, uint(ceilLog2(w))
		}
		x.CMAddCub[b] = int64(uint32(libm.Pow(2, float64(int(x.CMCub[b])-1))))
	}
	if s == 0 {
		x.DenAcc = uint(max(ceilLog2((sr.Y1-sr.Y0)*(sr.X1-sr.X0))-20, 0))
		if x.DenAcc > 0 {
			x.DenAddAcc = 1 << (x.DenAcc - 1)
		}
		return x
	}
	// uint32 as in libvmaf: the rounding constants come from pow(2, s-1)
	// in unsigned arithmetic.
	cub, acc := uint32(ceilLog2(sr.X1-sr.X0)), uint32(ceilLog2(sr.Y1-sr.Y0))
	x.DenCub, x.DenAcc = uint(cub), uint(acc)
	x.DenAddCub = uint64(uint32(libm.Pow(2, float64(cub-1))))
	x.DenAddAcc = uint64(uint32(libm.Pow(2, float64(acc-1))))
	x.DenSq = denSqShift[s]
	x.DenAddSq = uint64(1) << x.DenSq
	return x
}

const oneThird = float32(1.0) / 3

// noiseTerm is the noise floor added to every band's numerator and
// denominator: (area * weight)^(1/3), in float.
func noiseTerm(sr Rect, nw float64) float32 {
	return libm.Powf(float32(float64((sr.Y1-sr.Y0)*(sr.X1-sr.X0))*nw), oneThird)
}

// NumTerms finishes a scale's masked sums (numerator or AIM, nw 0 for
// AIM) into band terms: the sum back in float, its cube root, the noise
// floor.
func (x *Shifts) NumTerms(acc [NumBands]int64, norm int, nw float64) [NumBands]float32 {
	noise := noiseTerm(x.Score, nw)
	var out [NumBands]float32
	if x.Scale == 0 {
		for b := range out {
			e := cm0Final[b] - int(x.CMCub[b]) - int(x.CMAcc) - 3*norm
			f := float32(float64(acc[b]) / math.Ldexp(1, e))
			out[b] = libm.Powf(f, oneThird) + noise
		}
		return out
	}
	// libvmaf divides in float: the int64 sum rounds to float first.
	div := float32(math.Ldexp(1, cmFinal[x.Scale]-int(x.CMCub[0])-int(x.CMAcc)-3*norm))
	for b := range out {
		out[b] = libm.Powf(float32(acc[b])/div, oneThird) + noise
	}
	return out
}

// DenTerms finishes a scale's denominator sums into band terms: weighed
// by factor^3, cube root, noise floor.
func (x *Shifts) DenTerms(acc [NumBands]uint64, factor [NumBands]float32, nw float64) [NumBands]float32 {
	pa := noiseTerm(x.Score, nw)
	var out [NumBands]float32
	for b := range out {
		var csf float64
		if x.Scale == 0 {
			csf = float64(float64(acc[b])/math.Ldexp(1, 18-int(x.DenAcc))) * libm.Pow(float64(factor[b]), 3)
		} else {
			// The exponent is unsigned in libvmaf: a negative one wraps
			// and pow gives infinity (never for frames up to MaxSize).
			div := libm.Pow(2, float64(denConvert[x.Scale]-uint32(x.DenAcc)-uint32(x.DenCub)))
			csf = float64(float64(acc[b])/div) * libm.Pow(float64(factor[b]), 3)
		}
		out[b] = libm.Powf(float32(csf), oneThird) + pa
	}
	return out
}

// MapExp is the maps' unit at scale s, band b: a map value times 2^x (the
// restored coefficient and the threshold) or 2^additive (the additive
// impairment) is the integer the masking stage computes with.
func MapExp(s, b, norm int) (x, additive int) {
	if s == 0 {
		x = [NumBands]int{27, 27, 29}[b]
		return x - norm, 12 - norm
	}
	x = [NumScales]int{0, 25, 23, 22}[s] - norm
	return x, x
}
