package cambi

import "github.com/bandscope/bandscope/kernels/yuv"

// Preprocess converts the luma plane src (of the given bit depth) to 10 bits
// at dstW x dstH. Equal sizes convert sample by sample; otherwise libvmaf's
// nearest-sample decimation picks source positions with float32 steps, which
// this reproduces operation for operation (the rounding of the float steps
// decides which source column is taken).
func Preprocess(dst []uint16, dstW, dstH int, src yuv.Plane, bitDepth int) {
	src = src.Widened()
	conv := converter(bitDepth)
	if src.Width == dstW && src.Height == dstH {
		for y := 0; y < dstH; y++ {
			row := src.Pix[y*src.Stride : y*src.Stride+dstW]
			out := dst[y*dstW : (y+1)*dstW]
			for x, v := range row {
				out[x] = conv(v)
			}
		}
		return
	}
	sx, sy := ResampleIndex(src.Width, dstW), ResampleIndex(src.Height, dstH)
	for y, iy := range sy {
		in := src.Pix[int(iy)*src.Stride:]
		for x, ix := range sx {
			dst[y*dstW+x] = conv(in[ix])
		}
	}
}

// ResampleIndex is the input index that libvmaf's nearest-sample
// decimation takes for each of out outputs from in inputs: a running
// float32 sum of the ratio from half a step in, rounded half up through
// double. The rounding of the float steps decides which input is taken,
// so every backend takes its indices from here.
func ResampleIndex(in, out int) []int32 {
	idx := make([]int32, out)
	ratio := float32(in) / float32(out)
	f := float32(float64(ratio/2) - 0.5)
	for i := range idx {
		idx[i] = int32(float64(f) + 0.5)
		f += ratio
	}
	return idx
}

// converter maps a sample of the given depth to 10 bits: low depths shift
// left, high depths round to nearest (half up) and shift right.
func converter(bitDepth int) func(uint16) uint16 {
	switch {
	case bitDepth < 10:
		s := uint(10 - bitDepth)
		return func(v uint16) uint16 { return v << s }
	case bitDepth == 10:
		return func(v uint16) uint16 { return v }
	default:
		s := uint(bitDepth - 10)
		r := uint32(1) << (s - 1)
		return func(v uint16) uint16 { return uint16((uint32(v) + r) >> s) }
	}
}

// AntiDither averages each sample with its right, lower and lower-right
// neighbours (the last row and column with the one neighbour they have),
// removing the dither of content encoded below 10 bits. Every output reads
// only original samples.
func AntiDither(img []uint16, w, h int) {
	for y := 0; y < h-1; y++ {
		row, next := img[y*w:(y+1)*w], img[(y+1)*w:(y+2)*w]
		// In place: antiDitherGo reads row[x+1] before writing it.
		antiDitherGo(row[:w-1], row, next)
		row[w-1] = uint16((uint32(row[w-1]) + uint32(next[w-1])) >> 1)
	}
	last := img[(h-1)*w : h*w]
	for x := 0; x < w-1; x++ {
		last[x] = uint16((uint32(last[x]) + uint32(last[x+1])) >> 1)
	}
}

// MaskFilterSize is the side of the spatial mask's box filter.
const MaskFilterSize = 7

// MaskIndex is the spatial mask's threshold for a w x h picture: a pixel is
// masked in when more than MaskIndex pixels of its 7x7 neighbourhood have a
// zero derivative. It grows with the picture's area in 64x64 blocks.
func MaskIndex(w, h int) int {
	blocks := uint32(w>>6) * uint32(h>>6)
	return (MaskFilterSize*MaskFilterSize + 3*(ceilLog2(blocks)-11) - 1) >> 1
}

func ceilLog2(n uint32) int {
	if n == 0 {
		return 0
	}
	s := 0
	for t := n - 1; t > 0; t >>= 1 {
		s++
	}
	return s
}

// SpatialMask marks the pixels whose 7x7 neighbourhood (zero outside the
// picture) holds more than maskIndex zero-derivative pixels. A pixel has a
// zero derivative when it equals its right and its lower neighbour; the last
// column and row count as equal.
//
// The box sum runs as a running column sum per row (add the flat marks of
// the row entering the window, subtract those of the one leaving: flatRowGo,
// colAddGo) followed by a sliding row sum (boxRowGo), which is exact in
// integers and visits each pixel a constant number of times. It is the fast scorer's row-band pass over all
// rows with the Go twins.
func SpatialMask(mask []uint8, img []uint16, w, h, maskIndex int) {
	spatialMaskRows(mask, img, w, h, maskIndex, 0, h, &bandScratch{}, scalarKernels)
}

func b2u8(b bool) uint8 {
	if b {
		return 1
	}
	return 0
}

// Decimate keeps every other sample of every other row: dst is
// (srcW+1)/2 x (srcH+1)/2.
func Decimate[T uint8 | uint16](dst, src []T, srcW, srcH int) {
	w, h := (srcW+1)>>1, (srcH+1)>>1
	for y := 0; y < h; y++ {
		in := src[2*y*srcW:]
		out := dst[y*w : (y+1)*w]
		for x := range out {
			out[x] = in[2*x]
		}
	}
}

// mode3 is the majority of three values, or their minimum when all differ.
func mode3(a, b, c uint16) uint16 {
	if a == b || a == c {
		return a
	}
	if b == c {
		return b
	}
	return min(a, b, c)
}

// FilterMode applies libvmaf's separable 3-tap mode filter: each row is
// filtered horizontally (its first and last sample kept), then rows 1..h-2
// take the vertical mode of three horizontally filtered rows. Rows 0 and h-1
// are left exactly as they were, not even filtered horizontally. dst and src
// must not overlap. It is the fast scorer's row-band pass over all rows
// with the Go twins (hmodeGo, vmodeGo).
func FilterMode(dst, src []uint16, w, h int) {
	filterModeRows(dst, src, w, h, 0, h, &bandScratch{}, scalarKernels)
}
