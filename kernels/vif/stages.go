package vif

import (
	"math"
	"math/bits"
)

// The reference stages work on whole images (row-major, stride = width)
// and follow libvmaf's scalar C (integer_vif.c) operation for operation;
// every integer width and rounding is libvmaf's.

// mirror reflects an index into [0, n) about its first and last element
// (-1 -> 1, n -> n-2), as libvmaf pads rows and filtered columns. Config
// guarantees n exceeds every filter's half width, so one reflection does.
func mirror(i, n int) int {
	if i < 0 {
		return -i
	}
	if i >= n {
		return 2*(n-1) - i
	}
	return i
}

// Rounding is the rounding of the vertical pass of scale s's statistics:
// mu = (sum + MuAdd) >> MuShift, moments (sum + SqAdd) >> SqShift. Scale
// 0 scales the samples down to 8 bits (and their squares to 16), the
// other scales drop the 16 fractional bits of their Q16 input.
type Rounding struct {
	MuAdd   uint32
	MuShift uint
	SqAdd   uint64
	SqShift uint
}

// StatRounding returns the vertical rounding of scale s at bit depth bpc.
func StatRounding(s, bpc int) Rounding {
	if s > 0 {
		return Rounding{32768, 16, 32768, 16}
	}
	r := Rounding{MuAdd: 1 << (bpc - 1), MuShift: uint(bpc), SqShift: uint(bpc-8) * 2}
	if bpc > 8 {
		r.SqAdd = 1 << (r.SqShift - 1)
	}
	return r
}

// Moments are the vertically filtered columns of one scale: the means of
// the reference and distorted samples (16 bits) and of their products (32
// bits), one value per pixel.
type Moments struct {
	Mu1, Mu2   []uint16
	RR, DD, RD []uint32
}

// NewMoments allocates moments for n pixels.
func NewMoments(n int) *Moments {
	return &Moments{make([]uint16, n), make([]uint16, n), make([]uint32, n), make([]uint32, n), make([]uint32, n)}
}

// StatVertical filters the columns of ref and dis (w x h, rows mirrored at
// the top and bottom) with scale s's filter: libvmaf's vertical pass of
// vif_statistic_8/16. Sums are uint32 for the means, uint64 for the
// products (each product f*x is a uint32 first).
func StatVertical(ref, dis []uint16, w, h, s, bpc int, out *Moments) {
	filt := Filters[s]
	hw := len(filt) / 2
	rd := StatRounding(s, bpc)
	for i := 0; i < h; i++ {
		for j := 0; j < w; j++ {
			var m1, m2 uint32
			var rr, dd, rdv uint64
			for k, f := range filt {
				y := mirror(i-hw+k, h)
				r, d := uint32(ref[y*w+j]), uint32(dis[y*w+j])
				fr, fd := uint32(f)*r, uint32(f)*d
				m1 += fr
				m2 += fd
				rr += uint64(fr) * uint64(r)
				dd += uint64(fd) * uint64(d)
				rdv += uint64(fr) * uint64(d)
			}
			k := i*w + j
			out.Mu1[k] = uint16((m1 + rd.MuAdd) >> rd.MuShift)
			out.Mu2[k] = uint16((m2 + rd.MuAdd) >> rd.MuShift)
			out.RR[k] = uint32((rr + rd.SqAdd) >> rd.SqShift)
			out.DD[k] = uint32((dd + rd.SqAdd) >> rd.SqShift)
			out.RD[k] = uint32((rdv + rd.SqAdd) >> rd.SqShift)
		}
	}
}

// Sigmas are the local variances and covariance of one scale, per pixel:
// sigma1_sq (reference), sigma2_sq (distorted, not yet clipped at 0) and
// sigma12, in libvmaf's Q16-of-8-bit units.
type Sigmas struct {
	S1, S2, S12 []int32
}

// NewSigmas allocates sigmas for n pixels.
func NewSigmas(n int) *Sigmas {
	return &Sigmas{make([]int32, n), make([]int32, n), make([]int32, n)}
}

// StatHorizontal filters the rows of the moments (columns mirrored) with
// scale s's filter and forms the variances: libvmaf's horizontal pass.
// Means are Q16 uint32 sums, squared in uint64 and rounded back by 2^32;
// moments are uint64 sums rounded by 2^16; the differences wrap in uint32
// and are read as int32.
func StatHorizontal(m *Moments, w, h, s int, out *Sigmas) {
	filt := Filters[s]
	hw := len(filt) / 2
	for i := 0; i < h; i++ {
		row := i * w
		for j := 0; j < w; j++ {
			var m1, m2 uint32
			var rr, dd, rdv uint64
			for k, f := range filt {
				x := row + mirror(j-hw+k, w)
				m1 += uint32(f) * uint32(m.Mu1[x])
				m2 += uint32(f) * uint32(m.Mu2[x])
				rr += uint64(f) * uint64(m.RR[x])
				dd += uint64(f) * uint64(m.DD[x])
				rdv += uint64(f) * uint64(m.RD[x])
			}
			mu1sq := uint32((uint64(m1)*uint64(m1) + 1<<31) >> 32)
			mu2sq := uint32((uint64(m2)*uint64(m2) + 1<<31) >> 32)
			mu12 := uint32((uint64(m1)*uint64(m2) + 1<<31) >> 32)
			xx := uint32((rr + 32768) >> 16)
			yy := uint32((dd + 32768) >> 16)
			xy := uint32((rdv + 32768) >> 16)
			out.S1[row+j] = int32(xx - mu1sq)
			out.S2[row+j] = int32(yy - mu2sq)
			out.S12[row+j] = int32(xy - mu12)
		}
	}
}

// SigmaNsq is VIF's noise variance, 2 in Q16.
const SigmaNsq = 65536 << 1

// Sums are the integer accumulators of one scale: the log terms in Q11
// (log2 * 2048) where the reference variance reaches SigmaNsq, and the
// distorted variance and pixel count where it does not.
type Sums struct {
	NumLog, DenLog       int64
	NumNonLog, DenNonLog int64
}

// Add adds o to s.
func (s *Sums) Add(o Sums) {
	s.NumLog += o.NumLog
	s.DenLog += o.DenLog
	s.NumNonLog += o.NumNonLog
	s.DenNonLog += o.DenNonLog
}

// Finish turns the sums into the scale's numerator and denominator, in
// double rounded to float as libvmaf computes them.
func (s Sums) Finish() (num, den float32) {
	num = float32(float64(s.NumLog)/2048.0 + (float64(s.DenNonLog) - (float64(s.NumNonLog)/16384.0)/65025.0))
	den = float32(float64(s.DenLog)/2048.0 + float64(s.DenNonLog))
	return
}

// log2Q11 is libvmaf's log2_32/log2_64: the log2 of v >= 2^15 in Q11,
// from the top 16 bits of v through the table.
func log2Q11(t *[65536]uint16, v uint64) int32 {
	k := 48 - bits.LeadingZeros64(v)
	return int32(t[v>>uint(k)]) + 2048*int32(k)
}

// truncInt32 is C's (int32_t) of a double as x86-64 computes it
// (cvttsd2si): truncation, and INT32_MIN when out of range or NaN.
func truncInt32(f float64) int32 {
	if f > -2147483649.0 && f < 2147483648.0 {
		return int32(f)
	}
	return math.MinInt32
}

// truncInt64 is C's (int64_t) of a double on x86-64.
func truncInt64(f float64) int64 {
	if f >= -0x1p63 && f < 0x1p63 {
		return int64(f)
	}
	return math.MinInt64
}

// Eps is libvmaf's 65536 * 1.0e-10 added to sigma1_sq before the gain's
// division. libvmaf multiplies the double 1.0e-10 by 2^16, which is exact,
// so the constant rounded once to double is the same value.
const Eps = 65536 * 1.0e-10

// Pixel adds one pixel's terms to the sums and returns them (Q11 log
// terms, or the non-log variance and count) for the maps: libvmaf's
// per-pixel body of vif_statistic.
func Pixel(t *[65536]uint16, s1, s2, s12 int32, gainLimit float64, acc *Sums) (num, den int64, isLog bool) {
	if s2 < 0 {
		s2 = 0
	}
	if s1 < SigmaNsq {
		acc.NumNonLog += int64(s2)
		acc.DenNonLog++
		return int64(s2), 1, false
	}
	den = int64(log2Q11(t, uint64(uint32(SigmaNsq+s1))) - 2048*17)
	acc.DenLog += den
	if s12 > 0 && s2 > 0 {
		// Every product is rounded on its own (no FMA in libvmaf's build).
		g := float64(s12) / (float64(s1) + Eps)
		sv := truncInt32(float64(s2) - float64(g*float64(s12)))
		if sv < 0 {
			sv = 0
		}
		if !(g < gainLimit) {
			g = gainLimit
		}
		numer1 := uint32(sv + SigmaNsq)
		tmp := truncInt64(float64(g*g)*float64(s1)) + int64(numer1)
		num = int64(log2Q11(t, uint64(tmp)) - log2Q11(t, uint64(numer1)))
		acc.NumLog += num
	}
	return num, den, true
}

// Accumulate runs Pixel over a scale's sigmas. With maps non-nil it also
// stores each pixel's numerator and denominator terms (log2 units for
// log pixels; 1 - sigma2_sq/(16384*65025) and 1 otherwise) as float32.
func Accumulate(sg *Sigmas, gainLimit float64, mapNum, mapDen []float32) Sums {
	t := Log2Table()
	var acc Sums
	for i := range sg.S1 {
		num, den, isLog := Pixel(t, sg.S1[i], sg.S2[i], sg.S12[i], gainLimit, &acc)
		if mapNum != nil {
			mapNum[i], mapDen[i] = PixelMap(num, den, isLog)
		}
	}
	return acc
}

// PixelMap converts one pixel's terms as Pixel returns them into the
// maps' float32 values (see ScaleMap).
func PixelMap(num, den int64, isLog bool) (float32, float32) {
	if isLog {
		return float32(float64(num) / 2048), float32(float64(den) / 2048)
	}
	return float32(1 - float64(num)/16384/65025), 1
}

// SubsampleConv returns the vertical rounding of the low-pass from scale s
// to s+1: scale 0 returns to the samples' own range (bpc bits), later
// scales drop the taps' 16 bits.
func SubsampleConv(s, bpc int) (add uint32, shift uint) {
	if s == 0 {
		return 1 << (bpc - 1), uint(bpc)
	}
	return 32768, 16
}

// Subsample low-passes ref and dis (w x h, scale s) with the next scale's
// filter, vertically then horizontally (both mirrored, each rounded to 16
// bits), and keeps every other row and column: libvmaf's subsample_rd_8/16
// and decimate_and_pad. The outputs are (w/2) x (h/2).
func Subsample(ref, dis []uint16, w, h, s, bpc int, outRef, outDis []uint16) {
	filt := Filters[s+1]
	hw := len(filt) / 2
	add, shift := SubsampleConv(s, bpc)
	convR, convD := make([]uint16, w*h), make([]uint16, w*h)
	for i := 0; i < h; i++ {
		for j := 0; j < w; j++ {
			var ar, ad uint32
			for k, f := range filt {
				y := mirror(i-hw+k, h)
				ar += uint32(f) * uint32(ref[y*w+j])
				ad += uint32(f) * uint32(dis[y*w+j])
			}
			convR[i*w+j] = uint16((ar + add) >> shift)
			convD[i*w+j] = uint16((ad + add) >> shift)
		}
	}
	w2, h2 := w/2, h/2
	for i := 0; i < h; i++ {
		for j := 0; j < w; j++ {
			var ar, ad uint32
			for k, f := range filt {
				x := i*w + mirror(j-hw+k, w)
				ar += uint32(f) * uint32(convR[x])
				ad += uint32(f) * uint32(convD[x])
			}
			if i%2 == 0 && j%2 == 0 && i/2 < h2 && j/2 < w2 {
				outRef[(i/2)*w2+j/2] = uint16((ar + 32768) >> 16)
				outDis[(i/2)*w2+j/2] = uint16((ad + 32768) >> 16)
			}
		}
	}
}
