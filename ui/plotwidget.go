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

// plotView draws a gonum plot at the widget's pixel size. A tap reports the
// data X under the pointer, which is how a score plot jumps to a frame.
type plotView struct {
	widget.BaseWidget
	raster *canvas.Raster
	build  func() *plot.Plot // nil: nothing to plot
	onTap  func(x float64)
	// onHover reports the data X under the pointer; ok false when the
	// pointer left the plot.
	onHover func(x float64, ok bool)
	// The data X range in device pixels of the last drawing, for taps.
	px0, px1, x0, x1 float64
	min              fyne.Size
}

func newPlotView(build func() *plot.Plot, min fyne.Size) *plotView {
	v := &plotView{build: build, min: min}
	v.raster = canvas.NewRaster(v.render)
	v.ExtendBaseWidget(v)
	return v
}

func (v *plotView) CreateRenderer() fyne.WidgetRenderer { return widget.NewSimpleRenderer(v.raster) }
func (v *plotView) MinSize() fyne.Size                  { return v.min }

func (v *plotView) render(w, h int) image.Image {
	var p *plot.Plot
	if v.build != nil {
		p = v.build()
	}
	if p == nil || w < 20 || h < 20 {
		img := image.NewNRGBA(image.Rect(0, 0, max(w, 1), max(h, 1)))
		return img
	}
	c := vgimg.NewWith(vgimg.UseWH(vg.Length(w)*vg.Inch/plotDPI, vg.Length(h)*vg.Inch/plotDPI), vgimg.UseDPI(plotDPI))
	dc := drawPlot(draw.New(c), p)
	// Remember where the X axis lies, to turn taps into data X.
	da := p.DataCanvas(dc)
	tx, _ := p.Transforms(&da)
	toPx := func(l vg.Length) float64 { return float64(l) * plotDPI / vg.Inch.Points() }
	v.x0, v.x1 = p.X.Min, p.X.Max
	v.px0, v.px1 = toPx(tx(p.X.Min)), toPx(tx(p.X.Max))
	return c.Image()
}

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

// drawPlot draws p with its legend in a column of its own at the right,
// where it cannot cover data, and returns the canvas the plot itself took.
func drawPlot(dc draw.Canvas, p *plot.Plot) draw.Canvas {
	// The legend's column is outside the plot's canvas: paint the whole
	// background first, or it stays transparent.
	if p.BackgroundColor != nil {
		dc.SetColor(p.BackgroundColor)
		dc.Fill(dc.Rectangle.Path())
	}
	leg := p.Legend
	r := leg.Rectangle(dc)
	lw := r.Max.X - r.Min.X
	full := dc.Max.X - dc.Min.X
	if lw <= 0 || lw > full/2 {
		// No legend, or one too wide to stand beside the plot: gonum's.
		p.Draw(dc)
		return dc
	}
	pad := vg.Points(6)
	pc := draw.Crop(dc, 0, -(lw + 2*pad), 0, 0)
	p.Legend = plot.NewLegend()
	p.Draw(pc)
	p.Legend = leg
	lc := draw.Crop(dc, full-lw-pad, 0, 0, 0)
	leg.Top, leg.Left = true, true
	leg.YOffs = -p.Title.TextStyle.Height(p.Title.Text) - vg.Points(8)
	leg.Draw(lc)
	return pc
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
// of ten, four to eight of them) and label each with exactly the decimals the
// step needs, so that a label never rounds its gridline to another value:
// 0.875 is "0.875", never "0.88".
type roundTicks struct{}

func (roundTicks) Ticks(lo, hi float64) []plot.Tick {
	if !(hi > lo) || math.IsInf(hi-lo, 0) {
		return []plot.Tick{{Value: lo, Label: strconv.FormatFloat(lo, 'g', -1, 64)}}
	}
	step := tickStep((hi - lo) / 7)
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
