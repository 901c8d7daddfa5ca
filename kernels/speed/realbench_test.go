package speed

import (
	"testing"

	"github.com/bandscope/bandscope/kernels/cpu"
	"github.com/bandscope/bandscope/kernels/golden"
	"github.com/bandscope/bandscope/kernels/internal/cpubench"
	"github.com/bandscope/bandscope/kernels/yuv"
)

// BenchmarkReal scores frame 3 of the repository's real 10-bit 1080p
// colour pair (testsrc2, x265 CRF 30) with the vmaf_v1 options, one
// thread, each kernel set; fps/cpu-s is per CPU second of the thread.
func BenchmarkReal(b *testing.B) {
	cases, err := golden.RealPairs1080p()
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
			cpubench.Loop(b, func() {
				if _, err := s.Score(0, ref, dist, false); err != nil {
					b.Fatal(err)
				}
			})
		})
	}
}
