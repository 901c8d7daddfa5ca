package ui

import (
	"bytes"
	"image/color"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"

	"github.com/bandscope/bandscope/engine"
	"github.com/bandscope/bandscope/engine/clip"
	"github.com/bandscope/bandscope/engine/inspect"
	"github.com/bandscope/bandscope/engine/model"
	"github.com/bandscope/bandscope/engine/summary"
	"github.com/bandscope/bandscope/kernels/yuv"
)

// The two models of the issue: the classic one and the one that counts
// banding (CAMBI) and chroma (SpEED).
var testModels = []string{"vmaf_v0.6.1", "vmaf_v1.0.16_3d0h"}

// newModelHarness is a test window on the real CPU engine with models
// picked in the preferences before the window is built, as a user's
// earlier choice would be; eng nil is the real engine.
func newModelHarness(t *testing.T, eng Engine, models []string) *harness {
	t.Helper()
	a := test.NewTempApp(t)
	a.Settings().SetTheme(variantTheme{theme.DefaultTheme(), theme.VariantLight})
	a.Preferences().SetString(prefModels, strings.Join(models, ","))
	w := a.NewWindow("Bandscope")
	if eng == nil {
		eng = cpuEngine{realEngine{}}
	}
	h := &harness{t: t, a: a, w: w}
	h.i = newInspector(a, w, eng)
	w.Resize(fyne.NewSize(1280, 820))
	t.Cleanup(func() {
		h.wait()
		h.i.close()
		h.wait()
		if !h.closed {
			w.Close()
		}
	})
	return h
}

// bandedPair writes a 320x240 8-bit 4:2:0 pair of frames frames long: the
// reference a gentle ramp with a fine grain that moves from frame to frame
// (motion is not 0), the distorted one the same ramp quantised to steps of
// 8 with the grain gone: banding that CAMBI sees and detail that VIF and
// ADM miss. Chroma ramps too, quantised alike (SpEED has something to
// measure).
func bandedPair(t testing.TB, dir string, frames int) (ref, dist string) {
	return bandedPairSized(t, dir, frames, 320, 240)
}

// bandedPairSized is bandedPair at w x h.
func bandedPairSized(t testing.TB, dir string, frames, w, h int) (ref, dist string) {
	var rb, db []byte
	for f := 0; f < frames; f++ {
		for y := 0; y < h; y++ {
			for x := 0; x < w; x++ {
				g := int(uint32((x+3*f)*2654435761^(y*40503)) >> 29) // 0..7
				v := 40 + 120*x/w + 30*y/h + g - 3
				rb = append(rb, byte(v))
				db = append(db, byte(v&^7+4))
			}
		}
		for p := 0; p < 2; p++ {
			for y := 0; y < h/2; y++ {
				for x := 0; x < w/2; x++ {
					v := 100 + 60*x/(w/2) + 20*p + (x*y+f)%3
					rb = append(rb, byte(v))
					db = append(db, byte(v&^7+4))
				}
			}
		}
	}
	ref, dist = filepath.Join(dir, "ref.yuv"), filepath.Join(dir, "dist.yuv")
	if err := os.WriteFile(ref, rb, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(dist, db, 0o644); err != nil {
		t.Fatal(err)
	}
	return ref, dist
}

// openSynth writes a banded pair (bandedPair) and opens it.
func (h *harness) openSynth(frames int) {
	h.t.Helper()
	f := yuv.Format{Width: 320, Height: 240, Chroma: yuv.C420, BitDepth: 8}
	ref, dist := bandedPair(h.t, h.t.TempDir(), frames)
	h.do(func() {
		h.i.open(engine.Request{Distorted: dist, Reference: ref,
			Raw: clip.RawOptions{Width: f.Width, Height: f.Height, Chroma: f.Chroma, ChromaSet: true, BitDepth: f.BitDepth}})
	})
	if h.i.res == nil {
		h.t.Fatalf("no frame after open: %s", h.i.status.Text)
	}
}

// cpuEngine is the real engine on its CPU backend alone: the tests do not
// enumerate GPU adapters (creating a WebGPU instance once Fyne's test app
// runs is what the inspector's Run avoids too).
type cpuEngine struct{ realEngine }

func (cpuEngine) Backends() []Backend { return []Backend{{ID: "cpu", Name: "CPU", Kind: "cpu"}} }

// modelPrefCases are preference strings; they seed FuzzParseModelPref.
var modelPrefCases = []struct{ in, want string }{
	{"", ""},
	{"vmaf_v0.6.1", "vmaf_v0.6.1"},
	{"vmaf_v0.6.1,vmaf_v1.0.16_3d0h", "vmaf_v0.6.1,vmaf_v1.0.16_3d0h"},
	{"vmaf_v0.6.1,vmaf_v0.6.1", "vmaf_v0.6.1"},
	{"nope,vmaf_v0.6.1", "vmaf_v0.6.1"},
	{"vmaf_v0.6.1,vmaf_4k_v0.6.1,vmaf_v1.0.16_3d0h", "vmaf_v0.6.1,vmaf_4k_v0.6.1"},
	{" vmaf_v0.6.1 ,,vmaf_v1.0.16_3d0h,", "vmaf_v0.6.1,vmaf_v1.0.16_3d0h"},
	{"VMAF_V0.6.1", ""},
}

func TestParseModelPref(t *testing.T) {
	for _, c := range modelPrefCases {
		if got := strings.Join(parseModelPref(c.in), ","); got != c.want {
			t.Errorf("parseModelPref(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestCostliest(t *testing.T) {
	nan := math.NaN()
	vm := []engine.ModelResult{
		{Name: "a", Inputs: []engine.ModelInput{{Base: "x", Cost: 1}, {Base: "y", Cost: nan}}},
		{Name: "b", Inputs: []engine.ModelInput{{Base: "z", Cost: 30}, {Base: "w", Cost: -2}}},
	}
	got, ok := inspect.Costliest(vm)
	if !ok || got.Model != "b" || got.In.Base != "z" {
		t.Errorf("costliest: %+v %v", got, ok)
	}
	if _, ok := inspect.Costliest([]engine.ModelResult{{Name: "a", Inputs: []engine.ModelInput{{Cost: nan}}}}); ok {
		t.Error("costliest without costs")
	}
}

// TestModelKeys: the keys a model adds are its score, its costs and the
// features it needs with options of its own; a feature it shares with the
// inspector (vmaf_v0.6.1's default ADM) stays the inspector's.
func TestModelKeys(t *testing.T) {
	h := newModelHarness(t, newFakeEngine(), testModels)
	i := h.i
	for name, want := range map[string]bool{
		"vmaf_v0.6.1": true, "vmaf_v0.6.1_cost_integer_adm2": true, "integer_vif_scale0": true,
		"integer_motion2": true, "vmaf_v1.0.16_3d0h": true, "vmaf_v1.0.16_3d0h_cost_cambi": true,
		"speed_chroma_uv": false, // SpEED's key carries the model's options
		"integer_adm2":    false, "cambi": false, "integer_adm_scale0": false,
	} {
		if got := i.modelMetric(name); got != want {
			t.Errorf("modelMetric(%q) = %v, want %v", name, got, want)
		}
	}
	// The model's CAMBI has options of its own: its key is the model's.
	found := false
	for k := range i.modelOnly {
		if strings.HasPrefix(k, "cambi_") {
			found = true
		}
	}
	if !found {
		t.Error("no option-suffixed CAMBI key among the model keys")
	}
}

// TestModelPicker: picking models puts them, with Explain, in every
// request and in the preferences; Ctrl+6 shows the VMAF view; the help
// lists it; no model leaves the requests as they were.
func TestModelPicker(t *testing.T) {
	eng := newFakeEngine()
	h := newModelHarness(t, eng, nil)
	h.open()
	if r := h.i.request("cpu"); len(r.Models) != 0 || r.Explain {
		t.Fatalf("no model picked: request %v explain %v", r.Models, r.Explain)
	}
	if !strings.Contains(h.i.vmafView.scores.Text, "No VMAF model picked") {
		t.Errorf("VMAF view without a model: %q", h.i.vmafView.scores.Text)
	}
	before := eng.opened.Load()
	h.do(func() { h.i.modelPicker.slots[0].SetSelected("vmaf_v0.6.1") })
	h.do(func() { h.i.modelPicker.slots[1].SetSelected("vmaf_v1.0.16_3d0h") })
	if got := h.a.Preferences().String(prefModels); got != "vmaf_v0.6.1,vmaf_v1.0.16_3d0h" {
		t.Errorf("preference %q", got)
	}
	if eng.opened.Load() == before {
		t.Error("picking a model did not open the session again")
	}
	req := h.i.sess.(*fakeSession).req
	want := []string{"version=vmaf_v0.6.1:name=vmaf_v0.6.1", "version=vmaf_v1.0.16_3d0h:name=vmaf_v1.0.16_3d0h"}
	if strings.Join(req.Models, " ") != strings.Join(want, " ") || !req.Explain {
		t.Errorf("session request models %v explain %v", req.Models, req.Explain)
	}
	if err := engine.CheckModels(req.Models); err != nil {
		t.Errorf("the engine refuses the picked models: %v", err)
	}
	// The fake engine scores no model: the view says so.
	if !strings.Contains(h.i.vmafView.scores.Text, "No VMAF score for this frame") {
		t.Errorf("VMAF view: %q", h.i.vmafView.scores.Text)
	}
	h.shortcut(fyne.Key6, fyne.KeyModifierShortcutDefault)
	if h.i.tabs.SelectedIndex() != 5 || h.i.tabs.Selected().Text != "VMAF" {
		t.Errorf("Ctrl+6: tab %d", h.i.tabs.SelectedIndex())
	}
	if !strings.Contains(h.i.helpText(), "Ctrl+1…6") || !strings.Contains(h.i.helpText(), "VMAF") {
		t.Error("help does not list the VMAF view")
	}
	// Back to one model, then none.
	h.do(func() { h.i.modelPicker.slots[0].SetSelected(noModel) })
	if got := h.i.modelVersions(); len(got) != 1 || got[0] != "vmaf_v1.0.16_3d0h" {
		t.Errorf("after clearing slot 1: %v", got)
	}
	// The picker moved the one left into the first slot.
	if h.i.modelPicker.slots[0].Selected != "vmaf_v1.0.16_3d0h" || h.i.modelPicker.slots[1].Selected != noModel {
		t.Errorf("slots %q %q", h.i.modelPicker.slots[0].Selected, h.i.modelPicker.slots[1].Selected)
	}
	h.do(func() { h.i.modelPicker.slots[0].SetSelected(noModel) })
	if len(h.i.models) != 0 || h.a.Preferences().String(prefModels) != "" {
		t.Errorf("after clearing both: %v, preference %q", h.i.modelVersions(), h.a.Preferences().String(prefModels))
	}
	if r := h.i.request("cpu"); len(r.Models) != 0 || r.Explain {
		t.Errorf("no model: request %v", r.Models)
	}
}

// TestVMAFView scores two models on the real engine: the view shows each
// model's score, every input's raw and normalised value and cost, the
// costs' bar chart, and for every input the maps of its feature or a note
// that says why there are none.
func TestVMAFView(t *testing.T) {
	h := newModelHarness(t, nil, testModels)
	h.openSynth(4)
	h.key(fyne.KeyRight) // frame 1: motion compares with frame 0
	r := h.i.res
	if len(r.VMAF) != 2 {
		t.Fatalf("%d model results, want 2 (errors %v)", len(r.VMAF), r.Errors)
	}
	v := h.i.vmafView
	for _, m := range r.VMAF {
		if !strings.Contains(v.scores.Text, m.Name+" "+fmtScore(m.Score)) {
			t.Errorf("scores line %q lacks %s %s", v.scores.Text, m.Name, fmtScore(m.Score))
		}
		if !strings.Contains(h.i.summary(), m.Name+" "+fmtScore(m.Score)) {
			t.Errorf("status summary %q lacks %s", h.i.summary(), m.Name)
		}
		for _, in := range m.Inputs {
			if math.IsNaN(in.Cost) {
				t.Errorf("%s %s: no cost with Explain", m.Name, in.Base)
			}
			if !strings.Contains(v.tables.Text, summary.ShortName(in.Base)) || !strings.Contains(v.tables.Text, inspect.FormatCost(in.Cost)) {
				t.Errorf("table lacks %s (cost %s):\n%s", in.Base, inspect.FormatCost(in.Cost), v.tables.Text)
			}
		}
	}
	if p := costBars(r.VMAF, false); p == nil {
		t.Error("no cost bar chart")
	}
	// Auto: the costliest input's maps.
	best, _ := inspect.Costliest(r.VMAF)
	if !strings.Contains(v.title.Text, best.In.Base) {
		t.Errorf("maps title %q, want the costliest input %s", v.title.Text, best.In.Base)
	}
	// Every input: maps, or a note saying why not; never nothing.
	wantMaps := map[string]int{"integer_adm2": 12, "integer_adm3": 12, "integer_vif_scale0": 4, "cambi": 5, "integer_motion2": 1, "integer_motion3": 1, "speed_chroma_uv": 4}
	for _, choice := range v.which.Options[1:] {
		h.do(func() { v.which.SetSelected(choice) })
		_, base, _ := strings.Cut(choice, ": ")
		n := len(v.grid.Objects)
		if want, ok := wantMaps[base]; ok && n != want {
			t.Errorf("%s: %d maps, want %d (note %q)", choice, n, want, v.note.Text)
		}
		if n == 0 && v.note.Text == "" {
			t.Errorf("%s: no map and no note", choice)
		}
		for k := 0; k < n; k++ {
			if v.panes[k].base == nil {
				t.Errorf("%s: pane %d is empty", choice, k)
			}
		}
		if n > 0 && v.legend.hi.Text == "" {
			t.Errorf("%s: no legend", choice)
		}
		if strings.Contains(v.note.Text, "bit for bit") {
			t.Errorf("%s: %s", choice, v.note.Text)
		}
	}
	// Frame 0's motion has no SAD map: the view says so.
	h.do(func() { v.which.SetSelected("vmaf_v0.6.1: integer_motion2") })
	h.key(fyne.KeyHome)
	if len(v.grid.Objects) != 0 || !strings.Contains(v.note.Text, "compares it with no earlier picture") {
		t.Errorf("frame 0 motion: %d maps, note %q", len(v.grid.Objects), v.note.Text)
	}
}

// TestVMAFNormalised: the table's normalised values are the model's
// linear rescale of the raw ones.
func TestVMAFNormalised(t *testing.T) {
	ms := loadModels([]string{"vmaf_v0.6.1"})
	if len(ms) != 1 {
		t.Fatal("vmaf_v0.6.1 does not load")
	}
	r := engine.ModelResult{Name: "vmaf_v0.6.1", Score: 90, Inputs: []engine.ModelInput{{Base: "integer_adm2", Value: 1, Cost: 0.5}}}
	n, ok := ms[0].M.Normalized(0, 1)
	if !ok || n == 1 {
		t.Fatalf("Normalized(adm2=1) = %v, %v", n, ok)
	}
	txt := inputTable(&ms[0], r)
	if !strings.Contains(txt, "adm2") || !strings.Contains(txt, "0.500") {
		t.Errorf("table:\n%s", txt)
	}
}

// TestVMAFScoresAndExports: a whole-clip run with models plots each
// model's score with its costs stacked, keeps the models' keys out of the
// CAMBI and ADM plots, summarises the scores and exports them with the
// costs.
func TestVMAFScoresAndExports(t *testing.T) {
	h := newModelHarness(t, nil, testModels)
	h.openSynth(4)
	h.do(func() { h.i.tabs.SelectIndex(4); h.i.scoresView.runClip() })
	if h.i.scores[0] == nil {
		t.Fatalf("no scores: %s", h.i.status.Text)
	}
	for k, pm := range h.i.models {
		vs, others, ok := h.i.vmafPlots.seriesFor(k)
		if !ok || !vs.Score.HasValues() || len(vs.Costs) != len(pm.M.Inputs()) || len(others) != 1 {
			t.Fatalf("%s: series %+v others %d", pm.Version, vs, len(others))
		}
		for _, c := range vs.Costs {
			if !c.HasValues() {
				t.Errorf("%s: no cost curve for %s", pm.Version, c.Name)
			}
		}
		// A cost that is zero on every frame draws no band and has no
		// legend entry.
		banded := 0
		for _, c := range vs.Costs {
			if slices.ContainsFunc(c.Values, func(v float64) bool { return v != 0 && !math.IsNaN(v) }) {
				banded++
			}
		}
		if p := vmafPlot(vs, others, 1, false); len(p.legend) != banded+1+len(others) {
			t.Errorf("%s: %d legend entries, want %d costs, the score and %d more curves", pm.Version, len(p.legend), banded, len(others))
		}
	}
	for _, title := range []string{"CAMBI", "ADM"} {
		keep := h.i.scoresView.ownCAMBI
		if title == "ADM" {
			keep = h.i.scoresView.isADM
		}
		for _, list := range h.i.scoresView.seriesFor(title, keep) {
			for _, s := range list {
				if h.i.modelMetric(s.Name) {
					t.Errorf("%s plot shows the model key %s", title, s.Name)
				}
			}
		}
	}
	sum := h.i.scoresView.summary.table.Text
	for _, m := range testModels {
		if !strings.Contains(sum, m+"  mean ") {
			t.Errorf("summary lacks %s's line:\n%s", m, sum)
		}
	}
	// The banded pair: ADM3 is what costs vmaf_v1.0.16_3d0h most.
	if !strings.Contains(sum, "costs most: adm3") {
		t.Errorf("summary:\n%s", sum)
	}
	dir := t.TempDir()
	for _, ext := range []string{".csv", ".json"} {
		path := filepath.Join(dir, "scores"+ext)
		if err := exportScores(path, h.i.exportRuns()...); err != nil {
			t.Fatal(err)
		}
		b, _ := os.ReadFile(path)
		for _, key := range []string{"vmaf_v0.6.1", "vmaf_v1.0.16_3d0h", "vmaf_v1.0.16_3d0h_cost_cambi", "vmaf_v0.6.1_cost_integer_adm2"} {
			if !bytes.Contains(b, []byte(key)) {
				t.Errorf("%s export lacks %s", ext, key)
			}
		}
	}
	if n := len(h.i.exportPlots()); n != 4 {
		t.Errorf("%d plots exported, want CAMBI, ADM and the two models'", n)
	}
	// Dropping a model clears its scores and keeps the other's.
	h.do(func() { h.i.setModels([]string{"vmaf_v1.0.16_3d0h"}) })
	pf := h.i.scores[0].PerFrame()
	if _, ok := engine.FindMetric(pf[0], "vmaf_v0.6.1"); ok {
		t.Error("vmaf_v0.6.1 kept after it was dropped")
	}
	if _, ok := engine.FindMetric(pf[0], "vmaf_v1.0.16_3d0h"); !ok {
		t.Error("vmaf_v1.0.16_3d0h dropped with the other model")
	}
	if _, ok := engine.FindMetric(pf[0], "cambi"); !ok {
		t.Error("the inspector's own CAMBI dropped with a model")
	}
}

// TestVMAFFitsSmallScreen: with two models, every view (the VMAF view, and
// the Scores view with its VMAF row and the per-scale plot) fits a
// 1280x720 screen beside the sidebar: the VMAF view whole, the Scores view
// in width, its plots each at a readable height.
func TestVMAFFitsSmallScreen(t *testing.T) {
	h := newModelHarness(t, nil, testModels)
	h.openSynth(3)
	h.do(func() { h.i.scoresView.runClip() })
	h.do(func() { h.i.scoresView.perScale.SetChecked(true) })
	for k := range h.i.tabs.Items {
		h.do(func() { h.i.tabs.SelectIndex(k) })
		if min := h.w.Content().MinSize(); min.Width > 1280 || min.Height > 720-40 {
			t.Errorf("view %d: minimum size %v does not fit 1280x720", k, min)
		}
	}
	room := 1280 - h.i.split.Leading.MinSize().Width - 20
	for _, c := range []fyne.CanvasObject{h.i.vmafView.content, h.i.scoresView.content} {
		if w := c.MinSize().Width; w > room {
			t.Errorf("%v wide, %v beside the sidebar at 1280 px", w, room)
		}
	}
	// On a 1280x720 screen (the window less its menu bar, which the test
	// driver does not draw) every input's maps (ADM's twelve are the most)
	// fit the view's room without scrolling.
	h.do(func() { h.w.Resize(fyne.NewSize(1280, 720-30)); h.i.tabs.SelectIndex(5) })
	v := h.i.vmafView
	scroll := h.i.tabs.Items[5].Content.(*container.Scroll)
	for _, choice := range v.which.Options {
		h.do(func() { v.which.SetSelected(choice) })
		min, room := v.content.MinSize(), scroll.Size()
		if min.Width > room.Width || min.Height > room.Height {
			t.Errorf("%s: the view needs %v, has %v on a 1280x720 screen", choice, min, room)
		}
	}
	// Scores fits the width; its four rows of plots keep a readable
	// height each and the page scrolls down rather than squeezing them.
	h.do(func() { h.i.tabs.SelectIndex(4) })
	if min, room := h.i.scoresView.content.MinSize(), h.i.tabs.Items[4].Content.(*container.Scroll).Size(); min.Width > room.Width {
		t.Errorf("Scores with the VMAF row and per scale: needs %v, has %v on a 1280x720 screen", min, room)
	}
	sv := h.i.scoresView
	for _, pv := range append([]*plotView{sv.cambi, sv.scales, sv.adm}, h.i.vmafPlots.views[:]...) {
		if s := pv.Size(); s.Height < plotMinHeight {
			t.Errorf("a Scores plot %v high, want %v at least", s.Height, plotMinHeight)
		}
	}
}

func TestGoldenVMAF(t *testing.T) {
	h := newModelHarness(t, nil, testModels)
	h.openSynth(3)
	h.key(fyne.KeyRight)
	h.do(func() { h.i.tabs.SelectIndex(5) })
	assertGolden(t, "view_vmaf.png", h.w.Canvas().Capture())
	h.do(func() { h.i.tabs.SelectIndex(4); h.i.scoresView.runClip() })
	assertGolden(t, "view_scores_vmaf.png", h.w.Canvas().Capture())
}

// TestModelsCannotRun: on a clip too small for CAMBI (under 216 pixels)
// vmaf_v1.0.16_3d0h cannot be scored; the frame still shows with ADM, the
// VMAF view says why, and whole-clip runs go without the model. The same
// clip scores vmaf_v0.6.1, which reads no CAMBI.
func TestModelsCannotRun(t *testing.T) {
	h := newModelHarness(t, nil, []string{"vmaf_v1.0.16_3d0h"})
	const w, ht = 192, 160
	ref, dist := bandedPairSized(t, t.TempDir(), 3, w, ht)
	h.do(func() {
		h.i.open(engine.Request{Distorted: dist, Reference: ref,
			Raw: clip.RawOptions{Width: w, Height: ht, Chroma: yuv.C420, ChromaSet: true, BitDepth: 8}})
	})
	if h.i.res == nil || inspect.ADMOf(h.i.res) == nil {
		t.Fatalf("no frame with ADM: %s", h.i.status.Text)
	}
	if h.i.modelErr == nil || !strings.Contains(h.i.vmafView.scores.Text, "No VMAF score on this clip: vmaf_v1.0.16_3d0h reads cambi") {
		t.Errorf("VMAF view: %q", h.i.vmafView.scores.Text)
	}
	if r := h.i.request("cpu"); len(r.Models) != 0 {
		t.Errorf("a run would ask for %v", r.Models)
	}
	h.do(func() { h.i.setModels([]string{"vmaf_v0.6.1"}) })
	if h.i.modelErr != nil || len(h.i.res.VMAF) != 1 {
		t.Errorf("vmaf_v0.6.1: %v, %d results", h.i.modelErr, len(h.i.res.VMAF))
	}
}

// TestVMAFMapExport: Ctrl+M's export writes the maps the VMAF view shows
// (the costliest input's, or the one chosen under "Maps of"), each in the
// view's colours at the map's size, beside CAMBI's and ADM's; without a
// model it writes none.
func TestVMAFMapExport(t *testing.T) {
	h := newModelHarness(t, nil, testModels)
	h.openSynth(3)
	h.do(func() { h.i.tabs.SelectIndex(5); h.i.gotoFrame(1) })
	v := h.i.vmafView
	check := func(want string) {
		t.Helper()
		dir := t.TempDir()
		names, err := h.i.exportFrameMaps(dir)
		if err != nil {
			t.Fatal(err)
		}
		var vmaf []string
		for _, n := range names {
			if strings.Contains(n, "_vmaf_") {
				vmaf = append(vmaf, n)
			}
		}
		shown := 0
		for _, m := range v.shown.Maps {
			if m.Data != nil {
				shown++
			}
		}
		if shown == 0 || len(vmaf) != shown {
			t.Fatalf("%d VMAF maps written, %d shown (%s): %v", len(vmaf), shown, v.shown.Title, vmaf)
		}
		if !strings.Contains(vmaf[0], want) {
			t.Errorf("first VMAF map %q, want %q in it", vmaf[0], want)
		}
		f, err := os.Open(filepath.Join(dir, vmaf[0]))
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		img, err := png.Decode(f)
		if err != nil {
			t.Fatal(err)
		}
		// The map at its own size, top left, its caption under it.
		m := v.shown.Maps[0]
		if b := img.Bounds(); b.Dx() < m.Data.W || b.Dy() <= m.Data.H+captionLine {
			t.Errorf("%s is %v, the map %dx%d and its caption", vmaf[0], b, m.Data.W, m.Data.H)
		}
		if c := color.NRGBAModel.Convert(img.At(0, m.Data.H+2)); c != (color.NRGBA{0xff, 0xff, 0xff, 0xff}) {
			t.Errorf("%s: under the map %v, not the caption's white", vmaf[0], c)
		}
		col := heatColour(h.i.colormap, m.Top)
		x := m.Data.At(0)
		if m.Abs {
			x = math.Abs(x)
		}
		if got, want := color.NRGBAModel.Convert(img.At(0, 0)), col.colour(x); got != want {
			t.Errorf("%s pixel 0: %v, the view's colour %v", vmaf[0], got, want)
		}
	}
	best, _ := inspect.Costliest(h.i.res.VMAF)
	check("frame1_vmaf_" + fileSlug(best.Model) + "_" + fileSlug(best.In.Base))
	// Another input chosen: its maps.
	h.do(func() { v.which.SetSelected("vmaf_v0.6.1: integer_motion2") })
	if !strings.HasPrefix(v.shown.Title, "motion SAD") {
		t.Fatalf("shown %q", v.shown.Title)
	}
	check("frame1_vmaf_vmaf_v0.6.1_integer_motion2_00_")
	// No model: nothing of VMAF.
	h.do(func() { h.i.setModels(nil) })
	names, err := h.i.exportFrameMaps(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range names {
		if strings.Contains(n, "_vmaf_") {
			t.Errorf("no model, yet %s", n)
		}
	}
}

// FuzzParseModelPref: whatever the preference holds, the models read are
// built-in versions, each once, at most maxModels, and reading them back
// gives the same list.
func FuzzParseModelPref(f *testing.F) {
	for _, c := range modelPrefCases {
		f.Add(c.in)
	}
	known := map[string]bool{}
	for _, v := range model.BuiltinVersions() {
		known[v] = true
	}
	f.Fuzz(func(t *testing.T, s string) {
		got := parseModelPref(s)
		if len(got) > maxModels {
			t.Fatalf("%q: %d models", s, len(got))
		}
		seen := map[string]bool{}
		for _, v := range got {
			if !known[v] || seen[v] {
				t.Fatalf("%q: %q unknown or twice in %q", s, v, got)
			}
			seen[v] = true
		}
		if back := parseModelPref(strings.Join(got, ",")); strings.Join(back, ",") != strings.Join(got, ",") {
			t.Fatalf("%q: %q read back as %q", s, got, back)
		}
	})
}

// TestVMAFMapExportRuns: in compare mode with two encodes, Ctrl+M writes
// each run's VMAF maps (A_ and B_), each from that run's own frame.
func TestVMAFMapExportRuns(t *testing.T) {
	h := newModelHarness(t, nil, testModels)
	h.openSynthRuns(2)
	h.do(func() { h.i.gotoFrame(1) })
	if len(h.i.cmpRes.VMAF) != 2 {
		t.Fatalf("run B has %d model results", len(h.i.cmpRes.VMAF))
	}
	names, err := h.i.exportFrameMaps(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	count := map[string]int{}
	for _, n := range names {
		if strings.Contains(n, "_vmaf_") {
			count[n[:2]]++
		}
	}
	refB, _ := h.i.vmafView.chosenInput(h.i.cmpRes.VMAF)
	wantB := 0
	for _, m := range inspect.MapsFor(h.i.cmpRes, refB).Maps {
		if m.Data != nil {
			wantB++
		}
	}
	if count["A_"] == 0 || count["B_"] != wantB || wantB == 0 {
		t.Errorf("VMAF maps written: %v, want B's %d", count, wantB)
	}
}
