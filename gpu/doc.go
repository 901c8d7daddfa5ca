// Package gpu is Bandscope's WebGPU backend: the per-sample stages of
// CAMBI, integer ADM, integer VIF, integer motion and SpEED chroma
// computed on a GPU adapter through wgpu-native (Vulkan, Metal, D3D12),
// with the same bits as the CPU references in kernels/cambi, kernels/adm,
// kernels/vif, kernels/motion and kernels/speed for every intermediate map
// and every score. So --backend gpu runs every per-pixel stage of
// vmaf_v0.6.1 and of the vmaf_v1.0.16 models on the device.
//
// Without a GPU, Mesa's lavapipe (mesa-vulkan-drivers) is a real Vulkan
// device on the CPU: the parity tests (cambi_parity_test.go,
// adm_parity_test.go, speed_parity_test.go, vif_parity_test.go,
// motion_test.go: every map, every band term, every score, bit for bit)
// run on it in CI, and engine's backend tests run whole models on both and
// compare every key. .ci/gpu-device-check prepares, for a machine with a
// real GPU, one call that runs the benchmarks and every test of the
// package there (BANDSCOPE_REQUIRE_GPU=1: no adapter is then a failure,
// not a skip). Its first run on a real GPU, an NVIDIA H200 through Vulkan
// (2026-12-04), passed every test of the package once the probe stopped
// asking about a signed remainder no shader computes: -7 % 2 came back 1
// where WGSL says -1 (naga writes OpSRem, which Vulkan leaves undefined for
// negative operands), so the shaders' remainders stay on u32
// (TestShaderRemainders). A third H200 machine ran the whole check in one
// call (477 s), every test passing.
//
// Every per-pixel stage runs on the device (input validation included) as a WGSL compute shader, one
// .wgsl file per stage, named after the CPU stage it mirrors. The shaders use
// integer arithmetic wherever the CPU relies on IEEE rounding: WGSL allows
// approximate conversions and Vulkan may contract multiply-adds, so the only
// float operation left (the c-value's product with a reciprocal) is a single
// multiplication of two exactly representable float32 values, and the
// integer-to-float conversion before it rounds to nearest-even in integers.
//
// CAMBI's c-value pass: each thread owns one column of a strip of rows,
// primes its histogram with the strip's clipped window and slides it down
// the strip. Counts are integers, so the result does not depend on the
// strip layout (stripLayout): lavapipe gets strips two windows tall, a GPU
// strips short enough for about 2^17 threads a scale, 16 rows at least,
// within 2% of the best height BenchmarkCAMBI's sweep found on an H200.
//
// Pooling: libvmaf sums the k largest c-values in double in the order its
// quickselect leaves them, and that order could decide the last bit. The
// device selects the k-th largest value (radix select on the float bits:
// cambi_pool.wgsl counts with atomics, cambi_pool_find.wgsl scans the counts
// as plain words, 2.4 times faster on an H200 than a chain of atomic loads)
// and sums the values above it exactly in integers (every non-zero c-value
// is a multiple of 2^-24 below 2^14); the host adds the ties, checks that no
// double partial sum of these values can round in any order (the exact sum
// has at most 53 significant bits above the smallest value's ulp) and
// divides by k. When that check fails, the host reads the c-values back and
// pools them with kernels/cambi Pool itself. The per-frame finish (the
// division, the weighted sum of five scale scores) runs on the host.
//
// Integer ADM (NewADM): the DWT pyramid, decouple, CSF, contrast masking
// (numerator and AIM) and the CSF-weighted denominator run on the device,
// down to each band's 64-bit accumulator (adm_*.wgsl). WGSL without the
// shader-int64 extension has no 64-bit integers, so they are pairs of u32
// (adm_int64.wgsl) on every adapter; the row sums with their rounding
// shifts are formed on the device too (adm_rowsum.wgsl). The CPU's float
// and double steps per coefficient (the one-degree angle test, the
// enhancement gain limit, the maps' int-to-float conversion) are evaluated
// in integers with explicit round-to-nearest-even (round_bits), never with
// WGSL floats. The host reads back 72 accumulators and finishes each frame
// as kernels/adm does (libm's powf and pow, the float sums of the band
// terms), so every field of adm.FrameResult has the CPU's bits.
//
// Integer VIF (NewVIF): every scale's low-pass and decimation
// (vif_subv.wgsl, vif_subh.wgsl), vertical and horizontal statistics
// (vif_statv.wgsl, vif_stath.wgsl) and per-pixel terms (vif_pixel.wgsl)
// on the device, the four 64-bit sums of each scale added in workgroup and
// device atomics (u32 pairs with a carry: integer sums in any order). The
// per-pixel gain, which libvmaf computes in double, is exact integer
// arithmetic rounded once per operation to 53 bits, ties to even
// (vif_exact.wgsl, 128-bit products and a restoring division), the log2
// table is uploaded from kernels/vif. The host reads back 32 words (and
// each pixel's integer terms for maps) and ends with kernels/vif's own
// FinishFrame and PixelMap. kernels/vif's twin index names each shader.
//
// Names follow the CPU packages': each shader is <feature>_<stage>.wgsl
// and says which Go function it mirrors, and kernels/cambi's and
// kernels/adm's twin indexes (their doc.go) point back to it; test files
// and tests carry the feature too (cambi_parity_test.go, TestADMParity).
//
// SpEED chroma (NewSpeed): libvmaf computes SpEED in float and double, with
// no integer stage and no box sums, so exactness here means IEEE binary32
// arithmetic evaluated in integers: speed_float32.wgsl's f32_mul and
// f32_add (round to nearest even, subnormals and signed zeros, checked
// against Go's float32 on 260 000 pairs by TestSpeedFloat32), never a WGSL
// float operation. The stages run where they can be exact and parallel:
//
//	stage (kernels/speed)           where    why
//	picture_copy (load)             device   v/2^k - 128 is exact in float32; the host's table of the 65536 floats is read
//	prescale (scalePlane)           device   per-sample float products and sums in the CPU's order (f32_mul, f32_add);
//	                                         the per-row/column coordinates and weights (floor, double) are host tables (scaleAxis)
//	antialias + decimation by 16    device   float convolution, products rounded, sums from +0 in tap order, at the kept samples
//	local mean, subtraction         device   the same, 3 taps (more with speed_kernelscale) on the decimated plane
//	covariance (25x25)              host     325 sequential double sums of (operating size - 4)^2 products (7076 at 4K
//	                                         4:2:0) in the C, AVX2 (fused) or AVX-512 order (Config.Cov), rounding at
//	                                         nearly every step (each product has ~50 significant bits at its own
//	                                         exponent): exact only as one soft-double chain per entry
//	means of the submatrices        host     sequential float sums over the same samples (order-dependent)
//	eigenvalues, QR solve           host     iterative float algorithms on one 25x25 matrix per picture (the QR
//	                                         factorisation's 49 dependent 25x25 float products dominate)
//	entropies, weights, score       host     glibc's log2 in double (libm.Log2) per block and eigenvalue
//
// The device reads back the four operating-size planes (1/256 of the
// scaled samples) and kernels/speed's Estimator finishes the frame with
// the CPU's own code, so every field of speed.FrameResult has the CPU's
// bits, maps included. The host half is most of the fast CPU scorer's work
// (about 70% at 1080p: the QR factorisation, the covariances, the
// eigenvalues), so on a fast GPU a frame costs about that on the host.
// ScoreFrameDevice splits ScoreFrame there: a run finishes a frame's host
// half while the device scores the next frame.
//
// Integer motion (MotionFrames): kernels/motion's temporal recipe
// (motion.NewStream: motion2, motion3, the moving average, the five-frame
// window) on the host over a device SAD stage. libvmaf blurs the
// difference of two pictures, so the device keeps the pictures later
// frames compare with (a ring of Stride+1) and each frame adds only its
// own (from a Frame in a run: MotionFrames); the vertical and horizontal 5-tap passes, the per-row uint32 sums
// and their 64-bit total (u32 pairs) run in motion_sad.wgsl, and 8 bytes
// come back, the blurred difference map too when it is kept. NewMotionSAD
// is the same pipeline on a pair of pictures (the inspector's random
// access).
//
// How a frame reaches the device (Frame, frame.go): the engine uploads
// each frame once per GPU feature set with Frame.UploadChecked, each plane
// its GPU features read (both lumas; both pictures' chroma for SpEED; the
// reference and the distorted picture once when they are one picture)
// written once, rows back to back, two 16-bit samples a word: the layout
// every scorer's first pass already reads. The samples go through a
// stage per plane (stage.go: a mapped MapWrite buffer, filled on several
// cores, then copied on the device), not Queue.WriteBuffer's one-thread
// copy: at 4K that copy was the largest host cost on a run's critical
// path. Prepare and Commit split an upload in two, so that a run's reader
// fills the next frame's stages (sets 1 and 2) while the device still
// reads this frame, and the worker only commits them; submissions wait
// for the device without holding its lock (except while a profile is
// taken: the profile's one query set is shared). UploadChecked's caller vouches for the samples' range (the
// engine's readers refuse others), so motion skips its host check; the
// other scorers check on the device. Each scorer's ScoreFrame then
// starts its one submission with device-side work, no upload: CAMBI, ADM
// and VIF copy the lumas into their input buffers (copyStep) and reset
// their validation words and accumulators from device buffers; SpEED
// repacks its chroma area (the chroma size floored, which for odd luma
// sizes is narrower than the plane) with frame_repack.wgsl; motion
// (MotionFrames) copies the reference luma into its ring. RefView scores
// the reference against itself from the same upload (--explain's perfect
// copy). Score, on
// planes or pictures, uploads its own copy as before (tests and API
// users); TestFrameParity checks that both
// give the same bits and Device.BytesWritten that a Frame's planes are
// the only per-frame writes. Results come back as before: scores and
// accumulators always, maps only with keepMaps (the inspector).
//
// Portability: Open requests the adapter's own limits (wgpu-native's extra
// limits left undefined) and Device.Limits reports what was granted; every
// buffer and dispatch is checked against them first (LimitError), so an
// oversized picture is an error, never a lost device. Probe runs the integer
// edge cases the shaders rely on (i32 wraparound, sext16, shifts, abs of
// the most negative i32, countLeadingZeros(0)) on an adapter and names
// every case its compiler gets wrong; the parity tests run it first. No
// shader shifts a signed value left (undefined in MSL) or by 32 or more.
//
// Where the time goes: Device.Waited is how long the host has waited for
// the device, overlapping waits (a frame's features wait side by side)
// counted once (a run's wall time less that is host work no GPU shortens),
// and with BANDSCOPE_GPU_PROFILE set when a Device is opened, on an
// adapter with timestamp queries, every step of every submission runs as
// a pass of its own between two timestamps (profile.go) and
// Device.Profile adds up each kernel's, copy's and upload's device time:
// the pass that holds a feature back, by name. The bits do not change
// (TestProfile).
//
// The package needs cgo (wgpu-native is linked statically); without cgo it
// builds a stub whose Adapters and Open report that no GPU backend exists.
package gpu
