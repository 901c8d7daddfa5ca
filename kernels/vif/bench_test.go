package vif

import (
	"os"
	"testing"

	"github.com/bandscope/bandscope/kernels/benchclip"
	"github.com/bandscope/bandscope/kernels/cpu"
	"github.com/bandscope/bandscope/kernels/golden"
	"github.com/bandscope/bandscope/kernels/yuv"
)

// benchReal is frame 0 of the corpus's real 1080p x264 encode and its
// source (smooth gradients: many pixels take the cheap non-log branch).
func benchReal(b *testing.B) (ref, dist *yuv.Picture) {
	cases, err := golden.Cases()
	if err != nil {
		b.Fatal(err)
	}
	for _, c := range cases {
		if c.Name == "real_grad_1080p_8b_x264crf40" {
			ref, dist, err := c.Pictures(0)
			if err != nil {
				b.Fatal(err)
			}
			return ref, dist
		}
	}
	b.Fatal("no real_grad_1080p_8b_x264crf40 case")
	return nil, nil
}

func benchScore(b *testing.B, ref, dist *yuv.Picture) { benchScoreMaps(b, ref, dist, false) }

// benchScoreMaps is benchScore, keeping the maps when maps is set.
func benchScoreMaps(b *testing.B, ref, dist *yuv.Picture, maps bool) {
	// VIF_BENCH_YUV=dir writes the pair (10 frames) for timing libvmaf.
	if dir := os.Getenv("VIF_BENCH_YUV"); dir != "" {
		var rs, ds []*yuv.Picture
		for range 10 {
			rs, ds = append(rs, ref), append(ds, dist)
		}
		if err := writeRaw(dir+"/"+b.Name()+"_ref.yuv", rs); err != nil {
			b.Fatal(err)
		}
		if err := writeRaw(dir+"/"+b.Name()+"_dist.yuv", ds); err != nil {
			b.Fatal(err)
		}
	}
	cfg, err := NewConfig(nil, ref.Width, ref.Height, ref.BitDepth)
	if err != nil {
		b.Fatal(err)
	}
	s := New(cfg)
	if fastBench {
		s = NewCPU(cfg, Options{Kernels: cpu.Default(), Threads: 1})
	}
	b.ReportAllocs()
	b.ResetTimer()
	c0 := benchclip.CPUTime()
	for i := 0; i < b.N; i++ {
		if _, err := s.Score(i, ref.Luma(), dist.Luma(), maps); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "fps")
	// On a shared machine the wall clock mostly measures waiting: the
	// process's CPU time gives the one-thread speed.
	if c := benchclip.CPUTime() - c0; c > 0 {
		b.ReportMetric(float64(b.N)/c.Seconds(), "cpu-fps")
	}
}

// fastBench selects the fast scorer on one thread (VIF_BENCH_REF=1: the
// reference); BANDSCOPE_CPU_KERNELS picks its kernel set.
var fastBench = os.Getenv("VIF_BENCH_REF") == ""

// BenchmarkScore1080p: the real encode, one thread.
func BenchmarkScore1080p(b *testing.B) {
	ref, dist := benchReal(b)
	benchScore(b, ref, dist)
}

// BenchmarkScore1080pMaps: the real encode with the maps kept (the
// inspector's case), one thread.
func BenchmarkScore1080pMaps(b *testing.B) {
	ref, dist := benchReal(b)
	benchScoreMaps(b, ref, dist, true)
}

// BenchmarkScore1080pTexture: a textured, blurred pair (every pixel takes
// the log branch), one thread.
func BenchmarkScore1080pTexture(b *testing.B) {
	ref, dist := vifPair("blur", 1920, 1080, 8, 0)
	benchScore(b, ref, dist)
}

// BenchmarkScore1080pTexture10: the textured pair at 10 bits, one thread.
func BenchmarkScore1080pTexture10(b *testing.B) {
	ref, dist := vifPair("blur", 1920, 1080, 10, 0)
	benchScore(b, ref, dist)
}
