package ui

import (
	"fmt"
	"image/color"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/test"

	"github.com/bandscope/bandscope/engine"
	"github.com/bandscope/bandscope/engine/clip"
	"github.com/bandscope/bandscope/engine/inspect"
	"github.com/bandscope/bandscope/kernels/cambi"
	"github.com/bandscope/bandscope/kernels/feature"
	"github.com/bandscope/bandscope/kernels/synth"
)

// wantCAMBI scores fixture frame n with the CPU kernel directly.
func wantCAMBI(t *testing.T, eng *fakeEngine, n int) float64 {
	t.Helper()
	sp := synth.Spec{Pattern: fixturePatterns[n%len(fixturePatterns)], Format: eng.format, Dist: true}
	p, err := synth.Frame(sp, n)
	if err != nil {
		t.Fatal(err)
	}
	cfg, err := cambi.NewConfig(nil, eng.format.Width, eng.format.Height, eng.format.BitDepth)
	if err != nil {
		t.Fatal(err)
	}
	r, err := cambi.New(cfg).Score(n, p.Luma(), p.Luma(), false)
	if err != nil {
		t.Fatal(err)
	}
	return r.CAMBI
}

func TestGoldenViews(t *testing.T) {
	h := newHarness(t, nil)
	h.open()
	for k, name := range []string{"frame", "cambi", "adm"} {
		h.do(func() { h.i.tabs.SelectIndex(k) })
		assertGolden(t, "view_"+name+".png", h.w.Canvas().Capture())
	}
	h.shortcut(fyne.KeyK, fyne.KeyModifierShortcutDefault)
	assertGolden(t, "view_compare_identical.png", h.w.Canvas().Capture())
	h.eng.differ.Store(true)
	h.do(h.i.reopen)
	assertGolden(t, "view_compare_differs.png", h.w.Canvas().Capture())
	h.do(func() { h.i.tabs.SelectIndex(4); h.i.scoresView.runClip() })
	assertGolden(t, "view_scores.png", h.w.Canvas().Capture())
}

func TestFrameSteppingKeys(t *testing.T) {
	h := newHarness(t, nil)
	h.open()
	steps := []struct {
		key  fyne.KeyName
		want int
	}{
		{fyne.KeyRight, 1}, {fyne.KeyRight, 2}, {fyne.KeyLeft, 1}, {fyne.KeyEnd, 5},
		{fyne.KeyRight, 5}, {fyne.KeyHome, 0}, {fyne.KeyLeft, 0}, {fyne.KeyPageDown, 5}, {fyne.KeyPageUp, 0},
	}
	for _, s := range steps {
		h.key(s.key)
		if h.i.cur != s.want || h.i.res.Frame != s.want {
			t.Fatalf("after %s: frame %d (result %d), want %d", s.key, h.i.cur, h.i.res.Frame, s.want)
		}
		if got := h.i.clipPanel.entry.Text; got != fmt.Sprint(s.want) {
			t.Errorf("after %s: frame box %q, want %d", s.key, got, s.want)
		}
		want := fmtScore(wantCAMBI(t, h.eng, s.want))
		if !strings.Contains(h.i.cambiView.scores.Text, "CAMBI "+want) {
			t.Errorf("after %s: CAMBI view says %q, want CAMBI %s", s.key, h.i.cambiView.scores.Text, want)
		}
		if !strings.Contains(h.i.status.Text, fmt.Sprintf("frame %d/6", s.want)) {
			t.Errorf("after %s: status %q", s.key, h.i.status.Text)
		}
	}
}

func TestFrameSteppingTapsAndBox(t *testing.T) {
	h := newHarness(t, nil)
	h.open()
	// The panel's buttons: first, back, next, last.
	var buttons []fyne.Tappable
	for _, o := range test.LaidOutObjects(h.i.clipPanel.content) {
		if b, ok := o.(interface {
			fyne.Tappable
			MinSize() fyne.Size
		}); ok && fmt.Sprintf("%T", o) == "*widget.Button" {
			buttons = append(buttons, b)
		}
	}
	if len(buttons) != 6 { // Distorted…, Reference…, and the four
		t.Fatalf("%d buttons in the clip panel, want 6", len(buttons))
	}
	first, back, next, last := buttons[2], buttons[3], buttons[4], buttons[5]
	for _, s := range []struct {
		b    fyne.Tappable
		want int
	}{{next, 1}, {next, 2}, {back, 1}, {last, 5}, {first, 0}} {
		h.do(func() { test.Tap(s.b) })
		if h.i.res.Frame != s.want {
			t.Fatalf("tap: frame %d, want %d", h.i.res.Frame, s.want)
		}
	}
	h.do(func() {
		h.i.clipPanel.entry.SetText("4")
		h.i.clipPanel.entry.OnSubmitted("4")
	})
	if h.i.res.Frame != 4 {
		t.Errorf("frame box: frame %d, want 4", h.i.res.Frame)
	}
	h.do(func() { h.i.clipPanel.slider.SetValue(2) })
	if h.i.res.Frame != 2 {
		t.Errorf("slider: frame %d, want 2", h.i.res.Frame)
	}
}

func TestCAMBITable(t *testing.T) {
	h := newHarness(t, nil)
	h.open()
	c := inspect.CAMBIOf(h.i.res)
	for s := 0; s < cambi.NumScales; s++ {
		sc := c.Dist.Scales[s]
		want := []string{fmt.Sprint(s), fmt.Sprint(sc.Width), fmt.Sprint(sc.Height), fmt.Sprint(sc.Window),
			fmt.Sprint(sc.Pad), fmtScore(sc.Score), fmt.Sprint(sc.Weight), fmtScore(sc.Score * float64(sc.Weight))}
		for k, w := range want {
			if got := h.i.cambiView.cells[s][k].Text; got != w {
				t.Errorf("scale %d %s: %q, want %q", s, cambiColumns[k], got, w)
			}
		}
	}
	if c.CAMBI <= 1 {
		t.Errorf("fixture frame 0 CAMBI %v: want content that bands (> 1)", c.CAMBI)
	}
}

func TestOptionChangeRerunsFrame(t *testing.T) {
	h := newHarness(t, nil)
	h.open()
	before := h.eng.opened.Load()
	win0 := inspect.CAMBIOf(h.i.res).Dist.Scales[0].Window
	h.do(func() { h.i.optsForm.apply(cambiOption("window_size"), "33") })
	if h.eng.opened.Load() == before {
		t.Fatal("changing window_size did not re-open the session")
	}
	if got := inspect.CAMBIOf(h.i.res).Dist.Scales[0].Window; got == win0 {
		t.Errorf("window still %d after window_size=33", got)
	}
	// Out of range: refused with a message; the frame is not re-run.
	before = h.eng.opened.Load()
	h.do(func() { h.i.optsForm.apply(cambiOption("window_size"), "3") })
	if h.eng.opened.Load() != before {
		t.Error("an out-of-range option re-opened the session")
	}
	// The refusal stands under its own field, not at the form's end.
	if e := h.i.optsForm.errors["window_size"]; !strings.Contains(e.Text, "out of range") || e.Hidden {
		t.Errorf("error shown under window_size: %q (hidden %v)", e.Text, e.Hidden)
	}
	for name, e := range h.i.optsForm.errors {
		if name != "window_size" && !e.Hidden {
			t.Errorf("%s shows an error: %q", name, e.Text)
		}
	}
	h.do(func() { h.i.optsForm.apply(cambiOption("window_size"), "33") })
	if e := h.i.optsForm.errors["window_size"]; !e.Hidden {
		t.Errorf("an accepted value leaves the refusal: %q", e.Text)
	}
}

func TestBackendSwitch(t *testing.T) {
	h := newHarness(t, nil)
	h.open()
	if h.i.backend != "cpu" {
		t.Fatalf("backend %q, want cpu", h.i.backend)
	}
	h.shortcut(fyne.KeyB, fyne.KeyModifierShortcutDefault)
	if h.i.backend != "gpu:0" || h.i.res == nil {
		t.Fatalf("after Ctrl+B: backend %q", h.i.backend)
	}
	if got := backendOf(h.i.sess); got != "gpu:0" {
		t.Errorf("session backend %q", got)
	}
	if got := h.a.Preferences().String(prefBackend); got != "gpu:0" {
		t.Errorf("backend preference %q", got)
	}
	h.do(func() { h.i.bar.backendSel.SetSelected(h.i.backendLabel("cpu")) })
	if backendOf(h.i.sess) != "cpu" {
		t.Errorf("select did not switch back to the CPU")
	}
}

func TestCompareVerdict(t *testing.T) {
	h := newHarness(t, nil)
	h.open()
	h.do(func() { h.i.setCompare(true) })
	v := h.i.compareView
	if !strings.Contains(v.verdict.Text, "IDENTICAL") || v.banner.FillColor != identicalColour {
		t.Fatalf("identical backends: verdict %q", v.verdict.Text)
	}
	h.eng.differ.Store(true)
	h.do(h.i.reopen)
	if !strings.Contains(v.verdict.Text, "DIFFERS") || v.banner.FillColor != differsColour {
		t.Fatalf("differing backends: verdict %q", v.verdict.Text)
	}
	if !strings.Contains(v.verdict.Text, "scale 2 c-values") {
		t.Errorf("first differing stage: %q", v.verdict.Text)
	}
	if want := "max |diff| 0.25   1 of"; !strings.Contains(v.stats.Text, want) {
		t.Errorf("stats %q, want %q", v.stats.Text, want)
	}
}

func TestHoverAndZoom(t *testing.T) {
	h := newHarness(t, nil)
	h.open()
	h.rune('1')
	if h.i.vp.fit || h.i.vp.zoom != 1 {
		t.Fatalf("after '1': fit %v zoom %v", h.i.vp.fit, h.i.vp.zoom)
	}
	h.rune('+')
	if h.i.vp.zoom != 2 || h.i.zoomLabel.Text != "zoom 2:1" {
		t.Fatalf("after '+': zoom %v, label %q", h.i.vp.zoom, h.i.zoomLabel.Text)
	}
	// The centre of every pane is the centre of the frame.
	p := h.i.frameView.pane
	sz := p.Size()
	h.do(func() { p.MouseMoved(desktopMouse{Position: fyne.NewPos(sz.Width/2, sz.Height/2)}.event()) })
	if !strings.Contains(h.i.status.Text, "x 160  y 120   pixel ") || !strings.Contains(h.i.status.Text, "c-value") {
		t.Errorf("hover status %q", h.i.status.Text)
	}
	h.rune('0')
	if !h.i.vp.fit {
		t.Error("'0' did not fit")
	}
}

func TestScoresRunAndPlotTap(t *testing.T) {
	h := newHarness(t, nil)
	h.open()
	h.do(h.i.scoresView.runClip)
	if h.i.scores[0] == nil || len(h.i.scores[0].PerFrame()) != 6 {
		t.Fatal("whole-clip run gave no scores")
	}
	if !h.i.scoresView.runBtn.Disabled() && h.i.scoresView.progress.Value != 1 {
		t.Errorf("progress %v", h.i.scoresView.progress.Value)
	}
	pv := h.i.scoresView.cambi
	pv.raster.Resize(fyne.NewSize(600, 300))
	pv.render(600, 300)
	x := pv.px0 + (pv.px1-pv.px0)*3/5 // frame 3 of 0..5
	h.do(func() { pv.Tapped(&fyne.PointEvent{Position: fyne.NewPos(float32(x), 100)}) })
	if h.i.res.Frame != 3 {
		t.Errorf("plot tap: frame %d, want 3", h.i.res.Frame)
	}
}

func TestHelpListsShortcuts(t *testing.T) {
	h := newHarness(t, nil)
	txt := h.i.helpText()
	for _, s := range h.i.shortcuts() {
		if s.keys != "" && !strings.Contains(txt, s.keys) {
			t.Errorf("help lacks %s", s.keys)
		}
	}
	for _, k := range []string{"Home / End", "← / →"} {
		if !strings.Contains(txt, k) {
			t.Errorf("help lacks %s", k)
		}
	}
}

// backendOf is the backend a session runs on.
func backendOf(s Session) string { return s.(*fakeSession).req.Backend }

func TestWholeClipCancel(t *testing.T) {
	eng := newFakeEngine()
	h := newHarness(t, eng)
	h.open()
	eng.running = make(chan struct{})
	uiMu.Lock()
	h.i.scoresView.runClip()
	uiMu.Unlock()
	<-eng.running
	// The progress report landed before the fake signalled.
	v := h.i.scoresView
	if !v.runBtn.Disabled() || v.cancel.Disabled() {
		t.Error("during a run: run button enabled or cancel disabled")
	}
	h.key(fyne.KeyEscape)
	// The frame scored before Esc is kept and plotted.
	if h.i.scores[0] == nil || len(h.i.scores[0].PerFrame()) != 1 || v.rate.Text != "cancelled: 1 of 6 frames scored, plotted" || v.runBtn.Disabled() {
		t.Errorf("after cancel: scores %v, rate %q", h.i.scores[0], v.rate.Text)
	}
	if ss := v.seriesFor("CAMBI", v.ownCAMBI); len(ss) != 1 || !ss[0][0].HasValues() {
		t.Errorf("the frame scored before Esc is not plotted: %v", ss)
	}
	// Frame stepping still works during and after a run.
	h.key(fyne.KeyRight)
	if h.i.res.Frame != 1 {
		t.Errorf("frame %d after a step", h.i.res.Frame)
	}
}

func TestBackendWithoutADM(t *testing.T) {
	eng := newFakeEngine()
	eng.noADM = true
	h := newHarness(t, eng)
	h.open()
	if inspect.CAMBIOf(h.i.res) == nil || inspect.ADMOf(h.i.res) != nil {
		t.Fatal("want CAMBI alone")
	}
	if !strings.Contains(h.i.admView.scores.Text, "ADM unavailable: --feature adm: not on this backend") {
		t.Errorf("ADM view says %q", h.i.admView.scores.Text)
	}
}

func TestFullReference(t *testing.T) {
	h := newHarness(t, nil)
	h.open()
	h.do(func() { h.i.optsForm.apply(cambiOption("full_ref"), "true") })
	c := inspect.CAMBIOf(h.i.res)
	if c.Src == nil {
		t.Fatal("full_ref=true gave no source result")
	}
	want := fmt.Sprintf("CAMBI %s   source %s   full reference %s", fmtScore(c.CAMBI), fmtScore(c.Source), fmtScore(c.FullReference))
	if h.i.cambiView.scores.Text != want {
		t.Errorf("scores %q, want %q", h.i.cambiView.scores.Text, want)
	}
	h.do(func() { h.i.cambiView.source.SetChecked(true) })
	if got, want := h.i.cambiView.cells[0][5].Text, fmtScore(c.Src.Scales[0].Score); got != want {
		t.Errorf("reference maps: scale 0 score %q, want %q", got, want)
	}
}

func cambiOption(name string) feature.Option {
	for _, o := range cambi.OptionTable {
		if o.Name == name {
			return o
		}
	}
	panic("no CAMBI option " + name)
}

func TestOpenError(t *testing.T) {
	eng := newFakeEngine()
	eng.openErr = &clip.Error{Path: "broken.yuv", Frame: 3, Err: clip.ErrTruncated}
	h := newHarness(t, eng)
	h.do(func() { h.i.open(engine.Request{Distorted: "broken.yuv"}) })
	if want := "Error: broken.yuv: frame 3: truncated frame"; h.i.status.Text != want {
		t.Errorf("status %q, want %q", h.i.status.Text, want)
	}
	// Nothing is open: keys and runs do nothing rather than fail.
	h.key(fyne.KeyRight)
	h.shortcut(fyne.KeyR, fyne.KeyModifierShortcutDefault)
	if h.i.res != nil {
		t.Error("a result without a session")
	}
	// A later good clip opens.
	eng.openErr = nil
	h.open()
	if !strings.HasPrefix(h.w.Title(), "Bandscope — fixture_dist") {
		t.Errorf("title %q", h.w.Title())
	}
}

func TestDropAndRecent(t *testing.T) {
	h := newHarness(t, nil)
	dir := t.TempDir()
	ref := filepath.Join(dir, "clip_src_320x240_8b420.yuv")
	dist := filepath.Join(dir, "clip_enc_320x240_8b420.yuv")
	// Dropped in either order, the "src" file is the reference.
	h.do(func() { h.i.dropped(fyne.Position{}, []fyne.URI{storage.NewFileURI(ref), storage.NewFileURI(dist)}) })
	if h.i.req.Distorted != dist || h.i.req.Reference != ref || h.i.res == nil {
		t.Fatalf("request %+v", h.i.req)
	}
	if h.i.req.Raw.Width != 320 || h.i.req.Raw.Height != 240 || h.i.req.Raw.BitDepth != 8 {
		t.Errorf("raw options %+v", h.i.req.Raw)
	}
	// Recent entries remember a raw file's format.
	if got := h.i.recent(); len(got) != 1 || got[0] != dist+"\t320x240:420:8" {
		t.Errorf("recent %v", got)
	}
	h.do(func() { h.i.openPath(ref, true) })
	if got := h.i.recent(); len(got) != 2 || got[0] != ref+"\t320x240:420:8" {
		t.Errorf("recent %v", got)
	}
	if p, raw, ok := decodeRecent(h.i.recent()[1]); !ok || p != dist || raw.Width != 320 || raw.BitDepth != 8 {
		t.Errorf("decodeRecent: %q %+v %v", p, raw, ok)
	}
	if got := h.a.Preferences().String(prefLastDir); got != dir {
		t.Errorf("last folder %q", got)
	}
}

func TestPanKeysAndLayoutPrefs(t *testing.T) {
	h := newHarness(t, nil)
	h.open()
	h.rune('1')
	cx := h.i.vp.cx
	h.shortcut(fyne.KeyRight, fyne.KeyModifierShift)
	if h.i.vp.cx <= cx {
		t.Errorf("Shift+Right: centre x %v, was %v", h.i.vp.cx, cx)
	}
	h.do(h.i.quit)
	h.closed = true
	if w := h.a.Preferences().Int(prefWinW); w != 1280 {
		t.Errorf("window width remembered as %d", w)
	}
}

func TestHelpDialogAndTheme(t *testing.T) {
	h := newHarness(t, nil)
	h.open()
	h.key(fyne.KeyF1)
	if h.w.Canvas().Overlays().Top() == nil {
		t.Fatal("F1 opened no dialog")
	}
	h.do(func() { h.i.applyTheme("dark") })
	if !h.i.dark() || h.a.Preferences().String(prefTheme) != "dark" {
		t.Error("dark theme not applied or not remembered")
	}
	if p := scorePlot("x", nil, 0, h.i.dark()); p.BackgroundColor != (color.NRGBA{0x1e, 0x1e, 0x22, 0xff}) {
		t.Errorf("plot background %v in the dark theme", p.BackgroundColor)
	}
	h.key(fyne.KeyEscape) // the help: the window takes no key behind it
	h.shortcut(fyne.KeyT, fyne.KeyModifierShortcutDefault)
	if h.i.dark() {
		t.Error("Ctrl+T did not switch back to light")
	}
}

func TestPerScalePlot(t *testing.T) {
	h := newHarness(t, nil)
	h.open()
	h.do(func() { h.i.scoresView.perScale.SetChecked(true) })
	ss := h.i.scaleScores
	if len(ss) != cambi.NumScales || len(ss[0].Values) != 6 {
		t.Fatalf("per-scale series: %d", len(ss))
	}
	// Frame 0's pooled scores are the ones the CAMBI table shows.
	for k := range ss {
		if got, want := ss[k].Values[0], inspect.CAMBIOf(h.i.res).Dist.Scales[k].Score; got != want {
			t.Errorf("scale %d: %v, want %v", k, got, want)
		}
	}
	// Changing an option scores them again.
	before := ss[0].Values[0]
	h.do(func() { h.i.optsForm.apply(cambiOption("topk"), "0.5") })
	if h.i.scaleScores == nil || h.i.scaleScores[0].Values[0] == before {
		t.Error("per-scale scores not redone after an option change")
	}
	if got, want := h.i.scaleScores[0].Values[0], inspect.CAMBIOf(h.i.res).Dist.Scales[0].Score; got != want {
		t.Errorf("after topk=0.5: scale 0 %v, table %v", got, want)
	}
}

func TestReferenceToggle(t *testing.T) {
	h := newHarness(t, nil)
	h.open()
	p := h.i.frameView.pane
	if p.base == nil || p.base.At(0) != float64(h.i.res.Dist.Planes[0][0]) || p.over == nil {
		t.Fatal("frame view does not show the distorted frame with its heatmap")
	}
	h.rune('r')
	if p.base.At(0) != float64(h.i.res.Ref.Planes[0][0]) || p.over != nil {
		t.Error("'r': not the reference frame, or a heatmap without full reference")
	}
	h.rune('r')
	h.rune('h')
	if p.over != nil {
		t.Error("'h' left the heatmap on")
	}
}
