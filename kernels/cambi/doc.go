// Package cambi is the CPU reference of CAMBI, Netflix's contrast-aware
// multiscale banding index, re-implemented from libvmaf's cambi.c so that its
// scores equal libvmaf's to the last bit.
//
// The pipeline per picture: convert to 10 bits and resample to the encode
// size (preprocess), optionally anti-dither, build the spatial mask at full
// size, then for each of the 5 scales decimate (scales 1..4), apply the 3-tap
// mode filter, compute c-values from a sliding histogram over a window of
// Window x Window pixels, and pool the top-k c-values. The score is the
// weighted sum of the 5 pooled scores divided by the window's pixel count.
//
// Where libvmaf walks outside a frame (a scale with fewer rows or columns
// than the pad size) this package clips every window to the frame; on all
// other sizes the two agree bit for bit.
//
// The stages are plain functions on slices so that SIMD and GPU twins can be
// compared with them stage by stage.
//
// NewCPU is the fast CPU scorer: the same stages in row bands and column
// strips with SIMD kernels, and a pooling that finds the top k without
// libvmaf's quickselect. The order of libvmaf's double sum cannot matter
// when the exact sum of the pooled values fits 53 bits above the smallest
// one's ulp, which pool.go checks; otherwise it pools with Pool.
package cambi
