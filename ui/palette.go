package ui

import (
	"image/color"
	"math"
)

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
