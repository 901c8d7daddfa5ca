package ui

import (
	"fmt"
	"image/color"
	"math"

	"github.com/bandscope/bandscope/engine"
	"github.com/bandscope/bandscope/engine/recent"
)

func u16Map(w, h int, pix []uint16) *mapData {
	if len(pix) < w*h || w <= 0 || h <= 0 {
		return nil
	}
	return &mapData{W: w, H: h, At: func(i int) float64 { return float64(pix[i]) }, u16: pix}
}

func u8Map(w, h int, pix []uint8) *mapData {
	if len(pix) < w*h || w <= 0 || h <= 0 {
		return nil
	}
	return &mapData{W: w, H: h, At: func(i int) float64 { return float64(pix[i]) }, u8: pix}
}

func f32Map(w, h int, pix []float32) *mapData {
	if len(pix) < w*h || w <= 0 || h <= 0 {
		return nil
	}
	return &mapData{W: w, H: h, At: func(i int) float64 { return float64(pix[i]) }, f32: pix}
}

func lumaMap(p *engine.Picture) *mapData {
	if p == nil {
		return nil
	}
	return u16Map(p.Width, p.Height, p.Planes[0])
}

// palette colours a map's values. The common palettes, grey levels and
// colour-map tables, are types of their own so that a pane colours a whole
// row in one loop (fillRow) instead of a call per pixel.
type palette interface {
	colour(v float64) color.NRGBA
}

// paletteFunc is any other palette.
type paletteFunc func(float64) color.NRGBA

func (f paletteFunc) colour(v float64) color.NRGBA { return f(v) }

// greyPalette shows samples of a bit depth as grey levels.
type greyPalette struct{ scale float64 }

func grayColour(bitDepth int) greyPalette {
	return greyPalette{scale: 255 / float64(int(1)<<bitDepth-1)}
}

func (g greyPalette) colour(v float64) color.NRGBA {
	x := v*g.scale + 0.5
	if x > 255 {
		x = 255
	}
	y := uint8(x)
	return color.NRGBA{y, y, y, 0xff}
}

// heatPalette maps [0, top] through a colour map (Colormap.At's table),
// or |value| when abs is set (signed maps such as ADM's coefficients).
type heatPalette struct {
	c   *Colormap
	inv float64
	abs bool
}

func heatColour(c *Colormap, top float64) heatPalette {
	if top <= 0 {
		top = 1
	}
	return heatPalette{c: c, inv: 1 / top}
}

// absHeat is heatColour of |value|.
func absHeat(c *Colormap, top float64) heatPalette {
	h := heatColour(c, top)
	h.abs = true
	return h
}

func (h heatPalette) colour(v float64) color.NRGBA {
	if h.abs {
		v = math.Abs(v)
	}
	return h.c.At(v * h.inv)
}

// fillRow colours vals into pix, four bytes (RGBA, opaque) per value.
func fillRow(p palette, pix []byte, vals []float64) {
	pix = pix[:4*len(vals)]
	put := func(i int, c color.NRGBA) {
		q := pix[4*i : 4*i+4 : 4*i+4]
		q[0], q[1], q[2], q[3] = c.R, c.G, c.B, 0xff
	}
	switch q := p.(type) {
	case heatPalette:
		for i, v := range vals {
			put(i, q.colour(v))
		}
	case greyPalette:
		for i, v := range vals {
			put(i, q.colour(v))
		}
	default:
		for i, v := range vals {
			put(i, p.colour(v))
		}
	}
}

var maskOn, maskOff = color.NRGBA{0xf0, 0xf0, 0xf0, 0xff}, color.NRGBA{0x20, 0x20, 0x28, 0xff}

// maskColour shows a mask's set and clear bits.
var maskColour = paletteFunc(func(v float64) color.NRGBA {
	if v != 0 {
		return maskOn
	}
	return maskOff
})

// cValueTop is the top of the colour scale shared by a picture's five
// c-value maps, so that colours compare across scales.
func cValueTop(p *engine.CAMBIPicture) float64 {
	t, _ := cValueTopAt(p)
	return t
}

// cValueTopAt is cValueTop and the scale that holds it (-1: every c-value
// is 0 and the top is 1).
func cValueTopAt(p *engine.CAMBIPicture) (float64, int) {
	t := cValueTops.Do(p, func() cTop {
		top, at := scanCValueTop(p)
		return cTop{top, at}
	})
	return t.top, t.at
}

// cTop is cValueTopAt's answer.
type cTop struct {
	top float64
	at  int
}

// cValueTops keeps the last pictures' tops: the frame, CAMBI and VMAF views
// of one frame ask for each, and each answer reads every c-value.
var cValueTops = recent.Cache[*engine.CAMBIPicture, cTop]{Max: 4}

// scanCValueTop is cValueTopAt's value, from every c-value.
func scanCValueTop(p *engine.CAMBIPicture) (float64, int) {
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

// cambiOf is a frame's CAMBI result (the inspector's own instance, which
// comes before a model's), or nil.
func cambiOf(r *engine.FrameResult) *engine.CAMBIResult {
	if r == nil {
		return nil
	}
	c, _ := engine.ResultOf[*engine.CAMBIResult](r)
	return c
}

// cambiPicture is the picture whose maps the views show: the distorted one,
// or the reference when the user asks for it in full-reference mode.
func cambiPicture(r *engine.FrameResult, source bool) *engine.CAMBIPicture {
	c := cambiOf(r)
	if c == nil {
		return nil
	}
	if source && c.Src != nil {
		return c.Src
	}
	return &c.Dist
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
	if p := cambiPicture(r, source); p != nil && scale >= 0 && scale < engine.CAMBIScales {
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
