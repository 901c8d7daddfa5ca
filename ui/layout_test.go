package ui

import (
	"testing"

	"fyne.io/fyne/v2"
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
	check("single")
	h.shortcut(fyne.KeyK, fyne.KeyModifierShortcutDefault)
	h.eng.differ.Store(true)
	h.do(h.i.reopen)
	h.do(func() { h.i.runClip() })
	check("compare")
}
