package adm

// The Daubechies-2 analysis filters in Q15, low and high pass, and the sum of
// the low-pass taps (used to centre unsigned input on zero).
var (
	dwtLo = [4]int32{15826, 27411, 7345, -4240}
	dwtHi = [4]int32{-4240, -7345, 27411, -15826}
)

const dwtLoSum = 46342

// Bands16 holds one picture's first-level DWT: the approximation A and the
// detail bands B[BandH], B[BandV], B[BandD], W*H each, row-major, in Q6
// (the sample scale times 2^6).
type Bands16 struct {
	W, H int
	A    []int16
	B    [NumBands][]int16
}

// Bands32 holds one picture's DWT at levels 2-4 (scales 1-3).
type Bands32 struct {
	W, H int
	A    []int32
	B    [NumBands][]int32
}

// NewBands16 allocates bands of w x h.
func NewBands16(w, h int) *Bands16 {
	b := &Bands16{W: w, H: h, A: make([]int16, w*h)}
	for i := range b.B {
		b.B[i] = make([]int16, w*h)
	}
	return b
}

// NewBands32 allocates bands of w x h.
func NewBands32(w, h int) *Bands32 {
	b := &Bands32{W: w, H: h, A: make([]int32, w*h)}
	for i := range b.B {
		b.B[i] = make([]int32, w*h)
	}
	return b
}

// DWTIndices returns, for an input length n, the four input positions each
// of the (n+1)/2 outputs reads: 2i-1 .. 2i+2, mirrored at the start
// (-1 -> 1) and, for the last two outputs, mirrored about the end
// (n + k -> n - 1 - k). It needs n >= 5.
func DWTIndices(n int) [4][]int {
	half := (n + 1) / 2
	var ind [4][]int
	for k := range ind {
		ind[k] = make([]int, half)
	}
	for i := 0; i < half; i++ {
		for k := 0; k < 4; k++ {
			v := 2*i - 1 + k
			if i == 0 && k == 0 {
				v = 1
			}
			if i >= half-2 && v >= n {
				v = 2*n - v - 1
			}
			ind[k][i] = v
		}
	}
	return ind
}

// DWT0 is the first DWT level on samples of the given bit depth (libvmaf's
// adm_dwt2_8 for 8 bits, adm_dwt2_16 above, which agree at 8 bits): each
// vertical pass output is centred and shifted by the bit depth into int16,
// the horizontal pass shifts by 16. With loOnly only A is written
// (adm_skip_scale0). The arithmetic is int32 and wraps where libvmaf's
// does (16-bit input near full scale).
func DWT0(dst *Bands16, src []uint16, stride, w, h, bitDepth int, loOnly bool) {
	indY, indX := DWTIndices(h), DWTIndices(w)
	shiftVP := uint(bitDepth)
	addVP := int32(1) << (bitDepth - 1)
	tmpLo := make([]int16, w)
	tmpHi := make([]int16, w)
	hw := (w + 1) / 2
	for i := 0; i < (h+1)/2; i++ {
		r0 := src[indY[0][i]*stride:][:w]
		r1 := src[indY[1][i]*stride:][:w]
		r2 := src[indY[2][i]*stride:][:w]
		r3 := src[indY[3][i]*stride:][:w]
		for j := 0; j < w; j++ {
			u0, u1, u2, u3 := int32(r0[j]), int32(r1[j]), int32(r2[j]), int32(r3[j])
			acc := dwtLo[0]*u0 + dwtLo[1]*u1 + dwtLo[2]*u2 + dwtLo[3]*u3
			acc -= dwtLoSum * addVP
			tmpLo[j] = int16((acc + addVP) >> shiftVP)
			if !loOnly {
				acc = dwtHi[0]*u0 + dwtHi[1]*u1 + dwtHi[2]*u2 + dwtHi[3]*u3
				tmpHi[j] = int16((acc + addVP) >> shiftVP)
			}
		}
		row := i * dst.W
		a := dst.A[row : row+hw]
		for j := 0; j < hw; j++ {
			j0, j1, j2, j3 := indX[0][j], indX[1][j], indX[2][j], indX[3][j]
			s0, s1, s2, s3 := int32(tmpLo[j0]), int32(tmpLo[j1]), int32(tmpLo[j2]), int32(tmpLo[j3])
			a[j] = int16((dwtLo[0]*s0 + dwtLo[1]*s1 + dwtLo[2]*s2 + dwtLo[3]*s3 + 32768) >> 16)
			if loOnly {
				continue
			}
			dst.B[BandV][row+j] = int16((dwtHi[0]*s0 + dwtHi[1]*s1 + dwtHi[2]*s2 + dwtHi[3]*s3 + 32768) >> 16)
			s0, s1, s2, s3 = int32(tmpHi[j0]), int32(tmpHi[j1]), int32(tmpHi[j2]), int32(tmpHi[j3])
			dst.B[BandH][row+j] = int16((dwtLo[0]*s0 + dwtLo[1]*s1 + dwtLo[2]*s2 + dwtLo[3]*s3 + 32768) >> 16)
			dst.B[BandD][row+j] = int16((dwtHi[0]*s0 + dwtHi[1]*s1 + dwtHi[2]*s2 + dwtHi[3]*s3 + 32768) >> 16)
		}
	}
}

// Rounding and shifts of the vertical and horizontal passes at scales 1-3.
var (
	vpAdd   = [4]int64{0, 0, 32768, 32768}
	vpShift = [4]uint{0, 0, 16, 16}
	hpAdd   = [4]int64{0, 16384, 32768, 16384}
	hpShift = [4]uint{0, 15, 16, 15}
)

// DWT123 is one DWT level at scale 1, 2 or 3 on the previous level's
// approximation src (w x h, row stride srcStride), in int64 with libvmaf's
// per-scale rounding (adm_dwt2_s123_combined, one picture at a time).
func DWT123(dst *Bands32, src []int32, srcStride, w, h, scale int) {
	indY, indX := DWTIndices(h), DWTIndices(w)
	tmpLo := make([]int32, w)
	tmpHi := make([]int32, w)
	va, vs, ha, hs := vpAdd[scale], vpShift[scale], hpAdd[scale], hpShift[scale]
	lo0, lo1, lo2, lo3 := int64(dwtLo[0]), int64(dwtLo[1]), int64(dwtLo[2]), int64(dwtLo[3])
	hi0, hi1, hi2, hi3 := int64(dwtHi[0]), int64(dwtHi[1]), int64(dwtHi[2]), int64(dwtHi[3])
	hw := (w + 1) / 2
	for i := 0; i < (h+1)/2; i++ {
		r0 := src[indY[0][i]*srcStride:][:w]
		r1 := src[indY[1][i]*srcStride:][:w]
		r2 := src[indY[2][i]*srcStride:][:w]
		r3 := src[indY[3][i]*srcStride:][:w]
		for j := 0; j < w; j++ {
			s0, s1, s2, s3 := int64(r0[j]), int64(r1[j]), int64(r2[j]), int64(r3[j])
			tmpLo[j] = int32((lo0*s0 + lo1*s1 + lo2*s2 + lo3*s3 + va) >> vs)
			tmpHi[j] = int32((hi0*s0 + hi1*s1 + hi2*s2 + hi3*s3 + va) >> vs)
		}
		row := i * dst.W
		for j := 0; j < hw; j++ {
			j0, j1, j2, j3 := indX[0][j], indX[1][j], indX[2][j], indX[3][j]
			s0, s1, s2, s3 := int64(tmpLo[j0]), int64(tmpLo[j1]), int64(tmpLo[j2]), int64(tmpLo[j3])
			dst.A[row+j] = int32((lo0*s0 + lo1*s1 + lo2*s2 + lo3*s3 + ha) >> hs)
			dst.B[BandV][row+j] = int32((hi0*s0 + hi1*s1 + hi2*s2 + hi3*s3 + ha) >> hs)
			s0, s1, s2, s3 = int64(tmpHi[j0]), int64(tmpHi[j1]), int64(tmpHi[j2]), int64(tmpHi[j3])
			dst.B[BandH][row+j] = int32((lo0*s0 + lo1*s1 + lo2*s2 + lo3*s3 + ha) >> hs)
			dst.B[BandD][row+j] = int32((hi0*s0 + hi1*s1 + hi2*s2 + hi3*s3 + ha) >> hs)
		}
	}
}
