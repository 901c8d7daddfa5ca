// Package cpu chooses the CPU kernel set (scalar Go; AVX2 or AVX-512
// assembly on amd64, NEON assembly on arm64) at start-up and runs the
// kernels' parallel loops.
//
// Every kernel set computes the same bits; a set only changes speed. The
// best set the host supports is chosen by default (detected with
// klauspost/cpuid); BANDSCOPE_CPU_KERNELS or an explicit Set (the
// --cpu-kernels flag) overrides it, like libvmaf's --cpumask. A value of
// BANDSCOPE_CPU_KERNELS that names no set, or one the host cannot run, is
// reported once on stderr by the default selection, which then uses the
// best set.
//
// Each architecture's assembly sets are supported only there (asm_amd64.go,
// asm_arm64.go): neon is refused on amd64 and avx2 on arm64, by name. The
// purego build tag leaves every assembly file out (as in
// golang.org/x/crypto and gonum): the only set is then Scalar, the Go
// twins, as on every other architecture.
//
// The SIMD kernels are Go assembly, not Go 1.26's experimental
// simd/archsimd, by measurement: written both ways, ADM's masking
// threshold row ran 3x slower with archsimd (a bounds check per slice
// load) and its denominator's cube sum ran even, and archsimd has no
// 512-bit widening multiply (VPMULDQ), which most ADM kernels are built on
// (kernels/adm/archsimd_bench_test.go: GOEXPERIMENT=simd go test
// ./kernels/adm -run '^$' -bench Archsimd). Assembly needs no experiment
// at build time; other architectures run the Go twins.
//
// Parallel loops (For) split work into independent items whose results do
// not depend on which goroutine computes them, so the bits are the same for
// every thread count.
//
// HoldProcs gives a CPU run's reader a P of its own beside the run's
// threads for the length of the run (engine.Session.Run): the --threads n
// workers and the reader then share the cores as libvmaf's n workers and
// its reading main thread do.
package cpu
