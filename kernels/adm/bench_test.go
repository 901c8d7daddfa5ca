package adm

import (
	"fmt"
	"os"
	"testing"

	"github.com/bandscope/bandscope/kernels/cpu"
	"github.com/bandscope/bandscope/kernels/synth"
	"github.com/bandscope/bandscope/kernels/yuv"
)

// benchPair is a natural-looking pair: a 10-bit-like diagonal ramp with a
// one-level dither in the distorted picture (synth's diag8 pattern).
func benchPair(b *testing.B, w, h int) (ref, dist *yuv.Picture) {
	f := yuv.Format{Width: w, Height: h, Chroma: yuv.C420, BitDepth: 8}
	ref, err := synth.Frame(synth.Spec{Pattern: "diag8", Format: f}, 0)
	if err != nil {
		b.Fatal(err)
	}
	dist, err = synth.Frame(synth.Spec{Pattern: "diag8", Format: f, Dist: true}, 0)
	if err != nil {
		b.Fatal(err)
	}
	// BANDSCOPE_BENCH_YUV=dir writes the pair for timing libvmaf on it.
	if dir := os.Getenv("BANDSCOPE_BENCH_YUV"); dir != "" {
		for name, p := range map[string]*yuv.Picture{"ref": ref, "dist": dist} {
			if err := writeRaw(fmt.Sprintf("%s/%s_%dx%d.yuv", dir, name, w, h), p); err != nil {
				b.Fatal(err)
			}
		}
	}
	return ref, dist
}

func benchScore(b *testing.B, w, h int, maps bool, opts ...string) {
	ref, dist := benchPair(b, w, h)
	o := NewOptions()
	for i := 0; i+1 < len(opts); i += 2 {
		if err := o.Set(opts[i], opts[i+1]); err != nil {
			b.Fatal(err)
		}
	}
	cfg, err := NewConfig(o, w, h, 8)
	if err != nil {
		b.Fatal(err)
	}
	s := New(cfg)
	if fastBench {
		s = NewCPU(cfg, Options{Kernels: cpu.Default(), Threads: benchThreads})
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := s.Score(i, ref.Luma(), dist.Luma(), maps); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "fps")
}

// fastBench selects the fast scorer on one thread (ADM_BENCH_REF=1: the
// reference);
// BANDSCOPE_CPU_KERNELS picks its kernel set.
var (
	fastBench    = os.Getenv("ADM_BENCH_REF") == ""
	benchThreads = 1
)

func BenchmarkScore1080p(b *testing.B)     { benchScore(b, 1920, 1080, false) }
func BenchmarkScore4K(b *testing.B)        { benchScore(b, 3840, 2160, false) }
func BenchmarkScore1080pMaps(b *testing.B) { benchScore(b, 1920, 1080, true) }

// v1Opts are the ADM options of model vmaf_v1.0.16_3d0h (it reads
// integer_adm3, so AIM runs too).
var v1Opts = []string{"adm_csf_mode", "2", "adm_enhn_gain_limit", "1.0", "adm_dlm_weight", "0.7",
	"adm_noise_weight", "0.02", "adm_norm_view_dist", "3.0", "adm_ref_display_height", "1080", "adm_min_val", "0.5"}

func BenchmarkScore1080pV1(b *testing.B) { benchScore(b, 1920, 1080, false, v1Opts...) }

// Barten runs its own DWT and decouple, in Go only.
func BenchmarkScore1080pBarten(b *testing.B) { benchScore(b, 1920, 1080, false, "adm_csf_mode", "1") }
