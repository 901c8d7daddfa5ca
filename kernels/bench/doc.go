// Command bench measures Bandscope's CPU engine: frames per second of CAMBI
// and integer ADM at 1080p and 4K for every kernel set the host supports
// and each thread count, through the same engine `bandscope score` runs
// (decode, pipeline, scoring). When the VMAF environment variable names a
// libvmaf `vmaf` binary, it scores the same clip files with it in the same
// run and prints the ratio.
//
//	go run ./kernels/bench [-features cambi,adm] [-sizes 1080p,4k] [-threads 1,0] [-repeat 3]
//	VMAF=/path/to/vmaf go run ./kernels/bench
//
// Besides wall-clock fps it prints frames per CPU second (fps/cpu), which
// stays meaningful on a machine other work is loading.
package main
