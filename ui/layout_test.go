package ui

import (
	"fmt"
	"image/color"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// TestFitsSmallScreen: every view, in compare mode too, with a long
// backend name and differing backends, fits a 1280x720 screen (the
// window's minimum size is its content's).
func TestFitsSmallScreen(t *testing.T) {
	eng := newFakeEngine()
	eng.gpuName = "Vulkan — llvmpipe (LLVM 17.0.6, 256 bits), lavapipe 24.2.8 software rasterizer"
	h := newHarness(t, eng)
	h.open()
	check := func(mode string) {
		for k := range h.i.tabs.Items {
			h.do(func() { h.i.tabs.SelectIndex(k) })
			min := h.w.Content().MinSize()
			if min.Width > 1280 || min.Height > 720-40 {
				t.Errorf("%s, view %d: minimum size %v does not fit 1280x720", mode, k, min)
				for _, o := range []fyne.CanvasObject{h.i.split.Leading, h.i.frameView.content, h.i.cambiView.content, h.i.admView.content, h.i.compareView.content, h.i.scoresView.content} {
					t.Logf("  %T %v", o, o.MinSize())
				}
			}
		}
	}
	// Each view also fits beside the sidebar without scrolling sideways.
	views := func(mode string) {
		room := 1280 - h.i.split.Leading.MinSize().Width - 20
		for k, c := range []fyne.CanvasObject{h.i.frameView.content, h.i.cambiView.content, h.i.admView.content, h.i.compareView.content, h.i.scoresView.content} {
			if w := c.MinSize().Width; w > room {
				t.Errorf("%s, view %d: %v wide, %v beside the sidebar at 1280 px", mode, k, w, room)
			}
		}
	}
	check("single")
	views("single")
	h.shortcut(fyne.KeyK, fyne.KeyModifierShortcutDefault)
	h.eng.differ.Store(true)
	h.do(h.i.reopen)
	h.do(func() { h.i.scoresView.runClip() })
	check("compare")
	views("compare")
	h.eng.differ.Store(false)
	h.do(h.i.reopen)
	views("compare, identical")
}

// TestFocusReturns: after a drop-down or an option field is used, the
// window has the keyboard again (arrows step frames, Ctrl+1..5 switch).
func TestFocusReturns(t *testing.T) {
	h := newHarness(t, nil)
	h.open()
	c := h.w.Canvas()
	for _, s := range []*keySelect{h.i.bar.backendSel, h.i.frameView.scale, h.i.admView.kind} {
		h.do(func() { test.Tap(s) })
		if f := c.Focused(); f != nil {
			t.Errorf("%T keeps the focus after a tap", f)
		}
		h.do(func() { c.Overlays().Remove(c.Overlays().Top()) })
	}
	// An option field: submitting gives the focus back.
	var e *widget.Entry
	for _, o := range h.i.optsForm.content.(*fyne.Container).Objects[0].(*fyne.Container).Objects {
		if en, ok := o.(*fyne.Container).Objects[0].(*fyne.Container).Objects[1].(*widget.Entry); ok {
			e = en
			break
		}
	}
	if e == nil {
		t.Fatal("no option entry")
	}
	h.do(func() { c.Focus(e); e.SetText("1000"); test.Type(e, "\n") })
	h.do(func() { e.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn}) })
	if f := c.Focused(); f != nil {
		t.Errorf("%T keeps the focus after Enter", f)
	}
}

// openSynthRuns opens the banded pair (openSynth) and compares it with a
// coarser encode of the same reference (steps of 16).
func (h *harness) openSynthRuns(frames int) {
	t := h.t
	t.Helper()
	h.openSynth(frames)
	dir := t.TempDir()
	_, dist := bandedPair(t, dir, frames)
	b, err := os.ReadFile(dist)
	if err != nil {
		t.Fatal(err)
	}
	for k := range b {
		b[k] &^= 15 // coarser steps: another encode of the same reference
	}
	dist2 := filepath.Join(dir, "coarse_320x240_8b420.yuv")
	if err := os.WriteFile(dist2, b, 0o644); err != nil {
		t.Fatal(err)
	}
	h.do(func() { h.i.bar.compareWith(dist2) })
	if !h.i.runsMode() || h.i.cmpRes == nil {
		t.Fatalf("runs mode %v, run B %v (status %q)", h.i.runsMode(), h.i.cmpRes != nil, h.i.status.Text)
	}
}

// TestStatusLineFits: at 1280x720, in compare mode with two encodes and
// both VMAF models picked (the longest status line: both runs' CAMBI, ADM
// and each model's score), the status line is one line inside the window,
// its text within its label (cut with an ellipsis when the label is too
// narrow), and nothing of the views above shows under it (the sidebar's
// option fields past its bottom once showed as a lone "0" there).
func TestStatusLineFits(t *testing.T) {
	h := newModelHarness(t, nil, testModels)
	h.openSynthRuns(2)
	h.w.Resize(fyne.NewSize(1280, 720))
	h.do(func() { h.i.gotoFrame(1) })
	if !h.i.runsMode() || h.i.cmpRes == nil || len(h.i.res.VMAF) != 2 {
		t.Fatalf("runs mode %v, run B %v, models %d (status %q)", h.i.runsMode(), h.i.cmpRes != nil, len(h.i.res.VMAF), h.i.status.Text)
	}
	if s := h.i.status.Text; !strings.Contains(s, "(B ") || !strings.Contains(s, "vmaf_v1.0.16_3d0h ") {
		t.Fatalf("status %q", s)
	}
	fits := func(what string) {
		t.Helper()
		size := h.w.Canvas().Size()
		bar := h.i.statusBar
		barPos := fyne.CurrentApp().Driver().AbsolutePositionForObject(bar)
		if barPos.Y+bar.Size().Height > size.Height+0.5 || barPos.Y < 0 {
			t.Errorf("%s: status bar at %v, %v high, in a %v window", what, barPos, bar.Size().Height, size)
		}
		var rows []*canvas.Text
		for _, o := range test.WidgetRenderer(test.WidgetRenderer(h.i.status).Objects()[0].(fyne.Widget)).Objects() {
			if tx, ok := o.(*canvas.Text); ok && tx.Text != "" {
				rows = append(rows, tx)
			}
		}
		if len(rows) != 1 {
			t.Fatalf("%s: status in %d rows", what, len(rows))
		}
		r := rows[0]
		if r.Position().X+r.Size().Width > h.i.status.Size().Width+0.5 || r.Position().Y+r.Size().Height > h.i.status.Size().Height+0.5 {
			t.Errorf("%s: text %q at %v, %v in a label %v", what, r.Text, r.Position(), r.Size(), h.i.status.Size())
		}
		if full := fyne.MeasureText(h.i.status.Text, theme.TextSize(), fyne.TextStyle{}); full.Width > h.i.status.Size().Width && !strings.HasSuffix(r.Text, "…") {
			t.Errorf("%s: %q does not fit and is not cut with an ellipsis (%q)", what, h.i.status.Text, r.Text)
		}
		// Under the text row, the bar shows its own background alone.
		img := h.w.Canvas().Capture()
		sc := float32(img.Bounds().Dx()) / size.Width
		bg := color.NRGBAModel.Convert(theme.Color(theme.ColorNameBackground)).(color.NRGBA)
		textPos := fyne.CurrentApp().Driver().AbsolutePositionForObject(h.i.status).Add(r.Position())
		// Below the text's descenders, down to the window's edge.
		y0 := int((textPos.Y+r.Size().Height)*sc) + 5
		y1 := img.Bounds().Dy()
		for y := y0; y < y1; y++ {
			for x := 0; x < int(h.i.status.Size().Width*sc); x++ {
				if c := color.NRGBAModel.Convert(img.At(x, y)).(color.NRGBA); c != bg {
					t.Fatalf("%s: pixel (%d, %d) under the status text is %v, not the background %v (bar %v %v, text %v %v, canvas %v)", what, x, y, c, bg, barPos, bar.Size(), textPos, r.Size(), size)
				}
			}
		}
	}
	fits("compare runs, two models")
	// The sidebar scrolled to any offset: its fields below the fold never
	// show under the status line.
	side := h.i.split.Leading.(*wheelScroll)
	for off := float32(0); off < 250; off += 10 {
		h.do(func() { side.Offset.Y = off; side.Refresh() })
		fits(fmt.Sprintf("sidebar scrolled by %v", off))
	}
	// A message with line breaks, longer than the window: one line, cut.
	h.do(func() {
		h.i.setStatus("first line\nsecond line " + strings.Repeat("and a very long message ", 20))
	})
	fits("a long message")
	if strings.Contains(h.i.status.Text, "\n") {
		t.Errorf("status %q keeps a line break", h.i.status.Text)
	}
}
