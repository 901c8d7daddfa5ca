//go:build !amd64 || purego

package regionscan

import "github.com/bandscope/bandscope/kernels/cpu"

// simdKernels: no assembly twins on this architecture (the NEON set runs
// the Go twins).
func simdKernels(cpu.Set) *kernels { return nil }
