package ui

import (
	"image"
	"image/color"
	"math"
	"strconv"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/widget"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
)

func init() {
	// gonum draws in a serif face by default; the window and reports use
	// a sans one.
	plot.DefaultFont.Variant = "Sans"
}

// plotDPI is the resolution plots are drawn at per device pixel: 96 makes
// gonum's point sizes match the rest of the window.
const plotDPI = 96

// figure is a gonum plot and its legend's entries, which gonum's Legend
// keeps to itself: drawFigure lays them out beside the plot in as many
// columns as its height needs, shortening names that would not fit.
type figure struct {
	*plot.Plot
	legend []legendEntry
}

// legendEntry is one line of a figure's legend.
type legendEntry struct {
	name   string
	thumbs []plot.Thumbnailer
}

func newFigure() *figure { return &figure{Plot: plot.New()} }

// addLegend adds a line to the legend.
func (f *figure) addLegend(name string, thumbs ...plot.Thumbnailer) {
	f.legend = append(f.legend, legendEntry{name, thumbs})
}

// plotView draws a figure at the widget's pixel size. A tap reports the
// data X under the pointer, which is how a score plot jumps to a frame.
type plotView struct {
	widget.BaseWidget
	raster *canvas.Raster
	build  func() *figure // nil: nothing to plot
	onTap  func(x float64)
	// onHover reports the data X under the pointer; ok false when the
	// pointer left the plot.
	onHover func(x float64, ok bool)
	// The data X range in device pixels of the last drawing, for taps.
	px0, px1, x0, x1 float64
	// onAxis, when set, is told when the data X range moves across the
	// plot (the banding timeline lines its frames up with it).
	onAxis func()
	min    fyne.Size
	// align, when set, lines this plot's data area up with the others of
	// its group (plots stacked in one column).
	align *plotAlign
}

func newPlotView(build func() *figure, min fyne.Size) *plotView {
	v := &plotView{build: build, min: min}
	v.raster = canvas.NewRaster(v.render)
	v.ExtendBaseWidget(v)
	return v
}

func (v *plotView) CreateRenderer() fyne.WidgetRenderer { return widget.NewSimpleRenderer(v.raster) }
func (v *plotView) MinSize() fyne.Size                  { return v.min }

// setMinHeight changes the height the plot asks for.
func (v *plotView) setMinHeight(h float32) {
	if v.min.Height != h {
		v.min.Height = h
		v.Refresh()
	}
}

func (v *plotView) render(w, h int) image.Image {
	var f *figure
	if v.build != nil {
		f = v.build()
	}
	if f == nil || w < 20 || h < 20 {
		img := image.NewNRGBA(image.Rect(0, 0, max(w, 1), max(h, 1)))
		return img
	}
	c := vgimg.NewWith(vgimg.UseWH(vg.Length(w)*vg.Inch/plotDPI, vg.Length(h)*vg.Inch/plotDPI), vgimg.UseDPI(plotDPI))
	dc, own := drawFigure(draw.New(c), f, v.align.margins(v))
	// Remember where the X axis lies, to turn taps into data X.
	da := f.DataCanvas(dc)
	tx, _ := f.Transforms(&da)
	toPx := func(l vg.Length) float64 { return float64(l) * plotDPI / vg.Inch.Points() }
	moved := v.x0 != f.X.Min || v.x1 != f.X.Max
	v.x0, v.x1 = f.X.Min, f.X.Max
	px0, px1 := toPx(tx(f.X.Min)), toPx(tx(f.X.Max))
	moved = moved || px0 != v.px0 || px1 != v.px1
	v.px0, v.px1 = px0, px1
	if moved && v.onAxis != nil {
		v.onAxis()
	}
	v.align.measured(v, own)
	return c.Image()
}

// plotAlign lines up the data areas of plots stacked in one column (the
// Scores view's CAMBI, per-scale and ADM plots): each reserves, left of
// its data, the widest Y axis of the group and, right of it, the widest
// legend, so that frame N sits at the same x in every plot. A plot not
// drawn yet is measured first (measure), so that the first drawing of
// the group already lines up.
type plotAlign struct {
	left, right map[*plotView]vg.Length
}

func newPlotAlign() *plotAlign {
	return &plotAlign{left: map[*plotView]vg.Length{}, right: map[*plotView]vg.Length{}}
}

// join adds v to the group.
func (a *plotAlign) join(v *plotView) {
	v.align = a
	a.left[v], a.right[v] = -1, -1 // not measured yet
}

// margins are the group's widest Y axis and legend, besides v's own.
func (a *plotAlign) margins(v *plotView) (m figureMargins) {
	if a == nil {
		return m
	}
	for o := range a.left {
		if o == v {
			continue
		}
		if a.left[o] < 0 {
			own := o.measure()
			a.left[o], a.right[o] = own.left, own.right
		}
		m.left, m.right = max(m.left, a.left[o]), max(m.right, a.right[o])
	}
	return m
}

// measured records v's own Y axis and legend widths; when the group's
// widest changed, the other plots are drawn again.
func (a *plotAlign) measured(v *plotView, own figureMargins) {
	if a == nil {
		return
	}
	if a.left[v] == own.left && a.right[v] == own.right {
		return
	}
	before := a.margins(nil)
	a.left[v], a.right[v] = own.left, own.right
	if a.margins(nil) != before {
		for o := range a.left {
			if o != v {
				o.raster.Refresh()
			}
		}
	}
}

// measure is the margins v's figure needs at its size, found by laying it
// out on a scratch canvas.
func (v *plotView) measure() figureMargins {
	var f *figure
	if v.build != nil {
		f = v.build()
	}
	sz := v.Size()
	if f == nil || sz.Width < 20 || sz.Height < 20 {
		return figureMargins{}
	}
	c := vgimg.NewWith(vgimg.UseWH(vg.Length(sz.Width)*vg.Inch/plotDPI, vg.Length(sz.Height)*vg.Inch/plotDPI), vgimg.UseDPI(plotDPI))
	_, own := drawFigure(draw.New(c), f, figureMargins{})
	return own
}

// figureMargins are the widths a figure leaves left of its data area (the
// Y axis) and right of its plot (the legend's column), at least.
type figureMargins struct{ left, right vg.Length }

// dataX is the data X under a pointer position, or NaN.
func (v *plotView) dataX(pos fyne.Position) float64 {
	if v.px1 == v.px0 {
		return math.NaN()
	}
	s := float32(1)
	if c := fyne.CurrentApp().Driver().CanvasForObject(v); c != nil {
		s = c.Scale()
	}
	px := float64(pos.X * s)
	return v.x0 + (px-v.px0)/(v.px1-v.px0)*(v.x1-v.x0)
}

// unitX is where data X x lies across the plot, in Fyne units from its
// left edge; ok is false until the plot has drawn data.
func (v *plotView) unitX(x float64) (ux float32, ok bool) {
	if v.px1 == v.px0 || v.x1 == v.x0 {
		return 0, false
	}
	s := float32(1)
	if c := fyne.CurrentApp().Driver().CanvasForObject(v); c != nil {
		s = c.Scale()
	}
	return float32(v.px0+(x-v.x0)/(v.x1-v.x0)*(v.px1-v.px0)) / s, true
}

// Tapped reports the data X under the pointer.
func (v *plotView) Tapped(e *fyne.PointEvent) {
	if x := v.dataX(e.Position); v.onTap != nil && !math.IsNaN(x) {
		v.onTap(x)
	}
}

func (v *plotView) MouseIn(e *desktop.MouseEvent) { v.MouseMoved(e) }

func (v *plotView) MouseMoved(e *desktop.MouseEvent) {
	if x := v.dataX(e.Position); v.onHover != nil && !math.IsNaN(x) {
		v.onHover(x, x >= v.x0 && x <= v.x1)
	}
}

func (v *plotView) MouseOut() {
	if v.onHover != nil {
		v.onHover(0, false)
	}
}

// drawFigure draws f with its legend beside it at the right, in as many
// columns as the height needs, where it cannot cover data; at least
// m.left is left of the data area and m.right right of the plot (a group's
// alignment). It returns the canvas the plot itself took and the margins
// f itself needs. The Y axis gets as many round ticks as its height holds
// without their labels touching.
func drawFigure(dc draw.Canvas, f *figure, m figureMargins) (draw.Canvas, figureMargins) {
	// The legend's column is outside the plot's canvas: paint the whole
	// background first, or it stays transparent.
	if f.BackgroundColor != nil {
		dc.SetColor(f.BackgroundColor)
		dc.Fill(dc.Rectangle.Path())
	}
	full := dc.Max.X - dc.Min.X
	height := dc.Max.Y - dc.Min.Y
	pad := vg.Points(6)
	top := f.Title.TextStyle.Height(f.Title.Text) + vg.Points(8)
	cols := legendColumns(f, height-top, full*0.45)
	lw := vg.Length(0)
	for _, c := range cols {
		r := c.Rectangle(dc)
		lw += r.Max.X - r.Min.X + pad
	}
	own := figureMargins{right: lw + pad}
	right := max(own.right, m.right)
	pc := draw.Crop(dc, 0, -right, 0, 0)
	fitTicks(f, pc.Max.Y-pc.Min.Y-top)
	da := f.DataCanvas(pc)
	own.left = da.Min.X - pc.Min.X
	fitFrameTicks(f, da.Max.X-da.Min.X-max(m.left-own.left, 0))
	if own.left < m.left {
		pc = draw.Crop(pc, m.left-own.left, 0, 0, 0)
	}
	f.Draw(pc)
	x := full - right + pad
	for _, c := range cols {
		r := c.Rectangle(dc)
		c.Top, c.Left = true, true
		c.YOffs = -top
		c.Draw(draw.Crop(dc, x, 0, 0, 0))
		x += r.Max.X - r.Min.X + pad
	}
	return pc, own
}

// legendColumns splits f's legend into columns of as many lines as the
// height holds, each name shortened (its middle elided) so that all
// columns together stay within width.
func legendColumns(f *figure, height, width vg.Length) []*plot.Legend {
	n := len(f.legend)
	if n == 0 {
		return nil
	}
	base := plot.NewLegend()
	base.TextStyle = f.Legend.TextStyle
	base.TextStyle.Font.Size = vg.Points(10)
	base.ThumbnailWidth = vg.Points(12)
	line := base.TextStyle.Height("Xg")
	rows := max(1, int(height/line))
	ncol := (n + rows - 1) / rows
	rows = (n + ncol - 1) / ncol
	// Each column's names within its share of the width.
	room := width/vg.Length(ncol) - base.ThumbnailWidth - vg.Points(10)
	var out []*plot.Legend
	for c := 0; c < ncol; c++ {
		l := base
		for _, e := range f.legend[c*rows : min((c+1)*rows, n)] {
			l.Add(fitText(base.TextStyle, e.name, room), e.thumbs...)
		}
		out = append(out, &l)
	}
	return out
}

// fitText shortens s, eliding its middle, until it is at most w wide in
// style sty (and keeps at least 8 characters).
func fitText(sty text.Style, s string, w vg.Length) string {
	if sty.Width(s) <= w {
		return s
	}
	r := []rune(s)
	for n := len(r) - 1; n > 8; n-- {
		head := (n - 1) / 2
		t := string(r[:head]) + "…" + string(r[len(r)-(n-1-head):])
		if sty.Width(t) <= w {
			return t
		}
	}
	if len(r) > 8 {
		return string(r[:4]) + "…" + string(r[len(r)-3:])
	}
	return s
}

// fitTicks gives the Y axis as many round ticks as a data area this high
// holds, two label heights apart at least.
func fitTicks(f *figure, height vg.Length) {
	if rt, ok := f.Y.Tick.Marker.(roundTicks); ok {
		label := f.Y.Tick.Label.Height("0")
		rt.max = max(2, int(height/(2.2*label)))
		f.Y.Tick.Marker = rt
	}
}

// fitFrameTicks gives a frame axis this wide as many ticks as it holds,
// each label at least two of its own widths from the next (two plots
// share a row at 1280 px).
func fitFrameTicks(f *figure, width vg.Length) {
	if ft, ok := f.X.Tick.Marker.(frameTicks); ok {
		label := f.X.Tick.Label.Width(strconv.Itoa(int(math.Ceil(f.X.Max))))
		ft.max = max(2, int(width/(2*label+vg.Points(4))))
		f.X.Tick.Marker = ft
	}
}

// emptyAxes are the axes of a plot with nothing to show: no ticks, so that
// no number stands for data that is not there.
func emptyAxes(p *plot.Plot) {
	p.X.Min, p.X.Max = 0, 1
	p.Y.Min, p.Y.Max = 0, 1
	p.X.Tick.Marker = plot.ConstantTicks(nil)
	p.Y.Tick.Marker = plot.ConstantTicks(nil)
}

func (v *plotView) redraw() { v.raster.Refresh() }

// plotTheme colours plots to match the window's theme variant.
func plotTheme(p *plot.Plot, dark bool) {
	fg, bg := color.NRGBA{0x20, 0x20, 0x20, 0xff}, color.NRGBA{0xff, 0xff, 0xff, 0xff}
	if dark {
		fg, bg = color.NRGBA{0xe0, 0xe0, 0xe0, 0xff}, color.NRGBA{0x1e, 0x1e, 0x22, 0xff}
	}
	p.BackgroundColor = bg
	p.Title.TextStyle.Color = fg
	for _, a := range []*plot.Axis{&p.X, &p.Y} {
		a.Color = fg
		a.Label.TextStyle.Color = fg
		a.Tick.Color = fg
		a.Tick.Label.Color = fg
	}
	p.Legend.TextStyle.Color = fg
}

// roundTicks put major ticks at round values (1, 2, 2.5 or 5 times a power
// of ten, four to eight of them, or at most max) and label each with
// exactly the decimals the step needs, so that a label never rounds its
// gridline to another value: 0.875 is "0.875", never "0.88".
type roundTicks struct{ max int }

func (t roundTicks) Ticks(lo, hi float64) []plot.Tick {
	if !(hi > lo) || math.IsInf(hi-lo, 0) {
		return []plot.Tick{{Value: lo, Label: strconv.FormatFloat(lo, 'g', -1, 64)}}
	}
	most := 8
	if t.max > 0 {
		most = min(most, t.max)
	}
	step := tickStep((hi - lo) / 7)
	for tickCount(lo, hi, step) > most {
		step = tickStep(step * 1.01)
	}
	d := decimals(step)
	var ts []plot.Tick
	for k := math.Ceil(lo / step); k*step <= hi+step*1e-9; k++ {
		v := k * step
		l := strconv.FormatFloat(v, 'f', d, 64)
		if v == 0 { // -0 when the ticks start just below zero: "0", not "-0"
			l = strconv.FormatFloat(0, 'f', d, 64)
		}
		ts = append(ts, plot.Tick{Value: v, Label: l})
	}
	return ts
}

// tickCount is how many multiples of step lie in [lo, hi].
func tickCount(lo, hi, step float64) int {
	return int(math.Floor(hi/step+1e-9)-math.Ceil(lo/step)) + 1
}

// tickStep is the smallest round step (1, 2, 2.5, 5 x 10^k) >= raw.
func tickStep(raw float64) float64 {
	mag := math.Pow(10, math.Floor(math.Log10(raw)))
	for _, m := range []float64{1, 2, 2.5, 5} {
		if m*mag >= raw*(1-1e-12) {
			return m * mag
		}
	}
	return 10 * mag
}

// decimals is how many decimals write step exactly.
func decimals(step float64) int {
	for d := 0; d < 15; d++ {
		x := step * math.Pow(10, float64(d))
		if math.Abs(x-math.Round(x)) < 1e-6*x {
			return d
		}
	}
	return 15
}
