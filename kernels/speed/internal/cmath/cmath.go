//go:build cgo

// Package cmath calls the C library's exp for the test that proves the Go
// Gaussian taps bit-exact. Only tests import it.
package cmath

/*
#cgo LDFLAGS: -lm
#include <math.h>
static double c_exp(double x) { return exp(x); }
*/
import "C"

// Exp is the C library's exp.
func Exp(x float64) float64 { return float64(C.c_exp(C.double(x))) }
