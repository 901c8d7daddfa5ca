package ui

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"

	"github.com/bandscope/bandscope/engine"
	"github.com/bandscope/bandscope/engine/inspect"
)

// admView is the 4 x 3 grid of band maps with their terms and shares.
type admView struct {
	i       *inspector
	content fyne.CanvasObject
	panes   [engine.ADMScales][engine.ADMBands]*mapPane
	labels  [engine.ADMScales][engine.ADMBands]*widget.Label
	scores  *widget.Label
	table   *widget.Label // every band's terms, share and colour-scale top
	legend  *legend
	bars    *plotView
	kind    *keySelect
}

func newADMView(i *inspector) *admView {
	v := &admView{i: i}
	var grid []fyne.CanvasObject
	for s := 0; s < engine.ADMScales; s++ {
		for b := 0; b < engine.ADMBands; b++ {
			s, b := s, b
			p := newMapPane(i.vp)
			p.hover = i.hoverFunc(func() int { return 0 }, func(fx, fy float64) string {
				if p.base == nil {
					return ""
				}
				val, x, y, ok := p.base.Value(fx, fy, i.vp.fw, i.vp.fh)
				if !ok {
					return ""
				}
				return fmt.Sprintf("ADM s%d %s (%d, %d) %s %.6g", s, inspect.BandNames[b][:1], x, y, inspect.ADMKinds[max(v.kind.SelectedIndex(), 0)], val)
			})
			v.panes[s][b] = p
			l := widget.NewLabel("")
			l.Truncation = fyne.TextTruncateEllipsis // a name only: the numbers are in the table
			v.labels[s][b] = l
			grid = append(grid, container.NewBorder(l, nil, nil, nil, p))
		}
	}
	v.scores = widget.NewLabel("")
	v.scores.TextStyle.Monospace = true
	v.table = widget.NewLabel("")
	v.table.TextStyle.Monospace = true
	v.legend = newLegend()
	v.bars = newPlotView(v.barPlot, fyne.NewSize(300, 220))
	v.kind = newKeySelect(i, inspect.ADMKinds[:], func(string) { v.update(); i.unfocus() })
	v.kind.SetSelectedIndex(0)
	top := container.NewBorder(nil, nil, nil, container.NewHBox(widget.NewLabel("Band maps"), v.kind), v.scores)
	// The numbers sit in a column of their own, as wide as they need:
	// nothing is truncated at any window size (the view scrolls instead).
	right := container.NewVBox(v.table, v.bars)
	// The legend under the scores, above the maps: below them the table's
	// column makes the view taller than a 1280x720 window, and the legend
	// would hide under the status line until scrolled to.
	v.content = container.NewBorder(container.NewVBox(top, v.legend.content), nil, nil, right, container.NewGridWithColumns(engine.ADMBands, grid...))
	return v
}

func (v *admView) barPlot() *figure {
	a := inspect.ADMOf(v.i.res)
	if a == nil {
		return nil
	}
	p := newFigure()
	p.Title.Text = "share of the numerator"
	plotTheme(p.Plot, v.i.dark())
	w := vg.Points(7)
	for b := 0; b < engine.ADMBands; b++ {
		vals := make(plotter.Values, engine.ADMScales)
		for s := range vals {
			vals[s] = a.Share(s, b)
		}
		bc, err := plotter.NewBarChart(vals, w)
		if err != nil {
			continue
		}
		bc.Color = seriesColours[b]
		bc.LineStyle.Width = 0
		bc.Offset = vg.Length(b-1) * w
		p.Add(bc)
		p.addLegend(inspect.BandNames[b], bc)
	}
	p.NominalX("s0", "s1", "s2", "s3")
	// Room for the outer bars at both ends; the shares on round ticks.
	p.X.Min, p.X.Max = -0.6, engine.ADMScales-0.4
	p.Y.Min = 0
	top := 0.0
	for s := 0; s < engine.ADMScales; s++ {
		for b := 0; b < engine.ADMBands; b++ {
			top = math.Max(top, a.Share(s, b))
		}
	}
	p.Y.Max = math.Max(top*1.08, 1e-9) // the tallest bar below the top edge
	p.Y.Tick.Marker = roundTicks{}
	return p
}

func (v *admView) update() {
	a := inspect.ADMOf(v.i.res)
	if a == nil {
		for s := range v.panes {
			for b := range v.panes[s] {
				v.panes[s][b].set(nil, nil)
				setText(v.labels[s][b], fmt.Sprintf("scale %d %s", s, inspect.BandNames[b]))
			}
		}
		setText(v.table, "")
		v.legend.setText("")
		switch {
		case v.i.admErr != nil:
			setText(v.scores, "ADM unavailable: "+v.i.admErr.Error())
		case v.i.pending("ADM") != "":
			setText(v.scores, v.i.pending("ADM"))
		default:
			setText(v.scores, "No ADM result for this frame.")
		}
		v.bars.redraw()
		return
	}
	kind := max(v.kind.SelectedIndex(), 0)
	var shown []*inspect.Map
	for s := range a.Bands {
		for b := range a.Bands[s] {
			shown = append(shown, a.Bands[s][b].KindMap(kind))
		}
	}
	inspect.WarmTops(shown)
	setText(v.table, admTable(a, kind))
	for s := range v.panes {
		for b := range v.panes[s] {
			m := a.Bands[s][b].KindMap(kind)
			// Each band has its own colour scale: coarse scales' values are
			// far larger, and one scale would leave the fine ones dark.
			v.panes[s][b].set(m, absHeat(v.i.colormap, m.Top()))
			setText(v.labels[s][b], fmt.Sprintf("scale %d %s", s, inspect.BandNames[b]))
		}
	}
	v.legend.set(v.i.colormap, 0, 1, "|"+inspect.ADMKinds[kind]+" coefficient| / band top")
	setText(v.legend.hi, "1 = the band's 99.5th percentile (\"top\" column)")
	v.legend.content.Refresh()
	text := fmt.Sprintf("ADM %s   numerator %.6g   denominator %.6g\nper scale  %s  %s  %s  %s",
		fmtScore(a.Score), a.Num, a.Den, fmtScore(a.Scales[0]), fmtScore(a.Scales[1]), fmtScore(a.Scales[2]), fmtScore(a.Scales[3]))
	if v.i.req.Reference == "" {
		text = "No reference: ADM compares the clip with itself.\n" + text
	}
	setText(v.scores, text)
	v.bars.redraw()
}

// admTable lists every band's numerator and denominator terms, its share
// of the numerator and the top of the colour scale of its map of a kind.
func admTable(a *inspect.ADM, kind int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%-5s %11s %11s %6s %9s\n", "band", "num", "den", "share", "top")
	for s := range a.Bands {
		for k := range a.Bands[s] {
			bd := a.Bands[s][k]
			top := "-"
			if t, ok := bd.KindMap(kind).TopOK(); ok {
				top = strconv.FormatFloat(t, 'g', 4, 64)
			}
			fmt.Fprintf(&b, "s%d %s  %11.6g %11.6g %5.1f%% %9s\n", s, inspect.BandNames[k][:1], bd.Num, bd.Den, 100*a.Share(s, k), top)
		}
	}
	fmt.Fprintf(&b, "%-5s %11.6g %11.6g", "all", a.Num, a.Den)
	return b.String()
}
