package ui

import (
	"fmt"
	"image/color"

	"github.com/bandscope/bandscope/engine"
	"github.com/bandscope/bandscope/engine/yuv"
	"github.com/bandscope/bandscope/kernels/cambi"
)

func u16Map(w, h int, pix []uint16) *mapData {
	if len(pix) < w*h || w <= 0 || h <= 0 {
		return nil
	}
	return &mapData{W: w, H: h, At: func(i int) float64 { return float64(pix[i]) }}
}

func u8Map(w, h int, pix []uint8) *mapData {
	if len(pix) < w*h || w <= 0 || h <= 0 {
		return nil
	}
	return &mapData{W: w, H: h, At: func(i int) float64 { return float64(pix[i]) }}
}

func f32Map(w, h int, pix []float32) *mapData {
	if len(pix) < w*h || w <= 0 || h <= 0 {
		return nil
	}
	return &mapData{W: w, H: h, At: func(i int) float64 { return float64(pix[i]) }}
}

func lumaMap(p *yuv.Picture) *mapData {
	if p == nil {
		return nil
	}
	return u16Map(p.Width, p.Height, p.Planes[0])
}

// grayColour shows samples of a bit depth as grey levels.
func grayColour(bitDepth int) func(float64) color.NRGBA {
	scale := 255 / float64(int(1)<<bitDepth-1)
	return func(v float64) color.NRGBA {
		x := v*scale + 0.5
		if x > 255 {
			x = 255
		}
		g := uint8(x)
		return color.NRGBA{g, g, g, 0xff}
	}
}

// heatColour maps [0, top] through a colour map.
func heatColour(c *Colormap, top float64) func(float64) color.NRGBA {
	if top <= 0 {
		top = 1
	}
	inv := 1 / top
	return func(v float64) color.NRGBA { return c.At(v * inv) }
}

var maskOn, maskOff = color.NRGBA{0xf0, 0xf0, 0xf0, 0xff}, color.NRGBA{0x20, 0x20, 0x28, 0xff}

func maskColour(v float64) color.NRGBA {
	if v != 0 {
		return maskOn
	}
	return maskOff
}

// cValueTop is the top of the colour scale shared by a picture's five
// c-value maps, so that colours compare across scales.
func cValueTop(p *cambi.PictureResult) float64 {
	t, _ := cValueTopAt(p)
	return t
}

// cValueTopAt is cValueTop and the scale that holds it (-1: every c-value
// is 0 and the top is 1).
func cValueTopAt(p *cambi.PictureResult) (float64, int) {
	top, at := 0.0, -1
	for k, s := range p.Scales {
		for _, v := range s.CValues {
			if float64(v) > top {
				top, at = float64(v), k
			}
		}
	}
	if top <= 0 {
		return 1, -1
	}
	return top, at
}

// topLabel says what the top of the c-value colour scale is.
func topLabel(top float64, at int) string {
	if at < 0 {
		return "1 (no c-value above 0 on this frame)"
	}
	return fmt.Sprintf("%.4g = this frame's largest c-value (scale %d)", top, at)
}

// cambiPicture is the picture whose maps the views show: the distorted one,
// or the reference when the user asks for it in full-reference mode.
func cambiPicture(r *engine.FrameResult, source bool) *cambi.PictureResult {
	if r == nil || r.CAMBI == nil {
		return nil
	}
	if source && r.CAMBI.Src != nil {
		return r.CAMBI.Src
	}
	return &r.CAMBI.Dist
}

// hoverText is the status line for the frame point (fx, fy): the pixel
// value of the distorted frame, and CAMBI's c-value and mask bit at scale.
func hoverText(r *engine.FrameResult, fx, fy float64, scale int, source bool) string {
	if r == nil || r.Dist == nil {
		return ""
	}
	fw, fh := r.Dist.Width, r.Dist.Height
	luma := lumaMap(r.Dist)
	if source && r.Ref != nil {
		luma = lumaMap(r.Ref)
	}
	v, x, y, ok := luma.value(fx, fy, fw, fh)
	if !ok {
		return fmt.Sprintf("frame %d", r.Frame)
	}
	s := fmt.Sprintf("x %d  y %d   pixel %d", x, y, int(v))
	if p := cambiPicture(r, source); p != nil && scale >= 0 && scale < cambi.NumScales {
		sc := p.Scales[scale]
		if c, cx, cy, ok := f32Map(sc.Width, sc.Height, sc.CValues).value(fx, fy, fw, fh); ok {
			s += fmt.Sprintf("   scale %d (%d, %d)  c-value %.6g", scale, cx, cy, c)
		}
		if m, _, _, ok := u8Map(sc.Width, sc.Height, sc.Mask).value(fx, fy, fw, fh); ok {
			s += fmt.Sprintf("   mask %d", int(m))
		}
	}
	return s
}
