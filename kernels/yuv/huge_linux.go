package yuv

import (
	"syscall"
	"unsafe"
)

// hugePage is the size of an x86-64 or arm64 transparent huge page.
const hugePage = 2 << 20

// newPlane allocates a plane of n samples. A plane of at least a huge page
// starts on a huge page boundary and asks the kernel for transparent huge
// pages (madvise, which is what Linux's common "madvise" setting waits
// for): a run's first pass over its fresh pictures otherwise takes a page
// fault every 4 KiB, which was a fifth of a short 1080p run's CPU time.
// The padding before the boundary is never touched, so it costs address
// space only. The advice never changes the contents; its failure is
// harmless.
func newPlane(n int) []uint16 {
	if 2*n < hugePage {
		return make([]uint16, n)
	}
	buf := make([]uint16, n+hugePage/2)
	start := uintptr(unsafe.Pointer(&buf[0]))
	off := int((start+hugePage-1)&^(hugePage-1)-start) / 2
	p := buf[off : off+n : off+n]
	whole := (2 * n) &^ (hugePage - 1)
	_ = syscall.Madvise(unsafe.Slice((*byte)(unsafe.Pointer(&p[0])), whole), 14) // MADV_HUGEPAGE
	return p
}

// newBytes allocates a packed plane of n samples, on huge pages as
// newPlane does.
func newBytes(n int) []uint8 {
	if n < hugePage {
		return make([]uint8, n)
	}
	buf := make([]uint8, n+hugePage)
	start := uintptr(unsafe.Pointer(&buf[0]))
	off := int((start+hugePage-1)&^(hugePage-1) - start)
	p := buf[off : off+n : off+n]
	_ = syscall.Madvise(p[:n&^(hugePage-1)], 14) // MADV_HUGEPAGE
	return p
}
