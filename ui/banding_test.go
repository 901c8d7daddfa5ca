package ui

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"

	"github.com/bandscope/bandscope/engine/regions"
)

// findBanding opens the fixture, finds its banding events (Ctrl+G) and
// shows the Scores view's plots, where the timeline is.
func findBanding(t *testing.T, h *harness) *regions.Report {
	t.Helper()
	h.do(func() { h.i.tabs.SelectIndex(4) })
	h.shortcut(fyne.KeyG, fyne.KeyModifierShortcutDefault)
	r := h.i.banding.report(0)
	if r == nil {
		t.Fatalf("no events after Ctrl+G (progress %q, status %q)", h.i.banding.progress.Text, h.i.status.Text)
	}
	if len(r.Events) == 0 {
		t.Fatal("the fixture bands on every frame: want events")
	}
	return r
}

// TestBandingTimeline: Ctrl+G finds the fixture's banding events; the
// timeline has a bar per event and a click on one shows its worst frame;
// [ and ] step between events; the frame view outlines the frame's
// regions; the table lists and sorts them; the exports are the CLI's JSON
// and mask.
func TestBandingTimeline(t *testing.T) {
	h := newHarness(t, nil)
	h.open()
	i, v := h.i, h.i.banding
	r := findBanding(t, h)
	if v.hint.Text != "" || !strings.Contains(v.progress.Text, "events in 6 frames") || !v.bar.Visible() {
		t.Errorf("hint %q, progress %q", v.hint.Text, v.progress.Text)
	}
	bars := v.timeline.bars(v.timeline.Size().Width)
	if len(bars) != len(r.Events) || v.timeline.Size().Width <= 0 {
		t.Fatalf("%d bars for %d events, timeline %v", len(bars), len(r.Events), v.timeline.Size())
	}
	b := bars[0]
	h.do(func() { i.gotoFrame(0) })
	h.do(func() {
		v.timeline.Tapped(&fyne.PointEvent{Position: fyne.NewPos((b.x0+b.x1)/2, b.y0+laneHeight/2)})
	})
	if i.cur != b.e.WorstFrame() || !strings.Contains(i.status.Text, "Banding event #") {
		t.Errorf("after a click on event %d: frame %d, want %d (status %q)", b.e.ID, i.cur, b.e.WorstFrame(), i.status.Text)
	}
	// The outlines of the frame's regions, with their ids.
	if out := i.frameView.pane.outlines; len(out) == 0 || out[0].label == "" {
		t.Errorf("frame %d: outlines %+v", i.cur, out)
	}
	h.do(func() { v.outline.SetChecked(false) })
	if len(i.frameView.pane.outlines) != 0 {
		t.Error("outlines drawn with the check box off")
	}
	h.do(func() { v.outline.SetChecked(true) })
	// Stepping: from before the first worst frame to it, and back.
	first := r.Events[0].WorstFrame()
	for _, e := range r.Events {
		first = min(first, e.WorstFrame())
	}
	if first > 0 {
		h.do(func() { i.gotoFrame(0) })
		h.rune(']')
		if i.cur != first {
			t.Errorf("] from frame 0: frame %d, want %d", i.cur, first)
		}
		h.rune('[')
		if i.cur != first || !strings.Contains(i.status.Text, "No banding event further") {
			t.Errorf("[ from the first event: frame %d, status %q", i.cur, i.status.Text)
		}
	}
	// The table: a row per event, sorted by a header click, both ways.
	p := v.panels[0]
	if len(p.rows) != len(r.Events) || p.columns() != otherColumn {
		t.Fatalf("%d rows, %d columns", len(p.rows), p.columns())
	}
	h.do(func() { p.sortColumn(2) })
	for k := 1; k < len(p.rows); k++ {
		if p.rows[k].e.Length() < p.rows[k-1].e.Length() {
			t.Error("sorted by length: not in order")
		}
	}
	h.do(func() { p.sortColumn(2) })
	for k := 1; k < len(p.rows); k++ {
		if p.rows[k].e.Length() > p.rows[k-1].e.Length() {
			t.Error("sorted by length again: not the other way")
		}
	}
	if got := p.cell(0, 1); !strings.Contains(got, "-") {
		t.Errorf("frames cell %q", got)
	}
	// The exports: the report's JSON and mask, as the CLI writes them.
	dir := t.TempDir()
	var want bytes.Buffer
	r.WriteJSON(&want)
	if err := v.export(filepath.Join(dir, "ev.json"), 0, false); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(filepath.Join(dir, "ev.json")); !bytes.Equal(got, want.Bytes()) {
		t.Error("the exported JSON is not the report's")
	}
	if err := v.export(filepath.Join(dir, "mask.y4m"), 0, true); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(filepath.Join(dir, "mask.y4m")); !bytes.HasPrefix(got, []byte("YUV4MPEG2 W320 H240 ")) || len(got) < 6*(320*240+6) {
		t.Errorf("mask of %d bytes", len(got))
	}
	// New CAMBI options make the events stale.
	h.do(func() {
		i.cambiOpts.Set("window_size", "35")
		i.optionsChanged("cambi", "window_size")
	})
	if v.report(0) != nil || !strings.Contains(v.progress.Text, "changed") || v.bar.Visible() {
		t.Errorf("after new options: report %v, progress %q, timeline shown %v", v.report(0) != nil, v.progress.Text, v.bar.Visible())
	}
}

// TestBandingRuns: in A/B the events of both runs are found, side by side
// in two tables, each row naming its counterpart or that the other run
// has none, and a line says which events one run has and the other not.
func TestBandingRuns(t *testing.T) {
	h := openRuns(t, nil)
	v := h.i.banding
	findBanding(t, h)
	if v.report(1) == nil || !v.panels[1].content.Visible() || v.panels[1].columns() != len(eventColumns) {
		t.Fatal("no events for run B, or no table of them")
	}
	if !v.summary.Visible() || !strings.HasPrefix(v.summary.Text, "Run A has ") {
		t.Errorf("summary %q", v.summary.Text)
	}
	// Two runs whose events differ: one in both, one in each alone.
	a, b := v.runs[0].report, v.runs[1].report
	a.Events = []regions.Event{
		{ID: 1, FirstFrame: 0, LastFrame: 3, BBox: regions.Box{X: 0, Y: 0, W: 100, H: 100}},
		{ID: 2, FirstFrame: 4, LastFrame: 5, BBox: regions.Box{X: 200, Y: 100, W: 100, H: 100}},
	}
	b.Events = []regions.Event{
		{ID: 1, FirstFrame: 1, LastFrame: 3, BBox: regions.Box{X: 10, Y: 10, W: 100, H: 100}},
		{ID: 2, FirstFrame: 0, LastFrame: 1, BBox: regions.Box{X: 250, Y: 0, W: 50, H: 50}},
	}
	h.do(v.update)
	if want := "Run A has 2 banding events, run B 2; 1 in both. Only in A: #2 (frames 4-5). Only in B: #2 (frames 0-1)."; v.summary.Text != want {
		t.Errorf("summary %q, want %q", v.summary.Text, want)
	}
	others := func(p *eventsPanel) string {
		var s []string
		for k := range p.rows {
			s = append(s, p.cell(k, otherColumn))
		}
		return strings.Join(s, ", ")
	}
	if got := others(v.panels[0]); got != "B #1, only in A" {
		t.Errorf("run A's other-run column: %q", got)
	}
	if got := others(v.panels[1]); got != "A #1, only in B" {
		t.Errorf("run B's other-run column: %q", got)
	}
	if bars := v.timeline.bars(400); len(bars) != 4 || bars[2].y0 <= bars[0].y0 {
		t.Errorf("timeline: %d bars, run B's lanes under run A's: %v", len(bars), bars)
	}
}
