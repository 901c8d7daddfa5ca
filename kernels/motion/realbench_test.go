package motion

import (
	"fmt"
	"runtime"
	"syscall"
	"testing"
	"time"
	"unsafe"

	"github.com/bandscope/bandscope/engine/yuv"
	"github.com/bandscope/bandscope/internal/golden"
	"github.com/bandscope/bandscope/kernels/cpu"
)

// threadCPU is the calling thread's CPU time (CLOCK_THREAD_CPUTIME_ID):
// on a loaded machine it counts the work alone, not the waits.
func threadCPU() time.Duration {
	var ts syscall.Timespec
	syscall.Syscall(syscall.SYS_CLOCK_GETTIME, 3, uintptr(unsafe.Pointer(&ts)), 0)
	return time.Duration(ts.Nano())
}

// BenchmarkSADReal is one frame's SAD on consecutive reference frames of
// the repository's real 1080p clips (small differences, as in every real
// clip, unlike BenchmarkSAD1080p's independent noise), one thread; cpu-ms
// is the thread's CPU time per frame.
func BenchmarkSADReal(b *testing.B) {
	cases, err := golden.Cases()
	if err != nil {
		b.Skip(err)
	}
	for _, c := range cases {
		if c.Name != "real_grad_1080p_8b_x264crf40" && c.Name != "real_testsrc2_1080p_10b_x265crf30" {
			continue
		}
		var pics []yuv.Plane
		for i := 3; i < 5; i++ {
			ref, _, err := c.Pictures(i)
			if err != nil {
				b.Skip(err)
			}
			pics = append(pics, ref.Luma())
		}
		cfg, err := NewConfig(nil, c.W, c.H, c.BD)
		if err != nil {
			b.Fatal(err)
		}
		for _, k := range cpu.Supported() {
			f := NewFastSAD(cfg, Options{Kernels: k, Threads: 1})
			b.Run(fmt.Sprintf("%s/%s", c.Name, k), func(b *testing.B) {
				runtime.LockOSThread()
				defer runtime.UnlockOSThread()
				t0 := threadCPU()
				for b.Loop() {
					f.SAD(pics[0], pics[1], nil)
				}
				cpuT := threadCPU() - t0
				b.ReportMetric(cpuT.Seconds()*1000/float64(b.N), "cpu-ms/op")
				b.ReportMetric(float64(b.N)/cpuT.Seconds(), "fps/cpu-s")
			})
		}
	}
}
