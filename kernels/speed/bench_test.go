package speed

import (
	"testing"

	"github.com/bandscope/bandscope/kernels/yuv"
)

// benchFrame scores one 1920x1080 8-bit 4:2:0 pair (the cross-check
// pattern) with the vmaf_v1 options, b.N times; ns/op is per frame.
func benchFrame(b *testing.B, mk func(*Config) Scorer) {
	c := cliCase{W: 1920, H: 1080, PF: "420", BD: 8, Opts: v1, Frames: 1}
	o := NewOptions()
	for _, kv := range [][2]string{{"mxv", "45"}, {"nnf", "0.1"}, {"snn", "0.19"}, {"wvm", "5"}} {
		if err := o.Set(kv[0], kv[1]); err != nil {
			b.Fatal(err)
		}
	}
	cfg, err := NewConfig(o, yuv.Format{Width: 1920, Height: 1080, Chroma: yuv.C420, BitDepth: 8})
	if err != nil {
		b.Fatal(err)
	}
	ref, dist := cliPictures(c, 0)
	s := mk(cfg)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := s.Score(i, ref, dist, false); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "fps")
}

func BenchmarkRef1080p(b *testing.B)  { benchFrame(b, New) }
func BenchmarkFast1080p(b *testing.B) { benchFrame(b, NewFast) }
func BenchmarkCPU1080p(b *testing.B) {
	benchFrame(b, func(c *Config) Scorer { return NewCPU(c, Options{}) })
}
