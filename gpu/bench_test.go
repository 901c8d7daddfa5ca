//go:build cgo && !js

package gpu

import (
	"fmt"
	"testing"

	"github.com/bandscope/bandscope/kernels/synth"
	"github.com/bandscope/bandscope/kernels/yuv"
)

// benchSizes are the sizes the benchmarks time: 1080p and 4K.
var benchSizes = [][2]int{{1920, 1080}, {3840, 2160}}

// bestDevice is the adapter the benchmarks time: the best ranked (a
// discrete GPU before an integrated one before a CPU emulation).
func bestDevice(b *testing.B) *Device {
	openAll(b)
	d := devices[0]
	for _, dd := range devices {
		if dd.Info().rank() < d.Info().rank() {
			d = dd
		}
	}
	benchDevice = d
	return d
}

// benchDevice is the adapter the benchmarks time, whose profile (with
// ProfileEnv set) each sub-benchmark logs.
var benchDevice *Device

// benchFrames runs a sub-benchmark that scores one frame an iteration and
// reports frames per second (upload and readback included when score
// does them).
func benchFrames(b *testing.B, name string, score func(i int) error) {
	b.Run(name, func(b *testing.B) {
		if benchDevice != nil {
			benchDevice.ResetProfile()
		}
		for i := 0; i < b.N; i++ {
			if err := score(i); err != nil {
				b.Fatal(err)
			}
		}
		b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "frames/s")
		if benchDevice != nil {
			if pts, _ := benchDevice.Profile(); len(pts) > 0 {
				b.Logf("device time per pass over %d frames (%s set: every pass timed alone):\n%s", b.N, ProfileEnv, FormatProfile(pts))
			}
		}
	})
}

// benchModes are a scorer's two timed modes: the score alone, and with
// every map read back.
var benchModes = []struct {
	name string
	keep bool
}{{"score", false}, {"maps", true}}

// noisePair is a 10-bit 4:2:0 synthetic noise pair at w x h (reference,
// and its distorted variant): content that exercises every stage.
func noisePair(b *testing.B, w, h int) (ref, dist *yuv.Picture) {
	f := yuv.Format{Width: w, Height: h, Chroma: yuv.C420, BitDepth: 10}
	ref, err := synth.Frame(synth.Spec{Pattern: "noise8", Format: f}, 0)
	if err != nil {
		b.Fatal(err)
	}
	dist, err = synth.Frame(synth.Spec{Pattern: "noise8", Format: f, Dist: true}, 0)
	if err != nil {
		b.Fatal(err)
	}
	return ref, dist
}

// sizeName is "WxH/adapter" or "WxH/what".
func sizeName(w, h int, what string) string { return fmt.Sprintf("%dx%d/%s", w, h, what) }
