package ui

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"gonum.org/v1/plot/plotter"

	"github.com/bandscope/bandscope/engine"
	"github.com/bandscope/bandscope/engine/clip"
	"github.com/bandscope/bandscope/engine/summary"
)

// TestRunBNamedOnVMAFPlots: with two encodes compared and models picked,
// the VMAF plots name each run as every other plot does ("A ...", "B
// ..."), never a backend, in the legend, the hover line and the export.
func TestRunBNamedOnVMAFPlots(t *testing.T) {
	h := newModelHarness(t, nil, testModels)
	h.openSynthRuns(2)
	h.do(h.i.scoresView.runClip)
	if h.i.scores[1] == nil {
		t.Fatalf("run B not scored: %s", h.i.status.Text)
	}
	for k := range h.i.models {
		vs, others, _ := h.i.vmafPlots.seriesFor(k)
		names := []string{vs.Score.Name}
		for _, o := range others {
			names = append(names, o.Name)
		}
		joined := strings.Join(names, " | ")
		if strings.Contains(joined, "cpu") || strings.Contains(joined, "gpu") ||
			!strings.Contains(joined, h.i.runName(0)) || !strings.Contains(joined, h.i.runName(1)) {
			t.Errorf("model %d's curves: %s", k, joined)
		}
		h.do(func() { h.i.vmafPlots.hover(k, 1, true) })
		if s := h.i.status.Text; !strings.Contains(s, "B coarse_320x240_8b420") || strings.Contains(s, "cpu:") {
			t.Errorf("hover: %q", s)
		}
	}
}

// TestSignedCosts: a negative cost (the input better than on a perfect
// copy) is drawn below zero, not dropped, and widens the axis down.
func TestSignedCosts(t *testing.T) {
	vs := summary.ModelCurves{Model: "m", Score: summary.Series{Name: "m", Values: []float64{80, 82, 81}},
		Costs: []summary.Series{{Name: "adm2", Values: []float64{12, 10, 11}}, {Name: "cambi", Values: []float64{-1.7, -2, 0.5}}}}
	p := vmafPlot(vs, nil, -1, false)
	if p.Y.Min > -2 {
		t.Errorf("axis from %v: the negative costs are cut off", p.Y.Min)
	}
	below := false
	for _, e := range p.legend {
		if e.name == "cambi" {
			below = true
		}
	}
	if !below {
		t.Error("the negative cost has no legend entry")
	}
	lo, hi := stackCosts(newFigure(), vs.Costs, 3)
	if lo != -2 || hi != 12 {
		t.Errorf("stack from %v to %v, want -2 to 12 (positives up, negatives down)", lo, hi)
	}
	var polys int
	q := newFigure()
	stackCosts(q, vs.Costs, 3)
	for _, e := range q.legend {
		for _, th := range e.thumbs {
			if _, ok := th.(*plotter.Polygon); ok {
				polys++
			}
		}
	}
	if polys != 2 {
		t.Errorf("%d legend entries with a band, want one per input", polys)
	}
}

// TestRenditionDescribed: a 960x540 rendition scored against its 1920x1080
// source says so in the clip panel, the status line and the exports'
// captions: its own size, the bicubic upscale, CAMBI at its size.
func TestRenditionDescribed(t *testing.T) {
	eng := newFakeEngine()
	h := newHarness(t, eng)
	h.open()
	h.do(func() {
		h.i.distInfo.Scaled = &clip.Scaling{Width: 960, Height: 540, Scaler: "bicubic", Filter: clip.ScaleFilter(320, 240)}
		h.i.clipPanel.update()
		h.i.showFrame()
	})
	if got := h.i.clipPanel.facts[1].Text; !strings.HasPrefix(strings.TrimSpace(got), "960x540") {
		t.Errorf("facts %q", got)
	}
	want := "960x540, upscaled with ffmpeg bicubic (scale=320:240:flags=bicubic) to 320x240; CAMBI at 960x540"
	if got := h.i.clipPanel.note.Text; !strings.Contains(got, want) || h.i.clipPanel.note.Hidden {
		t.Errorf("panel note %q, want %q", got, want)
	}
	if got := h.i.status.Text; !strings.Contains(got, "960x540 upscaled to 320x240 (bicubic), CAMBI at 960x540") {
		t.Errorf("status %q", got)
	}
	if got := strings.Join(h.i.exportCaption(0).lines(h.i.res, "luma"), "\n"); !strings.Contains(got, want) {
		t.Errorf("caption %q", got)
	}
}

// TestRenditionAsRunB: run B a rendition, whose CAMBI maps are smaller
// than run A's, is compared on the finer grid, not refused with empty
// panes.
func TestRenditionAsRunB(t *testing.T) {
	h := openRuns(t, nil)
	h.do(func() {
		// Run B's c-values at half the size, as a rendition's at its
		// encode size.
		b := *h.i.cmpRes
		c := *engineCAMBI(b.Features)
		for s := range c.Dist.Scales {
			sc := &c.Dist.Scales[s]
			w, hh := max(sc.Width/2, 1), max(sc.Height/2, 1)
			sc.CValues, sc.Width, sc.Height = sc.CValues[:w*hh], w, hh
		}
		b.Features = []engine.FeatureResult{{Feature: "cambi", Result: &c}}
		h.i.cmpRes = &b
		h.i.runsView.update()
	})
	v := h.i.runsView
	if v.panes[0].base == nil || v.panes[1].base == nil || (v.panes[2].base == nil && v.noDiff[0].Hidden) {
		t.Errorf("panes empty: %v %v %v", v.panes[0].base, v.panes[1].base, v.panes[2].base)
	}
	if s := v.stats.Text; !strings.Contains(s, "compared on the finer grid") || strings.Contains(s, "sizes differ") {
		t.Errorf("stats %q", s)
	}
}

// engineCAMBI is the CAMBI result among features.
func engineCAMBI(fs []engine.FeatureResult) *engine.CAMBIResult {
	for _, f := range fs {
		if c, ok := f.Result.(*engine.CAMBIResult); ok {
			return c
		}
	}
	return nil
}

// TestFewerFramesDecode: a clip whose file lists more frames than decode
// (cut short, index intact) is cut to those that do when End reaches
// past them: the frame box and the status agree on the frame shown, and
// the panel says how many decode.
func TestFewerFramesDecode(t *testing.T) {
	eng := newFakeEngine()
	eng.decodes = 4
	h := newHarness(t, eng)
	h.open()
	h.key(fyne.KeyEnd)
	if h.i.frames != 4 || h.i.listed != 6 {
		t.Fatalf("frames %d of %d listed", h.i.frames, h.i.listed)
	}
	if h.i.res.Frame != 3 || h.i.cur != 3 || h.i.clipPanel.entry.Text != "3" {
		t.Errorf("shown %d, current %d, box %q", h.i.res.Frame, h.i.cur, h.i.clipPanel.entry.Text)
	}
	if !strings.Contains(h.i.clipPanel.note.Text, "the file lists 6 frames; only 4 decode") {
		t.Errorf("panel note %q", h.i.clipPanel.note.Text)
	}
	// A whole-clip run stops where the frames do and keeps them.
	h.do(h.i.scoresView.runClip)
	if h.i.scores[0] == nil || len(h.i.scores[0].PerFrame()) != 4 {
		t.Fatalf("scores kept: %v", h.i.scores[0])
	}
}

// TestRecentsAbsolute: recent files are kept with absolute paths, each file
// once, and only once it opened; a relative entry an older version kept
// is dropped.
func TestRecentsAbsolute(t *testing.T) {
	eng := newFakeEngine()
	h := newHarness(t, eng)
	h.i.prefs.SetString(prefRecent, "enc.mp4\n/abs/enc.mp4")
	if got := h.i.recent(); len(got) != 1 || got[0] != "/abs/enc.mp4" {
		t.Errorf("recent %v", got)
	}
	dir := t.TempDir()
	wd, _ := os.Getwd()
	if err := os.Chdir(dir); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.Chdir(wd) })
	h.do(func() { h.i.openPath(fixtureDist, false) })
	want := filepath.Join(dir, fixtureDist)
	if got := h.i.recent(); len(got) != 2 || !strings.HasPrefix(got[0], want+"\t") {
		t.Errorf("recent %v, want %s first", got, want)
	}
	if got := h.i.prefs.String(prefLastDir); got != dir {
		t.Errorf("last folder %q, want %q", got, dir)
	}
	// A file that fails to open never enters them.
	eng.openErr = fmt.Errorf("notvideo.mp4: not a video")
	h.do(func() { h.i.openPath(filepath.Join(dir, "notvideo.mp4"), false) })
	for _, e := range h.i.recent() {
		if strings.Contains(e, "notvideo") {
			t.Errorf("a failed file in the recent files: %v", h.i.recent())
		}
	}
	// Run B is saved absolute.
	eng.openErr = nil
	h.do(func() { h.i.bar.compareWith(fixtureCoarse) })
	if p := h.i.prefs.String(prefRunB); !strings.Contains(p, filepath.Join(dir, fixtureCoarse)) {
		t.Errorf("run B saved as %s", p)
	}
}

// TestEnlargeMap: a click on a CAMBI map enlarges it over the view and
// folds the sidebar; Esc brings both back. The enlarged pane follows the
// frame.
func TestEnlargeMap(t *testing.T) {
	h := newHarness(t, nil)
	h.open()
	h.do(func() { h.i.tabs.SelectIndex(1) })
	split := h.i.split.Offset
	p := h.i.cambiView.panes[2]
	h.do(func() { p.Tapped(&fyne.PointEvent{}) })
	if h.i.big.src != p || h.i.tabs.Selected().Content != h.i.big.content || h.i.split.Leading.Visible() {
		t.Fatalf("not enlarged: src %v, sidebar shown %v", h.i.big.src == p, h.i.split.Leading.Visible())
	}
	if w := h.i.tabs.Size().Width; w < h.w.Canvas().Size().Width-20 {
		t.Errorf("the enlarged view is %v wide in a %v window: the sidebar did not fold", w, h.w.Canvas().Size().Width)
	}
	if h.i.big.pane.base != p.base || !strings.Contains(h.i.big.title.Text, "scale 2") {
		t.Errorf("enlarged pane shows %v, title %q", h.i.big.pane.base == p.base, h.i.big.title.Text)
	}
	h.key(fyne.KeyRight)
	if h.i.big.pane.base != p.base {
		t.Error("the enlarged pane did not follow the frame")
	}
	h.key(fyne.KeyEscape)
	if h.i.big.src != nil || h.i.tabs.Selected().Content == h.i.big.content || !h.i.split.Leading.Visible() || h.i.split.Offset != split {
		t.Errorf("not back: src %v, sidebar shown %v, offset %v (was %v)", h.i.big.src, h.i.split.Leading.Visible(), h.i.split.Offset, split)
	}
}

// TestLogCheckRounded: libvmaf's default log prints six decimals, so most
// values cannot have our bits; the check says they are equal as the log
// prints them (a third state) instead of "differ", and shows them as the
// log wrote them.
func TestLogCheckRounded(t *testing.T) {
	h := newModelHarness(t, nil, nil)
	h.openSynth(2)
	h.do(h.i.scoresView.runClip)
	log := filepath.Join(t.TempDir(), "six.json")
	if err := exportScores(log, scoreRun{Scores: h.i.scores[0]}); err != nil {
		t.Fatal(err)
	}
	h.do(func() { h.i.openLog(log) })
	same, printed, total, table := h.i.checkFrame(h.i.res, nil, h.i.cambiOpts.Int("max_log_contrast"))
	if printed == 0 || same+printed != total {
		t.Errorf("%d equal, %d as printed, of %d:\n%s", same, printed, total, table)
	}
	if strings.Contains(table, "✗") || strings.Contains(table, "00000000003") {
		t.Errorf("table:\n%s", table)
	}
	// The columns line up whatever the names' lengths.
	var at []int
	for _, l := range strings.Split(table, "\n") {
		if strings.Contains(l, "≈") || strings.Contains(l, "✓") {
			at = append(at, strings.IndexAny(l, "≈✓"))
		}
	}
	for _, a := range at {
		if a != at[0] {
			t.Errorf("verdicts not in one column:\n%s", table)
			break
		}
	}
}

// TestComparedRunsTold: in compare mode with two encodes the status line
// gives run B's ADM beside run A's as it does CAMBI's, the wipe and side
// panes name their clips, the reference shown with "Heatmap" ticked says
// why there is no heatmap, and with compare mode off the Compare view
// names the run B chosen.
func TestComparedRunsTold(t *testing.T) {
	h := openRuns(t, nil)
	if s := h.i.status.Text; !regexp.MustCompile(`CAMBI [0-9.]+ \(B [0-9.]+\)   ADM [0-9.]+ \(B [0-9.]+\)`).MatchString(s) {
		t.Errorf("status %q", s)
	}
	v := h.i.frameView
	h.do(func() { v.mode.SetSelected(modeSide) })
	if v.captions.Hidden || !strings.Contains(v.left.Text, "distorted: "+fixtureDist) || !strings.Contains(v.right.Text, "reference: "+fixtureRef) {
		t.Errorf("side by side captions %q | %q (hidden %v)", v.left.Text, v.right.Text, v.captions.Hidden)
	}
	h.do(func() { v.mode.SetSelected(modeOverlay) })
	if !v.captions.Hidden {
		t.Error("captions shown in the overlay mode")
	}
	h.rune('r')
	if !v.showRef.Checked || !v.overlay.Checked || !strings.Contains(v.legend.lo.Text, "no heatmap") {
		t.Errorf("reference shown: legend %q", v.legend.lo.Text)
	}
	h.rune('r')
	h.do(func() { h.i.setCompare(false) })
	if s := h.i.compareOffHint(); !strings.Contains(s, "the encode "+fixtureCoarse) || strings.Contains(s, "second backend") {
		t.Errorf("compare off: %q", s)
	}
}

// TestLogAloneIsPlotted: a log's model score is plotted as soon as the
// log is read, before any whole-clip run, and logs alone can be exported.
func TestLogAloneIsPlotted(t *testing.T) {
	h := newModelHarness(t, nil, testModels)
	h.openSynth(3)
	h.do(h.i.scoresView.runClip)
	log := filepath.Join(t.TempDir(), "scores.json")
	if err := exportScores(log, scoreRun{Scores: h.i.scores[0]}); err != nil {
		t.Fatal(err)
	}
	g := newModelHarness(t, nil, testModels)
	g.openSynth(3)
	g.do(func() { g.i.openLog(log) })
	if g.i.scores[0] != nil {
		t.Fatal("a whole-clip run happened")
	}
	vs, others, ok := g.i.vmafPlots.seriesFor(0)
	if !ok || len(others) == 0 || !others[len(others)-1].HasValues() {
		t.Fatalf("the log's score is not among the curves: %+v", others)
	}
	if p := vmafPlot(vs, others, 0, false); !strings.Contains(p.Title.Text, "score the whole clip for Bandscope's") || len(p.legend) == 0 {
		t.Errorf("plot %q with %d legend entries", p.Title.Text, len(p.legend))
	}
	if len(g.i.exportRuns()) == 0 {
		t.Error("nothing to export with a log open")
	}
	var export *fyne.MenuItem
	for _, it := range g.i.mainMenu().Items[0].Items {
		if strings.HasPrefix(it.Label, "Export scores") {
			export = it
		}
	}
	if export == nil || export.Disabled {
		t.Errorf("Export scores greyed out with a log open: %v", export)
	}
}
