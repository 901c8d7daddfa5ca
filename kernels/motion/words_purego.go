//go:build amd64 && purego

package motion

import "github.com/bandscope/bandscope/kernels/cpu"

// wordKernels: the purego build has no assembly.
func wordKernels(cpu.Set, *kernels) {}
