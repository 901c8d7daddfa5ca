package synth

import (
	"fmt"

	"github.com/bandscope/bandscope/kernels/yuv"
)

// Scene is a clip with banding where it is known: banded patches, each
// visible over a span of frames and moving at a constant speed, on a
// background of fine noise that CAMBI's spatial mask leaves out (texture,
// where no banding can be seen) or a flat grey.
type Scene struct {
	yuv.Format
	Flat    bool // a flat grey background instead of the noise
	Seed    int  // the noise's seed (default 1)
	Patches []Patch
}

// Patch is a banded rectangle: a ramp of 8-bit luma from Base rising one
// code value every Step pixels to the right (default 16), the bands a
// lowly encode leaves in a sky. It shows from frame First to Last
// (inclusive) at (X, Y) moved DX, DY pixels per frame since First.
type Patch struct {
	X, Y, W, H  int
	First, Last int
	DX, DY      int
	Base, Step  int
}

// Box is patch p's rectangle on frame t, clipped to the frame, and whether
// it shows there.
func (s Scene) Box(p, t int) (x, y, w, h int, ok bool) {
	pt := s.Patches[p]
	if t < pt.First || t > pt.Last {
		return 0, 0, 0, 0, false
	}
	x0, y0 := pt.X+pt.DX*(t-pt.First), pt.Y+pt.DY*(t-pt.First)
	x1, y1 := min(x0+pt.W, s.Width), min(y0+pt.H, s.Height)
	x0, y0 = max(x0, 0), max(y0, 0)
	if x1 <= x0 || y1 <= y0 {
		return 0, 0, 0, 0, false
	}
	return x0, y0, x1 - x0, y1 - y0, true
}

// Frame renders frame t. Chroma is flat mid-grey.
func (s Scene) Frame(t int) (*yuv.Picture, error) {
	if err := s.Format.Validate(); err != nil {
		return nil, fmt.Errorf("synth: %v", err)
	}
	seed := uint64(s.Seed)
	if seed == 0 {
		seed = 1
	}
	pic := yuv.NewPicture(s.Format)
	luma := pic.Planes[0]
	for y := 0; y < s.Height; y++ {
		for x := 0; x < s.Width; x++ {
			v := 128
			if !s.Flat {
				v = 16 + int(splitmix(seed, t, y*s.Width+x)%220)
			}
			luma[y*s.Width+x] = uint16(v)
		}
	}
	for k, pt := range s.Patches {
		x0, y0, w, h, ok := s.Box(k, t)
		if !ok {
			continue
		}
		step := pt.Step
		if step <= 0 {
			step = 16
		}
		ox := pt.X + pt.DX*(t-pt.First)
		for y := y0; y < y0+h; y++ {
			for x := x0; x < x0+w; x++ {
				luma[y*s.Width+x] = uint16(min(max(pt.Base+(x-ox)/step, 0), 255))
			}
		}
	}
	if s.BitDepth > 8 {
		for i := range luma {
			luma[i] <<= s.BitDepth - 8
		}
	}
	mid := uint16(1 << (s.BitDepth - 1))
	for i := 1; i < s.Chroma.Planes(); i++ {
		for j := range pic.Planes[i] {
			pic.Planes[i][j] = mid
		}
	}
	return pic, nil
}

// Raw renders frames 0..n-1 as one raw .yuv byte stream.
func (s Scene) Raw(n int) ([]byte, error) {
	var b []byte
	for t := 0; t < n; t++ {
		p, err := s.Frame(t)
		if err != nil {
			return nil, err
		}
		b = AppendRaw(b, p)
	}
	return b, nil
}
