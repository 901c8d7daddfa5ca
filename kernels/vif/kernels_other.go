//go:build (!amd64 && !arm64) || purego

package vif

import "github.com/bandscope/bandscope/kernels/cpu"

func asmKernels(cpu.Set, *kernels) {}
