package ui

import (
	"fmt"
	"image"
	"image/color"
	"math"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"
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
