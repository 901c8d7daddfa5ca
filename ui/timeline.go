package ui

import (
	"image"
	"image/color"
	"math"
	"sort"
	"strconv"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/bandscope/bandscope/engine/regions"
)

// timeline is the banding timeline under the Scores view's plots: one bar
// per event across its frames, coloured by severity (severityColour, the
// clip's most severe event darkest), in lanes so that events at the same
// time do not hide each other, run B's lanes under run A's; a line marks
// the current frame. A click on a bar shows the event's worst frame, a
// click elsewhere the frame under the pointer.
type timeline struct {
	widget.BaseWidget
	v      *bandingView
	raster *canvas.Raster
	lanes  int // lanes laid out at the last change, for MinSize
}

// Timeline geometry, in Fyne units.
const (
	laneHeight = 12
	laneGap    = 3
	groupGap   = 8
	maxLanes   = 8 // per run; further events share the last lane
)

func newTimeline(v *bandingView) *timeline {
	t := &timeline{v: v}
	t.raster = canvas.NewRaster(t.render)
	t.raster.ScaleMode = canvas.ImageScalePixels
	t.ExtendBaseWidget(t)
	return t
}

func (t *timeline) CreateRenderer() fyne.WidgetRenderer { return widget.NewSimpleRenderer(t.raster) }

func (t *timeline) MinSize() fyne.Size {
	return fyne.NewSize(120, float32(max(t.lanes, 1)*(laneHeight+laneGap)+groupGap))
}

// changed lays the bars out again after a search.
func (t *timeline) changed() {
	n := 0
	for k := 0; k < t.v.runCount(); k++ {
		if r := t.v.report(k); r != nil {
			n += laneCount(r)
		}
	}
	if n != t.lanes {
		t.lanes = n
		t.Refresh()
		if t.v.bar != nil {
			t.v.bar.Refresh()
		}
	}
	t.raster.Refresh()
}

// bar is an event's place on the timeline, in Fyne units.
type bar struct {
	e          *regions.Event
	x0, x1, y0 float32
	colour     color.NRGBA
}

// laneCount is how many lanes a report's events take.
func laneCount(r *regions.Report) int {
	n := 0
	for _, l := range assignLanes(r) {
		n = max(n, l+1)
	}
	return n
}

// assignLanes gives each event (in report order) a lane: the first lane
// free from its first frame on, events taken by first frame.
func assignLanes(r *regions.Report) []int {
	order := make([]int, len(r.Events))
	for k := range order {
		order[k] = k
	}
	sort.SliceStable(order, func(a, b int) bool { return r.Events[order[a]].FirstFrame < r.Events[order[b]].FirstFrame })
	lanes := make([]int, len(r.Events))
	var ends []int // per lane, the last frame taken
	for _, k := range order {
		e := &r.Events[k]
		lane := -1
		for l, end := range ends {
			if end < e.FirstFrame {
				lane = l
				break
			}
		}
		if lane < 0 {
			if len(ends) < maxLanes {
				ends = append(ends, 0)
				lane = len(ends) - 1
			} else {
				lane = maxLanes - 1
			}
		}
		ends[lane] = max(ends[lane], e.LastFrame)
		lanes[k] = lane
	}
	return lanes
}

// bars lays every run's events out in a w wide timeline.
func (t *timeline) bars(w float32) []bar {
	var out []bar
	y := float32(groupGap / 2)
	for k := 0; k < t.v.runCount(); k++ {
		r := t.v.report(k)
		if r == nil {
			continue
		}
		top := topSeverity(r)
		lanes := assignLanes(r)
		for j := range r.Events {
			e := &r.Events[j]
			out = append(out, bar{e: e, y0: y + float32(lanes[j]*(laneHeight+laneGap)),
				colour: severityColour(r.Severity(e) / top)})
		}
		y += float32(laneCount(r)*(laneHeight+laneGap)) + groupGap
	}
	a, b := t.axis(w)
	for k := range out {
		e := out[k].e
		out[k].x0 = a*(float32(e.FirstFrame)-0.5) + b
		out[k].x1 = max(a*(float32(e.LastFrame)+0.5)+b, out[k].x0+2)
	}
	return out
}

// axis maps frame f to x = a*f + b across a w wide timeline: the frame
// axis of the Scores view's plots above it, where they have drawn data,
// so that a bar spans its frames' points; else frame f's share of w (its
// centre at (f+0.5)/frames).
func (t *timeline) axis(w float32) (a, b float32) {
	frames := float32(t.frames())
	a, b = w/frames, w/frames/2
	sv := t.v.i.scoresView
	if sv == nil || sv.cambi == nil {
		return a, b
	}
	x0, ok0 := sv.cambi.unitX(0)
	x1, ok1 := sv.cambi.unitX(1)
	if !ok0 || !ok1 || x1 <= x0 {
		return a, b
	}
	d := fyne.CurrentApp().Driver()
	off := d.AbsolutePositionForObject(sv.cambi).X - d.AbsolutePositionForObject(t).X
	return x1 - x0, x0 + off
}

// frames is the clip's length as the timeline spans it.
func (t *timeline) frames() int {
	n := max(t.v.i.frames, 1)
	for k := 0; k < t.v.runCount(); k++ {
		if r := t.v.report(k); r != nil {
			n = max(n, r.Frames)
		}
	}
	return n
}

// frameAt is the frame under x in a w wide timeline.
func (t *timeline) frameAt(x, w float32) int {
	a, b := t.axis(w)
	f := int(math.Floor(float64((x-b)/a) + 0.5))
	return min(max(f, 0), t.frames()-1)
}

func (t *timeline) render(wpx, hpx int) image.Image {
	img := image.NewNRGBA(image.Rect(0, 0, wpx, hpx))
	size := t.Size()
	if size.Width <= 0 {
		return img
	}
	s := float32(wpx) / size.Width
	for _, b := range t.bars(size.Width) {
		x0, x1 := int(b.x0*s), int(math.Ceil(float64(b.x1*s)))
		y0, y1 := int(b.y0*s), int((b.y0+laneHeight)*s)
		fillRect(img, x0, y0, x1, y1, b.colour)
		label := strconv.Itoa(b.e.ID)
		gs := max(1, int(math.Round(float64(s)*2))) // glyphs 10 units tall in a 12-unit bar
		// A bar that starts left of the timeline (the plots' axis begins
		// under the timeline's title) is labelled where it shows.
		if lx := max(x0, 0); x1-lx > labelWidth(label, gs)+4 {
			drawLabel(img, lx+2, y0+(y1-y0-glyphH*gs)/2, label, gs, textOn(b.colour))
		}
	}
	if frames := t.frames(); t.v.report(0) != nil && t.v.i.cur < frames {
		ax, bx := t.axis(size.Width)
		x := int((ax*float32(t.v.i.cur) + bx) * s)
		c := theme.Color(theme.ColorNameForeground)
		r, g, b, _ := c.RGBA()
		fillRect(img, x, 0, x+max(1, int(s)), hpx, color.NRGBA{uint8(r >> 8), uint8(g >> 8), uint8(b >> 8), 0xff})
	}
	return img
}

// Tapped shows the tapped event's worst frame, or the frame under the
// pointer.
func (t *timeline) Tapped(e *fyne.PointEvent) {
	w := t.Size().Width
	for _, b := range t.bars(w) {
		if e.Position.X >= b.x0-1 && e.Position.X <= b.x1+1 && e.Position.Y >= b.y0 && e.Position.Y <= b.y0+laneHeight {
			t.v.goTo(b.e)
			return
		}
	}
	if t.v.i.frames > 0 {
		t.v.i.gotoFrame(t.frameAt(e.Position.X, w))
	}
}

// severityColour runs from a pale yellow (mild, 0) to a deep red (the
// clip's most severe event, 1).
func severityColour(x float64) color.NRGBA {
	x = math.Min(math.Max(x, 0), 1)
	lerp := func(a, b uint8) uint8 { return uint8(float64(a) + (float64(b)-float64(a))*x + 0.5) }
	return color.NRGBA{lerp(0xff, 0xa0), lerp(0xe0, 0x10), lerp(0x80, 0x20), 0xff}
}

// textOn is black or white, whichever reads on c.
func textOn(c color.NRGBA) color.NRGBA {
	if int(c.R)*299+int(c.G)*587+int(c.B)*114 > 140000 {
		return color.NRGBA{0, 0, 0, 0xff}
	}
	return color.NRGBA{0xff, 0xff, 0xff, 0xff}
}

func fillRect(img *image.NRGBA, x0, y0, x1, y1 int, c color.NRGBA) {
	r := image.Rect(x0, y0, x1, y1).Intersect(img.Rect)
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			img.SetNRGBA(x, y, c)
		}
	}
}
