//go:build cgo && !js

package gpu

import (
	"fmt"
	"testing"

	"github.com/bandscope/bandscope/engine/yuv"
	"github.com/bandscope/bandscope/kernels/cambi"
)

// BenchmarkCAMBI measures frames per second of CAMBI on the best adapter at
// 1080p and 4K: "score" is a whole Score call (upload, every stage, c-value
// readback, host pooling); "device" is upload and every stage with the maps
// kept on the device (no readback, no pooling).
func BenchmarkCAMBI(b *testing.B) {
	openAll(b)
	d := devices[0]
	for _, dd := range devices {
		if dd.Info().rank() < d.Info().rank() {
			d = dd
		}
	}
	for _, sz := range [][2]int{{1920, 1080}, {3840, 2160}} {
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
		name := fmt.Sprintf("%dx%d/%s", w, h, d.Info().Name)
		b.Run(name+"/score", func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				if _, err := s.Score(i, yuv.Plane{}, pl, false); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "frames/s")
		})
		b.Run(name+"/device", func(b *testing.B) {
			p := s.(*cambiScorer).pics[0]
			for i := 0; i < b.N; i++ {
				if err := p.run(d, pl, false, false, false, nil); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "frames/s")
		})
		b.Run(fmt.Sprintf("%dx%d/cpu-scalar", w, h), func(b *testing.B) {
			c := cambi.New(cfg)
			for i := 0; i < b.N; i++ {
				if _, err := c.Score(i, yuv.Plane{}, pl, false); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "frames/s")
		})
		s.Close()
	}
}
