package libm

import "math"

// Exp is glibc's exp (2.28 and later, the FMA build x86-64 selects on CPUs
// with FMA): exp(x) = 2^(k/128) * exp(r), with the 128-entry table and the
// degree-5 polynomial shared with Pow's exponential.
//
// The FMA build lets the compiler contract a*b+c into fused multiply-adds
// wherever the product has no other use; that includes InvLn2N*x + Shift,
// the rounding of x*128/ln2 to an integer, which Pow's inline exponential
// evaluates in two roundings. The fused and the unfused forms pick a
// different k for x within an ulp of a half-integer multiple of ln2/128, and
// the result then differs in the last bit now and then; TestExpRoundingTies
// checks those inputs against the C library.
func Exp(x float64) float64 {
	abstop := top12(x) & 0x7ff
	if abstop-top12(0x1p-54) >= top12(512.0)-top12(0x1p-54) {
		if abstop-top12(0x1p-54) >= 0x80000000 {
			// |x| < 2^-54, zero included: 1 + x rounds as C does.
			return 1.0 + x
		}
		if abstop >= top12(1024.0) {
			switch {
			case math.Float64bits(x) == math.Float64bits(math.Inf(-1)):
				return 0
			case abstop >= top12(math.Inf(1)):
				return 1.0 + x // +Inf or NaN
			case math.Float64bits(x)>>63 != 0:
				return 0 // underflow
			}
			return math.Inf(1) // overflow
		}
		// |x| in [512, 1024): the scale may leave the normal range.
		abstop = 0
	}
	kd := math.FMA(expInvLn2N, x, expShift)
	ki := math.Float64bits(kd)
	kd -= expShift
	r := math.FMA(kd, expNegLn2loN, math.FMA(kd, expNegLn2hiN, x))
	idx := 2 * (ki % 128)
	top := ki << (52 - 7)
	tail := math.Float64frombits(expTab[idx])
	sbits := expTab[idx+1] + top
	r2 := float64(r * r)
	C := &expPoly
	// tail + r + r2*(C2 + r*C3) + r2*r2*(C4 + r*C5), contracted as GCC does.
	tmp := math.FMA(float64(r2*r2), math.FMA(r, C[3], C[2]), math.FMA(r2, math.FMA(r, C[1], C[0]), tail+r))
	if abstop == 0 {
		return expSpecialCase(tmp, sbits, ki)
	}
	scale := math.Float64frombits(sbits)
	return math.FMA(scale, tmp, scale)
}

func top12(x float64) uint32 { return uint32(math.Float64bits(x) >> 52) }

// expSpecialCase is exp's tail for |x| in [512, 1024), where 2^(k/128)
// overflows or underflows the double range: the scale is biased, and results
// in the subnormal range are rounded once, as glibc does.
func expSpecialCase(tmp float64, sbits, ki uint64) float64 {
	if ki&0x80000000 == 0 {
		// k > 0: the exponent of scale may have overflowed by up to 460.
		sbits -= 1009 << 52
		scale := math.Float64frombits(sbits)
		return 0x1p1009 * math.FMA(scale, tmp, scale)
	}
	// k < 0: take care in the subnormal range.
	sbits += 1022 << 52
	scale := math.Float64frombits(sbits)
	st := float64(scale * tmp)
	y := scale + st
	if y < 1.0 {
		lo := scale - y + st
		hi := 1.0 + y
		lo = 1.0 - hi + y + lo
		y = (hi + lo) - 1.0
		if y == 0 {
			y = 0 // +0, not -0
		}
	}
	return 0x1p-1022 * y
}
