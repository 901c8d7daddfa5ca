// Package speed is libvmaf's SpEED chroma feature (feature "speed_chroma",
// speed.c, metrics speed_chroma_u, speed_chroma_v, speed_chroma_uv)
// re-implemented in Go, bit-exact with libvmaf: the float32 and float64
// operations of the C code in its order, every product rounded on its own
// (libvmaf is built with -std=c11, so nothing is contracted into an FMA),
// every float/double conversion where the C code has one.
//
// Pipeline, per frame, for each chroma plane (U, then V) of the reference
// and then the distorted picture:
//
//  1. picture_copy: the plane's floor(w/2) x floor(h/2) (4:2:0), floor(w/2)
//     x h (4:2:2) or w x h (4:4:4) samples to float: v - 128 at 8 bits,
//     v/4, v/16 or v/256 - 128 at 10, 12 and 16 bits.
//  2. Prescale (speed_prescale, unless within 1e-3 of 1): nearest,
//     bilinear or bicubic resampling to round(size*prescale).
//  3. filter_and_downscale: a Gaussian antialias filter (scale 1 size, 9
//     taps at speed_kernelscale 1, sigma = 2*size/5), mirrored at the
//     edges, vertical then horizontal; decimation by 16; a Gaussian local
//     mean (scale 4 size, 3 taps, sigma = size/5) subtracted.
//  4. est_params: the 25x25 covariance K of the 5x5 neighbourhoods (the 25
//     shifted submatrices of the plane cut to whole blocks: float means,
//     double sums, float results); its eigenvalues (Householder
//     tridiagonalisation and implicit QR steps adapted from GSL, in float);
//     the solve K X = Y through a Householder QR decomposition, Y listing
//     every block's 25 samples; S, each block's variance, as the sum over
//     its 25 samples of X.*Y/25 (0 when K is singular: an eigenvalue or a
//     pivot under 1e-6); each block's entropy, the sum over the eigenvalues
//     L (negative ones as 0) of log2(L*S + sigma_nn) + log2(2 pi e).
//  5. get_speed_score: the mean over blocks of |E_ref w_ref - E_dis w_dis|,
//     the weights w = log2(1 + variance) as speed_weight_var_mode mixes the
//     two pictures' variances; blocks whose two entropies both stay under
//     25 (log2((1 + nn_floor) sigma_nn) + log2(2 pi e)) count 0. When
//     exactly one picture's K was singular, the plane scores 0.
//  6. extract_chroma: UV is the float mean of U and V, or the other plane's
//     score when exactly one plane had a singular K; each is clipped to
//     speed_max_val (MIN in double).
//
// speed_chroma keeps no state between frames (libvmaf does not flag it
// temporal), so Scorer scores any frame on its own.
//
// glibc: log2 is libm.Log2, glibc's log2 (FMA build) bit for bit. The
// Gaussian taps call exp on a finite set of arguments, on all of which Go's
// math.Exp rounds to glibc's float (TestGaussExpMatchesC); log2(2 pi e) and
// sqrt(2 pi) are folded by the compiler with correct rounding; every sqrt
// is correctly rounded in both languages.
//
// Covariance order: libvmaf sums the covariances with a C, an AVX2 or an
// AVX-512 kernel, chosen by CPU; the three add the same double products in
// different orders and round the sum to float. Config.Cov selects which
// order to reproduce (CovC by default, which is libvmaf with --cpumask 63).
// On every picture tested the three give the same floats (TestCovOrders:
// 0 of 18750 entries differ); they could differ only when a sum falls
// within a few double ulps of a float rounding boundary.
//
// Refused (NewConfig returns an error naming speed_chroma; libvmaf fails
// or crashes on all of these): 4:0:0 (libvmaf's init returns EINVAL);
// chroma under 80x80 after prescaling, MinScaledSize (one 5x5 block after
// the decimation by 16; libvmaf logs "SpEED: image too small, operating
// width or height is 0" and segfaults); kernel scales off vif_tools' list;
// unknown prescale methods; a prescale within 1e-3 of 1 that still changes
// the rounded size (libvmaf skips the scaling and filters samples it never
// wrote); bit depths other than 8, 10, 12, 16 (libvmaf reads them as
// bytes); and lanczos4 prescaling, whose weights call glibc's sin, which
// Bandscope does not reproduce: it is not correctly rounded (on glibc 2.36,
// 299 of 200,000 random arguments M_PI * x with a float x in [1, 4), as the
// kernel forms them, round to the other neighbour than the sine evaluated
// to 140 bits), so matching it would mean porting glibc's own sin and the
// contractions of its FMA build.
//
// Twin index. Per stage: libvmaf's function (speed.c, vif_tools.c), the
// Go reference (New), the kernel-set field, its Go twin (NewCPU's code),
// the assembly symbols (the Go wrappers that fill the field are
// <field>SIMD; the AVX-512 set runs the AVX2 twins), the WGSL shaders of
// package gpu (gpu.NewSpeed, below) and the tests. TestTwinIndex checks
// that every name exists and that no field, symbol or speed_*.wgsl shader
// is missing.
//
//	stage                       | libvmaf                                                       | reference                                         | field        | Go twin                                            | AVX2             | AVX-512 | NEON             | WGSL                                     | tests
//	Sample to float             | picture_copy                                                  | Config.load                                       | -            | sampleTable, sampleScale                           | -                | -       | -                | speed_downscale.wgsl                     | TestFastTwin, TestCLI, TestSpeedParity
//	Prescale                    | vif_scale_frame_s (nearest, bilinear, bicubic)                | scalePlane, scaleAxis                             | -            | scalePlane                                         | -                | -       | -                | speed_downscale.wgsl                     | TestCLI, TestCorpus, TestSpeedParity
//	Gaussian taps               | vif_get_filter, speed_get_antialias_filter                    | gaussianFilter, antialiasFilter                   | -            | -                                                  | -                | -       | -                | -                                        | TestGaussExpMatchesC, TestGaussianTaps
//	Antialias vertical          | vif_filter1d_s (convolution_f32_avx_s)                        | filter1d, Config.filterDownscale                  | vfilt        | vfiltGo                                            | vfiltAVX2        | -       | vfiltNEON        | speed_downscale.wgsl, speed_float32.wgsl | TestKernelTwins, TestFastTwin, TestSpeedParity, TestSpeedFloat32
//	Antialias vertical, packed  | vif_filter1d_s (convolution_f32_avx_s)                        | filter1d, Config.filterDownscale                  | vfilt8       | vfiltGo                                            | vfilt8AVX2       | -       | -                | -                                        | TestKernelTwins, TestPacked
//	Antialias horizontal, dec16 | vif_filter1d_s, dec16                                         | filter1d, Config.filterDownscale                  | -            | Config.filterDownscaleFast                         | -                | -       | -                | speed_downscale.wgsl, speed_float32.wgsl | TestFastTwin, TestSpeedParity, TestSpeedFloat32
//	Local mean subtraction      | vif_filter1d_s, subtract_image                                | Config.localMean                                  | -            | Config.localMean                                   | -                | -       | -                | speed_downscale.wgsl, speed_float32.wgsl | TestFastTwin, TestSpeedParity
//	Covariance                  | compute_covariance_matrix, cov kernels (scalar, avx2, avx512) | dims.covariance, covSum, covSumAVX2, covSumAVX512 | covSums      | covSumsGo, dims.covarianceFast, dims.covarianceVec | covSumsAVX2      | -       | covSumsNEON      | -                                        | TestKernelTwins, TestFastTwin, TestCovOrders
//	Eigenvalues                 | compute_eigenvalues (tridiagonal, QR steps)                   | linalg.eigenvalues                                | -            | linalg.eigenvalues                                 | -                | -       | -                | -                                        | TestFastTwin
//	Solve K X = Y               | solve_linear_system (Householder QR)                          | linalg.solve, matMul                              | matMulSparse | matMulSparse                                       | matMulSparseAVX2 | -       | matMulSparseNEON | -                                        | TestKernelTwins, TestFastTwin
//	Entropies, variances        | est_params, update_entropy                                    | estimator.est                                     | -            | estimator.est                                      | -                | -       | -                | -                                        | TestFastTwin, TestStages
//	Score                       | get_speed_score                                               | score                                             | -            | score                                              | -                | -       | -                | -                                        | TestCLI, TestCorpus, TestSpeedParity
//	U, V, UV, clipping          | extract_chroma                                                | Config.finish, Config.combine                     | -            | Config.finish, Config.combine                      | -                | -       | -                | -                                        | TestCLI, TestCorpus, TestSpeedParity
//	log2                        | glibc log2                                                    | log2                                              | -            | log2                                               | -                | -       | -                | -                                        | TestCLI, TestCorpus
//
// The fast twin filters the antialias pass at the kept samples only
// (filterDownscaleFast, reading samples in place through sampleTable),
// stores the covariance's centred samples sample by sample
// (covarianceVec) and multiplies sparse matrices skipping zero terms
// (matMulSparse); log2 is libm.Log2, the eigenvalues, entropies, score and
// clipping are the reference's code in every scorer.
//
// AVX2 twins (kernels.go, kernels_amd64.s; Options.Kernels; AVX-512 hosts
// run them too), each vectorised across independent outputs so that every
// output keeps its own float operations in the Go code's order, no FMA:
// vfiltAVX2 is the antialias vertical pass at the kept rows over every
// column, converting samples in place (sampleScale: picture_copy's float
// as an exact power-of-two product and one rounded sum, sampleTable's
// bits); covSumsAVX2 runs covarianceFast's chains of one xi side by side,
// the centred samples stored sample by sample (covarianceVec);
// matMulSparseAVX2 is matMulSparse eight columns a step (y finite, else
// the Go code). The NEON twins (kernels_arm64.s) are the same loops at
// half the width: FMUL then FADD, never a fused multiply-add. TestKernelTwins
// compares each with the Go code bit for bit, TestFastTwin the whole
// scorer with the best set against New.
//
// Proof: TestCorpus compares every speed_chroma value of the reference
// corpus's model runs that the tests can rebuild (vmaf_v1.0.16 3d0h, 5d0h
// with its bilinear 0.6 prescale, hfr, enc: 95 non-zero frames, the colour
// clips' chroma cut into testdata) and TestCLI 30 synthetic pairs scored by
// libvmaf's CLI (8 to 16 bits, 4:2:0/4:2:2/4:4:4, odd sizes, every option,
// the exact minimum, a one-sided singular plane), against both the C and
// the AVX2 runs; all bit for bit.
//
// GPU twin (gpu.NewSpeed): the stages up to the local mean subtraction run
// on the device, everything after on the host. stages.go is the split:
// Config.Downscale hands the twin this package's own tables (picture_copy's
// floats, scaleAxis's prescale indices and weights, the Gaussian taps, the
// kept columns), and Estimator finishes a frame from the four
// operating-size planes with this package's code (the fast scorer's).
//
//	stage                       GPU twin                                             test
//	sample to float             Downscale.Samples (sampleTable), read on the device  TestSpeedParity, TestStages
//	prescale                    speed_downscale.wgsl scaled (tables: scaleAxis)      TestSpeedParity (nearest, bilinear, bicubic)
//	antialias filter + dec16    speed_downscale.wgsl antialias_v, antialias_h        TestSpeedParity (RefLocal/DisLocal)
//	local mean subtraction      speed_downscale.wgsl local_v, local_h                TestSpeedParity (RefLocal/DisLocal)
//	float32 * and +             speed_float32.wgsl f32_mul, f32_add (in integers)   TestSpeedFloat32
//	covariance to U, V, UV      host: Estimator (estimate, est, score, finish)       TestStages, TestSpeedParity, TestSpeedBackends
//
// Maps: with keepMaps, FrameResult.Planes holds for U and V the
// operating-size planes after filtering and local mean subtraction
// (RefLocal, DisLocal), each picture's per-block entropies and variances,
// eigenvalues and covariance matrix (PlaneStats), and each block's term of
// the score (Contribution).
package speed
