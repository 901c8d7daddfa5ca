package clip

import (
	"fmt"

	"github.com/bandscope/bandscope/kernels/yuv"
)

var planeNames = [3]string{"Y", "U", "V"}

// planeBytes is the size of the planes of one frame as stored in a file:
// 1 byte per sample up to 8 bits, 2 little-endian bytes above.
func planeBytes(f yuv.Format) int64 {
	var n int64
	for i := 0; i < f.Chroma.Planes(); i++ {
		w, h := f.PlaneSize(i)
		n += int64(w) * int64(h)
	}
	return n * int64(f.BytesPerSample())
}

// checkDst refuses a destination that does not fit, rather than panicking.
func checkDst(f yuv.Format, dst *yuv.Picture) error {
	if dst == nil {
		return fmt.Errorf("nil destination picture")
	}
	if dst.Format != f {
		return fmt.Errorf("destination picture is %s, the clip is %s (use yuv.Reuse)", formatString(dst.Format), formatString(f))
	}
	for i := 0; i < f.Chroma.Planes(); i++ {
		w, h := f.PlaneSize(i)
		if n := dst.Plane(i).Len(); n != w*h {
			return fmt.Errorf("destination plane %s holds %d samples, want %d", planeNames[i], n, w*h)
		}
	}
	return nil
}

func formatString(f yuv.Format) string {
	return fmt.Sprintf("%dx%d %s %d-bit", f.Width, f.Height, f.Chroma, f.BitDepth)
}

// readPlanes is what a read of f stores: its bytes and planes, the luma
// plane alone with lumaOnly (ReadLuma).
func readPlanes(f yuv.Format, lumaOnly bool) (bytes int64, planes int) {
	if lumaOnly {
		return int64(f.Width) * int64(f.Height) * int64(f.BytesPerSample()), 1
	}
	return planeBytes(f), f.Chroma.Planes()
}

// unpackPlanes widens the first planes stored planes in src into dst (1:
// luma alone; src may then hold the luma plane only) and checks that no
// sample exceeds the bit depth: kernels index tables by sample value, so an
// out-of-range sample (a wrong --bitdepth, a corrupt file) must stop here.
func unpackPlanes(src []byte, dst *yuv.Picture, planes int) error {
	f := dst.Format
	bps := f.BytesPerSample()
	for i := 0; i < planes; i++ {
		w, h := f.PlaneSize(i)
		// A band of rows at a time, so that the range check reads
		// samples still in cache rather than the whole plane again.
		const band = 16
		for y0 := 0; y0 < h; y0 += band {
			y1 := min(y0+band, h)
			if err := unpackRows(src[y0*w*bps:y1*w*bps], dst, i, y0, y1); err != nil {
				return err
			}
		}
		src = src[h*w*bps:]
	}
	return nil
}

// unpackRows widens rows [y0, y1) of plane i, stored in src, into dst and
// checks them against the bit depth (unpackPlanes); a packed destination
// takes the bytes as they are (every byte is an 8-bit sample).
func unpackRows(src []byte, dst *yuv.Picture, i, y0, y1 int) error {
	f := dst.Format
	w, _ := f.PlaneSize(i)
	if dst.IsPacked() {
		copy(dst.Packed[i][y0*w:y1*w], src)
		return nil
	}
	p := dst.Planes[i][y0*w : y1*w]
	if f.BitDepth <= 8 {
		widen8(p, src[:len(p)])
		return nil
	}
	widen16(p, src[:2*len(p)])
	return checkRows(dst, i, y0, y1)
}

// checkRows reports the first sample of rows y0 to y1 of plane i of dst
// (more than 8 bits, widened) above the bit depth's maximum.
func checkRows(dst *yuv.Picture, i, y0, y1 int) error {
	f := dst.Format
	w, h := f.PlaneSize(i)
	p := dst.Planes[i][y0*w : y1*w]
	limit := uint16(1<<f.BitDepth - 1)
	if f.BitDepth >= 16 {
		limit = 0xffff
	}
	if !(yuv.Plane{Width: w, Height: h, Stride: w, Pix: dst.Planes[i]}).RowsAbove(limit, y0, y1) {
		return nil
	}
	for j, v := range p {
		if v > limit {
			j += y0 * w
			return fmt.Errorf("%w: plane %s sample (%d,%d) is %d, the %d-bit maximum is %d",
				ErrSampleRange, planeNames[i], j%w, j/w, v, f.BitDepth, limit)
		}
	}
	return nil
}
