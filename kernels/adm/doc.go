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
//  5. Denominator (Den0/123): the same cube-root sum over the
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
//     bit-exact with libvmaf. With libvmaf's integer DWT, decouple and
//     denominator, Barten was 13% low on the corpus's real 10-bit x264
//     ramp (mean 0.816 against float_adm's 0.936, 0.275 off on its worst
//     frame: the scales 1-3 denominator adds a whole unit of 2^30-2^31
//     before shifting each square away, which Barten's large weights turn
//     into most of the denominator on smooth content). On the corpus's
//     three real clips (20 frames each) Bandscope is within 2.7e-4, 5.6e-4
//     and 3.4e-2 of float_adm per frame, where float_adm's own float32
//     arithmetic is off from a float64 evaluation of the same algorithm by
//     2.9e-4, 5.6e-4 and 3.5e-2 (enhancement-gain decisions at the
//     one-degree boundary); Bandscope is within 3.0e-5, 1.4e-5 and 7.8e-3
//     of the float64 evaluation (TestBartenVsFloat breaks the gap down
//     stage by stage against a float64 model of float_adm).
//   - libvmaf's own AVX2 code (its default --cpumask 0 on an AVX2 machine)
//     differs from its C code on small frames: integer_adm_scale2 and
//     scale3 (and so integer_adm2) at 40x40, 66x50, 98x36, 100x100 and
//     200x200 (8-bit testsrc2 pairs), integer_adm_scale0 on 64x48 uniform
//     noise; 216x216, 320x180, 640x360 and larger agree. At 200x200,
//     vmaf_v0.6.1 prints 55.307200619835 with AVX2 and 55.195978298476334
//     with C (3 frames of ffmpeg's testsrc2, distorted with
//     noise=alls=8:allf=t,boxblur=1). Every set here, and the GPU, gives the
//     C code's bits (vmaf --cpumask 63 to compare); TestExtra holds noise
//     and checkerboard pairs at these sizes to the C code's output.
//   - adm_csf_mode=2 or 3 with a viewing condition upstream has no table
//     for is refused (libvmaf silently uses a weight of -22).
//   - When the denominator is 0 (only possible with adm_noise_weight=0 on
//     flat content) libvmaf leaves integer_aim uninitialised; it is 0 here.
//
// Two scorers compute the same bits: New, the reference (stages.go, one
// plain function per stage, from the fixed-point recipes of fixed.go), and
// NewCPU, which fuses the stages per row and streams them down each scale
// (fast_scale.go, fast_dwt.go: only the approximation bands are kept
// whole, the rest lives a few rows at a time in cache), runs row bands in
// parallel and puts the hot row loops in a kernel set
// (kernels.go: the table and the Go twins): the Go twins, AVX2
// (kernels_amd64.s) or AVX-512 (kernels512_amd64.s), chosen with package
// cpu; the purego build tag leaves the assembly out. AVX2 lacks 64-bit
// arithmetic shifts, min/max and int64-to-float32 conversion, which the
// angle test of scales 1-3 needs; its twin emulates them exactly, and its
// decouple of scales 1-3 works in float64 lanes, where each step is exact
// (decouple123AVX2 says why); both decouples divide for the reciprocal
// table's entry instead of gathering it, the angle tests of scales 1-3
// convert terms under 2^51 exactly through a float64 bias and round once to
// float32 (a round-to-odd sum of two exact halves above that), and the
// vertical DWT passes prefetch their next rows. The AVX-512 set is
// AVX-512 code end to end: the DWT passes (PMADDWD on 32 columns at scale
// 0), the angle test and decouple at every scale in int64 lanes, the CSF
// terms, the masking rows and cube sums (vectors whose coefficients are
// all masked are skipped: they add 0) and the denominators' cube sums. Barten's own DWT passes have AVX2 and AVX-512 twins
// (precise_amd64.s, precise512_amd64.s) and its scale-0 exact decouple an
// AVX2 one; its scales 1-3 decouple and exact cube sums run in Go in every
// set. At scales 1-3 the SIMD sets' pass 1 leaves the restored and
// additive bands CSF-weighted (csf123w: the CSF it computes for the masking
// thresholds anyway), and their masking kernel (cm123w) reads them as they
// are instead of weighing them again; the portable set keeps csf123 and
// cm123. The AVX-512 masking kernels compute the threshold row in
// registers and sum the three bands in one pass, the last vector masked.
// Each AVX-512 kernel is timed against its AVX2 twin (BenchmarkKernels);
// where it is not faster the set keeps the AVX2 one. The assembly uses
// VEX and EVEX encodings only: a legacy-SSE instruction after a 256- or
// 512-bit write costs a state transition of hundreds of cycles on some
// cores (kernels/internal/asmcheck checks it). The NEON set
// (kernels_arm64.s) has the 64-bit lanes AVX2 lacks (arithmetic shifts,
// SMULL/SMLAL, rounding shifts that add 2^(s-1) to the exact value) and
// twins every stage but Barten's; its decouples compute divLookup's
// quotient as a double division (exact after truncation: 2^30/m never lies
// within half an ulp of the next integer), and its angle test of scales
// 1-3 makes each int64 an exact double (the bits below 2^12 folded into a
// sticky bit from 2^53 up) that FCVTN rounds to float once. Like the amd64
// sets it weighs the bands in pass 1 at scales 1-3 (csf123w, cm123w).
// TestKernelTwins holds every twin to the Go one, bit for bit, one subtest
// per set and kernel (TestKernelTwins/avx2/decouple123,
// TestKernelTwins/neon/decouple123).
//
// Packed 8-bit planes (yuv.Plane.Pix8, from the scoring runs of 8-bit
// clips) give the same bits as the same samples in uint16: the fast
// scorer's vertical DWT0 pass reads the bytes (dwt0V8) and checks no
// range, as every byte is a valid 8-bit sample; the reference and
// Barten's DWT read them widened. A packed plane under a configuration of
// another bit depth is refused.
//
// Twin index. Per stage: libvmaf's function (integer_adm.c), the Go
// reference, the kernel-set field, its Go twin, the assembly symbols (the
// Go wrappers that fill the field are avx2<Field>, avx512<Field> and
// neon<Field>), the
// WGSL shader of package gpu (each names the function it mirrors) and the
// tests. TestTwinIndex checks that every name exists and that no field,
// symbol or adm_*.wgsl shader is missing.
//
//	stage                  | libvmaf                 | reference                                     | field          | Go twin            | AVX2                   | AVX-512           | NEON                  | WGSL                          | tests
//	DWT0 vertical          | adm_dwt2_8, adm_dwt2_16 | DWT0                                          | dwt0V          | dwt0VGo            | dwt0VAVX2, dwt0V15AVX2 | dwt0VAVX512       | dwt0VNEON             | adm_dwt0.wgsl                 | TestKernelTwins, TestGolden, TestADMParity
//	DWT0 vertical, packed  | adm_dwt2_8              | DWT0                                          | dwt0V8         | dwt0V8Go           | dwt0V8AVX2             | dwt0V8AVX512      | -                     | adm_dwt0.wgsl                 | TestKernelTwins, TestPackedPlanes
//	DWT0 horizontal        | adm_dwt2_8, adm_dwt2_16 | DWT0                                          | dwt0H          | dwt0HGo            | dwt0HAVX2              | dwt0HAVX512       | dwt0HNEON             | adm_dwt0.wgsl                 | TestKernelTwins, TestGolden, TestADMParity
//	DWT1 vertical          | adm_dwt2_s123_combined  | DWT123                                        | dwt1V          | dwt1VGo            | dwt1VAVX2              | dwt1VAVX512       | dwt1VNEON             | adm_dwt123.wgsl               | TestKernelTwins, TestGolden, TestADMParity
//	DWT23 vertical         | adm_dwt2_s123_combined  | DWT123                                        | dwt23V         | dwt123V            | dwt23VAVX2             | dwt23VAVX512      | dwt23VNEON            | adm_dwt123.wgsl               | TestKernelTwins, TestGolden, TestADMParity
//	DWT123 horizontal      | adm_dwt2_s123_combined  | DWT123                                        | dwt123H        | dwt123HGo          | dwt123HAVX2            | dwt123HAVX512     | dwt123HNEON           | adm_dwt123.wgsl               | TestKernelTwins, TestGolden, TestADMParity
//	Angle0                 | adm_decouple            | Decouple0                                     | angle0         | angle0Go           | angle0AVX2             | angle0AVX512      | angle0NEON            | adm_decouple.wgsl             | TestKernelTwins, TestADMDecoupleStage, TestAngleBoundary
//	Decouple0              | adm_decouple            | Decouple0                                     | decouple0      | decouple0Go        | decouple0AVX2          | decouple0AVX512   | decouple0NEON         | adm_decouple.wgsl             | TestKernelTwins, TestADMDecoupleStage
//	CSF0                   | adm_csf                 | CSF0                                          | csf0           | csf0Go             | csf0AVX2               | csf0AVX512        | csf0NEON              | adm_csf.wgsl                  | TestKernelTwins, TestFastParity, TestADMParity
//	CM0                    | adm_cm                  | cm0                                           | cm0            | cm0Go, thrRowGo    | thrRowAVX2, cm0AVX2    | cm0AVX512         | thrRowNEON, cm0NEON   | adm_cm.wgsl, adm_rowsum.wgsl  | TestKernelTwins, TestFastParity, TestADMParity
//	Den0                   | adm_csf_den_scale       | Den0                                          | den0           | den0Go             | den0AVX2               | den0AVX512        | den0NEON              | adm_den.wgsl, adm_rowsum.wgsl | TestKernelTwins, TestFastParity, TestADMParity
//	Angle123               | adm_decouple_s123       | Decouple123                                   | angle123       | angle123Go         | angle123AVX2           | angle123AVX512    | angle123NEON          | adm_decouple.wgsl             | TestKernelTwins, TestInt64ToFloat32AVX2, TestADMDecoupleStage, TestAngleBoundary
//	Decouple123            | adm_decouple_s123       | Decouple123                                   | decouple123    | decouple123Go      | decouple123AVX2        | decouple123AVX512 | decouple123NEON       | adm_decouple.wgsl             | TestKernelTwins, TestADMDecoupleStage
//	CSF123                 | i4_adm_csf              | CSF123                                        | csf123         | csf123Go           | csf123AVX2             | csf123AVX512      | csf123NEON            | adm_csf.wgsl                  | TestKernelTwins, TestFastParity, TestADMParity
//	CSF123 weighing        | i4_adm_csf              | CSF123                                        | csf123w        | csf123wGo          | csf123wAVX2            | csf123wAVX512     | csf123NEON            | adm_csf.wgsl                  | TestKernelTwins, TestFastParity, TestADMParity
//	CM123                  | i4_adm_cm               | cm123                                         | cm123          | cm123Go, thrRowGo  | thrRowAVX2, cm123AVX2  | cm123AVX512       | thrRowNEON, cm123NEON | adm_cm.wgsl, adm_rowsum.wgsl  | TestKernelTwins, TestFastParity, TestADMParity
//	CM123 weighed          | i4_adm_cm               | cm123                                         | cm123w         | cm123wGo, thrRowGo | thrRowAVX2, cm123wAVX2 | cm123wAVX512      | thrRowNEON, cm123NEON | adm_cm.wgsl, adm_rowsum.wgsl  | TestKernelTwins, TestFastParity, TestADMParity
//	Den123                 | adm_csf_den_s123        | Den123                                        | den123         | den123Go           | den123AVX2             | den123AVX512      | den123NEON            | adm_den.wgsl, adm_rowsum.wgsl | TestKernelTwins, TestFastParity, TestADMParity
//	Finish                 | adm_cm, adm_csf_den*    | Shifts.NumTerms, Shifts.DenTerms, FinishFrame | -              | -                  | -                      | -                 | -                     | adm_int64.wgsl                | TestGolden, TestADMRounding, TestADMParity
//	Barten DWT0 vertical   | - (float_adm)           | PreciseDWT0                                   | preciseV0      | preciseV0Go        | preciseV0AVX2          | preciseV0AVX512   | -                     | adm_dwtp.wgsl                 | TestKernelTwins, TestPreciseDWT, TestADMPreciseTaps
//	Barten DWT123 vertical | - (float_adm)           | PreciseDWT123                                 | preciseV       | preciseVGo         | preciseVAVX2           | preciseVAVX512    | -                     | adm_dwtp.wgsl                 | TestKernelTwins, TestPreciseDWT, TestADMPreciseTaps
//	Barten DWT horizontal  | - (float_adm)           | PreciseDWT0, PreciseDWT123                    | preciseH       | preciseHGoRow      | preciseHAVX2           | preciseHAVX512    | -                     | adm_dwtp.wgsl                 | TestKernelTwins, TestPreciseDWT, TestGoldenBarten
//	Barten narrowing       | - (float_adm)           | PreciseDWT0                                   | narrow16       | narrow16Go         | narrow16AVX2           | -                 | -                     | adm_dwtp.wgsl                 | TestKernelTwins, TestGoldenBarten
//	Barten Decouple0       | - (float_adm)           | DecoupleExact0                                | decoupleExact0 | decoupleExactGo    | decoupleExact0AVX2     | -                 | -                     | adm_decouple.wgsl             | TestKernelTwins, TestRestoreExact, TestADMDecoupleStage
//	Barten Decouple123     | - (float_adm)           | DecoupleExact123                              | -              | decoupleExactGo    | -                      | -                 | -                     | adm_decouple.wgsl             | TestRestoreExact, TestADMDecoupleStage
//	Barten Den123          | - (float_adm)           | DenExact123                                   | -              | cubeSum            | -                      | -                 | -                     | adm_den.wgsl                  | TestCubeSumExact, TestADMDenExactStage, TestADMDenExact
//
// Per-band terms and maps: FrameResult.Bands[scale][band] holds each band's
// numerator and denominator terms (the scale's values are rebuilt from them
// exactly) and, when asked, the CSF-weighted restored and additive bands
// and the masking threshold as float32 maps for the GUI. The stage
// functions work on plain slices so that other backends can compare
// stage by stage.
package adm
