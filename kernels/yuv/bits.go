package yuv

import "unsafe"

// RowsAbove reports whether a sample in rows [y0, y1) exceeds max, which
// must be one less than a power of two (a bit depth's largest sample); it
// is then a mask test, and ORs four samples per 64-bit load. The range
// check runs on every frame of every feature: a branch per sample made it
// a tenth of integer ADM's time, and a pass of its own over a frame that
// is not in cache costs as much again, so scorers check rows as they
// read them.
func (p Plane) RowsAbove(max uint16, y0, y1 int) bool {
	if max&(max+1) != 0 {
		panic("yuv: RowsAbove bound is not 2^b-1")
	}
	if p.Pix8 != nil {
		// A packed plane holds 8-bit samples: none exceeds 255.
		if max >= 255 {
			return false
		}
		for y := y0; y < y1; y++ {
			for _, v := range p.Pix8[y*p.Stride : y*p.Stride+p.Width] {
				if uint16(v) > max {
					return true
				}
			}
		}
		return false
	}
	mask := ^max
	m := uint64(mask) * 0x0001_0001_0001_0001
	for y := y0; y < y1; y++ {
		row := p.Pix[y*p.Stride : y*p.Stride+p.Width]
		n := len(row) &^ 15
		var a, b, c, d uint64
		if n > 0 {
			// Unaligned loads are fine on every platform Go runs this
			// on; uint64 holds no pointers, so checkptr allows it.
			w := unsafe.Slice((*uint64)(unsafe.Pointer(&row[0])), n/4)
			for i := 0; i+4 <= len(w); i += 4 {
				a |= w[i]
				b |= w[i+1]
				c |= w[i+2]
				d |= w[i+3]
			}
		}
		acc := (a | b | c | d) & m
		for _, v := range row[n:] {
			acc |= uint64(v & mask)
		}
		if acc != 0 {
			return true
		}
	}
	return false
}
