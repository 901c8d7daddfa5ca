package motion

import "github.com/bandscope/bandscope/kernels/yuv"

// Taps is libvmaf's 5-tap motion filter (integer_motion.h), a Gaussian
// whose taps sum to 2^16.
var Taps = [5]int64{3571, 16004, 26386, 16004, 3571}

// mirror reflects an index once about the first and last sample without
// repeating them (libvmaf's mirror: -1 -> 1, size -> size-2). It is only
// in range for size >= 3, hence MinSize.
func mirror(i, size int) int {
	if i < 0 {
		return -i
	}
	if i >= size {
		return 2*size - i - 2
	}
	return i
}

// VerticalRow is the first pass of libvmaf's motion_score_pipeline for
// output row i: the difference prev - cur filtered down each column (rows
// mirrored at the borders), rounded and shifted right by the bit depth
// (libvmaf: by 8 with rounding 2^7 in its 8-bit pipeline, by bpc with
// rounding 2^(bpc-1) in its 16-bit one: the same formula). dst gets
// Width values; the result reports whether any is non-zero, since
// libvmaf skips the second pass of all-zero rows.
func VerticalRow(dst []int32, prev, cur yuv.Plane, i, bpc int) bool {
	w, h := cur.Width, cur.Height
	round := int64(1) << (bpc - 1)
	var rows [5]int
	for k := range rows {
		rows[k] = mirror(i-2+k, h)
	}
	any := int32(0)
	for j := 0; j < w; j++ {
		var acc int64
		for k, r := range rows {
			d := int64(prev.Pix[r*prev.Stride+j]) - int64(cur.Pix[r*cur.Stride+j])
			acc += Taps[k] * d
		}
		v := int32((acc + round) >> bpc)
		dst[j] = v
		any |= v
	}
	return any != 0
}

// HorizontalRow is the second pass: row filtered across (columns
// mirrored), rounded and shifted right by 16. It returns the row's sum of
// absolute values in uint32, wrapping as libvmaf's row_sad does, and
// writes each filtered value to out unless out is nil.
func HorizontalRow(out, row []int32) uint32 {
	w := len(row)
	var sum uint32
	for j := 0; j < w; j++ {
		var acc int64
		for k := 0; k < 5; k++ {
			acc += Taps[k] * int64(row[mirror(j-2+k, w)])
		}
		v := int32((acc + 1<<15) >> 16)
		if out != nil {
			out[j] = v
		}
		if v < 0 {
			v = -v
		}
		sum += uint32(v)
	}
	return sum
}

// SAD is libvmaf's motion_score_pipeline on two luma planes of the same
// size and bit depth: the sum over the frame of |blur(prev - cur)|, with
// the blur's rounding in libvmaf's places. Each unit is 1/256 of an 8-bit
// code value at every bit depth (the two passes gain 2^32 and shift by
// bpc + 16). When diff is not nil it receives the signed blurred
// difference, Width*Height values row-major. scratch holds Width values
// (allocated when nil).
func SAD(prev, cur yuv.Plane, bpc int, diff, scratch []int32) uint64 {
	prev, cur = prev.Widened(), cur.Widened()
	w, h := cur.Width, cur.Height
	if len(scratch) < w {
		scratch = make([]int32, w)
	}
	row := scratch[:w]
	var sad uint64
	for i := 0; i < h; i++ {
		var out []int32
		if diff != nil {
			out = diff[i*w : (i+1)*w]
		}
		if !VerticalRow(row, prev, cur, i, bpc) {
			// libvmaf skips the row; its filtered values are all 0.
			clear(out)
			continue
		}
		sad += uint64(HorizontalRow(out, row))
	}
	return sad
}
