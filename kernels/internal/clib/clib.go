//go:build cgo

// Package clib calls the C library's math functions for the tests that
// prove the Go ports bit-exact (kernels/libm's pow, powf, exp and log2,
// SpEED's Gaussian taps). Only tests import it.
package clib

/*
#cgo LDFLAGS: -lm
#include <math.h>
#include <stddef.h>

static void powf_batch(const float *x, const float *y, float *out, size_t n) {
	for (size_t i = 0; i < n; i++) out[i] = powf(x[i], y[i]);
}
static void pow_batch(const double *x, const double *y, double *out, size_t n) {
	for (size_t i = 0; i < n; i++) out[i] = pow(x[i], y[i]);
}
static void powf_third(const float *x, float *out, size_t n) {
	for (size_t i = 0; i < n; i++) out[i] = powf(x[i], 1.0f / 3.0f);
}
static double c_exp(double x) { return exp(x); }
*/
import "C"

import "unsafe"

// Powf evaluates powf(x[i], y[i]) into out.
func Powf(x, y, out []float32) {
	if len(x) == 0 {
		return
	}
	C.powf_batch((*C.float)(unsafe.Pointer(&x[0])), (*C.float)(unsafe.Pointer(&y[0])), (*C.float)(unsafe.Pointer(&out[0])), C.size_t(len(x)))
}

// PowfThird evaluates powf(x[i], 1.0f/3.0f) into out.
func PowfThird(x, out []float32) {
	if len(x) == 0 {
		return
	}
	C.powf_third((*C.float)(unsafe.Pointer(&x[0])), (*C.float)(unsafe.Pointer(&out[0])), C.size_t(len(x)))
}

// Pow evaluates pow(x[i], y[i]) into out.
func Pow(x, y, out []float64) {
	if len(x) == 0 {
		return
	}
	C.pow_batch((*C.double)(unsafe.Pointer(&x[0])), (*C.double)(unsafe.Pointer(&y[0])), (*C.double)(unsafe.Pointer(&out[0])), C.size_t(len(x)))
}

// Exp is the C library's exp.
func Exp(x float64) float64 { return float64(C.c_exp(C.double(x))) }
