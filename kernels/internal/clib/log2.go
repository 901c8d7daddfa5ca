//go:build cgo

package clib

/*
#cgo LDFLAGS: -lm
#include <math.h>
#include <stddef.h>

static void log2_batch(const double *x, double *out, size_t n) {
	for (size_t i = 0; i < n; i++) out[i] = log2(x[i]);
}
*/
import "C"

import "unsafe"

// Log2 evaluates the C library's log2(x[i]) into out.
func Log2(x, out []float64) {
	if len(x) == 0 {
		return
	}
	C.log2_batch((*C.double)(unsafe.Pointer(&x[0])), (*C.double)(unsafe.Pointer(&out[0])), C.size_t(len(x)))
}
