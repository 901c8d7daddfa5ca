//go:build !purego

package cpu

import "github.com/klauspost/cpuid/v2"

// asmSupports: this build carries the arm64 assembly kernels, NEON
// (Advanced SIMD, which every ARMv8-A CPU that Linux and macOS run on
// has; cpuid still asks).
func asmSupports(s Set) bool {
	return s == NEON && cpuid.CPU.Supports(cpuid.ASIMD)
}
