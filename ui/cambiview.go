package ui

import (
	"fmt"
	"strconv"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/bandscope/bandscope/engine"
	"github.com/bandscope/bandscope/engine/inspect"
)

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
	c := inspect.CAMBIOf(r)
	if c != nil && c.Src != nil {
		v.source.Enable()
	} else {
		v.source.Disable()
	}
	p := inspect.CAMBIPicture(r, v.source.Checked)
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
		if why := v.i.pending("CAMBI"); why != "" {
			setText(v.scores, why)
		} else {
			setText(v.scores, "No CAMBI result.")
		}
		setText(v.formula, "")
		return
	}
	top, at := inspect.CValueTop(p)
	heat := heatColour(i.colormap, top)
	for k, sc := range p.Scales {
		setText(v.titles[k], fmt.Sprintf("c-values, scale %d (%dx%d)", k, sc.Width, sc.Height))
		v.panes[k].set(inspect.F32(sc.Width, sc.Height, sc.CValues), heat)
		row := []string{strconv.Itoa(k), strconv.Itoa(sc.Width), strconv.Itoa(sc.Height),
			strconv.Itoa(sc.Window), strconv.Itoa(sc.Pad), fmtScore(sc.Score), strconv.Itoa(sc.Weight),
			fmtScore(sc.Score * float64(sc.Weight))}
		for c, s := range row {
			setText(v.cells[k][c], s)
		}
	}
	setText(v.titles[engine.CAMBIScales], fmt.Sprintf("spatial mask (%dx%d)", p.Width, p.Height))
	v.panes[engine.CAMBIScales].set(inspect.U8(p.Width, p.Height, p.SpatialMask), maskColour)
	v.legend.setRange(i.colormap, "c-value 0", inspect.TopLabel(top, at))
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
