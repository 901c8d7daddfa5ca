package ui

import (
	"image/color"
	"math"
)

// Colormap turns a value in [0, 1] into a colour through a 256-entry table.
type Colormap struct {
	Name string
	lut  [256]color.NRGBA
}

// At maps t in [0, 1] (clamped; NaN is 0) to a colour.
func (c *Colormap) At(t float64) color.NRGBA {
	if !(t > 0) {
		return c.lut[0]
	}
	if t >= 1 {
		return c.lut[255]
	}
	return c.lut[uint8(t*255+0.5)]
}

// newColormap interpolates evenly spaced stops (0xRRGGBB) into a table.
func newColormap(name string, stops ...uint32) *Colormap {
	c := &Colormap{Name: name}
	n := len(stops) - 1
	for i := range c.lut {
		t := float64(i) / 255 * float64(n)
		k := min(int(t), n-1)
		f := t - float64(k)
		a, b := stops[k], stops[k+1]
		ch := func(shift uint) uint8 {
			x := float64(a>>shift&0xff)*(1-f) + float64(b>>shift&0xff)*f
			return uint8(math.Round(x))
		}
		c.lut[i] = color.NRGBA{ch(16), ch(8), ch(0), 0xff}
	}
	return c
}

// The colour maps offered for heatmaps. Viridis and inferno are
// perceptually uniform, which matters when the eye compares two maps.
var colormaps = []*Colormap{
	newColormap("viridis", 0x440154, 0x46327e, 0x3b528b, 0x2c728e, 0x21918c, 0x28ae80, 0x5ec962, 0xaddc30, 0xfde725),
	newColormap("inferno", 0x000004, 0x1b0c41, 0x4a0c6b, 0x781c6d, 0xa52c60, 0xcf4446, 0xed6925, 0xfb9b06, 0xfcffa4),
	newColormap("magma", 0x000004, 0x180f3d, 0x440f76, 0x721f81, 0x9e2f7f, 0xcd4071, 0xf1605d, 0xfd9668, 0xfcfdbf),
	newColormap("gray", 0x000000, 0xffffff),
}

// colormapNamed returns the map with that name, or the first one.
func colormapNamed(name string) *Colormap {
	for _, c := range colormaps {
		if c.Name == name {
			return c
		}
	}
	return colormaps[0]
}

func colormapNames() []string {
	var s []string
	for _, c := range colormaps {
		s = append(s, c.Name)
	}
	return s
}

// diffColor shows a signed difference: white where equal, red where the
// second backend is larger, blue where smaller, saturating at scale.
func diffColor(d, scale float64) color.NRGBA {
	if d == 0 || scale <= 0 {
		return color.NRGBA{0xff, 0xff, 0xff, 0xff}
	}
	t := math.Min(math.Abs(d)/scale, 1)
	// Any difference at all gets at least a clearly visible tint.
	t = 0.35 + 0.65*t
	v := uint8(math.Round(255 * (1 - t)))
	if d > 0 {
		return color.NRGBA{0xff, v, v, 0xff}
	}
	return color.NRGBA{v, v, 0xff, 0xff}
}
