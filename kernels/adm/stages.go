package adm

import (
	"math"
	"math/bits"

	"github.com/bandscope/bandscope/kernels/libm"
)

// Rect is a half-open window of a band: columns [X0, X1), rows [Y0, Y1).
type Rect struct{ X0, Y0, X1, Y1 int }

// ScoreRect is the window that is scored: 10% of the band (rounded as C
// truncates w*0.1-0.5) is left out on every side.
func ScoreRect(w, h int) Rect {
	l := int(float64(w)*0.1 - 0.5)
	t := int(float64(h)*0.1 - 0.5)
	return Rect{l, t, w - l, h - t}
}

// WorkRect is the scored window grown by the filter taps the masking stage
// reads (one more on each side, two more to the right and below as
// libvmaf sizes it) and clipped to the band: the decouple and CSF stages
// only compute this window.
func WorkRect(w, h int) Rect {
	l := int(float64(w)*0.1 - 0.5 - 1)
	t := int(float64(h)*0.1 - 0.5 - 1)
	r := Rect{l, t, w - l + 2, h - t + 2}
	r.X0, r.Y0 = max(r.X0, 0), max(r.Y0, 0)
	r.X1, r.Y1 = min(r.X1, w), min(r.Y1, h)
	return r
}

// ceilLog2 is ceil(log2(n)) for n >= 1, exact where C's log2 is.
func ceilLog2(n int) int { return bits.Len(uint(n - 1)) }

// divLookup[32768+i] is 2^30/i truncated, negated for negative i.
var divLookup = func() []int32 {
	t := make([]int32, 65537)
	for i := 1; i <= 32768; i++ {
		r := int32((1 << 30) / i)
		t[32768+i] = r
		t[32768-i] = -r
	}
	return t
}()

// angleFlag reports whether the (h, v) detail vectors of the reference and
// the distorted picture are less than one degree apart, evaluated in float
// and double the way libvmaf does.
func angleFlag(oh, ov, th, tv int64, cos1 float32) bool {
	dp := oh*th + ov*tv
	om := oh*oh + ov*ov
	tm := th*th + tv*tv
	d := float64(float32(dp)) / 4096.0
	if !(d >= 0) {
		return false
	}
	rhs := float64(float64(float64(cos1)*(float64(float32(om))/4096.0)) * (float64(float32(tm)) / 4096.0))
	return float64(d*d) >= rhs
}

// gainLimit applies the enhancement gain limit: a restored coefficient that
// points the same way as the distorted one may be scaled by up to egl but
// not beyond the distorted value (C's MIN/MAX in double, then truncation).
func gainLimit(rst, t int64, pos, neg bool, egl float64) int64 {
	switch {
	case pos:
		if x := float64(rst) * egl; x < float64(t) {
			return int64(x)
		}
		return t
	case neg:
		if x := float64(rst) * egl; x > float64(t) {
			return int64(x)
		}
		return t
	}
	return rst
}

// gainLimit's comparisons are C's MIN/MAX on doubles, which give the
// second operand on ties and NaN; they only see finite values here (egl is
// in [1, 100]), where a plain comparison agrees with them and with
// math.Min/Max, and t converts back exactly.

// Decouple0 splits the distorted scale-0 detail bands into the part
// restored from the reference (r) and the additive impairment (a), over the
// work window, as libvmaf's adm_decouple.
func Decouple0(ref, dis *Bands16, r, a *[NumBands][]int16, egl float64, cos1 float32) {
	wr := WorkRect(ref.W, ref.H)
	for i := wr.Y0; i < wr.Y1; i++ {
		for j := wr.X0; j < wr.X1; j++ {
			k := i*ref.W + j
			oh, ov := int64(ref.B[BandH][k]), int64(ref.B[BandV][k])
			th, tv := int64(dis.B[BandH][k]), int64(dis.B[BandV][k])
			flag := angleFlag(oh, ov, th, tv, cos1)
			for b := 0; b < NumBands; b++ {
				o, t := int32(ref.B[b][k]), int32(dis.B[b][k])
				kk := int32(32768)
				if o != 0 {
					kk = int32((int64(divLookup[o+32768])*int64(t) + 16384) >> 15)
				}
				kk = min(max(kk, 0), 32768)
				rst := int64(int16((kk*o + 16384) >> 15))
				if flag {
					rst = int64(int16(gainLimit(rst, int64(t), kk > 0 && o > 0, kk > 0 && o < 0, egl)))
				}
				r[b][k] = int16(rst)
				a[b][k] = int16(int64(t) - rst)
			}
		}
	}
}

// best15 reduces a 32-bit magnitude to 15 significant bits, rounding, and
// returns the shift.
func best15(v uint32) (uint32, uint) {
	k := uint(17 - bits.LeadingZeros32(v))
	return (v + 1<<(k-1)) >> k, k
}

// Decouple123 is Decouple0 for the int32 bands of scales 1-3
// (adm_decouple_s123): the division th/oh goes through the same table
// after reducing oh to 15 bits.
func Decouple123(ref, dis *Bands32, r, a *[NumBands][]int32, egl float64, cos1 float32) {
	wr := WorkRect(ref.W, ref.H)
	for i := wr.Y0; i < wr.Y1; i++ {
		for j := wr.X0; j < wr.X1; j++ {
			k := i*ref.W + j
			oh, ov := int64(ref.B[BandH][k]), int64(ref.B[BandV][k])
			th, tv := int64(dis.B[BandH][k]), int64(dis.B[BandV][k])
			flag := angleFlag(oh, ov, th, tv, cos1)
			for b := 0; b < NumBands; b++ {
				o, t := ref.B[b][k], int64(dis.B[b][k])
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
				r[b][k] = int32(rst)
				a[b][k] = int32(t - rst)
			}
		}
	}
}

// CSF0 weighs scale-0 bands by the contrast sensitivity (weights in Q21,
// Q21, Q23) into dst (Q12) and writes |dst|/30 into flt, over the work
// window (adm_csf).
func CSF0(src *[NumBands][]int16, w, h int, weight [NumBands]uint32, dst, flt *[NumBands][]int16) {
	shifts := [NumBands]uint{15, 15, 17}
	adds := [NumBands]int32{16384, 16384, 65535}
	wr := WorkRect(w, h)
	for b := 0; b < NumBands; b++ {
		wt := int32(weight[b])
		s, d, f := src[b], dst[b], flt[b]
		for i := wr.Y0; i < wr.Y1; i++ {
			for j := i*w + wr.X0; j < i*w+wr.X1; j++ {
				v := int16((wt*int32(s[j]) + adds[b]) >> shifts[b])
				d[j] = v
				f[j] = int16((4369*abs32(int32(v)) + 2048) >> 12)
			}
		}
	}
}

// CSF123 is CSF0 for scales 1-3 (i4_adm_csf): weights in Q32, results in
// the band's own scale. libvmaf's rounding constant for the |dst|/30 term
// is 2^31 stored in an int32, so it subtracts 2^31 before the shift.
func CSF123(src *[NumBands][]int32, w, h int, weight [NumBands]uint32, dst, flt *[NumBands][]int32) {
	wr := WorkRect(w, h)
	for b := 0; b < NumBands; b++ {
		wt := int64(weight[b])
		s, d, f := src[b], dst[b], flt[b]
		for i := wr.Y0; i < wr.Y1; i++ {
			for j := i*w + wr.X0; j < i*w+wr.X1; j++ {
				v := int32((wt*int64(s[j]) + 1<<27) >> 28)
				d[j] = v
				f[j] = int32((143165577*int64(abs32(v)) - 1<<31) >> 32)
			}
		}
	}
}

func abs32(v int32) int32 {
	if v < 0 {
		return -v
	}
	return v
}

const oneThird = float32(1.0) / 3

// noiseTerm is the noise floor added to every band's numerator and
// denominator: (area * weight)^(1/3), in float.
func noiseTerm(sr Rect, nw float64) float32 {
	return libm.Powf(float32(float64((sr.Y1-sr.Y0)*(sr.X1-sr.X0))*nw), oneThird)
}

// CSFDen0 is the CSF-weighted denominator of scale 0 per band
// (adm_csf_den_scale): the sum of |ref|^3 over the scored window, weighed
// by factor^3 and finished with a cube root plus the noise floor.
func CSFDen0(ref *Bands16, factor [NumBands]float32, nw float64) [NumBands]float32 {
	sr := ScoreRect(ref.W, ref.H)
	shift := max(ceilLog2((sr.Y1-sr.Y0)*(sr.X1-sr.X0))-20, 0)
	var add uint64
	if shift > 0 {
		add = 1 << (shift - 1)
	}
	var accs [NumBands]uint64
	for b := 0; b < NumBands; b++ {
		var acc uint64
		src := ref.B[b]
		for i := sr.Y0; i < sr.Y1; i++ {
			var inner uint64
			for _, v := range src[i*ref.W+sr.X0 : i*ref.W+sr.X1] {
				u := uint64(uint16(abs32(int32(v))))
				inner += u * u * u
			}
			acc += (inner + add) >> shift
		}
		accs[b] = acc
	}
	return den0Terms(accs, uint(shift), sr, factor, nw)
}

// den0Terms finishes scale 0's denominator sums into band terms.
func den0Terms(acc [NumBands]uint64, shift uint, sr Rect, factor [NumBands]float32, nw float64) [NumBands]float32 {
	var out [NumBands]float32
	pa := noiseTerm(sr, nw)
	for b := 0; b < NumBands; b++ {
		csf := float64(float64(acc[b])/math.Ldexp(1, 18-int(shift))) * libm.Pow(float64(factor[b]), 3)
		out[b] = libm.Powf(float32(csf), oneThird) + pa
	}
	return out
}

var (
	denSqShift = [4]uint{0, 31, 30, 31}
	denConvert = [4]uint32{0, 32, 27, 23}
)

// CSFDen123 is CSFDen0 for scales 1-3 (adm_csf_den_s123), which squares,
// multiplies and accumulates with intermediate rounding shifts.
func CSFDen123(ref *Bands32, scale int, factor [NumBands]float32, nw float64) [NumBands]float32 {
	sr := ScoreRect(ref.W, ref.H)
	shiftCub := uint32(ceilLog2(sr.X1 - sr.X0))
	addCub := uint64(uint32(libm.Pow(2, float64(shiftCub-1))))
	shiftAcc := uint32(ceilLog2(sr.Y1 - sr.Y0))
	addAcc := uint64(uint32(libm.Pow(2, float64(shiftAcc-1))))
	sq := denSqShift[scale]
	addSq := uint64(1) << sq
	var accs [NumBands]uint64
	for b := 0; b < NumBands; b++ {
		var acc uint64
		src := ref.B[b]
		for i := sr.Y0; i < sr.Y1; i++ {
			var inner uint64
			for _, v := range src[i*ref.W+sr.X0 : i*ref.W+sr.X1] {
				u := uint64(uint32(abs32(v)))
				inner += ((((u*u)+addSq)>>sq)*u + addCub) >> shiftCub
			}
			acc += (inner + addAcc) >> shiftAcc
		}
		accs[b] = acc
	}
	return den123Terms(accs, scale, shiftAcc, shiftCub, sr, factor, nw)
}

// den123Terms finishes a scale's denominator sums into band terms.
func den123Terms(acc [NumBands]uint64, scale int, shiftAcc, shiftCub uint32, sr Rect, factor [NumBands]float32, nw float64) [NumBands]float32 {
	var out [NumBands]float32
	pa := noiseTerm(sr, nw)
	for b := 0; b < NumBands; b++ {
		// The exponent is unsigned in libvmaf: a negative one wraps and
		// pow gives infinity (never for frames up to MaxSize).
		div := libm.Pow(2, float64(denConvert[scale]-shiftAcc-shiftCub))
		csf := float64(float64(acc[b])/div) * libm.Pow(float64(factor[b]), 3)
		out[b] = libm.Powf(float32(csf), oneThird) + pa
	}
	return out
}
