//go:build cgo

package clib

/*
#cgo LDFLAGS: -lm
#include <math.h>
#include <stddef.h>

static void log2f_batch(const float *x, float *out, size_t n) {
	for (size_t i = 0; i < n; i++) out[i] = log2f(x[i]);
}
// libvmaf's integer VIF table: round(log2f((float)i) * 2048) for i in [lo, hi).
static void vif_log2_table(unsigned short *out, unsigned lo, unsigned hi) {
	for (unsigned i = lo; i < hi; i++) out[i - lo] = (unsigned short)round(log2f((float)i) * 2048);
}
*/
import "C"

import "unsafe"

// Log2f evaluates log2f(x[i]) into out.
func Log2f(x, out []float32) {
	if len(x) == 0 {
		return
	}
	C.log2f_batch((*C.float)(unsafe.Pointer(&x[0])), (*C.float)(unsafe.Pointer(&out[0])), C.size_t(len(x)))
}

// VIFLog2Table returns (uint16)round(log2f((float)i) * 2048) for i in
// [lo, hi), computed in C exactly as libvmaf's integer VIF computes it.
func VIFLog2Table(lo, hi int) []uint16 {
	out := make([]uint16, hi-lo)
	if hi > lo {
		C.vif_log2_table((*C.ushort)(unsafe.Pointer(&out[0])), C.uint(lo), C.uint(hi))
	}
	return out
}
