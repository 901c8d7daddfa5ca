package ui

import (
	"math"
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

// TestPlayback: space plays to the last frame and stops there, showing the
// rate achieved; each frame is scored once, ahead of its step, and at most
// aheadDepth frames wait ahead of the one shown.
func TestPlayback(t *testing.T) {
	eng := newFakeEngine()
	h := newHarness(t, eng)
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
	// Frame 1 was scored whole ahead of the first step, before playing.
	for n := 2; n < h.i.frames; n++ {
		if got := eng.partCount(n); got != 1 {
			t.Errorf("frame %d scored in part %d times while playing, want 1", n, got)
		}
	}
	if got := len(h.i.ahead.entries); got > aheadDepth+1 {
		t.Errorf("%d frames held ahead, want at most %d", got, aheadDepth+1)
	}
	// Space again starts over from the first frame; Esc stops.
	h.key(fyne.KeySpace)
	h.key(fyne.KeyEscape)
	if h.i.play.on {
		t.Error("Esc did not stop playback")
	}
}

// TestPlaySchedule: frames are due an interval apart on one schedule; a
// late frame brings the next ones closer, never closer than half an
// interval, and one later than maxLag starts the schedule again.
func TestPlaySchedule(t *testing.T) {
	const iv = 40 * time.Millisecond
	t0 := time.Unix(1000, 0)
	at := func(ms int) time.Time { return t0.Add(time.Duration(ms) * time.Millisecond) }
	for _, c := range []struct {
		name       string
		due, now   time.Time
		next, show time.Time
	}{
		{"first", time.Time{}, at(5), at(45), at(45)},
		{"on time", at(0), at(0), at(40), at(40)},
		{"early", at(0), at(-3), at(40), at(40)},
		{"a little late", at(0), at(10), at(40), at(40)},
		{"late: half an interval at least", at(0), at(30), at(40), at(50)},
		{"behind by a hiccup", at(0), at(100), at(40), at(120)},
		{"at maxLag", at(0), at(250), at(40), at(270)},
		{"past maxLag: starts again", at(0), at(251), at(291), at(291)},
	} {
		next, show := nextDue(c.due, c.now, iv)
		if !next.Equal(c.next) || !show.Equal(c.show) {
			t.Errorf("%s: due %v shown at %v, want %v at %v", c.name, next.Sub(t0), show.Sub(t0), c.next.Sub(t0), c.show.Sub(t0))
		}
	}
	// A 100 ms hiccup in a 25 fps run costs no frames: shown as soon as
	// due (and scored in 5 ms), 50 frames take 49 intervals.
	var due, now time.Time
	now = t0
	for k := 0; k < 50; k++ {
		if k == 10 {
			now = now.Add(100 * time.Millisecond)
		}
		var show time.Time
		due, show = nextDue(due, now, iv)
		now = show.Add(5 * time.Millisecond)
	}
	if got, want := now.Sub(t0), 50*iv+5*time.Millisecond; got != want {
		t.Errorf("50 frames with a hiccup took %v, want %v", got, want)
	}
	// The rate shown is the last second's.
	var p player
	for k := 0; k <= 50; k++ {
		fps, ok := p.rate(at(k * 20))
		if k == 0 && ok {
			t.Errorf("a rate from one frame: %v", fps)
		}
		if k == 50 && math.Abs(fps-50) > 1e-9 {
			t.Errorf("rate %v over frames 20 ms apart, want 50", fps)
		}
	}
	if len(p.recent) > 51 {
		t.Errorf("%d frames kept", len(p.recent))
	}
}

// TestLookAhead: once a frame is shown (and left alone for lookAheadDelay)
// the next one in the direction of travel is scored in the background, and
// a step onto it shows that result instead of scoring the frame again.
func TestLookAhead(t *testing.T) {
	eng := newFakeEngine()
	h := newHarness(t, eng)
	lookAheadDelay = 40 * time.Millisecond // the harness's wait covers the delay
	h.open()
	want := func(n, times int) {
		t.Helper()
		if got := eng.scoredCount(n); got != times {
			t.Errorf("frame %d scored %d times, want %d", n, got, times)
		}
	}
	want(1, 1) // ahead of frame 0
	for n := 1; n <= 2; n++ {
		h.key(fyne.KeyRight)
		if h.i.res == nil || h.i.res.Frame != n {
			t.Fatalf("frame %d not shown", n)
		}
		want(n, 1)   // taken from the look-ahead
		want(n+1, 1) // the next one, ahead
	}
	// Back: frame 1 is scored again, then frame 0 ahead of it, which the
	// next step back takes.
	h.key(fyne.KeyLeft)
	want(1, 2)
	before := eng.scoredCount(0)
	h.key(fyne.KeyLeft)
	if h.i.res.Frame != 0 {
		t.Fatalf("frame %d shown, want 0", h.i.res.Frame)
	}
	want(0, before)
	// A jump lands where nothing was scored ahead; the look-ahead is not
	// shown in its place.
	h.key(fyne.KeyEnd)
	if last := h.i.frames - 1; h.i.res.Frame != last || h.i.cur != last {
		t.Fatalf("frame %d shown after End, want %d", h.i.res.Frame, last)
	}
}
