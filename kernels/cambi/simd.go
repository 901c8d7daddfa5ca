//go:build (amd64 || arm64) && !purego

package cambi

// The wrappers' vector recipes, shared by the amd64 and arm64 twins.

// The row wrappers: each runs a vector kernel (lanes columns a step) over
// the whole vectors of a row and the Go twin over the rest; avx2<Field>
// and neon<Field> are these with their architecture's kernel.

func flatRowVec(kern func(out *uint8, row, below *uint16, n int), lanes int, out []uint8, img []uint16, w, h, y int) {
	if y+1 >= h || w < lanes+1 {
		flatRowGo(out, img, w, h, y)
		return
	}
	n := (w - 1) &^ (lanes - 1)
	row, below := img[y*w:(y+1)*w], img[(y+1)*w:(y+2)*w]
	_ = out[n-1]
	kern(&out[0], &row[0], &below[0], n)
	flatRowTail(out, row, below, n, w)
}

func colAddVec(kern func(col, in, out *uint8, n int), lanes int, col, in, out []uint8) {
	n := len(col) &^ (lanes - 1)
	if n > 0 {
		_, _ = in[n-1], out[n-1]
		kern(&col[0], &in[0], &out[0], n)
	}
	colAddGo(col[n:], in[n:], out[n:])
}

func hmodeVec(kern func(out, in *uint16, n int), lanes int, out, in []uint16) {
	w := len(in)
	n := (w - 2) &^ (lanes - 1)
	if w < lanes+2 || n <= 0 {
		hmodeGo(out, in)
		return
	}
	out = out[:w]
	kern(&out[1], &in[1], n)
	out[0] = in[0]
	for x := 1 + n; x < w-1; x++ {
		out[x] = mode3(in[x-1], in[x], in[x+1])
	}
	out[w-1] = in[w-1]
}

func vmodeVec(kern func(out, a, b, c *uint16, n int), lanes int, out, a, b, c []uint16) {
	n := len(out) &^ (lanes - 1)
	if n > 0 {
		_, _, _ = a[n-1], b[n-1], c[n-1]
		kern(&out[0], &a[0], &b[0], &c[0], n)
	}
	vmodeGo(out[n:], a[n:], b[n:], c[n:])
}

func convRowVec(kern func(out, in *uint16, n int, sl, sr uint64) uint16, lanes int, out, in []uint16, bd int) uint16 {
	n := len(in) &^ (lanes - 1)
	var mx uint16
	if n > 0 {
		_ = out[n-1]
		var sl, sr uint64
		if bd < 10 {
			sl = uint64(10 - bd)
		} else {
			sr = uint64(bd - 10)
		}
		mx = kern(&out[0], &in[0], n, sl, sr)
	}
	return max(mx, convRowGo(out[n:], in[n:], bd))
}

func antiDitherVec(kern func(out, row, next *uint16, n int), lanes int, out, row, next []uint16) {
	n := len(out) &^ (lanes - 1)
	if n > 0 {
		_, _ = row[n], next[n]
		kern(&out[0], &row[0], &next[0], n)
	}
	antiDitherGo(out[n:], row[n:], next[n:])
}

func convDitherVec(kern func(out, row, next *uint16, n int, sl uint64) uint16, lanes int, out, row, next []uint16, bd int) uint16 {
	n := len(out) &^ (lanes - 1)
	var mx uint16
	if n > 0 {
		_, _ = row[n], next[n]
		mx = kern(&out[0], &row[0], &next[0], n, uint64(10-bd))
	}
	return max(mx, convDitherGo(out[n:], row[n:], next[n:], bd))
}

func decimateVec[T uint8 | uint16](kern func(out, in *T, n int), lanes int, out, in []T) {
	n := min(len(out), len(in)/2) &^ (lanes - 1)
	if n > 0 {
		kern(&out[0], &in[0], n)
	}
	decimateGo(out[n:], in[2*n:])
}

// boxRowVec sums whole windows in vectors from column pad on; the columns
// left at either end sum their clipped windows one by one. The sums are
// at most 49: the threshold clamps to the bytes' range.
func boxRowVec(kern func(out, col *uint8, n int, thr int8), lanes int, out []uint8, col []uint8, w int, maskIndex int32) {
	const pad = MaskFilterSize / 2
	n := max(w-2*pad, 0) &^ (lanes - 1)
	if n == 0 {
		boxRowGo(out, col, w, maskIndex)
		return
	}
	out, col = out[:w], col[:w]
	_ = col[n+2*pad-1]
	kern(&out[pad], &col[0], n, int8(min(max(maskIndex, -1), 127)))
	for x := 0; x < w; x++ {
		if x == pad {
			x += n
			if x >= w {
				break
			}
		}
		var sum int32
		for _, c := range col[max(x-pad, 0):min(x+pad+1, w)] {
			sum += int32(c)
		}
		out[x] = b2u8(sum > maskIndex)
	}
}

// bandRangeVec passes the kernel size-1 (size > 0): the largest band value
// counted.
func bandRangeVec(kern func(row *uint16, mask *uint8, n int, base, top uint16) (mn, mx1 uint16), lanes int, row []uint16, mrow []uint8, base, size uint16) (mn, mx1 uint16) {
	n := len(row) &^ (lanes - 1)
	mn = 0xffff
	if n > 0 && size > 0 {
		_ = mrow[n-1]
		mn, mx1 = kern(&row[0], &mrow[0], n, base, size-1)
	}
	a, b := bandRangeGo(row[n:], mrow[n:], base, size)
	return min(mn, a), max(mx1, b)
}
