package ui

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
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
	h.do(func() { h.i.runClip() })
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
	for _, s := range []*keySelect{h.i.backendSel, h.i.frameView.scale, h.i.admView.kind} {
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
