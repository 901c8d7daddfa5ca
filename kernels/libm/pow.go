package libm

import "math"

// Powf is glibc's powf.
func Powf(x, y float32) float32 {
	var signBias uint32
	ix := math.Float32bits(x)
	iy := math.Float32bits(y)
	if ix-0x00800000 >= 0x7f800000-0x00800000 || zeroInfNaN32(iy) {
		if zeroInfNaN32(iy) {
			switch {
			case 2*iy == 0:
				if isSignaling32(ix) {
					return x + y
				}
				return 1
			case ix == 0x3f800000:
				if isSignaling32(iy) {
					return x + y
				}
				return 1
			case 2*ix > 2*0x7f800000 || 2*iy > 2*0x7f800000:
				return x + y
			case 2*ix == 2*0x3f800000:
				return 1
			case (2*ix < 2*0x3f800000) == (iy&0x80000000 == 0):
				return 0
			}
			return y * y
		}
		if zeroInfNaN32(ix) {
			x2 := x * x
			if ix&0x80000000 != 0 && checkInt32(iy) == 1 {
				x2 = -x2
			}
			if iy&0x80000000 != 0 {
				return 1 / x2
			}
			return x2
		}
		if ix&0x80000000 != 0 {
			switch checkInt32(iy) {
			case 0:
				return float32(math.NaN())
			case 1:
				signBias = 1 << (5 + 11)
			}
			ix &= 0x7fffffff
		}
		if ix < 0x00800000 {
			// Subnormal: normalise so the exponent goes negative.
			ix = math.Float32bits(math.Float32frombits(ix) * 0x1p23)
			ix &= 0x7fffffff
			ix -= 23 << 23
		}
	}
	ylogx := float64(float64(y) * powfLog2(ix))
	if (math.Float64bits(ylogx)>>47)&0xffff >= math.Float64bits(126.0)>>47 {
		if ylogx <= -150.0 {
			return signed32(0, signBias)
		}
		if ylogx > 0x1.fffffffa3aae2p+6 {
			if ylogx > 0x1.fffffffd1d571p+6 {
				return signed32(float32(math.Inf(1)), signBias)
			}
			// Round to nearest: the tie case rounds away to infinity too
			// except exactly at the boundary value.
			if ylogx != 0x1.fffffffa3aae3p+6 {
				return signed32(float32(math.Inf(1)), signBias)
			}
			return signed32(0x1.fffffep127, signBias)
		}
	}
	return exp2fInline(ylogx, signBias)
}

func signed32(v float32, signBias uint32) float32 {
	if signBias != 0 {
		return -v
	}
	return v
}

func zeroInfNaN32(i uint32) bool { return 2*i-1 >= 2*0x7f800000-1 }

// checkInt32 returns 0 if iy is not an integer, 1 if odd, 2 if even.
func checkInt32(iy uint32) int {
	e := int(iy >> 23 & 0xff)
	if e < 0x7f {
		return 0
	}
	if e > 0x7f+23 {
		return 2
	}
	if iy&(1<<(0x7f+23-e)-1) != 0 {
		return 0
	}
	if iy&(1<<(0x7f+23-e)) != 0 {
		return 1
	}
	return 2
}

func powfLog2(ix uint32) float64 {
	const off = 0x3f330000
	tmp := ix - off
	i := (tmp >> (23 - 4)) % 16
	top := tmp & 0xff800000
	iz := ix - top
	k := int32(top) >> 23
	invc, logc := powfLog2Tab[i][0], powfLog2Tab[i][1]
	z := float64(math.Float32frombits(iz))
	A := &powfLog2Poly
	r := math.FMA(z, invc, -1)
	y0 := logc + float64(k)
	r2 := float64(r * r)
	y := math.FMA(A[0], r, A[1])
	p := math.FMA(A[2], r, A[3])
	r4 := float64(r2 * r2)
	q := math.FMA(A[4], r, y0)
	q = math.FMA(p, r2, q)
	return math.FMA(y, r4, q)
}

func exp2fInline(xd float64, signBias uint32) float32 {
	const shift = 0x1.8p+52 / 32
	kd := xd + shift
	ki := math.Float64bits(kd)
	kd -= shift
	r := xd - kd
	t := exp2fTab[ki%32]
	ski := ki + uint64(signBias)
	t += ski << (52 - 5)
	s := math.Float64frombits(t)
	C := &exp2fPoly
	z := math.FMA(C[0], r, C[1])
	r2 := float64(r * r)
	y := math.FMA(C[2], r, 1)
	y = math.FMA(z, r2, y)
	y = float64(y * s)
	return float32(y)
}

// Pow is glibc's pow.
func Pow(x, y float64) float64 {
	var signBias uint64
	ix := math.Float64bits(x)
	iy := math.Float64bits(y)
	topx := uint32(ix >> 52)
	topy := uint32(iy >> 52)
	if topx-0x001 >= 0x7ff-0x001 || (topy&0x7ff)-0x3be >= 0x43e-0x3be {
		if zeroInfNaN64(iy) {
			switch {
			case 2*iy == 0:
				if isSignaling64(ix) {
					return x + y
				}
				return 1
			case ix == math.Float64bits(1):
				if isSignaling64(iy) {
					return x + y
				}
				return 1
			case 2*ix > 2*math.Float64bits(math.Inf(1)) || 2*iy > 2*math.Float64bits(math.Inf(1)):
				return x + y
			case 2*ix == 2*math.Float64bits(1):
				return 1
			case (2*ix < 2*math.Float64bits(1)) == (iy>>63 == 0):
				return 0
			}
			return y * y
		}
		if zeroInfNaN64(ix) {
			x2 := x * x
			if ix>>63 != 0 && checkInt64(iy) == 1 {
				x2 = -x2
			}
			if iy>>63 != 0 {
				return 1 / x2
			}
			return x2
		}
		if ix>>63 != 0 {
			switch checkInt64(iy) {
			case 0:
				return math.NaN()
			case 1:
				signBias = 0x800 << 7
			}
			ix &= 0x7fffffffffffffff
			topx &= 0x7ff
		}
		if (topy&0x7ff)-0x3be >= 0x43e-0x3be {
			if ix == math.Float64bits(1) {
				return 1
			}
			if topy&0x7ff < 0x3be {
				if ix > math.Float64bits(1) {
					return 1 + y
				}
				return 1 - y
			}
			if (ix > math.Float64bits(1)) == (topy < 0x800) {
				return math.Inf(1)
			}
			return 0
		}
		if topx == 0 {
			ix = math.Float64bits(math.Float64frombits(ix) * 0x1p52)
			ix &= 0x7fffffffffffffff
			ix -= 52 << 52
		}
	}
	hi, lo := powLog(ix)
	ehi := float64(y * hi)
	elo := math.FMA(y, lo, math.FMA(y, hi, -ehi))
	return expInline(ehi, elo, signBias)
}

func zeroInfNaN64(i uint64) bool { return 2*i-1 >= 2*math.Float64bits(math.Inf(1))-1 }

func checkInt64(iy uint64) int {
	e := int(iy >> 52 & 0x7ff)
	if e < 0x3ff {
		return 0
	}
	if e > 0x3ff+52 {
		return 2
	}
	if iy&(1<<(0x3ff+52-e)-1) != 0 {
		return 0
	}
	if iy&(1<<(0x3ff+52-e)) != 0 {
		return 1
	}
	return 2
}

// powLog returns log(x) as hi+lo with about 15 extra bits.
func powLog(ix uint64) (float64, float64) {
	const off = 0x3fe6955500000000
	tmp := ix - off
	i := (tmp >> (52 - 7)) % 128
	k := int64(tmp) >> 52
	iz := ix - (tmp & (0xfff << 52))
	z := math.Float64frombits(iz)
	kd := float64(k)
	invc, logc, logctail := powLogTab[i][0], powLogTab[i][1], powLogTab[i][2]
	r := math.FMA(z, invc, -1.0)
	t1 := math.FMA(kd, powLn2hi, logc)
	t2 := t1 + r
	lo1 := math.FMA(kd, powLn2lo, logctail)
	lo2 := t1 - t2 + r
	A := &powLogPoly
	ar := float64(A[0] * r)
	ar2 := float64(r * ar)
	ar3 := float64(r * ar2)
	hi := t2 + ar2
	lo3 := math.FMA(ar, r, -ar2)
	lo4 := t2 - hi + ar2
	// A[1] + r*A[2] + ar2*(A[3] + r*A[4] + ar2*(A[5] + r*A[6]))
	in := math.FMA(r, A[6], A[5])
	mid := math.FMA(ar2, in, math.FMA(r, A[4], A[3]))
	p := float64(ar3 * math.FMA(ar2, mid, math.FMA(r, A[2], A[1])))
	lo := lo1 + lo2 + lo3 + lo4 + p
	y := hi + lo
	tail := hi - y + lo
	return y, tail
}

func expInline(x, xtail float64, signBias uint64) float64 {
	abstop := uint32(math.Float64bits(x)>>52) & 0x7ff
	top12 := func(v float64) uint32 { return uint32(math.Float64bits(v) >> 52) }
	if abstop-top12(0x1p-54) >= top12(512.0)-top12(0x1p-54) {
		if abstop-top12(0x1p-54) >= 0x80000000 {
			one := 1.0 + x
			if signBias != 0 {
				return -one
			}
			return one
		}
		if abstop >= top12(1024.0) {
			v := math.Inf(1)
			if math.Float64bits(x)>>63 != 0 {
				v = 0
			}
			if signBias != 0 {
				return -v
			}
			return v
		}
		abstop = 0
	}
	z := float64(expInvLn2N * x)
	kd := z + expShift
	ki := math.Float64bits(kd)
	kd -= expShift
	r := math.FMA(kd, expNegLn2loN, math.FMA(kd, expNegLn2hiN, x))
	r += xtail
	idx := 2 * (ki % 128)
	top := (ki + signBias) << (52 - 7)
	tail := math.Float64frombits(expTab[idx])
	sbits := expTab[idx+1] + top
	r2 := float64(r * r)
	C := &expPoly
	tmp := math.FMA(float64(r2*r2), math.FMA(r, C[3], C[2]), math.FMA(r2, math.FMA(r, C[1], C[0]), tail+r))
	if abstop == 0 {
		return expSpecial(tmp, sbits, ki)
	}
	scale := math.Float64frombits(sbits)
	return math.FMA(scale, tmp, scale)
}

func expSpecial(tmp float64, sbits, ki uint64) float64 {
	if ki&0x80000000 == 0 {
		sbits -= 1009 << 52
		scale := math.Float64frombits(sbits)
		y := math.FMA(scale, tmp, scale)
		return y * 0x1p1009
	}
	sbits += 1022 << 52
	scale := math.Float64frombits(sbits)
	y := scale + float64(scale*tmp)
	if math.Abs(y) < 1.0 {
		one := 1.0
		if y < 0 {
			one = -1
		}
		lo := math.FMA(scale, tmp, scale-y)
		hi := one + y
		lo = one - hi + y + lo
		y = (hi + lo) - one
		if y == 0 {
			y = math.Float64frombits(sbits & 0x8000000000000000)
		}
	}
	return 0x1p-1022 * y
}

// isSignaling32 reports a signalling NaN (quiet bit clear), which C's powf
// propagates even where a quiet NaN would give 1.
func isSignaling32(i uint32) bool { return 2*(i^0x00400000) > 2*0x7fc00000 }

func isSignaling64(i uint64) bool {
	return 2*(i^0x0008000000000000) > 2*0x7ff8000000000000
}
