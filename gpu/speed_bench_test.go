//go:build cgo && !js

package gpu

import (
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
	d := bestDevice(b)
	for _, sz := range benchSizes {
		tc := speedCase{w: sz[0], h: sz[1], chroma: speedCases[1].chroma, depth: 10, opts: speedV1}
		cfg := speedConfig(b, &tc)
		ref, dist := speedPictures(&tc, 0)
		s, err := NewSpeed(d, cfg)
		if err != nil {
			b.Fatal(err)
		}
		for _, m := range benchModes {
			benchFrames(b, sizeName(tc.w, tc.h, d.Info().Name+"/"+m.name), func(i int) error {
				_, err := s.Score(i, ref, dist, m.keep)
				return err
			})
		}
		for _, c := range []struct {
			name string
			s    speed.Scorer
		}{{"cpu-scalar", speed.New(cfg)}, {"cpu", speed.NewCPU(cfg, speed.Options{})}} {
			benchFrames(b, sizeName(tc.w, tc.h, c.name), func(i int) error {
				_, err := c.s.Score(i, ref, dist, false)
				return err
			})
		}
		s.Close()
	}
}
