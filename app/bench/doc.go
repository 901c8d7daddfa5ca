// Command bench times Bandscope against libvmaf side by side: each feature
// alone (cambi, adm, motion, speed_chroma, vif) and whole VMAF models
// (vmaf_v0.6.1, vmaf_v1.0.16_3d0h), on real reference/distorted pairs, at
// each thread count, in one run.
//
//	go run ./app/bench [-pairs grad,testsrc2] [-sizes 1080p,4k] [-threads 1,0]
//	    [-features cambi,adm,motion,speed_chroma,vif] [-models vmaf_v0.6.1,vmaf_v1.0.16_3d0h]
//	    [-frames N] [-repeat 3] [-vmaf-cpumask 0,48] [-kernels avx2,avx512] [-inprocess]
//	VMAF=/path/to/vmaf go run ./app/bench
//
// What is scored. The pairs are the real encodes of testdata/clips, the
// source as reference and the decoded encode as distorted (grad: 8-bit
// x264 CRF 40; testsrc2: 10-bit colour and motion, x265 CRF 30, 12 frames;
// ramp: 10-bit x264 CRF 40), written as raw files at 1080p and, for 4k,
// both sides scaled 2x nearest neighbour (the size column says "4k(2x)").
// A clip scored against itself would flatter ADM (a perfect copy skips
// almost every masked vector) and motion, so there is no such mode;
// -pairs synth:PATTERN times an kernels/synth pattern against its
// undistorted variant instead. Frames cycle past a clip's end.
//
// How. By default both tools run as child processes with the same
// libvmaf command line (-r -d -w -h -p -b --threads, then --feature NAME
// --no_prediction or --model version=NAME, --json -o FILE in the temporary
// directory), so both pay process start, reading the files and writing
// the output; Bandscope's binary is built from ./app first (or given with
// -bandscope) and also gets --cpu-kernels and --precision max (libvmaf's
// build here prints every value in full). -inprocess times Bandscope
// through the engine API instead (no process start, no output file).
// Each row runs the two tools -repeat times alternately (Bandscope,
// libvmaf, Bandscope, ...) and prints the medians of frames per wall
// second and per CPU second (user+system of every thread, which stays
// meaningful on a loaded machine), the median of the per-pair ratios
// Bandscope/libvmaf, and each tool's largest peak RSS. A small copy of the
// bench starts each tool: Linux charges a child with the resident pages of
// the process it was forked from, which would be the bench's clips. The
// values of both JSON outputs are compared key by key (bits column), so a
// row never times two tools that computed different things.
//
// An empty -models= or -features= leaves that kind out. A feature the
// engine does not register, or a model needing one, is skipped with a line
// saying so, so the same command runs on a tree that lacks one.
// The bench is a command, not a test: nothing in `go test` is timed.
//
// # Measured
//
// This is the one place Bandscope's speed is recorded, each figure with
// its command. Measured on: a 2-core AMD EPYC VM without AVX-512 (so
// libvmaf's default --cpumask 0 ran its AVX2 code and Bandscope its avx2
// kernels; libvmaf's AVX-512 path could not be timed), shared with other
// work, so absolute wall-clock speeds are not quoted; libvmaf is
// Netflix/vmaf f85a853, built outside this repository. A GPU figure is
// Mesa's lavapipe on the same two cores: no real GPU has measured the GPU
// backend yet (.ci/gpu-device-check prepares that run).
//
// Against libvmaf, 2026-12-01 23:06 UTC (load average 1.6 at the start,
// 1.4 at the end, nothing else running):
//
//	VMAF=/path/to/vmaf go run ./app/bench -threads 1,2 -repeat 5
//
// 12 frames at 1080p, 4 at 4K; Bandscope / libvmaf, the median of the
// per-pair ratios of frames per CPU second (user+system, every thread) and
// in brackets of wall-clock fps; every row's values were compared key by
// key, the same bits in every row. 1080p:
//
//	                    grad 8-bit      grad 8-bit      testsrc2 10-bit testsrc2 10-bit
//	                    1 thread        2 threads       1 thread        2 threads
//	vmaf_v0.6.1         1.30x (1.85x)   1.32x (1.30x)   1.47x (1.99x)   1.51x (1.57x)
//	vmaf_v1.0.16_3d0h   1.76x (2.69x)   1.67x (1.52x)   1.63x (2.26x)   1.68x (1.62x)
//	cambi               2.97x (3.15x)   2.24x (2.10x)   2.27x (2.55x)   1.66x (1.57x)
//	adm                 1.39x (1.45x)   1.53x (1.43x)   1.64x (1.86x)   1.55x (1.46x)
//	motion              0.64x (0.75x)   0.68x (0.77x)   1.08x (1.23x)   1.05x (1.15x)
//	speed_chroma        1.18x (1.46x)   1.05x (0.97x)   1.17x (1.55x)   1.28x (1.23x)
//	vif                 1.28x (1.33x)   1.32x (1.24x)   1.52x (1.57x)   1.51x (1.56x)
//
// 4K (the same pairs scaled 2x):
//
//	vmaf_v0.6.1         1.49x (2.10x)   1.60x (1.43x)   1.61x (2.22x)   1.95x (1.97x)
//	vmaf_v1.0.16_3d0h   1.97x (2.74x)   2.14x (1.95x)   1.78x (2.43x)   2.08x (1.90x)
//	cambi               3.04x (3.23x)   2.76x (2.65x)   1.84x (2.14x)   1.82x (1.92x)
//	adm                 1.76x (1.75x)   2.02x (1.90x)   2.02x (1.99x)   2.23x (2.24x)
//	motion              0.90x (0.99x)   1.43x (1.51x)   1.63x (1.70x)   2.10x (2.29x)
//	speed_chroma        1.44x (1.78x)   1.87x (1.86x)   1.59x (1.84x)   2.05x (2.14x)
//	vif                 1.37x (1.43x)   1.61x (1.62x)   1.65x (1.60x)   1.79x (1.81x)
//
// The CPU-time ratio is the one to read: with --threads 1 Bandscope still
// decodes on its own goroutine and scores a model's features concurrently,
// about 1.5 cores, which flatters its one-thread wall-clock ratios. One
// thread at 1080p on grad, frames per CPU second (Bandscope / libvmaf):
// vmaf_v1.0.16_3d0h 20.6 / 11.9; vmaf_v0.6.1 14.3 / 10.9; cambi 29.2 /
// 10.0; adm 39.8 / 28.5; motion 105 / 164; speed_chroma 75.0 / 65.1; vif
// 23.6 / 18.5. Each tool's start alone: 20 ms of CPU for bandscope (a
// binary that also carries the inspector), 3 ms for vmaf. The goals (1.2x
// libvmaf's CPU time for vmaf_v0.6.1, 1.5x for vmaf_v1.0.16_3d0h) are met
// in every row. 8-bit integer motion is behind libvmaf, whose 8-bit path
// works on bytes where Bandscope's pictures hold 16-bit samples.
//
// Peak memory (each child's largest resident set, the same runs): at 4K
// Bandscope's does not grow with threads. vmaf_v1.0.16_3d0h takes 293-294
// MB against libvmaf's 286-345 MB at one thread and 530-613 MB at two;
// vmaf_v0.6.1 221-224 MB against 260-335 and 480-595 MB; adm 178-180 MB
// against 211-271 and 383-466 MB. At 1080p on one thread, 91-92 MB for
// vmaf_v0.6.1 and 114-115 MB for v1, against libvmaf's 70-92 MB. A longer
// clip does not raise the peak: the engine's frame budget bounds the
// decoded frames in flight.
//
// The kernels, one thread, 1080p:
//
//	go test ./kernels/adm -run '^$' -bench RealV1      ADM avx2 on the real pairs: 15.3 ms a frame
//	go test ./kernels/cambi -run '^$' -bench Score1080pV1
//	                                                    CAMBI avx2, the v1 model's options: 98 frames per CPU second
//	go test ./kernels/vif -run '^$' -bench Real        VIF avx2 on the real pairs: 37.1 ms (8-bit), 51.6 ms (10-bit)
//	BANDSCOPE_CPU_KERNELS=... go test ./kernels/adm -run '^$' -bench 'Score1080p(Barten)?$' -count 4
//	                                                    best of 4, scalar, avx2 and avx512 sets (the last on an
//	                                                    AVX-512 machine): Barten 17, 47, 58 fps; Watson 18, 58, 104
//
// Integer VIF on the corpus's 8-bit x264 encode (10 frames, frames per CPU
// second): the reference 1.6, the fast Go twins 3-3.4, AVX2 25-34;
// libvmaf's AVX2 code 24 on the same frames. On a textured pair (every
// pixel in the log branch) AVX2 gives 18-21 at 8 bits and 14-17 at 10,
// libvmaf 14-17 and 8.3. The reader, go test ./engine/clip -run '^$'
// -bench ReadFrame -benchtime 200x: 1080p 10-bit raw in 2.16 ms a frame on
// one goroutine, 1.04-1.25 ms on 2-4.
//
// The inspector, 2026-12-01 23:13 UTC: a frame step at 1080p on the CPU
// engine, from the key press to every pane of every view drawn (the frame
// view at 1280x720, every other pane with something to show at 420x236),
// on a 1920x1080 8-bit noise clip (go test ./ui -run '^$' -bench
// FrameStepVMAF1080p -benchtime 20x); the goal is 150 ms with
// vmaf_v1.0.16_3d0h:
//
//	models picked                                                   step        CPU per step
//	none (the inspector's CAMBI and ADM, every map)                 73 ms       118 ms
//	vmaf_v1.0.16_3d0h (its features with their maps, and those
//	  it reads again on the reference against itself for costs)     101 ms      179 ms
//	vmaf_v1.0.16_3d0h, each step onto a frame not scored before     117 ms      200 ms
//	  the same, 300 ms between steps (the look-ahead)               54 ms
//	  the same on testdata's real 8-bit 1080p banding encode
//	  (real_grad, -benchtime 10x, two runs)                         151-171 ms  250-286 ms
//	vmaf_v0.6.1 and vmaf_v1.0.16_3d0h                               199 ms      326 ms
//
// The map panes draw 19 panes in 22-31 ms (BenchmarkRenderPanes); on the
// real banding encode the fresh memory of every map kept (about 100 MB a
// step, zeroed or copied into) is about a sixth of a step's CPU.
//
// The inspector on 1080p x264 encodes, 2026-12-03 14:16-14:27 UTC, on the
// development machine shared with other builds (2 cores, load average 4
// to 5, every run under nice -n 19: wall-clock figures vary twofold, the
// CPU per frame less): go test ./ui -run '^$' -bench 'Playback$'
// -benchtime 1x -count 3, -bench '^BenchmarkStep1080p$' -benchtime 10x
// -count 3 and -bench 'Memory1080p/frames_N$' -benchtime 1x (one process
// each, three times), medians; "before" is commit d1794ab with the same
// benchmarks (two runs, one for memory). A 1080p 8-bit moving gradient
// (ffmpeg's gradients source) encoded by x264 at CRF 30 (and 45 for run
// B), vmaf_v0.6.1 and vmaf_v1.0.16_3d0h picked:
//
//	                                          before            after
//	playback, CAMBI overlay (clip 24 fps)     4.7 fps, 248 ms   7.8 fps, 160 ms CPU a frame
//	playback, demo clip (no model)            13.6 fps, 68 ms   12.2 fps, 61 ms CPU a frame
//	step onto a new frame, vmaf_v1.0.16_3d0h  207 ms whole      160 ms the view, 312 ms whole
//	  the same without the memory limit                         112 ms the view, 251 ms whole
//	A/B step, both models                     538 ms whole      432 ms the view, 1163 ms whole
//	peak resident memory, 12 / 48 frames      1446 / 1651 MB    850 / 853 MB
//
// A frame is scored for the view on screen first (the Frame view's CAMBI
// overlay) and the rest behind it, and playback scores the view alone. The
// memory limit (900 MB, ui/run.go) keeps the inspector under 1 GB flat in
// the clip's length, but the frames it keeps alive hold about 780 MB of
// maps, so the collector runs about every frame: it costs a whole-frame
// step 60% more CPU (354 ms against 221 without it) and an A/B step most
// of its time.
//
// The GPU backend on lavapipe (go test ./gpu -run XXX -bench .
// -benchtime 1x), a frame with upload and readback: 1080p CAMBI 2.3 s
// (1.9 s with the maps kept on the device), integer ADM 1.0 s, SpEED
// chroma 0.09 s (the device part and the host's est_params; the CPU
// scorer takes 0.015 s), 10-bit integer VIF 7-9 s (about two thirds the
// filters' 64-bit sums, a third the exact per-pixel doubles). CAMBI at 4K
// by c-value strip height (go test ./gpu -run '^$' -bench
// 'CAMBI/3840x2160' -benchtime 1x): 50.5, 33.4, 26.9 and 23.4 s a frame
// for 16, 32, 64 and 130 rows; lavapipe's cores have work enough, so
// taller is faster there. Whole runs (go test ./engine -run '^$' -bench
// GPURun -benchtime 1x, both models on synthetic 10-bit pairs): 1080p
// vmaf_v1.0.16_3d0h at 0.46-0.50 frames/s; at 4K (8 frames, the first
// frame's setup included) 31.3 host-ms a frame, 22.7 of them on the
// worker's path. On lavapipe a submission blocks until the queue is free
// (up to 0.85 s at 1080p, timed around Queue.Submit) while holding the
// device lock, so a frame's features' device halves gain little from
// running side by side, and the reader's staging waits behind them
// (stage-ms/frame 165-184); the device being the same two cores, the
// host's numbers there mostly measure the two fighting for them.
package main
