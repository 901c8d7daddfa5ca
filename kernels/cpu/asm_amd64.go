//go:build !purego

package cpu

import "github.com/klauspost/cpuid/v2"

// asmSupports: this build carries the amd64 assembly kernels, AVX2 and
// AVX-512, each run where the CPU has its instructions.
func asmSupports(s Set) bool {
	switch s {
	case AVX2:
		return cpuid.CPU.Supports(cpuid.AVX2, cpuid.BMI2)
	case AVX512:
		return cpuid.CPU.Supports(cpuid.AVX2, cpuid.BMI2, cpuid.AVX512F, cpuid.AVX512BW, cpuid.AVX512VL, cpuid.AVX512DQ, cpuid.AVX512CD)
	}
	return false
}
