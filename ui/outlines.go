package ui

import (
	"image"
	"image/color"
	"math"
)

// outline is a box drawn over a map pane, in frame pixels, with a label:
// a banding event's region on the frame shown, with its id.
type outline struct {
	x0, y0, x1, y1 float64
	label          string
	colour         color.NRGBA
}

// setOutlines replaces the boxes drawn over the pane.
func (p *mapPane) setOutlines(out []outline) {
	if len(out) == 0 && len(p.outlines) == 0 {
		return
	}
	p.outlines = out
	p.raster.Refresh()
}

// drawOutlines draws the pane's boxes over a w x h render through the
// shared viewport: a two-pixel frame in the box's colour, its label in a
// tab of that colour at its top-left corner.
func (p *mapPane) drawOutlines(img *image.NRGBA) {
	if len(p.outlines) == 0 {
		return
	}
	w, h := img.Rect.Dx(), img.Rect.Dy()
	v := p.vp
	s := v.scaleFor(w, h)
	cx, cy := v.centre()
	dx := func(fx float64) int { return int(math.Round((fx-cx)*s + float64(w)/2)) }
	dy := func(fy float64) int { return int(math.Round((fy-cy)*s + float64(h)/2)) }
	for _, o := range p.outlines {
		x0, y0, x1, y1 := dx(o.x0), dy(o.y0), dx(o.x1), dy(o.y1)
		const t = 2
		fillRect(img, x0, y0, x1, y0+t, o.colour)
		fillRect(img, x0, y1-t, x1, y1, o.colour)
		fillRect(img, x0, y0, x0+t, y1, o.colour)
		fillRect(img, x1-t, y0, x1, y1, o.colour)
		const scale = 2
		lw := labelWidth(o.label, scale)
		fillRect(img, x0, y0, x0+lw+4, y0+glyphH*scale+4, o.colour)
		drawLabel(img, x0+2, y0+2, o.label, scale, textOn(o.colour))
	}
}

// The labels' font: digits in 3x5 cells, drawn at a whole scale.
const (
	glyphW = 3
	glyphH = 5
)

var glyphs = map[rune][glyphH]string{
	'0': {"###", "#.#", "#.#", "#.#", "###"},
	'1': {".#.", "##.", ".#.", ".#.", "###"},
	'2': {"###", "..#", "###", "#..", "###"},
	'3': {"###", "..#", "###", "..#", "###"},
	'4': {"#.#", "#.#", "###", "..#", "..#"},
	'5': {"###", "#..", "###", "..#", "###"},
	'6': {"###", "#..", "###", "#.#", "###"},
	'7': {"###", "..#", "..#", "..#", "..#"},
	'8': {"###", "#.#", "###", "#.#", "###"},
	'9': {"###", "#.#", "###", "..#", "###"},
}

// labelWidth is the width of a label drawn at scale, in pixels.
func labelWidth(s string, scale int) int {
	n := len([]rune(s))
	if n == 0 {
		return 0
	}
	return (n*(glyphW+1) - 1) * scale
}

// drawLabel draws s with its top-left corner at (x, y).
func drawLabel(img *image.NRGBA, x, y int, s string, scale int, c color.NRGBA) {
	for _, r := range s {
		g, ok := glyphs[r]
		if ok {
			for gy, row := range g {
				for gx, px := range row {
					if px == '#' {
						fillRect(img, x+gx*scale, y+gy*scale, x+(gx+1)*scale, y+(gy+1)*scale, c)
					}
				}
			}
		}
		x += (glyphW + 1) * scale
	}
}
