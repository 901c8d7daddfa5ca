// Package adm is integer ADM (VMAF's Detail Loss Metric, libvmaf feature
// "adm", integer_adm.c) re-implemented in Go, bit-exact with libvmaf, with
// every scale's and every orientation band's contribution exposed.
//
// Pipeline, per frame, on the luma of the reference and distorted pictures:
//
//  1. DWT: four levels of a Daubechies-2 wavelet. Level 1 (DWT0) works in
//     int32 on the samples, centred and shifted by the bit depth, into int16
//     bands (Q6); levels 2-4 (DWT123) work in int64 on the previous
//     approximation into int32 bands, each level with its own rounding
//     shifts. Each level yields horizontal, vertical and diagonal detail
//     bands of half the size.
//  2. Decouple (Decouple0/123): each distorted detail coefficient is split
//     into the part restored from the reference, k*ref with k = dist/ref
//     clipped to [0, 1] (the division through a 2^30/x table), and the
//     additive impairment dist - restored. Where the reference and distorted
//     (h, v) vectors are within one degree, the restored part may grow up to
//     adm_enhn_gain_limit times but not past the distorted value.
//  3. CSF (CSF0/123): the additive bands are weighted by the contrast
//     sensitivity of their scale and orientation (Watson's wavelet model by
//     default; Barten or tabulated blends with adm_csf_mode), in fixed point,
//     and |csf|/30 is kept for the masking neighbourhood.
//  4. Contrast masking (CM0/123): for every coefficient of the scored window
//     (10% of the band left out on each side), the CSF-weighted restored
//     coefficient minus the masking threshold (|csf| of the additive bands
//     over the 3x3 neighbourhood of all three orientations, the centre
//     counted twice as strongly), clipped at zero, is cubed with libvmaf's
//     fixed-point rounding and summed per band. The band's numerator term is
//     the cube root of the sum plus a noise floor (area*adm_noise_weight)^(1/3).
//  5. Denominator (CSFDen0/123): the same cube-root sum over the
//     CSF-weighted reference bands, plus the same noise floor.
//  6. Each scale's numerator and denominator are the float sums
//     (h + v) + d of its band terms; integer_adm2 is sum(num)/sum(den) over
//     the scales, integer_adm_scaleN the scale's ratio. AIM repeats steps 3
//     and 4 with the roles of the restored and additive bands swapped and no
//     noise floor, normalised by the same denominator; integer_adm3 blends
//     DLM and 1-AIM by adm_dlm_weight, clipped below at adm_min_val.
//
// Every cube root is C's powf(x, 1/3) and every weight cube pow(w, 3): both
// come from package libm, which reproduces glibc's results bit for bit.
//
// Deliberate differences from libvmaf:
//
//   - Frames smaller than 33x33 are refused with an error: libvmaf's DWT
//     reads outside the picture there (and crashes below about 32 pixels).
//   - adm_csf_mode=1 (Barten): libvmaf's fixed-point weights overflow int32
//     in the masking square (and int16/uint16 weights at scale 0), giving
//     meaningless scores. Here each scale's three weights are divided by one
//     shared power of two 2^k, the smallest that keeps every weight within
//     WeightLimit (rounded to nearest), and the cubed sums are multiplied
//     back by 2^(3k). That alone leaves Barten up to 4e-5 from libvmaf's
//     float_adm on adversarial frames (libvmaf's integer DWT and decouple
//     cost that much) and far off on smooth content (its scales 1-3
//     denominator), so Barten also runs its own DWT (Q24 taps, the
//     approximation carried in Q18), an exact decouple and an exact scales
//     1-3 denominator (precise.go). It tracks float_adm within 3.3e-6 on
//     full-range noise, 10 px checkerboards and 0/max extremes at 8-16 bits
//     (extra_test.go), within 0.55% on synthetic linear ramps (denominators
//     at the noise floor) and within 3.1e-5 on the corpus's dithered
//     gradient. Watson and the blend modes never need any of this and are
//     bit-exact with libvmaf.
//   - adm_csf_mode=2 or 3 with a viewing condition upstream has no table
//     for is refused (libvmaf silently uses a weight of -22).
//   - When the denominator is 0 (only possible with adm_noise_weight=0 on
//     flat content) libvmaf leaves integer_aim uninitialised; it is 0 here.
//
// Two scorers compute the same bits: New, the reference (stages.go, one
// plain function per stage), and NewCPU, which fuses the stages per row,
// runs row bands in parallel and puts the hot row loops in a kernel set
// (kernels.go): the Go twins, AVX2 (kernels_amd64.s) or AVX-512
// (kernels512_amd64.s), chosen with package cpu. AVX2 lacks 64-bit
// arithmetic shifts, min/max and int64-to-float32 conversion, which the
// decouple and angle test of scales 1-3 need; its twins emulate them
// exactly. TestKernelTwins holds every twin to the Go one, bit for bit.
// Barten's own DWT passes have AVX2 and AVX-512 twins (precise_amd64.s,
// precise512_amd64.s) and its scale-0 exact decouple an AVX2 one
// (TestPreciseKernelTwins); its scales 1-3 decouple and exact cube sums
// run in Go in every set.
//
// Per-band terms and maps: FrameResult.Bands[scale][band] holds each band's
// numerator and denominator terms (the scale's values are rebuilt from them
// exactly) and, when asked, the CSF-weighted restored and additive bands
// and the masking threshold as float32 maps for the GUI. The stage
// functions work on plain slices so that other backends can compare
// stage by stage.
package adm
