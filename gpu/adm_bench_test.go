//go:build cgo && !js

package gpu

import (
	"fmt"
	"testing"

	"github.com/bandscope/bandscope/engine/synth"
	"github.com/bandscope/bandscope/engine/yuv"
	"github.com/bandscope/bandscope/kernels/adm"
)

// BenchmarkADM measures frames per second of integer ADM on the best
// adapter at 1080p and 4K, 10-bit: "score" is a whole Score call (both
// lumas uploaded, every stage, accumulators read back, host finish);
// "maps" adds every band's three maps read back; cpu-scalar is the
// reference for comparison.
func BenchmarkADM(b *testing.B) {
	openAll(b)
	d := devices[0]
	for _, dd := range devices {
		if dd.Info().rank() < d.Info().rank() {
			d = dd
		}
	}
	for _, sz := range [][2]int{{1920, 1080}, {3840, 2160}} {
		w, h := sz[0], sz[1]
		cfg, err := adm.NewConfig(nil, w, h, 10)
		if err != nil {
			b.Fatal(err)
		}
		f := yuv.Format{Width: w, Height: h, Chroma: yuv.C420, BitDepth: 10}
		rp, err := synth.Frame(synth.Spec{Pattern: "noise8", Format: f}, 0)
		if err != nil {
			b.Fatal(err)
		}
		dp, err := synth.Frame(synth.Spec{Pattern: "noise8", Format: f, Dist: true}, 0)
		if err != nil {
			b.Fatal(err)
		}
		ref, dist := rp.Luma(), dp.Luma()
		s, err := NewADM(d, cfg)
		if err != nil {
			b.Fatal(err)
		}
		name := fmt.Sprintf("%dx%d/%s", w, h, d.Info().Name)
		for _, keep := range []bool{false, true} {
			mode := "score"
			if keep {
				mode = "maps"
			}
			b.Run(name+"/"+mode, func(b *testing.B) {
				for i := 0; i < b.N; i++ {
					if _, err := s.Score(i, ref, dist, keep); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "frames/s")
			})
		}
		b.Run(fmt.Sprintf("%dx%d/cpu-scalar", w, h), func(b *testing.B) {
			c := adm.New(cfg)
			for i := 0; i < b.N; i++ {
				if _, err := c.Score(i, ref, dist, false); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "frames/s")
		})
		s.Close()
	}
}
