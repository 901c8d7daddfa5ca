package adm

import (
	"math"
	"math/bits"

	"github.com/bandscope/bandscope/kernels/libm"
)

// Barten (adm_csf_mode=1) has no usable libvmaf integer counterpart: its
// fixed-point weights overflow there. Its yardstick is libvmaf's float_adm,
// and libvmaf's integer DWT and decouple alone move adm2 by up to 4e-5 from
// it: Q15 taps whose low-pass sum is sqrt(2)(1 + 2.3e-5), scale 0's
// approximation rounded to Q6 before it feeds scales 1-3, and a restored
// coefficient formed from a 15-bit ratio. On smooth content its scales 1-3
// denominator is further off (below). So Barten runs three stages of its
// own: the same four DWT levels with Q24 taps and the approximation carried
// in Q18, each band rounded once into the format the later stages expect
// (Q6 int16 at scale 0, Q21, Q19 and Q18 at scales 1-3); the restored
// coefficient formed without a ratio at all; and the denominator of scales
// 1-3 summed exactly. The CSF and masking stages are the integer ones every
// mode uses (with Barten's weights normalised, config.go).

// preciseLo and preciseHi are the db2 analysis taps in Q24 (float ADM's
// double literals times 2^24, rounded; the high-pass taps sum to 0).
var (
	preciseLo = [4]int64{8102773, 14034415, 3760510, -2171132}
	preciseHi = [4]int64{-2171132, -3760510, 14034415, -8102773}
)

// Magnitudes: centred samples are at most 128 (8-bit units) and each pass
// multiplies a bound by the taps' absolute sum, 1.673, so level l's
// approximation stays under 128 * 2.8^l and scale s's bands under
// 128 * 2.8^(s+1): 22930 in Q6 at scale 0 (int16), under 2^31 in Q21, Q19
// and Q18 at scales 1-3, under 2^30.2 for the Q18 vertical results of
// scale 3 and under 2^31 for its Q18 approximation (TestPreciseBounds). No result can leave
// its type, so the conversions below truncate like libvmaf's and no twin
// needs to saturate.
const (
	preciseTapQ = 24
	// preciseQ is the fraction bits, in 8-bit sample units, of the vertical
	// pass results and of the approximation carried between levels.
	preciseQ = 18
)

// preciseBandQ is the fraction bits of the detail bands each scale hands
// on: libvmaf's integer formats, so the later stages are shared.
var preciseBandQ = [NumScales]uint{6, 21, 19, 18}

// PreciseVShift is the rounding shift of the vertical pass at scale s.
// Scale 0 reads samples centred on zero, in units of 2^(8-bitDepth).
func PreciseVShift(scale, bitDepth int) uint {
	if scale == 0 {
		return uint(bitDepth - 8 + preciseTapQ - preciseQ)
	}
	return preciseTapQ
}

// PreciseHShift is the rounding shift of the horizontal pass for the
// detail bands of scale s; the approximation shifts by 24, the taps' Q.
func PreciseHShift(scale int) uint {
	return preciseQ + preciseTapQ - preciseBandQ[scale]
}

// PreciseTaps returns the Q24 low- and high-pass taps, for other backends
// to check theirs against.
func PreciseTaps() (lo, hi [4]int64) { return preciseLo, preciseHi }

func roundShift(v int64, s uint) int64 { return (v + 1<<(s-1)) >> s }

// preciseV0Go is the vertical pass of Barten's scale 0 over one output
// row: samples centred on 2^(bitDepth-1), into Q18.
func preciseV0Go(lo, hi []int32, r0, r1, r2, r3 []uint16, bitDepth int) {
	c := int64(1) << (bitDepth - 1)
	s := PreciseVShift(0, bitDepth)
	n := len(lo)
	hi, r0, r1, r2, r3 = hi[:n], r0[:n], r1[:n], r2[:n], r3[:n]
	for j := 0; j < n; j++ {
		u0, u1, u2, u3 := int64(r0[j])-c, int64(r1[j])-c, int64(r2[j])-c, int64(r3[j])-c
		lo[j] = int32(roundShift(preciseLo[0]*u0+preciseLo[1]*u1+preciseLo[2]*u2+preciseLo[3]*u3, s))
		hi[j] = int32(roundShift(preciseHi[0]*u0+preciseHi[1]*u1+preciseHi[2]*u2+preciseHi[3]*u3, s))
	}
}

// preciseVGo is the vertical pass of Barten's scales 1-3 over one output
// row of the Q18 approximation.
func preciseVGo(lo, hi []int32, r0, r1, r2, r3 []int32) {
	n := len(lo)
	hi, r0, r1, r2, r3 = hi[:n], r0[:n], r1[:n], r2[:n], r3[:n]
	for j := 0; j < n; j++ {
		u0, u1, u2, u3 := int64(r0[j]), int64(r1[j]), int64(r2[j]), int64(r3[j])
		lo[j] = int32(roundShift(preciseLo[0]*u0+preciseLo[1]*u1+preciseLo[2]*u2+preciseLo[3]*u3, preciseTapQ))
		hi[j] = int32(roundShift(preciseHi[0]*u0+preciseHi[1]*u1+preciseHi[2]*u2+preciseHi[3]*u3, preciseTapQ))
	}
}

// preciseHGo is the horizontal pass of Barten's DWT over one output row:
// the approximation a in Q18 and the detail bands (v from lo, h and d from
// hi) in the scale's band format. ix is the scale's column table
// (DWTIndices of the input width).
func preciseHGo[T int16 | int32](a []int32, v, hh, d []T, lo, hi []int32, ix *[4][]int, scale int) {
	bs := PreciseHShift(scale)
	for j := range a {
		j0, j1, j2, j3 := ix[0][j], ix[1][j], ix[2][j], ix[3][j]
		var vj, hj, dj int32
		a[j], vj = preciseHOne(lo[j0], lo[j1], lo[j2], lo[j3], preciseTapQ, bs)
		hj, dj = preciseHOne(hi[j0], hi[j1], hi[j2], hi[j3], bs, bs)
		// Truncating the int32 to T keeps the same low bits as
		// truncating the 64-bit sum.
		v[j], hh[j], d[j] = T(vj), T(hj), T(dj)
	}
}

// preciseHGoRow is the horizontal pass for outputs [j0, j1) away from the
// edges (the kernel form the fast scorer calls): a from the low-pass taps
// rounded by sa, b from the high-pass taps rounded by sb.
func preciseHGoRow(a, b, src []int32, j0, j1 int, sa, sb uint) {
	for j := j0; j < j1; j++ {
		c := src[2*j-1 : 2*j+3 : 2*j+3]
		a[j], b[j] = preciseHOne(c[0], c[1], c[2], c[3], sa, sb)
	}
}

// preciseHOne is one output of the horizontal pass from its four inputs:
// the low-pass result rounded by sa and the high-pass one by sb.
func preciseHOne(c0, c1, c2, c3 int32, sa, sb uint) (lo, hi int32) {
	s0, s1, s2, s3 := int64(c0), int64(c1), int64(c2), int64(c3)
	lo = int32(roundShift(preciseLo[0]*s0+preciseLo[1]*s1+preciseLo[2]*s2+preciseLo[3]*s3, sa))
	hi = int32(roundShift(preciseHi[0]*s0+preciseHi[1]*s1+preciseHi[2]*s2+preciseHi[3]*s3, sb))
	return lo, hi
}

// PreciseDWT0 is Barten's first DWT level: the detail bands of dst in Q6
// (dst.A is left alone) and the approximation into a (dst.W x dst.H, Q18).
func PreciseDWT0(dst *Bands16, a []int32, src []uint16, stride, w, h, bitDepth int) {
	indY, indX := DWTIndices(h), DWTIndices(w)
	lo, hi := make([]int32, w), make([]int32, w)
	hw := dst.W
	for i := 0; i < dst.H; i++ {
		preciseV0Go(lo, hi, src[indY[0][i]*stride:][:w], src[indY[1][i]*stride:][:w],
			src[indY[2][i]*stride:][:w], src[indY[3][i]*stride:][:w], bitDepth)
		row := i * hw
		preciseHGo(a[row:row+hw], dst.B[BandV][row:row+hw], dst.B[BandH][row:row+hw], dst.B[BandD][row:row+hw],
			lo, hi, &indX, 0)
	}
}

// PreciseDWT123 is Barten's DWT level at scale 1, 2 or 3 on the previous
// Q18 approximation src (w x h, row stride srcStride).
func PreciseDWT123(dst *Bands32, src []int32, srcStride, w, h, scale int) {
	indY, indX := DWTIndices(h), DWTIndices(w)
	lo, hi := make([]int32, w), make([]int32, w)
	hw := dst.W
	for i := 0; i < dst.H; i++ {
		preciseVGo(lo, hi, src[indY[0][i]*srcStride:][:w], src[indY[1][i]*srcStride:][:w],
			src[indY[2][i]*srcStride:][:w], src[indY[3][i]*srcStride:][:w])
		row := i * hw
		preciseHGo(dst.A[row:row+hw], dst.B[BandV][row:row+hw], dst.B[BandH][row:row+hw], dst.B[BandD][row:row+hw],
			lo, hi, &indX, scale)
	}
}

// restoreExact is the restored part of distorted coefficient t given
// reference o, k*o with k = t/o clipped to [0, 1], formed without the
// ratio: t where it lies between 0 and o, else 0 or o. Then, where the
// angle test holds, the enhancement gain limit as in the integer decouple.
func restoreExact(o, t int64, flag bool, egl float64) int64 {
	// [min(o, 0), max(o, 0)] is [0, o] or [o, 0], or just 0 when o is.
	rst := min(max(t, min(o, 0)), max(o, 0))
	if flag && rst != 0 {
		rst = gainLimit(rst, t, rst > 0, rst < 0, egl)
	}
	return rst
}

// DecoupleExact0 is Barten's Decouple0: restoreExact on the scale-0 bands.
// Every result lies between 0 and t, so int16 holds it.
func DecoupleExact0(ref, dis *Bands16, r, a *[NumBands][]int16, egl float64, cos1 float32) {
	decouple(ref.W, ref.H, &ref.B, &dis.B, r, a, func(o, t int16, flag bool) (int16, int16) {
		return exact(o, t, flag, egl)
	}, cos1)
}

// DecoupleExact123 is Barten's Decouple123.
func DecoupleExact123(ref, dis *Bands32, r, a *[NumBands][]int32, egl float64, cos1 float32) {
	decouple(ref.W, ref.H, &ref.B, &dis.B, r, a, func(o, t int32, flag bool) (int32, int32) {
		return exact(o, t, flag, egl)
	}, cos1)
}

// Barten's denominator at scales 1-3. libvmaf's squares each |coefficient|
// after adding a whole unit of 2^30 or 2^31 before shifting it away: a
// coefficient of an eighth of an 8-bit step at scale 3 counts eight times
// its size, which under Watson's weights drowns in the noise floor but
// under Barten's (27 at scale 3) is most of the denominator on smooth
// content (a 10-bit x264 ramp: 107 at scale 3 where float_adm has 39).
// Here each |v|^3 is summed exactly in 128 bits (at most 2^93 per term), so
// the sum is the same in any order, and rounded to a double once.

// u128 is an unsigned 128-bit sum.
type u128 struct{ hi, lo uint64 }

func (a *u128) add(b u128) {
	var c uint64
	a.lo, c = bits.Add64(a.lo, b.lo, 0)
	a.hi += b.hi + c
}

// float64 rounds a to the nearest double (ties to even): the top 64 bits
// with a sticky bit for the rest round as the whole would.
func (a u128) float64() float64 {
	if a.hi == 0 {
		return float64(a.lo)
	}
	n := uint(bits.Len64(a.hi))
	top := a.hi<<(64-n) | a.lo>>n
	if a.lo<<(64-n) != 0 {
		top |= 1
	}
	return math.Ldexp(float64(top), int(n))
}

// cubeSum is the exact sum of |v|^3 over s.
func cubeSum(s []int32) u128 {
	var acc u128
	for _, v := range s {
		u := uint64(abs32(v)) // |INT_MIN| is 2^31 as uint32
		u = uint64(uint32(u))
		hi, lo := bits.Mul64(u*u, u)
		acc.add(u128{hi, lo})
	}
	return acc
}

// denExactTerms finishes a scale's exact cube sums into band terms: the
// sum in 8-bit units cubed (2^-3q), times the weight cubed, cube root,
// plus the noise floor.
func denExactTerms(acc [NumBands]u128, scale int, sr Rect, factor [NumBands]float32, nw float64) [NumBands]float32 {
	var out [NumBands]float32
	pa := noiseTerm(sr, nw)
	for b := 0; b < NumBands; b++ {
		csf := math.Ldexp(acc[b].float64(), -3*int(preciseBandQ[scale])) * libm.Pow(float64(factor[b]), 3)
		out[b] = libm.Powf(float32(csf), oneThird) + pa
	}
	return out
}

// DenExact123 is Barten's Den123.
func DenExact123(ref *Bands32, scale int, factor [NumBands]float32, nw float64) [NumBands]float32 {
	sr := ScoreRect(ref.W, ref.H)
	var accs [NumBands]u128
	for b := 0; b < NumBands; b++ {
		for i := sr.Y0; i < sr.Y1; i++ {
			accs[b].add(cubeSum(ref.B[b][i*ref.W+sr.X0 : i*ref.W+sr.X1]))
		}
	}
	return denExactTerms(accs, scale, sr, factor, nw)
}

// DenExactTerms is Barten's denominator finish at scale 1, 2 or 3 for
// other backends: sum[b] is band b's exact sum of |v|^3 over the scored
// window of a w x h band, as high and low 64-bit words.
func DenExactTerms(sum [NumBands][2]uint64, scale, w, h int, factor [NumBands]float32, nw float64) [NumBands]float32 {
	var acc [NumBands]u128
	for b := range acc {
		acc[b] = u128{sum[b][0], sum[b][1]}
	}
	return denExactTerms(acc, scale, ScoreRect(w, h), factor, nw)
}
