package ui

import (
	"testing"
	"time"

	"fyne.io/fyne/v2"
)

// TestFrameModes: golden images of the wipe, side-by-side, difference and
// banding-boost displays.
func TestFrameModes(t *testing.T) {
	h := newHarness(t, nil)
	h.open()
	v := h.i.frameView
	for _, c := range []struct {
		name, mode string
		boost      int
	}{
		{"wipe", modeWipe, 0},
		{"side", modeSide, 0},
		{"diff", modeDiff, 0},
		{"boost", modeOverlay, 2},
	} {
		h.do(func() {
			v.boost.SetSelectedIndex(c.boost)
			v.overlay.SetChecked(c.boost == 0) // the boost shows best alone
			v.mode.SetSelected(c.mode)
		})
		assertGolden(t, "view_frame_"+c.name+".png", h.w.Canvas().Capture())
	}
	// Dragging the wipe's divider moves it.
	h.do(func() { v.mode.SetSelected(modeWipe) })
	p := v.pane
	sz := p.Size()
	start := fyne.NewPos(sz.Width/2, sz.Height/2)
	h.do(func() {
		p.Dragged(&fyne.DragEvent{PointEvent: fyne.PointEvent{Position: start.AddXY(40, 0)}, Dragged: fyne.NewDelta(40, 0)})
		p.DragEnd()
	})
	if v.wipeAt <= 0.5 {
		t.Errorf("divider at %v after a drag to the right", v.wipeAt)
	}
}

// TestBoostLuma: a one-code-value step becomes a gain-sized one.
func TestBoostLuma(t *testing.T) {
	h := newHarness(t, nil)
	h.open()
	pic := h.i.res.Dist
	m := boostLuma(pic, 2, 8)
	plain := lumaMap(pic)
	if m.W != plain.W || m.H != plain.H {
		t.Fatalf("size %dx%d", m.W, m.H)
	}
	// On a flat area the boost changes nothing.
	for k := 0; k < m.W*m.H; k++ {
		if v := m.At(k); v < 0 || v > 255 {
			t.Fatalf("sample %d out of range: %v", k, v)
		}
	}
}

// TestPlayback: space plays to the last frame and stops there, showing the
// rate achieved.
func TestPlayback(t *testing.T) {
	h := newHarness(t, nil)
	h.open()
	h.key(fyne.KeySpace)
	deadline := time.Now().Add(10 * time.Second)
	for {
		uiMu.Lock()
		on := h.i.play.on
		uiMu.Unlock()
		if !on || time.Now().After(deadline) {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	h.wait()
	if h.i.play.on || h.i.cur != h.i.frames-1 {
		t.Fatalf("playing %v at frame %d of %d", h.i.play.on, h.i.cur, h.i.frames)
	}
	if txt := h.i.frameView.fps.Text; txt == "" {
		t.Error("no rate shown")
	}
	// Space again starts over from the first frame; Esc stops.
	h.key(fyne.KeySpace)
	h.key(fyne.KeyEscape)
	if h.i.play.on {
		t.Error("Esc did not stop playback")
	}
}
