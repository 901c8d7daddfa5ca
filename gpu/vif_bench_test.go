//go:build cgo && !js

package gpu

import (
	"testing"

	"github.com/bandscope/bandscope/kernels/vif"
)

// BenchmarkVIF measures frames per second of integer VIF on the best
// adapter at 1080p and 4K, 10-bit: "score" is a whole Score call (both
// lumas uploaded, every scale, the sums read back, host finish); "maps"
// adds every scale's two maps read back and converted; cpu-fast is the
// fast CPU scorer (best kernel set, every core) for comparison.
func BenchmarkVIF(b *testing.B) {
	d := bestDevice(b)
	for _, sz := range benchSizes {
		w, h := sz[0], sz[1]
		cfg, err := vif.NewConfig(nil, w, h, 10)
		if err != nil {
			b.Fatal(err)
		}
		rp, dp := noisePair(b, w, h)
		ref, dist := rp.Luma(), dp.Luma()
		s, err := NewVIF(d, cfg)
		if err != nil {
			b.Fatal(err)
		}
		for _, m := range benchModes {
			benchFrames(b, sizeName(w, h, d.Info().Name+"/"+m.name), func(i int) error {
				_, err := s.Score(i, ref, dist, m.keep)
				return err
			})
		}
		c := vif.NewCPU(cfg, vif.Options{})
		benchFrames(b, sizeName(w, h, "cpu-fast"), func(i int) error {
			_, err := c.Score(i, ref, dist, false)
			return err
		})
		s.Close()
	}
}
