// Package libm reproduces, bit for bit, the glibc (2.28 and later, x86-64
// FMA variant) results of the few C math functions whose results feed
// libvmaf scores: powf and pow.
// log2 (log2.go) feeds SpEED's entropies and variance weights.
//
// Go's math.Pow is a different algorithm and differs from glibc in the last
// bit for a noticeable fraction of inputs; since libvmaf finishes every ADM
// band with powf(x, 1/3) and weighs the CSF denominator with pow(f, 3), a
// bit-exact port needs glibc's own algorithms. Both come from ARM's
// optimized-routines (published under the MIT licence); the tables in
// tables.go are its constants. On x86-64 glibc selects, at load time, a
// build compiled with -mfma on CPUs that have FMA; the explicit fused
// multiply-adds below are the ones that build evaluates, every other
// product is rounded on its own (the float64 conversions stop Go from
// fusing on architectures where it would).
//
// Exp (exp.go) is glibc's exp, which libsvm's RBF kernel calls in every
// VMAF model prediction.
//
// The package is pure Go; the tests compare against the C library through
// cgo when cgo is available (kernels/internal/clib), over millions of
// inputs, and over all 2^31 non-negative floats where the input is a float
// when BANDSCOPE_EXHAUSTIVE=1 is set. Go's math.Exp in the RBF kernel
// would leave 41 of the golden corpus's 86 model runs off in the last bit.
//
// log2f.go: glibc's log2f, from which integer VIF builds its log2 table.
package libm
