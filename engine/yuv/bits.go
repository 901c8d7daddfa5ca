package yuv

import "unsafe"

// anyBits reports whether some sample of p has a bit of mask set. It ORs
// four samples per 64-bit load: the range check runs on every frame of
// every feature, and a branch per sample made it a tenth of integer ADM's
// time.
func (p Plane) anyBits(mask uint16) bool {
	m := uint64(mask) * 0x0001_0001_0001_0001
	for y := 0; y < p.Height; y++ {
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
