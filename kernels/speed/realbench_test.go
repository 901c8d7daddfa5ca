package speed

import (
	"runtime"
	"syscall"
	"testing"
	"time"
	"unsafe"

	"github.com/bandscope/bandscope/engine/yuv"
	"github.com/bandscope/bandscope/internal/golden"
	"github.com/bandscope/bandscope/kernels/cpu"
)

// threadCPU is the calling thread's CPU time (CLOCK_THREAD_CPUTIME_ID).
func threadCPU() time.Duration {
	var ts syscall.Timespec
	syscall.Syscall(syscall.SYS_CLOCK_GETTIME, 3, uintptr(unsafe.Pointer(&ts)), 0)
	return time.Duration(ts.Nano())
}

// BenchmarkReal scores frame 3 of the repository's real 10-bit 1080p
// colour pair (testsrc2, x265 CRF 30) with the vmaf_v1 options, one
// thread, each kernel set; fps/cpu-s is per CPU second of the thread.
func BenchmarkReal(b *testing.B) {
	cases, err := golden.Cases()
	if err != nil {
		b.Skip(err)
	}
	var c *golden.Case
	for _, cc := range cases {
		if cc.Name == "real_testsrc2_1080p_10b_x265crf30" {
			c = cc
		}
	}
	if c == nil {
		b.Skip("no real colour pair")
	}
	ref, dist, err := c.Pictures(3)
	if err != nil {
		b.Skip(err)
	}
	o := NewOptions()
	for _, kv := range [][2]string{{"mxv", "45"}, {"nnf", "0.1"}, {"snn", "0.19"}, {"wvm", "5"}} {
		if err := o.Set(kv[0], kv[1]); err != nil {
			b.Fatal(err)
		}
	}
	cfg, err := NewConfig(o, yuv.Format{Width: c.W, Height: c.H, Chroma: yuv.C420, BitDepth: c.BD})
	if err != nil {
		b.Fatal(err)
	}
	for _, k := range cpu.Supported() {
		s := NewCPU(cfg, Options{Kernels: k, Threads: 1})
		b.Run(k.String(), func(b *testing.B) {
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			t0 := threadCPU()
			for b.Loop() {
				if _, err := s.Score(0, ref, dist, false); err != nil {
					b.Fatal(err)
				}
			}
			ct := threadCPU() - t0
			b.ReportMetric(ct.Seconds()*1000/float64(b.N), "cpu-ms/op")
			b.ReportMetric(float64(b.N)/ct.Seconds(), "fps/cpu-s")
		})
	}
}
