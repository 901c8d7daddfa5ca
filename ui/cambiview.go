package ui

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"strconv"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/bandscope/bandscope/engine"
)

// legend is a colour bar with its range and what it means. It draws the
// colours exactly as the panes do: a heatmap laid over the frame shows its
// low values through to the frame, and so does the legend (over grey).
type legend struct {
	content fyne.CanvasObject
	bar     *canvas.Raster
	lo, hi  *widget.Label
	cm      *Colormap
	// col, when set, gives the colour at t in [0, 1] instead of cm.
	col func(t float64) color.NRGBA
	// overlay > 0: the bar shows the colours blended over mid-grey with
	// the frame view's opacity curve (see mapPane.blend).
	overlay float64
}

func newLegend() *legend {
	l := &legend{cm: colormaps[0]}
	l.bar = canvas.NewRaster(func(w, h int) image.Image {
		img := image.NewNRGBA(image.Rect(0, 0, w, h))
		for x := 0; x < w; x++ {
			t := float64(x) / float64(max(w-1, 1))
			var c color.NRGBA
			if l.col != nil {
				c = l.col(t)
			} else {
				c = l.cm.At(t)
			}
			if l.overlay > 0 {
				c = overlayOnGrey(c, t, l.overlay)
			}
			for y := 0; y < h; y++ {
				img.SetNRGBA(x, y, c)
			}
		}
		return img
	})
	l.bar.SetMinSize(fyne.NewSize(160, 14))
	l.lo, l.hi = widget.NewLabel("0"), widget.NewLabel("1")
	l.content = container.NewBorder(nil, nil, l.lo, l.hi, l.bar)
	return l
}

// overlayGrey is what the legend shows under an overlay: a frame's mid-grey.
var overlayGrey = color.NRGBA{0x80, 0x80, 0x80, 0xff}

// overlayOnGrey blends c over mid-grey as mapPane.blend does for a value
// at t of the overlay's top: 0 leaves the frame untouched.
func overlayOnGrey(c color.NRGBA, t, opacity float64) color.NRGBA {
	return blendOn(overlayGrey, c, t, opacity)
}

// blendOn lays o over base for a value at t of the overlay's top, with
// mapPane.blend's weights.
func blendOn(base, o color.NRGBA, t, opacity float64) color.NRGBA {
	if !(t > 0) {
		return base
	}
	a := uint32(256*opacity*math.Sqrt(math.Min(t, 1)) + 0.5)
	mix := func(u, w uint8) uint8 { return uint8((uint32(u)*(256-a) + uint32(w)*a + 128) >> 8) }
	return color.NRGBA{mix(base.R, o.R), mix(base.G, o.G), mix(base.B, o.B), 0xff}
}

// setText replaces the legend's labels by one line (no colour scale meant).
func (l *legend) setText(s string) {
	setText(l.lo, s)
	setText(l.hi, "")
	l.bar.Hide()
	l.content.Refresh()
}

// set shows cm over [lo, hi]; what names the quantity.
func (l *legend) set(cm *Colormap, lo, hi float64, what string) {
	l.setRange(cm, fmt.Sprintf("%s %.4g", what, lo), fmt.Sprintf("%.4g", hi))
}

// setRange shows cm with free-form end labels.
func (l *legend) setRange(cm *Colormap, lo, hi string) {
	l.cm, l.col = cm, nil
	setText(l.lo, lo)
	setText(l.hi, hi)
	l.bar.Show()
	l.bar.Refresh()
	l.content.Refresh() // the labels may have grown
}

// setDiff shows the signed difference colours over [-scale, scale].
func (l *legend) setDiff(scale float64, what string) {
	l.col = func(t float64) color.NRGBA { return diffColor((2*t-1)*scale, scale) }
	l.overlay = 0
	setText(l.lo, fmt.Sprintf("%s  −%.4g (blue)", what, scale))
	setText(l.hi, fmt.Sprintf("+%.4g (red); white: equal", scale))
	l.bar.Show()
	l.bar.Refresh()
	l.content.Refresh()
}

// cambiView shows CAMBI's five c-value maps, the spatial mask, the
// per-scale table and the frame's scores.
type cambiView struct {
	i       *inspector
	content fyne.CanvasObject
	panes   [engine.CAMBIScales + 1]*mapPane
	titles  [engine.CAMBIScales + 1]*widget.Label
	cells   [engine.CAMBIScales][8]*widget.Label
	scores  *widget.Label
	formula *widget.Label // how the frame score is made from the table
	source  *widget.Check
	legend  *legend
}

var cambiColumns = []string{"scale", "width", "height", "window", "pad", "score", "weight", "weighted"}

func newCambiView(i *inspector) *cambiView {
	v := &cambiView{i: i}
	var grid []fyne.CanvasObject
	for k := range v.panes {
		scale := k
		if k == engine.CAMBIScales {
			scale = 0 // the spatial mask is at full size
		}
		p := newMapPane(i.vp)
		p.hover = i.hoverFunc(func() int { return scale })
		v.panes[k] = p
		v.titles[k] = widget.NewLabel("")
		v.titles[k].TextStyle.Bold = true
		v.titles[k].Truncation = fyne.TextTruncateEllipsis
		grid = append(grid, container.NewBorder(v.titles[k], nil, nil, nil, p))
	}
	table := container.NewGridWithColumns(len(cambiColumns))
	for _, h := range cambiColumns {
		l := widget.NewLabel(h)
		l.TextStyle.Bold = true
		l.Truncation = fyne.TextTruncateEllipsis
		table.Add(l)
	}
	for s := range v.cells {
		for c := range v.cells[s] {
			v.cells[s][c] = widget.NewLabel("")
			v.cells[s][c].Truncation = fyne.TextTruncateEllipsis
			table.Add(v.cells[s][c])
		}
	}
	v.scores = widget.NewLabel("")
	v.scores.TextStyle.Monospace = true
	v.formula = widget.NewLabel("")
	v.formula.TextStyle.Monospace = true
	v.formula.Wrapping = fyne.TextWrapWord
	v.source = widget.NewCheck("Show reference maps", func(bool) { v.update(); i.unfocus() })
	v.legend = newLegend()
	top := container.NewBorder(nil, nil, nil, v.source, v.scores)
	bottom := container.NewVBox(v.legend.content, table, v.formula)
	v.content = container.NewBorder(top, bottom, nil, nil, container.NewGridWithColumns(3, grid...))
	return v
}

func (v *cambiView) update() {
	i := v.i
	r := i.res
	c := cambiOf(r)
	if c != nil && c.Src != nil {
		v.source.Enable()
	} else {
		v.source.Disable()
	}
	p := cambiPicture(r, v.source.Checked)
	if p == nil {
		for k := range v.panes {
			v.panes[k].set(nil, nil)
			setText(v.titles[k], "")
		}
		for s := range v.cells {
			for c := range v.cells[s] {
				setText(v.cells[s][c], "")
			}
		}
		setText(v.scores, "No CAMBI result.")
		setText(v.formula, "")
		return
	}
	top := cValueTop(p)
	heat := heatColour(i.colormap, top)
	for k, sc := range p.Scales {
		setText(v.titles[k], fmt.Sprintf("c-values, scale %d (%dx%d)", k, sc.Width, sc.Height))
		v.panes[k].set(f32Map(sc.Width, sc.Height, sc.CValues), heat)
		row := []string{strconv.Itoa(k), strconv.Itoa(sc.Width), strconv.Itoa(sc.Height),
			strconv.Itoa(sc.Window), strconv.Itoa(sc.Pad), fmtScore(sc.Score), strconv.Itoa(sc.Weight),
			fmtScore(sc.Score * float64(sc.Weight))}
		for c, s := range row {
			setText(v.cells[k][c], s)
		}
	}
	setText(v.titles[engine.CAMBIScales], fmt.Sprintf("spatial mask (%dx%d)", p.Width, p.Height))
	v.panes[engine.CAMBIScales].set(u8Map(p.Width, p.Height, p.SpatialMask), maskColour)
	_, at := cValueTopAt(p)
	v.legend.setRange(i.colormap, "c-value 0", topLabel(top, at))
	s := fmt.Sprintf("CAMBI %s", fmtScore(c.CAMBI))
	if c.Src != nil {
		s += fmt.Sprintf("   source %s   full reference %s", fmtScore(c.Source), fmtScore(c.FullReference))
	}
	setText(v.scores, s)
	score := c.CAMBI
	if v.source.Checked && c.Src != nil {
		score = c.Source
	}
	setText(v.formula, cambiFormula(p, score))
}

// cambiFormula shows how the frame's CAMBI comes from the table, as
// libvmaf computes it: the weighted sum of the per-scale pooled scores
// divided by the number of pixels in the (odd) window, and whether that
// gives the reported score bit for bit.
func cambiFormula(p *engine.CAMBIPicture, score float64) string {
	sum := 0.0
	terms := ""
	for k, sc := range p.Scales {
		sum += float64(sc.Score * float64(sc.Weight))
		if k > 0 {
			terms += " + "
		}
		terms += fmt.Sprintf("%.4g×%d", sc.Score, sc.Weight)
	}
	w := p.Scales[0].Window
	odd := 2*(w>>1) + 1
	n := uint16(odd * odd) // libvmaf keeps it in 16 bits
	got := sum / float64(n)
	check := "= the reported score, bit for bit"
	if got != score {
		check = fmt.Sprintf("≠ the reported %s", fmtScore(score))
	}
	return fmt.Sprintf("CAMBI = Σ score×weight / window² = (%s) / %d² = %.6g / %d = %s  %s",
		terms, odd, sum, n, fmtScore(got), check)
}

// hoverFunc reports the value under the pointer in the status line; scale
// says which CAMBI scale the pane shows. A pane whose own map is not a CAMBI
// one adds its value through extra.
func (i *inspector) hoverFunc(scale func() int, extra ...func(fx, fy float64) string) func(p *mapPane, fx, fy float64, ok bool) {
	return func(p *mapPane, fx, fy float64, ok bool) {
		if !ok || i.res == nil {
			if i.res != nil {
				i.setStatus(i.summary())
			}
			return
		}
		s := hoverText(i.res, fx, fy, max(scale(), 0), i.cambiView.source.Checked)
		for _, e := range extra {
			if x := e(fx, fy); x != "" {
				s += "   " + x
			}
		}
		i.setStatus(s)
	}
}

// setText changes a label's text only when it differs: Fyne lays out and
// shapes a label's text on every SetText, and a frame step sets dozens of
// labels (table cells, titles) that mostly keep theirs.
func setText(l *widget.Label, s string) {
	if l.Text != s {
		l.SetText(s)
	}
}
