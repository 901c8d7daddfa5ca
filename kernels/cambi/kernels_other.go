//go:build (!amd64 && !arm64) || purego

package cambi

import "github.com/bandscope/bandscope/kernels/cpu"

// simdKernels: no assembly twins on this architecture.
func simdKernels(cpu.Set) *kernels { return nil }
