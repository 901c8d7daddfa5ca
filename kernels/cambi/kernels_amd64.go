package cambi

import "github.com/bandscope/bandscope/kernels/cpu"

// simdKernels returns the amd64 twins of a SIMD set.
func simdKernels(s cpu.Set) *kernels {
	switch s {
	case cpu.AVX2, cpu.AVX512:
		k := *scalarKernels
		k.set = s
		return &k
	}
	return nil
}
