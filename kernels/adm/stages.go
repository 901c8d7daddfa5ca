package adm

import "math/bits"

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
	decouple(ref.W, ref.H, &ref.B, &dis.B, r, a, func(o, t int16, flag bool) (int16, int16) {
		return decouple0One(int32(o), int32(t), flag, egl)
	}, cos1)
}

// best15 reduces a 32-bit magnitude to 15 significant bits, rounding, and
// returns the shift.
func best15(v uint32) (uint32, uint) {
	k := uint(17 - bits.LeadingZeros32(v))
	return (v + 1<<(k-1)) >> k, k
}

// Decouple123 is Decouple0 for the int32 bands of scales 1-3
// (adm_decouple_s123).
func Decouple123(ref, dis *Bands32, r, a *[NumBands][]int32, egl float64, cos1 float32) {
	decouple(ref.W, ref.H, &ref.B, &dis.B, r, a, func(o, t int32, flag bool) (int32, int32) {
		return decouple123One(o, t, flag, egl)
	}, cos1)
}

// decouple runs a per-coefficient decouple over the work window of w x h
// bands, with the angle test of each coefficient's (h, v) vectors.
func decouple[T int16 | int32](w, h int, ref, dis, r, a *[NumBands][]T, one func(o, t T, flag bool) (T, T), cos1 float32) {
	wr := WorkRect(w, h)
	for i := wr.Y0; i < wr.Y1; i++ {
		for k := i*w + wr.X0; k < i*w+wr.X1; k++ {
			flag := angleFlag(int64(ref[BandH][k]), int64(ref[BandV][k]), int64(dis[BandH][k]), int64(dis[BandV][k]), cos1)
			for b := 0; b < NumBands; b++ {
				r[b][k], a[b][k] = one(ref[b][k], dis[b][k], flag)
			}
		}
	}
}

// CSF0 weighs scale-0 bands by the contrast sensitivity (weights in Q21,
// Q21, Q23) into dst (Q12) and writes |dst|/30 into flt, over the work
// window (adm_csf).
func CSF0(src *[NumBands][]int16, w, h int, weight [NumBands]uint32, dst, flt *[NumBands][]int16) {
	wr := WorkRect(w, h)
	for b := 0; b < NumBands; b++ {
		wt := int32(weight[b])
		s, d, f := src[b], dst[b], flt[b]
		for i := wr.Y0; i < wr.Y1; i++ {
			for j := i*w + wr.X0; j < i*w+wr.X1; j++ {
				v := csf0One(wt, s[j], b)
				d[j], f[j] = v, int16(csf0Flt(v))
			}
		}
	}
}

// CSF123 is CSF0 for scales 1-3 (i4_adm_csf): weights in Q32, results in
// the band's own scale.
func CSF123(src *[NumBands][]int32, w, h int, weight [NumBands]uint32, dst, flt *[NumBands][]int32) {
	wr := WorkRect(w, h)
	for b := 0; b < NumBands; b++ {
		s, d, f := src[b], dst[b], flt[b]
		for i := wr.Y0; i < wr.Y1; i++ {
			for j := i*w + wr.X0; j < i*w+wr.X1; j++ {
				v := csf123One(weight[b], s[j])
				d[j], f[j] = v, csf123Flt(v)
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

// Den0 is the CSF-weighted denominator of scale 0 per band
// (adm_csf_den_scale): the sum of |ref|^3 over the scored window (den0Go
// per row), weighed by factor^3 and finished with a cube root plus the
// noise floor.
func Den0(ref *Bands16, factor [NumBands]float32, nw float64) [NumBands]float32 {
	sh := ScaleShifts(0, ref.W, ref.H)
	sr := sh.Score
	var accs [NumBands]uint64
	for b := 0; b < NumBands; b++ {
		for i := sr.Y0; i < sr.Y1; i++ {
			inner := den0Go(ref.B[b][i*ref.W+sr.X0 : i*ref.W+sr.X1])
			accs[b] += (inner + sh.DenAddAcc) >> sh.DenAcc
		}
	}
	return sh.DenTerms(accs, factor, nw)
}

// Den123 is Den0 for scales 1-3 (adm_csf_den_s123), which squares,
// multiplies and accumulates with intermediate rounding shifts (den123Go).
func Den123(ref *Bands32, scale int, factor [NumBands]float32, nw float64) [NumBands]float32 {
	sh := ScaleShifts(scale, ref.W, ref.H)
	sr := sh.Score
	var accs [NumBands]uint64
	for b := 0; b < NumBands; b++ {
		for i := sr.Y0; i < sr.Y1; i++ {
			inner := den123Go(ref.B[b][i*ref.W+sr.X0:i*ref.W+sr.X1], sh.DenAddSq, sh.DenSq, sh.DenAddCub, sh.DenCub)
			accs[b] += (inner + sh.DenAddAcc) >> sh.DenAcc
		}
	}
	return sh.DenTerms(accs, factor, nw)
}
