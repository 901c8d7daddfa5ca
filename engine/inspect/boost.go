package inspect

import (
	"math"

	"github.com/bandscope/bandscope/engine"
)

// BoostRadius is the banding boost's local-mean window radius: wide enough
// to span a band, small enough to follow a gradient.
const BoostRadius = 24

// Boost stretches the contrast of a picture's luma about its local mean
// over a (2r+1)² box and centres it on mid-grey: half the range + gain ×
// (value − mean), clamped to the bit depth's range. One-code-value steps,
// the ones CAMBI finds, become gain-sized ones whatever the brightness
// around them, so a band in a dark sky shows as well as one in a bright
// wall.
func Boost(pic *engine.Picture, r int, gain float64) *Map {
	src := Luma(pic)
	w, h := src.W, src.H
	top := float64(int(1)<<pic.BitDepth - 1)
	// Summed-area table, one row and column of zeros in front.
	sat := make([]float64, (w+1)*(h+1))
	for y := 0; y < h; y++ {
		row := 0.0
		for x := 0; x < w; x++ {
			row += src.At(y*w + x)
			sat[(y+1)*(w+1)+x+1] = sat[y*(w+1)+x+1] + row
		}
	}
	out := make([]float32, w*h)
	Rows(h, func(j0, j1 int) {
		for y := j0; y < j1; y++ {
			y0, y1 := max(y-r, 0), min(y+r+1, h)
			for x := 0; x < w; x++ {
				x0, x1 := max(x-r, 0), min(x+r+1, w)
				sum := sat[y1*(w+1)+x1] - sat[y0*(w+1)+x1] - sat[y1*(w+1)+x0] + sat[y0*(w+1)+x0]
				mean := sum / float64((y1-y0)*(x1-x0))
				v := (top+1)/2 + gain*(src.At(y*w+x)-mean)
				out[y*w+x] = float32(math.Min(math.Max(v, 0), top))
			}
		}
	})
	return F32(w, h, out)
}
