package speed

import "github.com/bandscope/bandscope/kernels/libm"

// log2 is glibc's log2, which libvmaf calls on every entropy and weight.
func log2(x float64) float64 { return libm.Log2(x) }
