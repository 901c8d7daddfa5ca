package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"
)

// keySelect is a drop-down that gives the keyboard back to the window
// once tapped: a focused widget.Select swallows the arrow keys and
// Ctrl+1..6, so after choosing a colour map or a backend the arrows would
// no longer step frames. The list still works with the mouse; the window's
// keys keep stepping frames and switching views.
type keySelect struct {
	widget.Select
	i *inspector
}

func newKeySelect(i *inspector, options []string, changed func(string)) *keySelect {
	s := &keySelect{i: i}
	s.Options = options
	s.OnChanged = changed
	s.PlaceHolder = "(select one)"
	s.ExtendBaseWidget(s)
	return s
}

// Tapped opens the list, then hands the focus back to the window.
func (s *keySelect) Tapped(e *fyne.PointEvent) {
	s.Select.Tapped(e)
	s.i.unfocus()
}

// keySlider is a slider that does not keep the focus after a drag or tap
// (a focused slider moves with the arrow keys instead of the frames).
type keySlider struct {
	widget.Slider
	i *inspector
}

func newKeySlider(i *inspector, lo, hi float64) *keySlider {
	s := &keySlider{i: i}
	s.Min, s.Max, s.Step = lo, hi, 1
	s.Orientation = widget.Horizontal
	s.ExtendBaseWidget(s)
	return s
}

func (s *keySlider) Tapped(e *fyne.PointEvent) {
	s.Slider.Tapped(e)
	s.i.unfocus()
}

func (s *keySlider) DragEnd() {
	s.Slider.DragEnd()
	s.i.unfocus()
}

// setText changes a label's text only when it differs: Fyne lays out and
// shapes a label's text on every SetText, and a frame step sets dozens of
// labels (table cells, titles) that mostly keep theirs.
func setText(l *widget.Label, s string) {
	if l.Text != s {
		l.SetText(s)
	}
}

// wheelScroll is a vertical scroll whose mouse wheel moves three notches'
// worth a notch: the sidebar is long (clip, models, two option forms), and
// a notch of Fyne's default moves it a fraction of a line.
type wheelScroll struct{ container.Scroll }

func newWheelScroll(content fyne.CanvasObject) *wheelScroll {
	s := &wheelScroll{}
	s.Direction = container.ScrollVerticalOnly
	s.Content = content
	s.ExtendBaseWidget(s)
	return s
}

// wheelStep multiplies a wheel notch.
const wheelStep = 3

func (s *wheelScroll) Scrolled(e *fyne.ScrollEvent) {
	ev := *e
	ev.Scrolled.DX *= wheelStep
	ev.Scrolled.DY *= wheelStep
	s.Scroll.Scrolled(&ev)
}
