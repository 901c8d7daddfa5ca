// Package regionscan holds the row kernels of Bandscope's banding-region
// search (engine/regions), which reads the c-value maps CAMBI keeps: the
// weighted sum of a scale's c-values and the coarser scales' under them
// (WeighUp), the pixels of a row that the spatial mask keeps and whose sum
// reaches the threshold, as bits (Hits), their runs (NextRun), and a run's
// sum and largest value (RunSum).
//
// These recipes are Bandscope's own (libvmaf has no region search), so
// their bits are fixed here, once, for every kernel set and backend:
//
//   - WeighUp rounds the product to float32 before the addition, as CAMBI
//     rounds its scale weights, so that no set fuses it into an FMA (Go
//     fuses x*y+z on arm64).
//   - Hits compares t <= v, so a NaN is never a hit.
//   - RunSum adds value i of a run to partial sum i%16 in float64 and adds
//     the partial sums in one fixed tree: vector kernels add sixteen values
//     a step and give the same bits as the Go twins (a single running sum
//     would bind every kernel to one addition per value, one after the
//     other). TestRunSumLanes pins the order.
//
// Twin index. Per stage: the reference, the kernel-set field, its Go twin,
// the assembly symbols (the AVX-512 set runs the AVX2 hits, which only the
// half-size scale 0 of cambi_high_res_speedup uses; the NEON set runs the
// Go twins) and the tests. TestTwinIndex checks that every
// name exists and that no field or symbol is missing.
//
//	stage              | libvmaf | reference  | field   | Go twin                | AVX2        | AVX-512 | NEON | WGSL | tests
//	Weighted scale sum | -       | WeighUpRef | weighUp | weighUpGo              | weighUpAVX2 | weighUpAVX512 | -    | -    | TestKernelTwins
//	Banding pixels     | -       | HitsRef    | hits    | hitsGo                 | hitsAVX2    | -       | -    | -    | TestKernelTwins
//	Both in one pass   | -       | WeighUpRef, HitsRef | weighHits | weighHitsGo | weighHitsAVX2 | weighHitsAVX512 | - | - | TestKernelTwins
//	Runs of a row      | -       | NextRun    | -       | -                      | -           | -       | -    | -    | TestNextRun
//	Run sum and top    | -       | RunSumRef  | runSum  | runSumGo, runSumTail   | runSumAVX2  | runSumAVX512 | -    | -    | TestKernelTwins, TestRunSumLanes
package regionscan
