//go:build cgo && !js

package gpu

import (
	"fmt"
	"testing"

	"github.com/bandscope/bandscope/engine/synth"
	"github.com/bandscope/bandscope/engine/yuv"
	"github.com/bandscope/bandscope/kernels/vif"
)

// BenchmarkVIF measures frames per second of integer VIF on the best
// adapter at 1080p and 4K, 10-bit: "score" is a whole Score call (both
// lumas uploaded, every scale, the sums read back, host finish); "maps"
// adds every scale's two maps read back and converted; cpu-fast is the
// fast CPU scorer (best kernel set, every core) for comparison.
func BenchmarkVIF(b *testing.B) {
	openAll(b)
	d := devices[0]
	for _, dd := range devices {
		if dd.Info().rank() < d.Info().rank() {
			d = dd
		}
	}
	for _, sz := range [][2]int{{1920, 1080}, {3840, 2160}} {
		w, h := sz[0], sz[1]
		cfg, err := vif.NewConfig(nil, w, h, 10)
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
		s, err := NewVIF(d, cfg)
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
		b.Run(fmt.Sprintf("%dx%d/cpu-fast", w, h), func(b *testing.B) {
			c := vif.NewCPU(cfg, vif.Options{})
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
