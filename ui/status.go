package ui

import (
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// statusLine is the window's last row: one line of status text (what the
// pointer is over, the frame's summary, what just happened), the zoom and
// the last frame's scoring time.
type statusLine struct {
	status    *widget.Label
	statusBar *fyne.Container
	timing    *widget.Label
	zoomLabel *widget.Label
}

// newStatusLine builds the bar. It is opaque down to the window's edge:
// whatever the views draw past their own bottom never shows under or below
// the status line. Fyne's software painter (tests, screenshots without a
// GPU) clips a scroll nested in a scroll to the inner one alone, so the
// sidebar's option fields below its fold would be drawn there.
func newStatusLine() statusLine {
	s := statusLine{status: widget.NewLabel("Open a clip to start."), timing: widget.NewLabel(""), zoomLabel: widget.NewLabel("zoom fit")}
	s.status.Truncation = fyne.TextTruncateEllipsis
	s.statusBar = container.NewStack(newThemedBackground(),
		container.NewBorder(nil, nil, nil, container.NewHBox(s.zoomLabel, s.timing), s.status))
	return s
}

// setZoom and setTiming change the right-hand labels; the bar is laid out
// again, as a label may have grown.
func (s *statusLine) setZoom(text string) {
	s.zoomLabel.SetText(text)
	s.statusBar.Refresh()
}

func (s *statusLine) setTiming(text string) {
	s.timing.SetText(text)
	s.statusBar.Refresh()
}

// The status line is one line: a message's line breaks become spaces, and
// what does not fit is cut with an ellipsis (the label truncates).
func (s *statusLine) setStatus(text string) { s.status.SetText(oneLine(text)) }

// oneLine replaces line breaks (and tabs) by spaces.
func oneLine(s string) string {
	return strings.NewReplacer("\r\n", " ", "\n", " ", "\r", " ", "\t", " ").Replace(s)
}

// themedBackground fills its space with the theme's background colour,
// following theme changes, and the window's padding beside and below it
// (the status bar is the window's last row).
type themedBackground struct{ widget.BaseWidget }

func newThemedBackground() *themedBackground {
	b := &themedBackground{}
	b.ExtendBaseWidget(b)
	return b
}
func (b *themedBackground) CreateRenderer() fyne.WidgetRenderer {
	return &themedBackgroundRenderer{r: canvas.NewRectangle(theme.Color(theme.ColorNameBackground))}
}

type themedBackgroundRenderer struct{ r *canvas.Rectangle }

func (t *themedBackgroundRenderer) Layout(s fyne.Size) {
	pad := theme.Padding()
	t.r.Move(fyne.NewPos(-pad, 0))
	t.r.Resize(fyne.NewSize(s.Width+2*pad, s.Height+pad))
}
func (t *themedBackgroundRenderer) MinSize() fyne.Size           { return fyne.Size{} }
func (t *themedBackgroundRenderer) Objects() []fyne.CanvasObject { return []fyne.CanvasObject{t.r} }
func (t *themedBackgroundRenderer) Destroy()                     {}
func (t *themedBackgroundRenderer) Refresh() {
	t.r.FillColor = theme.Color(theme.ColorNameBackground)
	t.r.Refresh()
}
