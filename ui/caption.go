package ui

import (
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"path/filepath"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/vgimg"

	"github.com/bandscope/bandscope/engine"
	"github.com/bandscope/bandscope/engine/inspect"
)

// An exported picture carries what it is under it, for a report: the
// clips, the frame and its scores, what the map holds, and its colour
// scale with its ends (caption). The map itself is unchanged, pixel for
// pixel, above the strip.

// caption is the text and colour scale under an exported picture.
type caption struct {
	lines []string
	scale *colourScale // nil: no colour scale (luma, a mask)
}

// colourScale is a colour bar from lo to hi.
type colourScale struct {
	col    func(t float64) color.NRGBA // the colour at t in [0, 1]
	lo, hi string
}

// heatScale is the colour bar of a heat palette over [0, top].
func heatScale(p heatPalette, top float64, lo, hi string) *colourScale {
	return &colourScale{col: func(t float64) color.NRGBA { return p.colour(t * top) }, lo: lo, hi: hi}
}

// diffScale is the colour bar of a signed difference over [-top, top].
func diffScale(top float64, what string) *colourScale {
	return &colourScale{col: func(t float64) color.NRGBA { return diffColor((2*t-1)*top, top) },
		lo: fmt.Sprintf("%s −%.4g (blue)", what, top), hi: fmt.Sprintf("+%.4g (red); white: equal", top)}
}

// Caption layout, in pixels.
const (
	captionFont  = 13
	captionLine  = 18
	captionBar   = 14
	captionPad   = 8
	captionWidth = 720 // at least: the text of a small map's caption fits
)

// apply returns img with the caption's strip under it (at least
// captionWidth wide; the picture at its own size, top left).
func (c caption) apply(img image.Image) image.Image {
	b := img.Bounds()
	w := max(b.Dx(), captionWidth)
	strip := captionPad + len(c.lines)*captionLine
	if c.scale != nil {
		strip += captionBar + captionLine + captionPad
	}
	strip += captionPad
	h := b.Dy() + strip
	cv := vgimg.NewWith(vgimg.UseWH(vg.Length(w), vg.Length(h)), vgimg.UseDPI(72))
	out := cv.Image()
	draw.Draw(out, out.Bounds(), image.NewUniform(color.White), image.Point{}, draw.Src)
	draw.Draw(out, image.Rect(0, 0, b.Dx(), b.Dy()), img, b.Min, draw.Src)
	face := font.DefaultCache.Lookup(plot.DefaultFont, vg.Points(captionFont))
	cv.SetColor(color.Black)
	// vg's y grows upward from the bottom of the canvas.
	y := vg.Length(strip - captionPad - captionFont)
	for _, l := range c.lines {
		cv.FillString(face, vg.Point{X: captionPad, Y: y}, l)
		y -= captionLine
	}
	if s := c.scale; s != nil {
		lo := face.Width(s.lo)
		hi := face.Width(s.hi)
		x0, x1 := captionPad+lo+captionPad, vg.Length(w)-captionPad-hi-captionPad
		top := y + captionLine - captionPad
		cv.FillString(face, vg.Point{X: captionPad, Y: top - captionBar + 2}, s.lo)
		cv.FillString(face, vg.Point{X: x1 + captionPad, Y: top - captionBar + 2}, s.hi)
		for x := x0; x < x1; x++ {
			cv.SetColor(s.col(float64((x - x0) / max(x1-x0-1, 1))))
			var p vg.Path
			p.Move(vg.Point{X: x, Y: top - captionBar})
			p.Line(vg.Point{X: x + 1, Y: top - captionBar})
			p.Line(vg.Point{X: x + 1, Y: top})
			p.Line(vg.Point{X: x, Y: top})
			p.Close()
			cv.Fill(p)
		}
	}
	return out
}

// frameCaption is what every exported picture of a frame says first: the
// clips (prefixed by the run, "A" or "B", in compare mode), the frame and
// its scores.
type frameCaption struct {
	clips string // "enc.mp4 against src.y4m"
	note  string // a rendition's scaling, or ""
}

// lines heads a caption for frame r's picture showing what.
func (fc frameCaption) lines(r *engine.FrameResult, what string) []string {
	head := fmt.Sprintf("frame %d", r.Frame)
	if fc.clips != "" {
		head += " of " + fc.clips
	}
	if fc.note != "" {
		head += " (" + fc.note + ")"
	}
	var scores []string
	if c := inspect.CAMBIOf(r); c != nil {
		scores = append(scores, "CAMBI "+fmtScore(c.CAMBI))
	}
	if a := inspect.ADMOf(r); a != nil {
		scores = append(scores, "ADM "+fmtScore(a.Score))
	}
	for _, m := range r.VMAF {
		scores = append(scores, m.Name+" "+fmtScore(m.Score))
	}
	out := []string{head}
	if len(scores) > 0 {
		out = append(out, "scores: "+strings.Join(scores, ", "))
	}
	return append(out, what)
}

// exportCaption names the clips of run k (0: A, 1: B) for exports.
func (i *inspector) exportCaption(k int) frameCaption {
	dist, info := i.req.Distorted, i.distInfo
	if k == 1 && i.runsMode() && i.runB.kind == runClip {
		dist, info = i.runB.dist, i.distInfoB
	}
	fc := frameCaption{clips: filepath.Base(dist), note: scalingText(info)}
	if i.req.Reference != "" {
		fc.clips += " against " + filepath.Base(i.req.Reference)
	} else {
		fc.clips += " (no reference)"
	}
	if i.compare {
		fc.clips = i.runName(k) + ": " + fc.clips
	}
	return fc
}
