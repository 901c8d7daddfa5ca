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
// Twin index. Per stage: libvmaf's function (integer_vif.c), the Go
// reference (New), the kernel-set field, its Go twin (NewCPU's row loops,
// kernels.go), the assembly symbols (the Go wrappers that fill the field
// are <field>SIMD; "-" under AVX-512: that set runs the AVX2 twin), the WGSL shaders
// of package gpu (NewVIF; vif_common.wgsl, the taps and the mirroring, is
// prepended to each filtering shader) and the tests. TestTwinIndex checks
// that every name exists and that no field, symbol or vif_*.wgsl shader is
// missing.
//
//	stage                  | libvmaf                                     | reference                          | field  | Go twin             | AVX2                                 | AVX-512                       | NEON                  | WGSL                                           | tests
//	Vertical statistics    | vif_statistic_8/16 (vertical)               | StatVertical                       | statV  | statVGo             | statVAVX2, statV8AVX2, statVPairAVX2 | statV8AVX512, statVPairAVX512 | statVNEON, statV8NEON | vif_statv.wgsl, vif_common.wgsl                | TestKernelTwins, TestStagesAgree, TestVIFParity
//	Vertical, packed 8-bit | vif_statistic_8 (vertical)                  | StatVertical                       | statVP | statVGo             | statV8PAVX2                          | statV8PAVX512                 | -                     | -                                              | TestKernelTwins, TestPacked
//	Horizontal statistics  | vif_statistic_8/16 (horizontal)             | StatHorizontal                     | statH  | statHGo             | statHMaddAVX2, statHPairAVX2         | statHMaddAVX512               | statHNEON             | vif_stath.wgsl, vif_common.wgsl                | TestKernelTwins, TestStatHExtremes, TestStagesAgree, TestVIFParity
//	Per-pixel terms        | vif_statistic_8/16 (tail), log2_32, log2_64 | Pixel, Accumulate                  | pixels | pixelsGo, pixelsMap | pixelsAVX2                           | -                             | -                     | vif_pixel.wgsl, vif_exact.wgsl, vif_stath.wgsl | TestPixelTwins, TestLibvmaf, TestGolden, TestVIFPixel, TestVIFDoubles
//	Low-pass vertical      | subsample_rd_8/16 (vertical)                | Subsample                          | subV   | subVGo              | subVAVX2                             | -                             | subVNEON              | vif_subv.wgsl, vif_common.wgsl                 | TestKernelTwins, TestStagesAgree, TestVIFParity
//	Low-pass, packed 8-bit | subsample_rd_8 (vertical)                   | Subsample                          | subVP  | subVGo              | subVPAVX2                            | subVPAVX512                   | -                     | -                                              | TestKernelTwins, TestPacked
//	Low-pass horizontal    | subsample_rd_8/16 (horizontal), decimate    | Subsample                          | subH   | subHGo, subHTail    | subHAVX2                             | -                             | subHNEON              | vif_subh.wgsl, vif_common.wgsl                 | TestKernelTwins, TestStagesAgree, TestVIFParity
//	Finish                 | write_scores                                | Sums.Finish, FinishFrame, PixelMap | -      | -                   | -                                    | -                             | -                     | -                                              | TestLibvmaf, TestGolden, TestVIFParity
//	Log2 table             | log_generate (glibc log2f)                  | Log2Table                          | -      | -                   | -                                    | -                             | -                     | -                                              | TestLibvmaf, TestGolden, TestVIFPixel
//
// The Go twins of the row kernels compute columns [j0, w), so that a SIMD
// twin leaves its ragged tail to them; subH computes the even columns
// only. The finishing and the log2 table (round(log2f(i)*2048), libm's
// log2f; libm's TestVIFLog2Table checks it against C) are shared by every
// scorer, and the GPU twin uploads the table and finishes on the host.
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
// set widens the statistics to 32 columns a step where that timed faster
// than AVX2 on an AVX-512 machine (the vertical pass by about a third, the
// horizontal one by about a fifth: both are bound by the multiplier port,
// which on that CPU takes one 512-bit multiply a cycle against two
// 256-bit ones) and runs the AVX2 twins elsewhere. Scale 0 of an 8-bit
// picture held packed (yuv.Plane.Pix8, the engine's scoring runs) is read
// a byte a sample by twins of its own of the vertical passes. Above 8 bits
// (up to 15) the AVX-512 vertical pass at scale 0 pairs rows k and 16-k
// word by word (statVPairAVX512): one VPMADDWD forms a pair's squares or
// products exactly in 32 bits, and VPMULUDQ weighs them by the tap in 64
// bits; its AVX2 twin (statVPairAVX2) does the same 8 columns a step. The NEON
// twins (kernels_arm64.s) weigh each row by its own tap, 8 columns a step,
// with widening multiply-adds (UMLAL): the means and the low-pass in
// uint32 lanes, the moments in uint64 (8-bit samples at scale 0 in uint32,
// as statV8AVX2), the horizontal pass's roundings as RSHRN on the exact
// 64-bit sums; the per-pixel terms stay in Go (NEON has no gather for the
// log2 table).
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
