package ui

import (
	"image"
	"image/color"
	"math"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/widget"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
)

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
	dc := draw.New(c)
	p.Draw(dc)
	// Remember where the X axis lies, to turn taps into data X.
	da := p.DataCanvas(dc)
	tx, _ := p.Transforms(&da)
	toPx := func(l vg.Length) float64 { return float64(l) * plotDPI / vg.Inch.Points() }
	v.x0, v.x1 = p.X.Min, p.X.Max
	v.px0, v.px1 = toPx(tx(p.X.Min)), toPx(tx(p.X.Max))
	return c.Image()
}

// Tapped reports the data X under the pointer.
func (v *plotView) Tapped(e *fyne.PointEvent) {
	if v.onTap == nil || v.px1 == v.px0 {
		return
	}
	s := float32(1)
	if c := fyne.CurrentApp().Driver().CanvasForObject(v); c != nil {
		s = c.Scale()
	}
	px := float64(e.Position.X * s)
	x := v.x0 + (px-v.px0)/(v.px1-v.px0)*(v.x1-v.x0)
	if math.IsNaN(x) {
		return
	}
	v.onTap(x)
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
