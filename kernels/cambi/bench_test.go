package cambi

import (
	"fmt"
	"testing"

	"github.com/bandscope/bandscope/kernels/benchclip"
	"github.com/bandscope/bandscope/kernels/cpu"
)

// benchCAMBI scores frames of a benchmark clip one after another and
// reports frames per second.
func benchCAMBI(b *testing.B, clip string, w, h int, mk func(*Config) Scorer) {
	benchCAMBIOpts(b, clip, w, h, nil, mk)
}

// benchCAMBIOpts is benchCAMBI with options (name -> value; nil: the
// defaults).
func benchCAMBIOpts(b *testing.B, clip string, w, h int, opts map[string]string, mk func(*Config) Scorer) {
	frames, err := benchclip.Clip(clip, w, h, 4)
	if err != nil {
		b.Skip(err)
	}
	cfg, err := configOf(b, opts, w, h, frames[0].BitDepth)
	if err != nil {
		b.Fatal(err)
	}
	s := mk(cfg)
	defer s.Close()
	b.ReportAllocs()
	b.ResetTimer()
	cpu0 := benchclip.CPUTime()
	for i := 0; i < b.N; i++ {
		p := frames[i%len(frames)].Luma()
		if _, err := s.Score(i, p, p, false); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "fps")
	if c := benchclip.CPUTime() - cpu0; c > 0 {
		// Frames per CPU second: what a shared machine can measure.
		b.ReportMetric(float64(b.N)/c.Seconds(), "fps/cpu")
	}
}

var benchSizes = []struct {
	name string
	w, h int
}{{"1080p", 1920, 1080}, {"4K", 3840, 2160}}

// BenchmarkReference is the scalar reference scorer (New).
func BenchmarkReference(b *testing.B) {
	for _, sz := range benchSizes {
		b.Run("real/"+sz.name, func(b *testing.B) { benchCAMBI(b, "real", sz.w, sz.h, New) })
	}
}

// BenchmarkCPU is the CPU scorer in every kernel set the host supports, on
// one thread and on every core.
func BenchmarkCPU(b *testing.B) {
	threads := []int{1}
	if n := cpu.Threads(0); n > 1 {
		threads = append(threads, n)
	}
	for _, clip := range []string{"real", "grad10"} {
		for _, sz := range benchSizes {
			for _, set := range cpu.Supported() {
				for _, t := range threads {
					b.Run(fmt.Sprintf("%s/%s/%s/t%d", clip, sz.name, set, t), func(b *testing.B) {
						benchCAMBI(b, clip, sz.w, sz.h, func(c *Config) Scorer { return NewCPU(c, Options{Kernels: set, Threads: t}) })
					})
				}
			}
		}
	}
}

// BenchmarkScore1080p is the CPU scorer in the default kernel set on one
// thread on the real 1080p clip: the number to compare with the
// kernels/adm benchmark of the same name (go test -bench 'Score1080p$').
func BenchmarkScore1080p(b *testing.B) {
	benchCAMBI(b, "real", 1920, 1080, func(c *Config) Scorer { return NewCPU(c, Options{Kernels: cpu.Default(), Threads: 1}) })
}

// v1Options are the cambi options of the vmaf_v1.0.16_3d0h model.
var v1Options = map[string]string{"cambi_high_res_speedup": "1080", "cambi_vis_lum_threshold": "0.06", "cambi_max_val": "17"}

// BenchmarkScore1080pV1 is BenchmarkScore1080p with the options the
// vmaf_v1.0.16_3d0h model passes (high-resolution speedup: the c-values
// run on the decimated picture).
func BenchmarkScore1080pV1(b *testing.B) {
	benchCAMBIOpts(b, "real", 1920, 1080, v1Options, func(c *Config) Scorer { return NewCPU(c, Options{Kernels: cpu.Default(), Threads: 1}) })
}
