// Package cpu chooses the CPU kernel set (scalar Go, AVX2 or AVX-512
// assembly) at start-up and runs the kernels' parallel loops.
//
// Every kernel set computes the same bits; a set only changes speed. The
// best set the host supports is chosen by default (detected with
// klauspost/cpuid); BANDSCOPE_CPU_KERNELS or an explicit Set (the
// --cpu-kernels flag) overrides it, like libvmaf's --cpumask.
//
// Parallel loops (For) split work into independent items whose results do
// not depend on which goroutine computes them, so the bits are the same for
// every thread count.
package cpu
