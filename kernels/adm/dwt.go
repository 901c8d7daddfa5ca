package adm

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
// vertical pass output is centred and shifted by the bit depth into int16
// (dwt0VGo), the horizontal pass shifts by 16 (dwt0HOne). With loOnly only
// A is written (adm_skip_scale0). The arithmetic is int32 and wraps where
// libvmaf's does (16-bit input near full scale).
func DWT0(dst *Bands16, src []uint16, stride, w, h, bitDepth int, loOnly bool) {
	indY, indX := DWTIndices(h), DWTIndices(w)
	lo, hi := make([]int16, w), make([]int16, w)
	hw := (w + 1) / 2
	for i := 0; i < (h+1)/2; i++ {
		dwt0VGo(lo, hi, src[indY[0][i]*stride:][:w], src[indY[1][i]*stride:][:w],
			src[indY[2][i]*stride:][:w], src[indY[3][i]*stride:][:w], bitDepth, loOnly)
		row := i * dst.W
		for j := 0; j < hw; j++ {
			j0, j1, j2, j3 := indX[0][j], indX[1][j], indX[2][j], indX[3][j]
			a, v := dwt0HOne(int32(lo[j0]), int32(lo[j1]), int32(lo[j2]), int32(lo[j3]))
			dst.A[row+j] = a
			if loOnly {
				continue
			}
			hh, d := dwt0HOne(int32(hi[j0]), int32(hi[j1]), int32(hi[j2]), int32(hi[j3]))
			dst.B[BandV][row+j], dst.B[BandH][row+j], dst.B[BandD][row+j] = v, hh, d
		}
	}
}

// DWT123 is one DWT level at scale 1, 2 or 3 on the previous level's
// approximation src (w x h, row stride srcStride), in int64 with libvmaf's
// per-scale rounding (adm_dwt2_s123_combined, one picture at a time).
func DWT123(dst *Bands32, src []int32, srcStride, w, h, scale int) {
	indY, indX := DWTIndices(h), DWTIndices(w)
	lo, hi := make([]int32, w), make([]int32, w)
	ha, hs := hpAdd[scale], hpShift[scale]
	hw := (w + 1) / 2
	for i := 0; i < (h+1)/2; i++ {
		dwt123V(lo, hi, src[indY[0][i]*srcStride:][:w], src[indY[1][i]*srcStride:][:w],
			src[indY[2][i]*srcStride:][:w], src[indY[3][i]*srcStride:][:w], scale)
		row := i * dst.W
		for j := 0; j < hw; j++ {
			j0, j1, j2, j3 := indX[0][j], indX[1][j], indX[2][j], indX[3][j]
			dst.A[row+j], dst.B[BandV][row+j] = dwt123One(int64(lo[j0]), int64(lo[j1]), int64(lo[j2]), int64(lo[j3]), ha, hs)
			dst.B[BandH][row+j], dst.B[BandD][row+j] = dwt123One(int64(hi[j0]), int64(hi[j1]), int64(hi[j2]), int64(hi[j3]), ha, hs)
		}
	}
}
