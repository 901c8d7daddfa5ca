package clip

import (
	"encoding/binary"
	"unsafe"
)

// Widening the stored samples runs on every plane of every frame read, and
// a sample at a time it cost an eighth of a 1080p ADM run. On
// little-endian machines (the ones Go's amd64 and arm64 ports are) the
// 16-bit layout of the file is the memory layout of []uint16, so samples
// are copied (the range check ORs them a word at a time, yuv.RowsAbove),
// and 8-bit samples are spread to 16-bit lanes (SSE2 on amd64).
var littleEndian = binary.NativeEndian.Uint16([]byte{1, 0}) == 1

// widen8 sets dst[j] = src[j].
func widen8(dst []uint16, src []byte) {
	src = src[:len(dst)]
	j := widen8Vec(dst, src)
	if littleEndian && len(dst)-j >= 8 {
		dst, src = dst[j:], src[j:]
		j = 0
		n := len(dst) &^ 7
		// dst as 64-bit words: uint64 holds no pointers and Go's
		// little-endian ports load unaligned words. (amd64 does the bulk in SSE2
		// first; this is arm64's path and amd64's last few samples.)
		d := unsafe.Slice((*uint64)(unsafe.Pointer(&dst[0])), n/4)
		for i := 0; i < n/8; i++ {
			w := binary.LittleEndian.Uint64(src[8*i:])
			d[2*i] = spread(w & 0xFFFF_FFFF)
			d[2*i+1] = spread(w >> 32)
		}
		j = n
	}
	for ; j < len(dst); j++ {
		dst[j] = uint16(src[j])
	}
}

// spread moves the four bytes of x into the low bytes of four 16-bit lanes.
func spread(x uint64) uint64 {
	x = (x | x<<16) & 0x0000_FFFF_0000_FFFF
	return (x | x<<8) & 0x00FF_00FF_00FF_00FF
}

// widen16 sets dst[j] to the little-endian sample j of src.
func widen16(dst []uint16, src []byte) {
	src = src[:2*len(dst)]
	if littleEndian && len(dst) > 0 {
		copy(unsafe.Slice((*byte)(unsafe.Pointer(&dst[0])), 2*len(dst)), src)
		return
	}
	for j := range dst {
		dst[j] = binary.LittleEndian.Uint16(src[2*j:])
	}
}
