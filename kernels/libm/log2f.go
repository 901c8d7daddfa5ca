package libm

import "math"

// log2fPoly is A[0..3] of glibc's log2f (optimized-routines' log2f_data);
// its 16 subintervals (invc, log2(c)) are the same as powf's, powfLog2Tab.
var log2fPoly = [4]float64{-0x1.712b6f70a7e4dp-2, 0x1.ecabf496832ep-2, -0x1.715479ffae3dep-1, 0x1.715475f35c8b8p0}

// Log2f is glibc's log2f (2.28 and later, the x86-64 FMA build): libvmaf's
// integer VIF builds its log2 table from round(log2f(i)*2048). glibc's
// log2f is not correctly rounded, so the table needs its exact results.
func Log2f(x float32) float32 {
	ix := math.Float32bits(x)
	if ix == 0x3f800000 { // log2(1) = +0 in every rounding mode
		return 0
	}
	if ix-0x00800000 >= 0x7f800000-0x00800000 {
		// x < 0x1p-126, inf or nan.
		switch {
		case ix*2 == 0:
			return float32(math.Inf(-1))
		case ix == 0x7f800000:
			return x
		case ix&0x80000000 != 0 || ix*2 >= 0xff000000:
			if ix*2 > 0xff000000 {
				return x // quiet nan in, same nan out
			}
			return float32(math.NaN())
		}
		// Subnormal: normalise it.
		ix = math.Float32bits(x * 0x1p23)
		ix -= 23 << 23
	}
	const off = 0x3f330000
	tmp := ix - off
	i := (tmp >> (23 - 4)) % 16
	top := tmp & 0xff800000
	iz := ix - top
	k := int32(tmp) >> 23
	invc, logc := powfLog2Tab[i][0], powfLog2Tab[i][1]
	z := float64(math.Float32frombits(iz))
	A := &log2fPoly
	r := math.FMA(z, invc, -1)
	y0 := logc + float64(k)
	r2 := float64(r * r)
	y := math.FMA(A[1], r, A[2])
	y = math.FMA(A[0], r2, y)
	p := math.FMA(A[3], r, y0)
	y = math.FMA(y, r2, p)
	return float32(y)
}
