package adm

import (
	"runtime"
	"syscall"
	"testing"
	"time"
	"unsafe"

	"github.com/bandscope/bandscope/internal/golden"
	"github.com/bandscope/bandscope/kernels/cpu"
)

// threadCPU is the calling thread's CPU time (CLOCK_THREAD_CPUTIME_ID).
func threadCPU() time.Duration {
	var ts syscall.Timespec
	syscall.Syscall(syscall.SYS_CLOCK_GETTIME, 3, uintptr(unsafe.Pointer(&ts)), 0)
	return time.Duration(ts.Nano())
}

// BenchmarkReal scores frame 3 of the repository's real 1080p pairs (the
// source against its encode), one thread, the best kernel set;
// fps/cpu-s is per CPU second of the thread.
func BenchmarkReal(b *testing.B) {
	cases, err := golden.Cases()
	if err != nil {
		b.Skip(err)
	}
	for _, c := range cases {
		if c.Name != "real_grad_1080p_8b_x264crf40" && c.Name != "real_testsrc2_1080p_10b_x265crf30" {
			continue
		}
		ref, dist, err := c.Pictures(3)
		if err != nil {
			b.Skip(err)
		}
		cfg, err := NewConfig(NewOptions(), c.W, c.H, c.BD)
		if err != nil {
			b.Fatal(err)
		}
		s := NewCPU(cfg, Options{Kernels: cpu.Best(), Threads: 1})
		b.Run(c.Name, func(b *testing.B) {
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			t0 := threadCPU()
			for b.Loop() {
				if _, err := s.Score(0, ref.Luma(), dist.Luma(), false); err != nil {
					b.Fatal(err)
				}
			}
			ct := threadCPU() - t0
			b.ReportMetric(ct.Seconds()*1000/float64(b.N), "cpu-ms/op")
			b.ReportMetric(float64(b.N)/ct.Seconds(), "fps/cpu-s")
		})
	}
}
