//go:build amd64 && purego

package vif

// avx512Kernels: the purego build has no assembly.
func avx512Kernels(*kernels) {}

// packedKernels: the purego build has no assembly.
func packedKernels(*kernels) {}
