package vif

import (
	"testing"

	"github.com/bandscope/bandscope/kernels/cpu"
	"github.com/bandscope/bandscope/kernels/golden"
	"github.com/bandscope/bandscope/kernels/internal/cpubench"
)

// BenchmarkReal scores frame 3 of the repository's real 1080p pairs (the
// source against its encode), one thread, the best kernel set;
// fps/cpu-s is per CPU second of the thread.
func BenchmarkReal(b *testing.B) {
	cases, err := golden.RealPairs1080p()
	if err != nil {
		b.Skip(err)
	}
	for _, c := range cases {
		ref, dist, err := c.Pictures(3)
		if err != nil {
			b.Skip(err)
		}
		cfg, err := NewConfig(nil, c.W, c.H, c.BD)
		if err != nil {
			b.Fatal(err)
		}
		s := NewCPU(cfg, Options{Kernels: cpu.Best(), Threads: 1})
		b.Run(c.Name, func(b *testing.B) {
			cpubench.Loop(b, func() {
				if _, err := s.Score(0, ref.Luma(), dist.Luma(), false); err != nil {
					b.Fatal(err)
				}
			})
		})
	}
}
