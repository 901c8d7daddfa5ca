package ui

import (
	"fmt"
	"image/color"
	"math"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/bandscope/bandscope/engine"
	"github.com/bandscope/bandscope/engine/summary"
)

// costBars is the VMAF view's horizontal bar chart: the points each input
// costs its model on this frame, one bar per model input, the first
// model's inputs on top, coloured by model.
func costBars(vm []engine.ModelResult, dark bool) *figure {
	if len(vm) == 0 {
		return nil
	}
	p := newFigure()
	p.Title.Text = "points each input costs, alone"
	p.X.Label.Text = "points"
	plotTheme(p.Plot, dark)
	var labels []string
	rows := 0
	for _, r := range vm {
		rows += len(r.Inputs)
	}
	lo, hi := 0.0, 0.0
	row := rows
	for k, r := range vm {
		vals := make(plotter.Values, len(r.Inputs))
		// The first input on top: rows count down the Y axis.
		for n, in := range r.Inputs {
			c := in.Cost
			if math.IsNaN(c) {
				c = 0
			}
			vals[len(vals)-1-n] = c
			lo, hi = math.Min(lo, c), math.Max(hi, c)
		}
		row -= len(r.Inputs)
		bc, err := plotter.NewBarChart(vals, vg.Points(9))
		if err != nil {
			continue
		}
		bc.Horizontal = true
		bc.XMin = float64(row)
		bc.Color = seriesColours[k%len(seriesColours)]
		bc.LineStyle.Width = 0
		p.Add(bc)
		p.addLegend(r.Name, bc)
	}
	labels = make([]string, rows)
	row = rows
	for _, r := range vm {
		row -= len(r.Inputs)
		for n, in := range r.Inputs {
			labels[row+len(r.Inputs)-1-n] = summary.ShortName(in.Base)
		}
	}
	p.NominalY(labels...)
	p.Y.Min, p.Y.Max = -0.6, float64(rows)-0.4
	pad := math.Max((hi-lo)*0.08, 0.05)
	p.X.Min, p.X.Max = lo-pad*boolf(lo < 0), hi+pad
	p.X.Tick.Marker = roundTicks{}
	return p
}

func boolf(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

// vmafPlot draws a model's score over the clip with what each input costs
// stacked from zero: where banding costs 30 points the CAMBI band is 30
// points tall. A negative cost (the input better than on a perfect copy,
// as when the source itself bands) is stacked below zero. Costs are each
// input alone at its perfect-copy value: they do not add up to 100 minus
// the score, and the frame axis says so. others are more score curves
// (the other model, run B's, a log's), dashed, so that two models read
// against each other; cur marks the current frame.
func vmafPlot(vs summary.ModelCurves, others []summary.Series, cur int, dark bool) *figure {
	p := newFigure()
	// The model's name alone, and how to read the costs under the frame
	// axis, short: two plots share a row at 1280 px, and gonum shrinks the
	// data area to fit a long rotated Y label. The legend names the
	// stacked costs.
	p.Title.Text = vs.Model
	p.X.Label.Text = "frame (costs: each input alone)"
	p.Y.Label.Text = "score, cost"
	plotTheme(p.Plot, dark)
	// A log's score plots before (or without) a whole-clip run.
	n, has := len(vs.Score.Values), vs.Score.HasValues()
	for _, o := range others {
		n, has = max(n, len(o.Values)), has || o.HasValues()
	}
	if !has {
		p.Title.Text = vs.Model + " — score the whole clip to plot"
		emptyAxes(p.Plot)
		return p
	}
	if !vs.Score.HasValues() {
		p.Title.Text = vs.Model + " — score the whole clip for Bandscope's"
	}
	lo, hi := stackCosts(p, vs.Costs, n)
	hi = math.Max(100, hi)
	scoreLine(p, vs.Score, p.X.Color, false, &lo, &hi)
	for k, o := range others {
		scoreLine(p, o, seriesColours[(k+6)%len(seriesColours)], true, &lo, &hi)
	}
	pad := (hi - lo) * 0.04
	p.Y.Min, p.Y.Max = lo-pad*boolf(lo < 0), hi+pad
	frameAxes(p.Plot, n, cur)
	return p
}

// stackCosts draws each input's cost over n frames as a band stacked on
// the ones before it: positive costs up from zero, negative ones down from
// it, each input in one colour on both sides. It returns the stack's
// bottom and top.
func stackCosts(p *figure, costs []summary.Series, n int) (lo, hi float64) {
	up, down := make([]float64, n), make([]float64, n)
	for k, c := range costs {
		if !c.HasValues() {
			continue
		}
		c0 := seriesColours[(k+2)%len(seriesColours)]
		col := color.NRGBA{c0.R, c0.G, c0.B, 0x90}
		var first plot.Thumbnailer
		for _, sign := range []float64{1, -1} {
			base := up
			if sign < 0 {
				base = down
			}
			top := make([]float64, n)
			has := false
			for f := range top {
				v := 0.0
				if f < len(c.Values) && c.Values[f]*sign > 0 {
					v = c.Values[f]
					has = true
				}
				top[f] = base[f] + v
				lo, hi = math.Min(lo, top[f]), math.Max(hi, top[f])
			}
			if !has {
				continue
			}
			if poly := band(base, top, col); poly != nil {
				p.Add(poly)
				if first == nil {
					first = poly
				}
			}
			if sign > 0 {
				up = top
			} else {
				down = top
			}
		}
		if first != nil {
			p.addLegend(c.Name, first)
		}
	}
	return lo, hi
}

// band is the polygon between two curves over frames 0..n-1 (a bar half a
// frame wide each side for one frame).
func band(base, top []float64, col color.Color) *plotter.Polygon {
	n := len(top)
	var pts plotter.XYs
	if n == 1 {
		pts = plotter.XYs{{X: -0.4, Y: base[0]}, {X: 0.4, Y: base[0]}, {X: 0.4, Y: top[0]}, {X: -0.4, Y: top[0]}}
	} else {
		for f := 0; f < n; f++ {
			pts = append(pts, plotter.XY{X: float64(f), Y: top[f]})
		}
		for f := n - 1; f >= 0; f-- {
			pts = append(pts, plotter.XY{X: float64(f), Y: base[f]})
		}
	}
	poly, err := plotter.NewPolygon(pts)
	if err != nil {
		return nil
	}
	poly.Color = col
	poly.LineStyle.Width = 0
	return poly
}

// scoreLine draws a score curve (dashed: another model's or run's), with
// a dot per frame when there are few, and widens [lo, hi] to its values.
func scoreLine(p *figure, s summary.Series, col color.Color, dashed bool, lo, hi *float64) {
	var pts plotter.XYs
	for f, v := range s.Values {
		if !math.IsNaN(v) {
			pts = append(pts, plotter.XY{X: float64(f), Y: v})
			*lo, *hi = math.Min(*lo, v), math.Max(*hi, v)
		}
	}
	if len(pts) == 0 {
		return
	}
	l, err := plotter.NewLine(pts)
	if err != nil {
		return
	}
	l.Color = col
	l.Width = vg.Points(1.8)
	if dashed {
		l.Dashes = []vg.Length{vg.Points(5), vg.Points(3)}
		l.Width = vg.Points(1.2)
	}
	p.Add(l)
	if len(pts) < 40 {
		if sc, err := plotter.NewScatter(pts); err == nil {
			sc.Color = col
			sc.Radius = vg.Points(1.5)
			sc.Shape = draw.CircleGlyph{}
			p.Add(sc)
		}
	}
	p.addLegend(s.Name, l)
}

// vmafPlots are the Scores view's VMAF plots: one per picked model, side
// by side in one row under CAMBI and ADM.
type vmafPlots struct {
	i     *inspector
	views [maxModels]*plotView
	box   *fyne.Container
}

func newVMAFPlots(i *inspector) *vmafPlots {
	vp := &vmafPlots{i: i}
	for k := range vp.views {
		k := k
		pv := newPlotView(func() *figure { return vp.plot(k, i.cur, i.dark()) }, fyne.NewSize(300, 140))
		pv.onTap = func(x float64) { i.gotoFrame(int(math.Round(x))) }
		pv.onHover = func(x float64, ok bool) { vp.hover(k, x, ok) }
		vp.views[k] = pv
	}
	vp.box = container.NewGridWithRows(1)
	return vp
}

// seriesFor gathers model k's curves: its score and costs from the first
// run, and as dashed curves the other model's score and a second backend's
// (or a log's) score of the same model.
func (vp *vmafPlots) seriesFor(k int) (summary.ModelCurves, []summary.Series, bool) {
	i := vp.i
	if k >= len(i.models) {
		return summary.ModelCurves{}, nil, false
	}
	pm := i.models[k]
	var vs summary.ModelCurves
	if i.scores[0] != nil {
		vs = summary.ModelSeries(pm.M, i.scores[0].PerFrame())
	} else {
		vs = summary.ModelCurves{Model: pm.M.Name, Score: summary.Series{Name: pm.M.Name}}
	}
	// With run B scored, each curve names its run as every plot does (its
	// encode, options or backend); the title names the model.
	two := i.scores[1] != nil
	if two {
		vs.Score.Name = i.runName(0)
	}
	var others []summary.Series
	for j, o := range i.models {
		if j != k && i.scores[0] != nil {
			if s := summary.ModelSeries(o.M, i.scores[0].PerFrame()).Score; s.HasValues() {
				if two {
					s.Name = i.runName(0) + ": " + s.Name
				}
				others = append(others, s)
			}
		}
	}
	if two {
		s := summary.ModelSeries(pm.M, i.scores[1].PerFrame()).Score
		s.Name = i.runName(1)
		if s.HasValues() {
			others = append(others, s)
		}
	}
	// Logs: the model's named key, or libvmaf's unnamed "vmaf" bound to
	// it (logs.ModelKeys); the legend names the log and its key.
	for _, l := range i.logs {
		key, ok := l.modelKeys(i.pickedModels())[pm.M.Name]
		if !ok {
			continue
		}
		s := summary.Column(l.Scores.PerFrame(), key)
		s.Name = l.Name + ": " + key
		if s.HasValues() {
			others = append(others, s)
		}
	}
	return vs, others, true
}

func (vp *vmafPlots) plot(k, cur int, dark bool) *figure {
	vs, others, ok := vp.seriesFor(k)
	if !ok {
		return nil
	}
	return vmafPlot(vs, others, cur, dark)
}

// hover shows the frame under the pointer, the model's score and what
// each input costs there.
func (vp *vmafPlots) hover(k int, x float64, ok bool) {
	i := vp.i
	if !ok {
		if i.res != nil {
			i.setStatus(i.summary())
		}
		return
	}
	vs, others, has := vp.seriesFor(k)
	if !has {
		return
	}
	f := int(math.Round(x))
	var costs []summary.Series
	for _, c := range vs.Costs {
		c.Name = "cost " + c.Name
		costs = append(costs, c)
	}
	i.setStatus(fmt.Sprintf("frame %d%s", f, valuesAt([][]summary.Series{{vs.Score}, others, costs}, f)))
}

// row is the plots of the picked models, or nil without a model.
func (vp *vmafPlots) row() fyne.CanvasObject {
	n := len(vp.i.models)
	if n == 0 {
		return nil
	}
	objs := make([]fyne.CanvasObject, n)
	for k := range objs {
		objs[k] = vp.views[k]
	}
	vp.box.Objects = objs
	vp.box.Layout = container.NewGridWithColumns(n).Layout
	vp.box.Refresh()
	return vp.box
}

func (vp *vmafPlots) redraw() {
	for k, pv := range vp.views {
		if k < len(vp.i.models) {
			pv.redraw()
		}
	}
}

// exportPlots are the VMAF plots for Ctrl+P, in the light theme.
func (vp *vmafPlots) exportPlots() []*figure {
	var ps []*figure
	for k := range vp.i.models {
		if p := vp.plot(k, -1, false); p != nil {
			ps = append(ps, p)
		}
	}
	return ps
}
