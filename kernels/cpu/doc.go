// Package cpu chooses the CPU kernel set (scalar Go, AVX2 or AVX-512
// assembly) at start-up and runs the kernels' parallel loops.
//
// Every kernel set computes the same bits; a set only changes speed. The
// best set the host supports is chosen by default (detected with
// klauspost/cpuid); BANDSCOPE_CPU_KERNELS or an explicit Set (the
// --cpu-kernels flag) overrides it, like libvmaf's --cpumask. A value of
// BANDSCOPE_CPU_KERNELS that names no set, or one the host cannot run, is
// reported once on stderr by the default selection, which then uses the
// best set.
//
// The purego build tag leaves every assembly file out (as in
// golang.org/x/crypto and gonum): on amd64 the only set is then Scalar,
// the Go twins, as on every other architecture.
//
// Parallel loops (For) split work into independent items whose results do
// not depend on which goroutine computes them, so the bits are the same for
// every thread count.
package cpu
