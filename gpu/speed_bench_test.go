//go:build cgo && !js

package gpu

import (
	"fmt"
	"testing"

	"github.com/bandscope/bandscope/kernels/speed"
)

// BenchmarkSpeed measures frames per second of speed_chroma (vmaf_v1's
// options, 4:2:0 10-bit) on the best adapter at 1080p and 4K: "score" is a
// whole Score call (four chroma planes uploaded, the per-sample stages on
// the device, the operating-size planes read back, est_params and the
// score on the host); "maps" keeps every map; cpu-scalar and cpu are the
// reference and the fast CPU scorer for comparison.
func BenchmarkSpeed(b *testing.B) {
	openAll(b)
	d := devices[0]
	for _, dd := range devices {
		if dd.Info().rank() < d.Info().rank() {
			d = dd
		}
	}
	for _, sz := range [][2]int{{1920, 1080}, {3840, 2160}} {
		tc := speedCase{w: sz[0], h: sz[1], chroma: speedCases[1].chroma, depth: 10, opts: speedV1}
		cfg := speedConfig(b, &tc)
		ref, dist := speedPictures(&tc, 0)
		s, err := NewSpeed(d, cfg)
		if err != nil {
			b.Fatal(err)
		}
		name := fmt.Sprintf("%dx%d/%s", tc.w, tc.h, d.Info().Name)
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
		for _, c := range []struct {
			name string
			s    speed.Scorer
		}{{"cpu-scalar", speed.New(cfg)}, {"cpu", speed.NewCPU(cfg, speed.Options{})}} {
			b.Run(fmt.Sprintf("%dx%d/%s", tc.w, tc.h, c.name), func(b *testing.B) {
				for i := 0; i < b.N; i++ {
					if _, err := c.s.Score(i, ref, dist, false); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "frames/s")
			})
		}
		s.Close()
	}
}
