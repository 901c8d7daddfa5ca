package benchclip

import (
	"fmt"
	"os"

	"github.com/bandscope/bandscope/kernels/golden"
	"github.com/bandscope/bandscope/kernels/synth"
	"github.com/bandscope/bandscope/kernels/yuv"
)

// Real is the real encode the benchmarks use by default.
const Real = "grad_1080p_8b_x264crf40"

// Clip returns n distorted frames of w x h: "real" is the x264 encode of
// testdata/clips (8-bit 1080p; other sizes repeat its pixels nearest-
// neighbour), any other name is a kernels/synth pattern (10-bit for grad10
// and grad10wrap, 8-bit otherwise). The frames of the real clip cycle when n
// exceeds its 20 frames.
func Clip(name string, w, h, n int) ([]*yuv.Picture, error) {
	if name == "real" {
		return realFrames(w, h, n)
	}
	return synthFrames(name, w, h, n, true)
}

// synthFrames renders n frames of a kernels/synth pattern, the distorted or
// the reference variant (10-bit for grad10 and grad10wrap, 8-bit otherwise).
func synthFrames(name string, w, h, n int, dist bool) ([]*yuv.Picture, error) {
	bd := 8
	if name == "grad10" || name == "grad10wrap" {
		bd = 10
	}
	f := yuv.Format{Width: w, Height: h, Chroma: yuv.C420, BitDepth: bd}
	var out []*yuv.Picture
	for t := 0; t < n; t++ {
		p, err := synth.Frame(synth.Spec{Pattern: name, Format: f, Dist: dist}, t)
		if err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, nil
}

// realFrames returns n frames of the real clip at w x h.
func realFrames(w, h, n int) ([]*yuv.Picture, error) {
	const sw, sh = 1920, 1080
	// The corpus loader unpacks the clip once per process.
	raw, err := golden.RawClip(Real + ".yuv")
	if err != nil {
		return nil, err
	}
	src := yuv.Format{Width: sw, Height: sh, Chroma: yuv.C420, BitDepth: 8}
	size, err := src.FrameBytes()
	if err != nil {
		return nil, err
	}
	frames := int(int64(len(raw)) / size)
	if frames == 0 {
		return nil, fmt.Errorf("benchclip: %s holds no frame", Real)
	}
	f := yuv.Format{Width: w, Height: h, Chroma: yuv.C420, BitDepth: 8}
	var out []*yuv.Picture
	for t := 0; t < n; t++ {
		b := raw[int64(t%frames)*size:]
		p := yuv.NewPicture(f)
		off := 0
		for pl := 0; pl < f.Chroma.Planes(); pl++ {
			pw, ph := src.PlaneSize(pl)
			dw, dh := f.PlaneSize(pl)
			for y := 0; y < dh; y++ {
				sy := y * ph / dh
				for x := 0; x < dw; x++ {
					p.Planes[pl][y*dw+x] = uint16(b[off+sy*pw+x*pw/dw])
				}
			}
			off += pw * ph
		}
		out = append(out, p)
	}
	return out, nil
}

// WriteRaw writes frames as one raw planar .yuv file (little-endian above
// 8 bits), for timing libvmaf on the same bytes.
func WriteRaw(path string, frames []*yuv.Picture) error {
	var b []byte
	for _, p := range frames {
		b = synth.AppendRaw(b, p)
	}
	return os.WriteFile(path, b, 0o644)
}
