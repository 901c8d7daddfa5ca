package ui

import (
	"fmt"
	"math"
	"runtime"
	"strconv"
	"strings"
	"sync"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"

	"github.com/bandscope/bandscope/engine"
)

// ADM's 4 scales and 3 orientations.
const (
	admScales = 4
	admBands  = 3
)

var bandNames = [admBands]string{"horizontal", "vertical", "diagonal"}

// admBand is one band of one scale: its numerator and denominator terms
// and its map (nil when the backend kept none).
type admBand struct {
	Num, Den float64
	Map      *mapData    // the restored coefficients' map, Maps[0]
	Maps     [3]*mapData // restored, additive, threshold (see admMapKinds)
}

// kindMap is the band's map of a kind (admMapKinds), or Map when the
// backend kept none of that kind. An admData is shared by the views
// (convertADM), so the ADM view's choice of kind is not written into it.
func (b *admBand) kindMap(kind int) *mapData {
	if kind >= 0 && kind < len(b.Maps) && b.Maps[kind] != nil {
		return b.Maps[kind]
	}
	return b.Map
}

// admData is the view's form of an ADM frame result, whatever backend made
// it; admOf converts.
type admData struct {
	Score    float64 // integer_adm2
	Num, Den float64
	Scales   [admScales]float64 // integer_adm_scale0..3
	Bands    [admScales][admBands]admBand
}

// share is a band's part of the numerator: what the bar chart shows.
func (a *admData) share(s, b int) float64 {
	total := 0.0
	for _, sc := range a.Bands {
		for _, bd := range sc {
			total += bd.Num
		}
	}
	if total == 0 {
		return 0
	}
	return a.Bands[s][b].Num / total
}

// admOf extracts the ADM result of a frame, or nil.
func admOf(r *engine.FrameResult) *admData {
	if r == nil {
		return nil
	}
	a, _ := engine.ResultOf[*engine.ADMResult](r)
	return convertADM(a)
}

// admView is the 4 x 3 grid of band maps with their terms and shares.
type admView struct {
	i       *inspector
	content fyne.CanvasObject
	panes   [admScales][admBands]*mapPane
	labels  [admScales][admBands]*widget.Label
	scores  *widget.Label
	table   *widget.Label // every band's terms, share and colour-scale top
	legend  *legend
	bars    *plotView
	kind    *keySelect
}

func newADMView(i *inspector) *admView {
	v := &admView{i: i}
	var grid []fyne.CanvasObject
	for s := 0; s < admScales; s++ {
		for b := 0; b < admBands; b++ {
			s, b := s, b
			p := newMapPane(i.vp)
			p.hover = i.hoverFunc(func() int { return 0 }, func(fx, fy float64) string {
				if p.base == nil {
					return ""
				}
				val, x, y, ok := p.base.value(fx, fy, i.vp.fw, i.vp.fh)
				if !ok {
					return ""
				}
				return fmt.Sprintf("ADM s%d %s (%d, %d) %s %.6g", s, bandNames[b][:1], x, y, admMapKinds[max(v.kind.SelectedIndex(), 0)], val)
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
	v.kind = newKeySelect(i, admMapKinds, func(string) { v.update(); i.unfocus() })
	v.kind.SetSelectedIndex(0)
	top := container.NewBorder(nil, nil, nil, container.NewHBox(widget.NewLabel("Band maps"), v.kind), v.scores)
	// The numbers sit in a column of their own, as wide as they need:
	// nothing is truncated at any window size (the view scrolls instead).
	right := container.NewVBox(v.table, v.bars)
	v.content = container.NewBorder(top, v.legend.content, nil, right, container.NewGridWithColumns(admBands, grid...))
	return v
}

func (v *admView) barPlot() *plot.Plot {
	a := admOf(v.i.res)
	if a == nil {
		return nil
	}
	p := plot.New()
	p.Title.Text = "share of the numerator"
	plotTheme(p, v.i.dark())
	w := vg.Points(7)
	for b := 0; b < admBands; b++ {
		vals := make(plotter.Values, admScales)
		for s := range vals {
			vals[s] = a.share(s, b)
		}
		bc, err := plotter.NewBarChart(vals, w)
		if err != nil {
			continue
		}
		bc.Color = seriesColours[b]
		bc.LineStyle.Width = 0
		bc.Offset = vg.Length(b-1) * w
		p.Add(bc)
		p.Legend.Add(bandNames[b], bc)
	}
	p.NominalX("s0", "s1", "s2", "s3")
	// Room for the outer bars at both ends; the shares on round ticks.
	p.X.Min, p.X.Max = -0.6, admScales-0.4
	p.Y.Min = 0
	top := 0.0
	for s := 0; s < admScales; s++ {
		for b := 0; b < admBands; b++ {
			top = math.Max(top, a.share(s, b))
		}
	}
	p.Y.Max = math.Max(top*1.08, 1e-9) // the tallest bar below the top edge
	p.Y.Tick.Marker = roundTicks{}
	p.Legend.ThumbnailWidth = vg.Points(10)
	return p
}

func (v *admView) update() {
	a := admOf(v.i.res)
	if a == nil {
		for s := range v.panes {
			for b := range v.panes[s] {
				v.panes[s][b].set(nil, nil)
				setText(v.labels[s][b], fmt.Sprintf("scale %d %s", s, bandNames[b]))
			}
		}
		setText(v.table, "")
		v.legend.setText("")
		if v.i.admErr != nil {
			setText(v.scores, "ADM unavailable: "+v.i.admErr.Error())
		} else {
			setText(v.scores, "No ADM result for this frame.")
		}
		v.bars.redraw()
		return
	}
	kind := max(v.kind.SelectedIndex(), 0)
	var shown []*mapData
	for s := range a.Bands {
		for b := range a.Bands[s] {
			shown = append(shown, a.Bands[s][b].kindMap(kind))
		}
	}
	warmTops(shown)
	setText(v.table, admTable(a, kind))
	for s := range v.panes {
		for b := range v.panes[s] {
			m := a.Bands[s][b].kindMap(kind)
			// Each band has its own colour scale: coarse scales' values are
			// far larger, and one scale would leave the fine ones dark.
			v.panes[s][b].set(m, absHeat(v.i.colormap, bandTop(m)))
			setText(v.labels[s][b], fmt.Sprintf("scale %d %s", s, bandNames[b]))
		}
	}
	v.legend.set(v.i.colormap, 0, 1, "|"+admMapKinds[kind]+" coefficient| / band top")
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
func admTable(a *admData, kind int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%-5s %11s %11s %6s %9s\n", "band", "num", "den", "share", "top")
	for s := range a.Bands {
		for k := range a.Bands[s] {
			bd := a.Bands[s][k]
			top := "-"
			if t, ok := bandTopOK(bd.kindMap(kind)); ok {
				top = strconv.FormatFloat(t, 'g', 4, 64)
			}
			fmt.Fprintf(&b, "s%d %s  %11.6g %11.6g %5.1f%% %9s\n", s, bandNames[k][:1], bd.Num, bd.Den, 100*a.share(s, k), top)
		}
	}
	fmt.Fprintf(&b, "%-5s %11.6g %11.6g", "all", a.Num, a.Den)
	return b.String()
}

// bandTop is the top of a band map's colour scale: the 99.5th percentile
// of |value|, so that a few large coefficients do not turn the rest dark.
func bandTop(m *mapData) float64 {
	t, _ := bandTopOK(m)
	return t
}

// bandTopOK is bandTop; ok is false when the map has no non-zero value
// (the top is then 1).
func bandTopOK(m *mapData) (float64, bool) {
	if m == nil {
		return 1, false
	}
	m.topOnce.Do(func() { m.top, m.topOK = sampledTop(m) })
	return m.top, m.topOK
}

// warmTops computes the band tops of maps on every core: the ADM view
// shows twelve at once, each a few hundred microseconds of cache misses
// on the UI goroutine otherwise.
func warmTops(maps []*mapData) {
	n := min(runtime.GOMAXPROCS(0), len(maps))
	var wg sync.WaitGroup
	for k := 0; k < n; k++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for _, m := range maps[len(maps)*k/n : len(maps)*(k+1)/n] {
				bandTopOK(m)
			}
		}()
	}
	wg.Wait()
}

// sampledTop is bandTopOK's value, from about 20000 of the map's values.
func sampledTop(m *mapData) (float64, bool) {
	var vals []float64
	n := m.W * m.H
	step := max(n/20000, 1)
	for k := 0; k < n; k += step {
		if v := math.Abs(m.At(k)); v > 0 {
			vals = append(vals, v)
		}
	}
	if len(vals) == 0 {
		return 1, false
	}
	return nthSmallest(vals, min(len(vals)-1, len(vals)*995/1000)), true
}

// nthSmallest is the value sort.Float64s would put at index k (no NaN in
// vals), found by selection in linear time: a frame step computes some
// thirty band tops, and sorting each sample was a fifth of the UI's share
// of the step. vals is reordered.
func nthSmallest(vals []float64, k int) float64 {
	lo, hi := 0, len(vals)-1
	for lo < hi {
		// Median of three as the pivot, then a three-way partition:
		// [lo, lt) < pivot, [lt, gt] == pivot, (gt, hi] > pivot.
		mid := lo + (hi-lo)/2
		a, b, c := vals[lo], vals[mid], vals[hi]
		pivot := max(min(a, b), min(max(a, b), c))
		lt, i, gt := lo, lo, hi
		for i <= gt {
			switch v := vals[i]; {
			case v < pivot:
				vals[lt], vals[i] = vals[i], vals[lt]
				lt++
				i++
			case v > pivot:
				vals[gt], vals[i] = vals[i], vals[gt]
				gt--
			default:
				i++
			}
		}
		switch {
		case k < lt:
			hi = lt - 1
		case k > gt:
			lo = gt + 1
		default:
			return pivot
		}
	}
	return vals[k]
}
