// Package motion is libvmaf's integer motion feature (feature "motion",
// integer_motion.c, integer_motion.h, motion_blend_tools.h) re-implemented
// in Go, bit-exact with libvmaf: VMAF_integer_feature_motion_sad_score,
// integer_motion (debug), integer_motion2 and integer_motion3, with every
// option and libvmaf's option-suffixed metric names
// (integer_motion3_mmxv_18, integer_motion3_mffw_mmxv_18_mma, ...).
//
// Motion reads the REFERENCE picture's luma only (libvmaf's extract
// ignores the distorted picture): frame n is compared with frame n-1, or
// with frame n-2 under motion_five_frame_window (libvmaf's prev_prev_ref).
//
// Per frame n >= MinIndex (1, or 2 with the five-frame window):
//
//  1. VerticalRow: for each row, the difference prev - cur filtered down
//     the columns with the 5-tap Gaussian {3571, 16004, 26386, 16004, 3571}
//     (sum 2^16), rows mirrored at the borders without repeating the edge,
//     rounded and shifted right by the bit depth (libvmaf's 8-bit pipeline
//     shifts by 8 with rounding 2^7, its 16-bit one by bpc with 2^(bpc-1):
//     one formula). Rows whose values are all zero are skipped.
//  2. HorizontalRow: the row filtered across with the same taps, columns
//     mirrored, rounded and shifted right by 16; the sum of the absolute
//     values in uint32 (wrapping as libvmaf's row_sad), added up in uint64.
//     One unit is 1/256 of an 8-bit code value at every bit depth.
//  3. Score: sad / 256 / (w*h) * motion_fps_weight, capped at
//     motion_max_val. Frames before MinIndex and every frame with
//     motion_force_zero score 0.
//  4. At (libvmaf's flush, once the clip has ended): integer_motion2 is 0
//     before MinIndex, the frame's own SAD on the last frame, otherwise
//     min(sad[n], sad[n+1]) (five-frame window: min(sad[n-1], sad[n+1]),
//     only sad[3] at n = 2). integer_motion3 is
//     min(blend(motion2), motion_max_val), blend(m) = m*motion_blend_factor
//     + (1-motion_blend_factor)*min(motion_blend_offset, m); with
//     motion_moving_average the mean of that and the previous frame's. The
//     frames before MinIndex take the "stamp" min(blend(sad[MinIndex]),
//     motion_max_val) (0 when the clip has no frame MinIndex), which is
//     also the previous value the moving average uses at MinIndex.
//
// Streaming: Scorer.Push returns a frame's result as soon as it is final,
// which is when frame n+1 has been pushed (motion2 and the moving average
// look one frame ahead) and frame MinIndex exists (the stamp); Flush
// returns the rest. A clip of 1 frame (2 with the five-frame window) gets
// only zeros, like libvmaf. Sums is the same bookkeeping for callers that
// compute the raw SADs themselves, in parallel and out of order (the
// engine's workers: FastSAD.SAD on the pictures the run keeps decoded),
// and push them in frame order: no picture is copied or checked there.
//
// Random access (the inspector): motion of frame n of an N-frame clip is
// cfg.At(n, N, sad), where sad(j) = cfg.Score(SAD(picture j-Stride,
// picture j, bitDepth, nil, nil)), the frame's own SAD being sad(n).
// NewFastSAD(cfg, o).SAD gives the same bits faster and is safe for
// concurrent use. cfg.Window(n, N) names the pictures [lo, hi] these SADs
// compare: frames n-1 .. n+1 by default, n-2 .. n+1 with the moving
// average, n-3 .. n+1 with the five-frame window and n-4 .. n+1 with both
// (the HFR models); frames before MinIndex (and MinIndex itself with the
// moving average) also need pictures 0 .. MinIndex for the stamp. SAD's
// diff argument returns the map: the signed blurred difference
// blur(prev - cur) in 1/256 of an 8-bit code value, whose absolute values
// add up to the SAD. FrameResult.Diff is the same map when Push is asked
// to keep it.
//
// Deliberate differences from libvmaf:
//
//   - Frames below 3x3 are refused with an error (MinSize): libvmaf's
//     single mirror reads outside the picture and its scratch row there,
//     printing whatever lies in memory.
//   - Samples above the bit depth are refused (libvmaf's 8-bit pipeline
//     reads bytes; its 16-bit one would overflow).
//   - libvmaf matches --feature options by their full names only (an
//     alias such as mmxv=18 is silently ignored, though the printed names
//     use the aliases); Bandscope's option parser also takes the aliases.
//
// Twin index. Per stage: libvmaf's function (integer_motion.c), the Go
// reference, the kernel-set field, its Go twin (fast.go), the assembly
// symbols (the Go wrappers that fill the field are vpassSIMD and
// hpassSIMD; the AVX-512 set runs the AVX2 twins), the WGSL shader of
// package gpu and the tests. TestTwinIndex checks that every name exists
// and that no field, symbol or motion_*.wgsl shader is missing.
//
//	stage            | libvmaf                                 | reference               | field   | Go twin                      | AVX2                                  | AVX-512       | NEON                      | WGSL            | tests
//	Vertical pass    | motion_score_pipeline_8/16 (vertical)   | VerticalRow             | vpass   | vpassGo                      | vpassWordAVX2, vpassAVX2, vpass16AVX2 | -             | vpassNEON                 | motion_sad.wgsl | TestKernelTwins, TestLibvmaf, TestMotionSADParity
//	Horizontal pass  | motion_score_pipeline_8/16 (horizontal) | HorizontalRow           | hpass   | hpassGo, hedges, hinteriorGo | hpassSmallAVX2, hpassAVX2             | -             | hpassSmallNEON, hpassNEON | motion_sad.wgsl | TestKernelTwins, TestLibvmaf, TestMotionSADParity
//	Vertical, words  | motion_score_pipeline_8/16 (vertical)   | VerticalRow             | vpassW  | vpassWGo                     | vpassWAVX2                            | vpassWAVX512  | -                         | motion_sad.wgsl | TestWordTwins, TestFastMaps
//	Vertical, packed | motion_score_pipeline_8 (vertical)      | VerticalRow             | vpass8W | vpass8WGo                    | vpass8WAVX2                           | vpass8WAVX512 | -                         | -               | TestWordTwins, TestPackedSAD
//	Horizontal sum   | motion_score_pipeline_8/16 (horizontal) | HorizontalRow           | hsumW   | hsumWGo, hinteriorWGo        | hsumWAVX2                             | hsumWAVX512   | -                         | motion_sad.wgsl | TestWordTwins, TestPackedSAD
//	Frame SAD        | motion_score_pipeline_8/16              | SAD                     | -       | FastSAD.SAD                  | -                                     | -             | -                         | motion_sad.wgsl | TestFastMaps, TestCorpus, TestMotionSADParity
//	SAD stage        | extract (prev_ref, prev_prev_ref)       | New                     | -       | NewFastSAD                   | -                                     | -             | -                         | motion_sad.wgsl | TestRetryAfterError, TestMotionParity
//	SAD score        | extract                                 | Config.Score            | -       | -                            | -                                     | -             | -                         | -               | TestLibvmaf, TestCorpus
//	motion2, motion3 | flush, motion_blend                     | Config.At               | -       | -                            | -                                     | -             | -                         | -               | TestLibvmaf, TestFinality, TestRandomAccess
//	SADs pushed      | extract, flush                          | Sums.Push, Sums.Flush   | -       | -                            | -                                     | -             | -                         | -               | TestSums
//	Options, names   | options[], feature_name.c               | NewOptions              | -       | -                            | -                                     | -             | -                         | -               | TestOptionTable, TestLibvmaf
//
// The temporal stages (from the SAD score on) run on the host whatever
// computed the SADs.
//
// Every Scorer is NewStream over a SADStage, the spatial half (the
// pictures kept for later frames, the frame SAD): New's stage runs SAD,
// NewCPU's FastSAD, package gpu's the WGSL passes with the pictures kept
// on the device. The engine's runs compute each frame's SAD in the
// worker that scores it and push the raw SADs through Sums: on the CPU
// from the decoded pictures the run keeps, on a GPU with gpu.MotionFrames
// (the ring on the device, fed from the frame's shared upload). The temporal
// half (Score, At, finality) has one source whatever the stage.
//
// libvmaf's own AVX2 and AVX-512 pipelines give its C bits (the test data
// generator checks --cpumask 63 against the default). Scoring without a
// map takes the word path (words.go) at up to 14 bits: the vertical pass
// packs its int32 sums back to int16 words in column order (vpassWAVX2,
// vpassWAVX512; vpass8W reads the packed bytes of an 8-bit picture), and
// a row whose values fit int16 is filtered across by hsumW, two taps per
// VPMADDWD on the row loaded at even and odd offsets, with no shuffle;
// other rows and the maps take the int32 path below, on which the AVX-512
// set runs the AVX2 twins. The AVX2 vertical pass works in 16-bit lanes up to
// 14 bits (vpassWordAVX2: the differences and the symmetric taps' pair
// sums fit int16, VPMADDWD forms the int32 sum, 16 columns a step), pairs
// the symmetric taps in int32 lanes at 15 bits (vpassAVX2); at 16 bits
// (vpass16AVX2) and in the horizontal pass the three products' sum can
// leave int32 (|input| <= 65535), so each product is split into 16-bit
// halves, summed apart and recombined exactly. The vertical pass returns
// the OR of its row's |values|: a row whose values all lie below 2^15
// (almost every row of a real clip) takes hpassSmallAVX2, whose int32 sum
// cannot overflow, and no row's filtered values are stored unless the map
// is asked for. The NEON twins (kernels_arm64.s) take 8 columns a step:
// the vertical pass in int32 lanes below 16 bits (each difference below
// 2^15 keeps the taps' sum within int32) and in int64 lanes (SMULL, SMLAL)
// at 16 bits, the horizontal pass in int32 lanes on the rows below 2^15
// and int64 lanes otherwise; SRSHL and SRSHR add libvmaf's rounding and
// shift the exact sum in one step.
//
// Tests: TestLibvmaf compares 235 runs of libvmaf's vmaf CLI
// (testdata/libvmaf.json: generated moving clips at 8, 10, 12 and 16 bits,
// 33x35, 177x97, 48x40, 64x48, 40x36, 1920x1080, 1921x1079, tiny sizes
// down to 3x3, 1-, 2- and 3-frame clips, every option) frame by frame,
// names, order and float64 bits; regenerate with
//
//	go test ./kernels/motion -run 'TestLibvmaf$' -update -vmaf /path/to/vmaf
//
// TestCorpus compares the motion keys of the reference corpus's
// vmaf_v0.6.1, vmaf_v1.0.16_3d0h and HFR model runs on every clip the
// repository reproduces (testdata/corpus.json, refreshed with
// go test ./kernels/motion -run 'TestCorpus$' -update -corpus DIR, DIR the
// corpus's golden directory).
package motion
