//go:build cgo

package clib

/*
#cgo LDFLAGS: -lm
#include <math.h>
#include <stddef.h>

static void exp_batch(const double *x, double *out, size_t n) {
	for (size_t i = 0; i < n; i++) out[i] = exp(x[i]);
}
*/
import "C"

import "unsafe"

// ExpBatch evaluates exp(x[i]) into out.
func ExpBatch(x, out []float64) {
	if len(x) == 0 {
		return
	}
	C.exp_batch((*C.double)(unsafe.Pointer(&x[0])), (*C.double)(unsafe.Pointer(&out[0])), C.size_t(len(x)))
}
