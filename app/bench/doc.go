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
package main
