//go:build cgo && !js

package gpu

import (
	"testing"

	"github.com/bandscope/bandscope/kernels/adm"
)

// BenchmarkADM measures frames per second of integer ADM on the best
// adapter at 1080p and 4K, 10-bit: "score" is a whole Score call (both
// lumas uploaded, every stage, accumulators read back, host finish);
// "maps" adds every band's three maps read back; cpu-scalar is the
// reference for comparison.
func BenchmarkADM(b *testing.B) {
	d := bestDevice(b)
	for _, sz := range benchSizes {
		w, h := sz[0], sz[1]
		cfg, err := adm.NewConfig(nil, w, h, 10)
		if err != nil {
			b.Fatal(err)
		}
		rp, dp := noisePair(b, w, h)
		ref, dist := rp.Luma(), dp.Luma()
		s, err := NewADM(d, cfg)
		if err != nil {
			b.Fatal(err)
		}
		for _, m := range benchModes {
			benchFrames(b, sizeName(w, h, d.Info().Name+"/"+m.name), func(i int) error {
				_, err := s.Score(i, ref, dist, m.keep)
				return err
			})
		}
		c := adm.New(cfg)
		benchFrames(b, sizeName(w, h, "cpu-scalar"), func(i int) error {
			_, err := c.Score(i, ref, dist, false)
			return err
		})
		s.Close()
	}
}
