package ui

import (
	"fmt"
	"image/color"
	"math"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"

	"github.com/bandscope/bandscope/engine"
	"github.com/bandscope/bandscope/engine/summary"
)

var seriesColours = []color.NRGBA{
	{0x1f, 0x77, 0xb4, 0xff}, {0xff, 0x7f, 0x0e, 0xff}, {0x2c, 0xa0, 0x2c, 0xff}, {0xd6, 0x27, 0x28, 0xff},
	{0x94, 0x67, 0xbd, 0xff}, {0x8c, 0x56, 0x4b, 0xff}, {0xe3, 0x77, 0xc2, 0xff}, {0x7f, 0x7f, 0x7f, 0xff},
}

// scorePlot draws series against frame numbers with a marker at frame cur
// (cur < 0: none). The second run's series are dashed. Frames sit half a
// frame inside the X range, so the last one is never on the clipped edge;
// the Y range is the data's, padded, with ticks at round values.
func scorePlot(title string, ss [][]summary.Series, cur int, dark bool) *figure {
	p := newFigure()
	p.Title.Text = title
	p.X.Label.Text = "frame"
	p.Y.Label.Text = "score"
	plotTheme(p.Plot, dark)
	n := 0
	lo, hi := math.Inf(1), math.Inf(-1)
	for run, list := range ss {
		for k, s := range list {
			var pts plotter.XYs
			for f, v := range s.Values {
				if !math.IsNaN(v) {
					pts = append(pts, plotter.XY{X: float64(f), Y: v})
					lo, hi = math.Min(lo, v), math.Max(hi, v)
				}
			}
			n = max(n, len(s.Values))
			if len(pts) == 0 {
				continue
			}
			l, err := plotter.NewLine(pts)
			if err != nil {
				continue
			}
			l.Color = seriesColours[(k+3*run)%len(seriesColours)]
			l.Width = vg.Points(1.5)
			if run > 0 {
				l.Dashes = []vg.Length{vg.Points(5), vg.Points(3)}
			}
			p.Add(l)
			if len(pts) < 40 {
				// Few frames: show each one.
				sc, err := plotter.NewScatter(pts)
				if err == nil {
					sc.Color = l.Color
					sc.Radius = vg.Points(1.5)
					p.Add(sc)
				}
			}
			p.addLegend(s.Name, l)
		}
	}
	if n == 0 || lo > hi {
		emptyAxes(p.Plot)
		return p
	}
	pad := (hi - lo) * 0.06
	if pad == 0 {
		pad = math.Max(math.Abs(hi)*0.01, 0.01)
	}
	p.Y.Min, p.Y.Max = lo-pad, hi+pad
	frameAxes(p.Plot, n, cur)
	return p
}

// frameAxes ends a plot over n frames, its Y range set: the frames half a
// frame inside the X range, ticks at whole frames and round values, a
// grid, and at frame cur (cur < 0: none) a solid line in the text colour,
// which no series uses (the series are coloured; a second run's dashed).
func frameAxes(p *plot.Plot, n, cur int) {
	p.X.Min, p.X.Max = -0.5, float64(n)-0.5
	p.X.Padding, p.Y.Padding = 0, 0
	p.X.Tick.Marker = frameTicks{}
	p.Y.Tick.Marker = roundTicks{}
	grid := plotter.NewGrid()
	grid.Vertical.Color = color.NRGBA{0x80, 0x80, 0x80, 0x50}
	grid.Horizontal.Color = grid.Vertical.Color
	p.Add(grid)
	if cur >= 0 && cur < n {
		m, err := plotter.NewLine(plotter.XYs{{X: float64(cur), Y: p.Y.Min}, {X: float64(cur), Y: p.Y.Max}})
		if err == nil {
			m.Color = p.X.Color
			m.Width = vg.Points(1)
			p.Add(m)
		}
	}
}

// valuesAt lists every series' value at frame f, for the hover line.
func valuesAt(ss [][]summary.Series, f int) string {
	var b strings.Builder
	for _, list := range ss {
		for _, s := range list {
			if f >= 0 && f < len(s.Values) && !math.IsNaN(s.Values[f]) {
				fmt.Fprintf(&b, "   %s %s", s.Name, strconv.FormatFloat(s.Values[f], 'g', 9, 64))
			}
		}
	}
	return b.String()
}

// scoresView plots per-frame scores of whole-clip runs.
type scoresView struct {
	i        *inspector
	content  fyne.CanvasObject
	plots    *fyne.Container
	cambi    *plotView
	scales   *plotView // CAMBI per scale, on an axis of its own (values 50-380 against CAMBI's ~20)
	adm      *plotView
	summary  *summaryPanel
	pages    *container.AppTabs // plots, summary
	runID    int                // the run whose progress is shown; a cancelled run's late reports are dropped
	perScale *widget.Check
	progress *widget.ProgressBar
	rate     *widget.Label
	runBtn   *widget.Button
	cancel   *widget.Button
	bar      *fyne.Container
}

// setRate shows the run's rate; the bar is laid out again as it grows.
func (v *scoresView) setRate(s string) {
	v.rate.SetText(s)
	v.bar.Refresh()
}

func newScoresView(i *inspector) *scoresView {
	v := &scoresView{i: i}
	v.cambi = newPlotView(func() *figure { return v.plot("CAMBI", v.ownCAMBI) }, fyne.NewSize(300, 140))
	v.scales = newPlotView(func() *figure { return v.plot(scalesTitle, nil) }, fyne.NewSize(300, 140))
	v.adm = newPlotView(func() *figure { return v.plot("ADM", v.isADM) }, fyne.NewSize(300, 140))
	jump := func(x float64) { i.gotoFrame(int(math.Round(x))) }
	for _, pv := range []*plotView{v.cambi, v.scales, v.adm} {
		pv := pv
		pv.onTap = jump
		pv.onHover = func(x float64, ok bool) { v.hover(pv, x, ok) }
	}
	v.plots = container.NewGridWithRows(2, v.cambi, v.adm)
	v.perScale = widget.NewCheck("Per scale", func(on bool) {
		if on && i.scaleScores == nil {
			v.runPerScale()
		}
		v.layout()
		v.update()
		i.unfocus()
	})
	v.progress = widget.NewProgressBar()
	v.rate = widget.NewLabel("")
	v.runBtn = widget.NewButtonWithIcon("Score whole clip", theme.MediaPlayIcon(), v.runClip)
	v.cancel = widget.NewButtonWithIcon("Cancel", theme.CancelIcon(), v.cancelRun)
	v.cancel.Disable()
	v.runBtn.Disable() // until a clip is open
	bar := container.NewBorder(nil, nil, container.NewHBox(v.runBtn, v.cancel),
		container.NewHBox(v.rate, v.perScale), v.progress)
	v.bar = bar
	v.summary = newSummaryPanel(i)
	// The statistics take a page of their own beside the plots: side by
	// side they would squeeze the plots on a 1280 px screen.
	plots := container.NewBorder(nil, i.banding.bar, nil, nil, v.plots)
	i.banding.host = plots
	v.pages = container.NewAppTabs(
		container.NewTabItem("Plots", plots),
		container.NewTabItem("Summary and worst frames", container.NewScroll(v.summary.content)),
		container.NewTabItem("Banding events", i.banding.content))
	v.pages.SetTabLocation(container.TabLocationBottom)
	v.content = container.NewBorder(bar, nil, nil, nil, v.pages)
	v.layout()
	return v
}

const scalesTitle = "CAMBI per scale"

// layout shows the per-scale CAMBI plot, on its own axis, when asked,
// and the picked VMAF models' plots (vmafplot.go) in a row of their own.
// Each plot keeps a readable height (its data area about 100 px high at
// 1280x720): with many rows the page scrolls rather than squeezing them.
// The plots stacked full width line their data areas up (plotAlign).
func (v *scoresView) layout() {
	objs := []fyne.CanvasObject{v.cambi}
	if v.perScale.Checked {
		objs = append(objs, v.scales)
	}
	objs = append(objs, v.adm)
	if row := v.i.vmafPlots.row(); row != nil {
		objs = append(objs, row)
	}
	align := newPlotAlign()
	stacked := []*plotView{v.cambi, v.scales, v.adm}
	if len(v.i.models) == 1 {
		stacked = append(stacked, v.i.vmafPlots.views[0])
	}
	for _, pv := range append([]*plotView{v.cambi, v.scales, v.adm}, v.i.vmafPlots.views[:]...) {
		pv.setMinHeight(plotMinHeight)
		pv.align = nil
	}
	for _, pv := range stacked {
		if pv != v.scales || v.perScale.Checked {
			align.join(pv)
		}
	}
	v.plots.Objects = objs
	v.plots.Layout = layout.NewGridLayoutWithRows(len(objs))
	v.plots.Refresh()
}

// plotMinHeight is a Scores plot's least height: the title, the frame
// axis and about 100 px of data.
const plotMinHeight = 170

// hover shows the frame under the pointer and every series' value there.
func (v *scoresView) hover(pv *plotView, x float64, ok bool) {
	i := v.i
	if !ok {
		if i.res != nil {
			i.setStatus(i.summary())
		}
		return
	}
	f := int(math.Round(x))
	var ss [][]summary.Series
	switch pv {
	case v.cambi:
		ss = v.seriesFor("CAMBI", v.ownCAMBI)
	case v.scales:
		ss = v.seriesFor(scalesTitle, nil)
	default:
		ss = v.seriesFor("ADM", v.isADM)
	}
	i.setStatus(fmt.Sprintf("frame %d%s", f, valuesAt(ss, f)))
}

// featureOf names the feature that writes a metric key (the engine's
// registry knows each one's keys), or "" for a model's score or cost.
func featureOf(name string) string {
	f, _, _ := engine.MetricFeature(name)
	return f
}

func isCAMBI(name string) bool { return featureOf(name) == "cambi" }

// ownCAMBI keeps the CAMBI metrics of the inspector's own CAMBI, not a
// model's instance.
func (v *scoresView) ownCAMBI(name string) bool { return isCAMBI(name) && !v.i.modelMetric(name) }

// isADM keeps the ADM metrics of the inspector's own ADM: the per-scale
// keys when the per-scale plot is on, the others when it is off.
// integer_aim, the additive impairment, runs near 0 where ADM2 and ADM3 run
// near 1: the plot leaves it out so that their curves keep the axis.
func (v *scoresView) isADM(name string) bool {
	f, base, _ := engine.MetricFeature(name)
	if f != "adm" || base == "integer_aim" || v.i.modelMetric(name) {
		return false
	}
	return v.perScale.Checked == strings.Contains(base, "scale")
}

// plot builds one of the plots from the runs so far.
func (v *scoresView) plot(title string, keep func(string) bool) *figure {
	ss := v.seriesFor(title, keep)
	if len(ss) == 0 {
		if title == scalesTitle {
			title += " — scoring…"
		} else {
			title += " — score the whole clip to plot"
		}
	}
	return scorePlot(title, ss, v.i.cur, v.i.dark())
}

// seriesFor gathers a plot's series: each run's metrics that keep accepts,
// or the per-scale CAMBI scores.
func (v *scoresView) seriesFor(title string, keep func(string) bool) [][]summary.Series {
	i := v.i
	if title == scalesTitle {
		if i.scaleScores == nil {
			return nil
		}
		if !i.runsMode() || i.scaleScoresB == nil {
			return [][]summary.Series{i.scaleScores}
		}
		// Both runs, B dashed, each legend entry saying its run.
		named := func(k int, ss []summary.Series) []summary.Series {
			out := make([]summary.Series, len(ss))
			for j, s := range ss {
				out[j] = summary.Series{Name: "AB"[k:k+1] + ": " + strings.TrimPrefix(s.Name, "cambi "), Values: s.Values}
			}
			return out
		}
		return [][]summary.Series{named(0, i.scaleScores), named(1, i.scaleScoresB)}
	}
	var ss [][]summary.Series
	for k, sc := range i.scores {
		if sc == nil {
			continue
		}
		prefix := ""
		if i.scores[1] != nil {
			prefix = i.runName(k) + ": "
		}
		ss = append(ss, summary.Collect(sc.PerFrame(), keep, prefix))
	}
	// Logs read from other tools: overlaid, dashed like a second run.
	for _, l := range i.logs {
		if s := summary.Collect(l.Scores.PerFrame(), keep, l.Name+": "); len(s) > 0 {
			ss = append(ss, s)
		}
	}
	return ss
}

func (v *scoresView) update() {
	v.summary.update()
	v.cambi.redraw()
	v.scales.redraw()
	v.adm.redraw()
	v.i.vmafPlots.redraw()
}

// markFrame moves the current-frame marker.
func (v *scoresView) markFrame() {
	v.i.banding.markFrame()
	if v.i.scores[0] != nil || v.i.scaleScores != nil || v.i.logs != nil {
		v.cambi.redraw()
		v.scales.redraw()
		v.adm.redraw()
		v.i.vmafPlots.redraw()
	}
}

// frameTicks puts ticks on whole frame numbers only.
type frameTicks struct{ max int }

func (t frameTicks) Ticks(lo, hi float64) []plot.Tick {
	most := 10.0
	if t.max > 0 {
		most = math.Min(most, float64(t.max))
	}
	step := 1.0
	for k := 0; (hi-lo)/step > most; k++ {
		step = []float64{1, 2, 5}[k%3] * math.Pow(10, float64(k/3))
	}
	var ts []plot.Tick
	for v := math.Ceil(lo/step) * step; v <= hi; v += step {
		ts = append(ts, plot.Tick{Value: v, Label: strconv.Itoa(int(v))})
	}
	return ts
}
