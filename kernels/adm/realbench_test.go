package adm

import (
	"testing"

	"github.com/bandscope/bandscope/kernels/cpu"
	"github.com/bandscope/bandscope/kernels/golden"
	"github.com/bandscope/bandscope/kernels/internal/cpubench"
)

// BenchmarkReal scores frame 3 of the repository's real 1080p pairs (the
// source against its encode; the 8-bit one also packed), one thread, the
// best kernel set;
// fps/cpu-s is per CPU second of the thread.
func BenchmarkReal(b *testing.B) { benchReal(b) }

// BenchmarkRealV1 is BenchmarkReal with vmaf_v1.0.16_3d0h's ADM options
// and the engine's InRange (its frames are checked where they are read).
func BenchmarkRealV1(b *testing.B) { benchReal(b, v1Opts...) }

func benchReal(b *testing.B, opts ...string) {
	cases, err := golden.RealPairs1080p()
	if err != nil {
		b.Skip(err)
	}
	for _, c := range cases {
		ref, dist, err := c.Pictures(3)
		if err != nil {
			b.Skip(err)
		}
		o := NewOptions()
		for i := 0; i+1 < len(opts); i += 2 {
			if err := o.Set(opts[i], opts[i+1]); err != nil {
				b.Fatal(err)
			}
		}
		cfg, err := NewConfig(o, c.W, c.H, c.BD)
		if err != nil {
			b.Fatal(err)
		}
		s := NewCPU(cfg, Options{Kernels: cpu.Best(), Threads: 1, InRange: len(opts) > 0})
		b.Run(c.Name, func(b *testing.B) {
			cpubench.Loop(b, func() {
				if _, err := s.Score(0, ref.Luma(), dist.Luma(), false); err != nil {
					b.Fatal(err)
				}
			})
		})
		if c.BD != 8 {
			continue
		}
		// The same frames packed, as the engine hands 8-bit clips over.
		pr, pd := packed(ref), packed(dist)
		b.Run(c.Name+"/packed", func(b *testing.B) {
			cpubench.Loop(b, func() {
				if _, err := s.Score(0, pr.Luma(), pd.Luma(), false); err != nil {
					b.Fatal(err)
				}
			})
		})
	}
}
