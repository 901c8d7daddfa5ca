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
// than the pad size: its c-value walk reads, and on AVX2 writes, outside
// the frame or reads stale columns of the previous scale) this package
// clips every window to the frame; on all other sizes the two agree bit for
// bit. 3 frames of 3840x128 8-bit 4:2:0, luma 17 + 60*x/3840, score
// 19.512268984993305 here and 19.544346510264372 in libvmaf; 64x1920 8-bit
// in full reference, cambi_source 16.18754988563364 here and
// 16.197054612107948 there.
//
// Beside the golden corpus, the stage tests follow libvmaf's test_cambi.c
// (the mask index table, decimation, the mode filter), check all 4226
// entries of the reciprocal table (42 of them are not 1.0f/i: libvmaf's
// table is decimal text rounded to float), the TVI bisection and vlt_luma
// against libvmaf's glibc-computed tables, and the clipped windows of tiny
// pictures against a count from scratch.
//
// The stages are plain functions on slices so that SIMD and GPU twins can be
// compared with them stage by stage.
//
// NewCPU is the fast CPU scorer: the same stages in row bands and column
// strips with the hot rows in a kernel set (kernels.go: the table and the
// Go twins; AVX2 and AVX-512 in kernels_amd64.s, NEON in kernels_arm64.s,
// left out by the purego build tag), and a pooling that finds the top k without libvmaf's
// quickselect. It converts and anti-dithers inputs of at most 10 bits in
// one pass, counts the spatial mask in bytes with each row's flat marks
// found once, and slides each strip's histogram by runs of equal samples
// whose trapezoids it applies a row at a time. The order of libvmaf's
// double sum cannot matter when the exact sum of the pooled values fits 53
// bits above the smallest one's ulp, which pool.go checks; otherwise it
// pools with Pool. The pooling's first scan reads every c-value, and
// gives each scale's largest (ScaleResult.MaxCValue) on its way. Maps a
// picture keeps are written where it keeps them, never copied
// (TestKeptMapsStay). A reader of every c-value (Config.Rows, rows.go:
// engine/regions' search) reads scale 0's rows in that first scan, band
// by band while they are in cache (a scale 0 small enough to be sorted,
// whole before it), scale 0 being pooled last; it needs no map kept
// (TestRowReader, TestPoolRowHook). TestKernelTwins holds every twin to the Go one, bit for
// bit, one subtest per set and kernel (TestKernelTwins/avx2/cvRun). The
// NEON twins mirror the AVX2 ones at half the width (trapezoids in int16
// lanes, their counts checked to fit), read cvRun's reciprocals lane by
// lane (NEON has no gather), and leave the run bits and the pooling scan
// to Go (NEON has no byte mask to pack them).
//
// Twin index. Per stage: libvmaf's function (cambi.c), the Go reference,
// the kernel-set field, its Go twin, the assembly symbols (the Go wrappers
// that fill the field are avx2<Field> and neon<Field>, or wrapTrap for
// both amd64 trap twins, avx512CVRun for AVX-512's cvRun and wrapCVRun
// for NEON's; "-" under AVX-512: that set runs the AVX2 twin, which timed
// as fast or faster), the WGSL shader of package gpu (each
// names the function it mirrors) and the tests. TestTwinIndex checks that
// every name exists and that no field, symbol or cambi_*.wgsl shader is
// missing.
//
//	stage            | libvmaf                                | reference                 | field                  | Go twin                    | AVX2                           | AVX-512     | NEON                           | WGSL                                        | tests
//	Validate         | validate_image                         | CheckPlane                | -                      | -                          | -                              | -           | -                              | cambi_validate.wgsl                         | TestBadSampleErrors, TestCAMBIBadInput
//	Preprocess       | cambi_preprocessing                    | Preprocess, ResampleIndex | convRow                | convRowGo                  | convRowAVX2                    | -           | convRowNEON                    | cambi_preprocess.wgsl                       | TestKernelTwins, TestPreprocessDepths, TestFastParityResample, TestCAMBIStageParity
//	Packed input     | cambi_preprocessing, anti_dithering_filter | Preprocess, AntiDither | convRow8, convDither8  | convRowGo, convDitherGo    | convRow8AVX2, convDither8AVX2  | -           | -                              | -                                           | TestKernelTwins, TestFastPacked
//	Anti-dither      | anti_dithering_filter                  | AntiDither                | antiDither, convDither | antiDitherGo, convDitherGo | antiDitherAVX2, convDitherAVX2 | -           | antiDitherNEON, convDitherNEON | cambi_antidither.wgsl                       | TestKernelTwins, TestFastParity, TestFastParityErrors, TestCAMBIStageParity
//	Mask derivatives | get_derivative_data_for_row            | SpatialMask               | flatRow, colAdd        | flatRowGo, colAddGo        | flatRowAVX2, colAddAVX2        | -           | flatRowNEON, colAddNEON        | cambi_mask.wgsl                             | TestKernelTwins, TestMaskIndex, TestCAMBIStageParity
//	Mask box filter  | get_spatial_mask_for_index             | SpatialMask               | boxRow                 | boxRowGo                   | boxRowAVX2                     | -           | boxRowNEON                     | cambi_mask.wgsl                             | TestKernelTwins, TestCAMBIStageParity
//	Decimate         | decimate                               | Decimate                  | decimate16, decimate8  | decimateGo                 | decimate16AVX2, decimate8AVX2  | -           | decimate16NEON, decimate8NEON  | cambi_decimate.wgsl                         | TestKernelTwins, TestDecimate, TestCAMBIStageParity
//	Mode filter      | filter_mode                            | FilterMode                | hmode, vmode           | hmodeGo, vmodeGo           | hmodeAVX2, vmodeAVX2           | -           | hmodeNEON, vmodeNEON           | cambi_mode.wgsl                             | TestKernelTwins, TestFilterModeEdges, TestCAMBIStageParity
//	Histogram ranges | increment_range, decrement_range       | CValues                   | trap, traps            | trapGo, trapsGo            | trapAVX2, trapsAVX2            | trapAVX512  | trapNEON, trapsNEON            | cambi_cvalues_bins.wgsl, cambi_cvalues.wgsl | TestKernelTwins, TestCValuesClipped, TestCAMBIStageParity
//	Band range       | calculate_c_values                     | CValues                   | bandRange              | bandRangeGo                | bandRangeAVX2                  | -           | bandRangeNEON                  | cambi_cvalues_bins.wgsl                     | TestKernelTwins, TestFastParity
//	Runs             | calculate_c_values                     | CValues                   | runBits                | runBitsGo                  | runBitsAVX2                    | -           | -                              | -                                           | TestKernelTwins, TestFastParity
//	C-values         | c_value_pixel                          | CValues                   | cvRun                  | cvRunGo                    | cvRunAVX2                      | cvRunAVX512 | cvRunNEON                      | cambi_cvalues.wgsl                          | TestKernelTwins, TestCValuesClipped, TestCAMBICValueLargeProducts
//	Pooling          | spatial_pooling, average_topk_elements | Pool                      | poolScan               | poolScanGo                 | poolScanAVX2                   | -           | -                              | cambi_pool.wgsl, cambi_pool_find.wgsl       | TestPoolScanTwins, TestPoolExact, TestPoolOrder, TestCAMBIPoolParity
//	Score            | weight_scores_per_scale                | WeightScores              | -                      | -                          | -                              | -           | -                              | -                                           | TestGolden, TestGoldenCPU, TestFastParity, TestCAMBIParity
package cambi
