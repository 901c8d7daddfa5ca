//go:build cgo && !js

package gpu

import (
	"fmt"
	"testing"

	"github.com/bandscope/bandscope/kernels/cambi"
	"github.com/bandscope/bandscope/kernels/yuv"
)

// BenchmarkCAMBI measures frames per second of CAMBI on the best adapter at
// 1080p and 4K: "score" is a whole Score call (upload, every stage, c-value
// readback, host pooling); "device" is upload and every stage with the maps
// kept on the device (no readback, no pooling); at 4K "device" again with
// c-value strips of several heights.
func BenchmarkCAMBI(b *testing.B) {
	d := bestDevice(b)
	for _, sz := range benchSizes {
		w, h := sz[0], sz[1]
		cfg, err := cambi.NewConfig(nil, w, h, 10)
		if err != nil {
			b.Fatal(err)
		}
		pl := bandPlane(w, h, 10, 3)
		s, err := NewCAMBI(d, cfg)
		if err != nil {
			b.Fatal(err)
		}
		benchFrames(b, sizeName(w, h, d.Info().Name+"/score"), func(i int) error {
			_, err := s.Score(i, yuv.Plane{}, pl, false)
			return err
		})
		benchFrames(b, sizeName(w, h, d.Info().Name+"/device"), func(int) error {
			return s.(*cambiScorer).pics[0].run(d, pl, nil, false, false, false, nil)
		})
		if w == benchSizes[len(benchSizes)-1][0] {
			// The c-value strips' height (stripLayout), swept at 4K: the
			// layout a GPU gets is a guess until one is timed.
			for _, rows := range []int{16, 32, 64, 130} {
				stripRowsHook = rows
				sr, err := NewCAMBI(d, cfg)
				stripRowsHook = 0
				if err != nil {
					b.Fatal(err)
				}
				benchFrames(b, sizeName(w, h, fmt.Sprintf("%s/device/strip-rows=%d", d.Info().Name, rows)), func(int) error {
					return sr.(*cambiScorer).pics[0].run(d, pl, nil, false, false, false, nil)
				})
				sr.Close()
			}
		}
		c := cambi.New(cfg)
		benchFrames(b, sizeName(w, h, "cpu-scalar"), func(i int) error {
			_, err := c.Score(i, yuv.Plane{}, pl, false)
			return err
		})
		s.Close()
	}
}
