// Package vif is integer VIF (Visual Information Fidelity; libvmaf feature
// "vif", integer_vif.c, the integer_vif_scale0..3 features of
// vmaf_v0.6.1) re-implemented in Go, bit-exact with libvmaf at 8 to 16
// bits, with each scale's per-pixel information terms exposed.
//
// Pipeline, per frame, on the luma of the reference and distorted
// pictures, for scales 0-3 (each scale half the size of the previous one,
// truncated):
//
//  1. Statistics, vertical pass (StatVertical): each column is filtered
//     with the scale's symmetric filter (17, 9, 5, 3 taps, Q16, rows
//     mirrored at the edges): the means of ref and dis, rounded to 16 bits
//     (scale 0 scales the samples down to 8 bits), and the means of ref^2,
//     dis^2 and ref*dis in 64 bits, rounded to 32 (scale 0 to 16-bit
//     squares, the rest by 2^16).
//  2. Horizontal pass (StatHorizontal): the same filter along the rows
//     (columns mirrored); the means' squares are rounded by 2^32, the
//     moments by 2^16, and their differences wrap in uint32 into
//     sigma1_sq, sigma2_sq and sigma12 (int32).
//  3. Per pixel (Pixel): where sigma1_sq reaches the noise variance 2
//     (131072 in Q16), the denominator gains log2(1 + sigma1_sq/2) and,
//     when sigma12 and sigma2_sq are positive, the numerator gains
//     log2(1 + g^2 sigma1_sq/(sv_sq + 2)), g = sigma12/sigma1_sq (in
//     double, clipped at vif_enhn_gain_limit after sv_sq = sigma2_sq -
//     g*sigma12 is formed), both in Q11 from a 2^16-entry log2 table
//     indexed by the top 16 bits; elsewhere the pixel counts 1 in the
//     denominator and 1 - sigma2_sq/(16384*65025) in the numerator. Every
//     sum is an int64.
//  4. The scale's numerator and denominator are rounded to float
//     (Sums.Finish); integer_vif_scaleN is their float quotient.
//  5. Low-pass and decimation (Subsample): the next scale's filter,
//     vertically (scale 0 back to the samples' range) and horizontally,
//     each rounded to 16 bits, and every other row and column is kept.
//
// The log2 table is round(log2f(i)*2048) with glibc's log2f (package libm
// reproduces it bit for bit; TestVIFLog2Table checks the table against C).
// libvmaf's C, AVX2 and AVX-512 code compute the same integers (its
// compilation contracts no product into an FMA), so one reference covers
// them all; TestLibvmaf's generator checks C against AVX2 on every case.
// (AVX-512's per-pixel code forms sigma1_sq + 2 in 64 bits where C wraps
// 32 bits; that differs only for a sigma1_sq within 2^17 of 2^31, beyond
// what a 16-bit picture reaches.)
//
// Deliberate differences from libvmaf:
//
//   - Frames narrower or shorter than MinSize (16) are refused: scale 3
//     (an eighth of the size) then has a single row or column and
//     libvmaf's mirrored padding reads values it never computed for that
//     scale (stale rows and columns of earlier scales or frames).
//   - libvmaf ignores option aliases given on its command line (egl=,
//     ssclz= set nothing; aliases only name metrics); Bandscope's option
//     parser accepts them, as for every feature.
//
// Twins (every row is tested bit for bit):
//
//	stage                  libvmaf                        reference (New)           fast Go twin (NewCPU)  AVX2 (also the AVX-512 set)        WGSL (package gpu, NewVIF)                              test
//	vertical statistics    vif_statistic_8/16 VERTICAL    StatVertical              statVGo                statVAVX2; statV8AVX2 (8-bit s0)   vif_statv.wgsl                                          TestKernelTwins/*/statV, TestStagesAgree, gpu TestVIFParity
//	horizontal statistics  vif_statistic_8/16 HORIZONTAL  StatHorizontal            statHGo                statHMaddAVX2; statHPairAVX2 (s3)  vif_stath.wgsl                                          TestKernelTwins/*/statH, TestStatHExtremes, TestStagesAgree, gpu TestVIFParity
//	per-pixel terms        vif_statistic_* tail, log2_*   Pixel, Accumulate         pixelsGo, pixelsMap    pixelsAVX2                         vif_pixel.wgsl, vif_exact.wgsl; sums in vif_stath.wgsl  TestPixelTwins, TestLibvmaf, TestGolden, gpu TestVIFPixel, TestVIFDoubles
//	low-pass vertical      subsample_rd_8/16 VERTICAL     Subsample                 subVGo                 subVAVX2                           vif_subv.wgsl (even rows)                               TestKernelTwins/*/subV, TestStagesAgree, gpu TestVIFParity
//	low-pass horizontal    subsample_rd_* + decimate      Subsample                 subHGo (even columns)  subHAVX2                           vif_subh.wgsl (even columns)                            TestKernelTwins/*/subH, TestStagesAgree, gpu TestVIFParity
//	finishing              write_scores                   Sums.Finish, FinishFrame  (shared)               -                                  host: FinishFrame, PixelMap                             TestLibvmaf (debug keys), gpu TestVIFParity
//	log2 table             log_generate (glibc log2f)     Log2Table (libm.Log2f)    (shared)               -                                  uploaded from Log2Table                                 libm TestVIFLog2Table, TestLog2f
//
// New is the readable reference: whole-image stages, as above. NewCPU
// fuses the statistics per row (no whole-frame intermediates), computes
// the low-pass only at the rows and columns decimation keeps, runs row
// bands in parallel and takes its row loops from a kernel set (package
// cpu). AVX2's 64-bit lanes hold every moment sum exactly (8-bit samples
// at scale 0 fit 32-bit lanes, VPMADDWD on interleaved row pairs); the
// horizontal statistics at scales 0-2 multiply 16-bit words too
// (VPMADDWD on each mean's and moment's words paired with the next
// column's, biased to signed; statHSIMD says why every sum stays exact in
// 32 bits); the per-pixel terms run 4 lanes of doubles with C's truncations, the log2
// bit length read from the exponent and the table gathered. The AVX-512
// set uses the AVX2 twins. What each set costs, measured: app/bench's doc.
//
// Maps (FrameResult.Maps, on request): per scale, each pixel's numerator
// and denominator terms as float32 (see ScaleMap), the same from every
// scorer.
//
// The GPU twin (package gpu, NewVIF) computes every scale on the device,
// down to the four 64-bit sums of each scale (and each pixel's integer
// terms for the maps); the per-pixel doubles are evaluated exactly in
// integers (vif_pixel.wgsl says how). It ends with FinishFrame and
// converts maps with PixelMap, so the floats have one source.
package vif
