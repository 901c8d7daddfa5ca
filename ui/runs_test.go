package ui

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"fyne.io/fyne/v2"

	"github.com/bandscope/bandscope/engine"
	"github.com/bandscope/bandscope/engine/clip"
	"github.com/bandscope/bandscope/engine/inspect"
	"github.com/bandscope/bandscope/engine/logs"
	"github.com/bandscope/bandscope/kernels/yuv"
)

// fixtureCoarse is a second encode of the fixture's reference: the fake
// engine quantises its odd frames (see coarsen).
const fixtureCoarse = "fixture_coarse_320x240_8b420.yuv"

// runArgCases are inspector command lines; they seed FuzzParseRunArgs.
var runArgCases = []struct {
	args []string
	want runArgs
	err  string
}{
	{nil, runArgs{}, ""},
	{[]string{"d.yuv"}, runArgs{dist: "d.yuv"}, ""},
	{[]string{"d.yuv", "r.yuv"}, runArgs{dist: "d.yuv", ref: "r.yuv"}, ""},
	{[]string{"d.yuv", "--ref", "r.yuv", "--compare-with", "e.yuv"}, runArgs{dist: "d.yuv", ref: "r.yuv", compareWith: "e.yuv"}, ""},
	{[]string{"--compare-with=e.yuv", "d.yuv", "r.yuv", "--log", "a.json", "--log=b.xml"},
		runArgs{dist: "d.yuv", ref: "r.yuv", compareWith: "e.yuv", logs: []string{"a.json", "b.xml"}}, ""},
	{[]string{"--compare-with", "e.yuv"}, runArgs{compareWith: "e.yuv"}, ""},
	{[]string{"a", "b", "c"}, runArgs{}, "got 3 clips"},
	{[]string{"d.yuv", "r.yuv", "--ref", "s.yuv"}, runArgs{}, "got 2 clips"},
	{[]string{"--ref", "r.yuv"}, runArgs{}, "--ref needs a distorted clip"},
	{[]string{"d.yuv", "--compare-with"}, runArgs{}, "--compare-with needs a file name"},
	{[]string{"--frobnicate"}, runArgs{}, "unknown flag --frobnicate"},
	{[]string{"-", "--ref=-r.yuv", "--log", "--x", "--log=a=b"}, runArgs{dist: "-", ref: "-r.yuv", logs: []string{"--x", "a=b"}}, ""},
	{[]string{"--ref="}, runArgs{}, "--ref= needs a file name"},
}

func TestParseRunArgs(t *testing.T) {
	for _, c := range runArgCases {
		got, err := parseRunArgs(c.args)
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("%q: error %v, want %q", c.args, err, c.err)
			}
			continue
		}
		if err != nil || !reflect.DeepEqual(got, c.want) {
			t.Errorf("%q: %+v, %v; want %+v", c.args, got, err, c.want)
		}
	}
}

// openRuns opens the fixture and compares it with its coarse encode.
func openRuns(t *testing.T, eng *fakeEngine) *harness {
	h := newHarness(t, eng)
	h.open()
	h.do(func() { h.i.bar.compareWith(fixtureCoarse) })
	if !h.i.runsMode() || h.i.sessB == nil || h.i.res == nil || h.i.cmpRes == nil {
		t.Fatalf("runs mode %v, session B %v, results %v %v (status %q)", h.i.runsMode(), h.i.sessB, h.i.res, h.i.cmpRes, h.i.status.Text)
	}
	return h
}

func TestRunsTwoEncodes(t *testing.T) {
	h := openRuns(t, nil)
	i, v := h.i, h.i.runsView
	if i.tabs.SelectedIndex() != 3 || !v.content.Visible() || i.compareView.content.Visible() {
		t.Errorf("tab %d, runs view visible %v, backend view visible %v", i.tabs.SelectedIndex(), v.content.Visible(), i.compareView.content.Visible())
	}
	if got := i.bar.cmpSel.Selected; got != encodePrefix+fixtureCoarse {
		t.Errorf("compare drop-down %q", got)
	}
	if got, want := h.w.Title(), "Bandscope — A fixture_dist_320x240_8b420 vs B fixture_coarse_320x240_8b420"; got != want {
		t.Errorf("title %q, want %q", got, want)
	}
	if backendOf(i.sessB) != "cpu" || i.sessB.(*fakeSession).req.Distorted != fixtureCoarse || i.sessB.(*fakeSession).req.Reference != fixtureRef {
		t.Errorf("run B's request %+v", i.sessB.(*fakeSession).req)
	}
	// Frame 0: the coarse encode leaves even frames alone.
	if !v.noDiff[0].Visible() || !v.noDiff[1].Visible() || !strings.Contains(v.verdict.Text, "both runs band as much") {
		t.Errorf("frame 0: no-difference labels %v %v, verdict %q", v.noDiff[0].Visible(), v.noDiff[1].Visible(), v.verdict.Text)
	}
	h.key(fyne.KeyRight)
	if i.res.Frame != 1 || i.cmpRes.Frame != 1 {
		t.Fatalf("frames %d and %d after a step", i.res.Frame, i.cmpRes.Frame)
	}
	if v.noDiff[0].Visible() || v.panes[2].base == nil || v.panes[3].base == nil {
		t.Fatal("frame 1: no delta map or no frame difference")
	}
	// The delta pane is A's c-values minus B's, value for value.
	a, b := inspect.CAMBIOf(i.res).Dist.Scales[0].CValues, inspect.CAMBIOf(i.cmpRes).Dist.Scales[0].CValues
	for k := range a {
		if got, want := v.panes[2].base.At(k), float64(a[k])-float64(b[k]); got != want {
			t.Fatalf("delta at %d: %v, want %v", k, got, want)
		}
	}
	x, y := inspect.CAMBIOf(i.res).CAMBI, inspect.CAMBIOf(i.cmpRes).CAMBI
	if x == y {
		t.Fatalf("frame 1 scores the same in both encodes: %v", x)
	}
	more := "A fixture_dist"
	if y > x {
		more = "B fixture_coarse"
	}
	if !strings.HasPrefix(v.verdict.Text, "Frame 1: "+more) || !strings.Contains(v.verdict.Text, "bands more") {
		t.Errorf("verdict %q, want %s bands more", v.verdict.Text, more)
	}
	if !strings.Contains(i.status.Text, "CAMBI "+fmtScore(x)+" (B "+fmtScore(y)+")") {
		t.Errorf("status %q lacks run B's score", i.status.Text)
	}
	// ADM bands of both runs, their difference.
	h.do(func() { v.stage.SetSelected("ADM scale 1 vertical") })
	if v.cur == nil || v.cur.kind != "band" || v.panes[0].base == nil || v.panes[1].base == nil || v.titles[2].Text != "difference A − B" {
		t.Errorf("ADM band: %+v, title %q", v.cur, v.titles[2].Text)
	}

	// Whole clip: both runs, overlaid with names, the verdict, exports.
	h.do(func() { i.tabs.SelectIndex(4); i.scoresView.runClip() })
	if i.scores[0] == nil || i.scores[1] == nil {
		t.Fatal("whole-clip run did not score both runs")
	}
	if got := i.scoresView.rate.Text; !strings.Contains(got, "6 frames x 2 runs") {
		t.Errorf("rate %q", got)
	}
	var names []string
	for _, list := range i.scoresView.seriesFor("CAMBI", isCAMBI) {
		for _, s := range list {
			names = append(names, s.Name)
		}
	}
	if want := []string{"A fixture_dist_320x240_8b420: cambi", "B fixture_coarse_320x240_8b420: cambi"}; !reflect.DeepEqual(names, want) {
		t.Errorf("CAMBI series %q, want %q", names, want)
	}
	sum := i.scoresView.summary.verdict
	// Steps of 8 are edges to CAMBI, not bands: the coarse encode scores
	// lower on its odd frames.
	if !sum.Visible() || !strings.Contains(sum.Text, "A fixture_dist_320x240_8b420 bands more on 3 of 6 frames: 1, 3, 5.") ||
		!strings.Contains(sum.Text, "B fixture_coarse_320x240_8b420 bands more on no frame.") ||
		!strings.Contains(sum.Text, "The same score, bit for bit, on 3 frames.") {
		t.Errorf("summary verdict (visible %v):\n%s", sum.Visible(), sum.Text)
	}
	dir := t.TempDir()
	out := filepath.Join(dir, "scores.json")
	if err := exportScoresTo(out, i.exportInputs(), i.exportRuns()...); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(out)
	var doc struct{ Runs []struct{ Name string } }
	if err := json.Unmarshal(data, &doc); err != nil || len(doc.Runs) != 2 || doc.Runs[1].Name != "B fixture_coarse_320x240_8b420" {
		t.Errorf("exported runs %+v, %v", doc.Runs, err)
	}
	files, err := i.exportFrameMaps(dir)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]bool{"A_frame1_luma.png": false, "B_frame1_cambi_cvalues_scale0.png": false, "delta_A-B_frame1_cambi_cvalues_scale4.png": false}
	for _, f := range files {
		if _, ok := want[f]; ok {
			want[f] = true
		}
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Error(err)
		}
	}
	for f, ok := range want {
		if !ok {
			t.Errorf("map export lacks %s (wrote %q)", f, files)
		}
	}

	// Back to a backend: one session again, the backends' view.
	h.do(func() { i.bar.cmpSel.SetSelected(i.backendLabel("gpu:0")) })
	if i.runsMode() || i.sessB != nil || i.cmpRes == nil || !i.compareView.content.Visible() || v.content.Visible() {
		t.Errorf("after choosing a backend: runs mode %v, session B %v", i.runsMode(), i.sessB)
	}
	if i.scores[1] != nil {
		t.Error("run B's scores kept after run B changed")
	}
}

func TestRunsOptions(t *testing.T) {
	h := newHarness(t, nil)
	h.open()
	h.do(h.i.bar.compareOptionsDialog)
	i, v := h.i, h.i.runsView
	if !i.runsMode() || i.runB.kind != runOptions || i.sessB == nil {
		t.Fatalf("runs mode %v kind %v", i.runsMode(), i.runB.kind)
	}
	// The same options: nothing differs.
	if !v.noDiff[0].Visible() || !v.noDiff[1].Visible() || i.runName(1) != "B (same options as A)" {
		t.Errorf("same options: no-difference %v, run B %q", v.noDiff[0].Visible(), i.runName(1))
	}
	h.do(func() {
		if err := i.runB.cambi.Set("topk", "0.5"); err != nil {
			t.Fatal(err)
		}
		i.setRunB(runOptions)
	})
	if got := i.runName(1); got != "B cambi topk=0.5" {
		t.Errorf("run B named %q", got)
	}
	if got := i.runName(0); got != "A (default options)" {
		t.Errorf("run A named %q", got)
	}
	if !strings.Contains(v.heading.Text, "Run B: "+fixtureDist+" on cpu, cambi topk=0.5") {
		t.Errorf("heading %q", v.heading.Text)
	}
	// topk changes the pooled score, not the c-values; the frames are one clip.
	if inspect.CAMBIOf(i.res).CAMBI == inspect.CAMBIOf(i.cmpRes).CAMBI || !v.noDiff[1].Visible() {
		t.Errorf("topk=0.5: CAMBI %v and %v; frames differ %v", inspect.CAMBIOf(i.res).CAMBI, inspect.CAMBIOf(i.cmpRes).CAMBI, !v.noDiff[1].Visible())
	}
	if !strings.Contains(v.stats.Text, "pooled score A") {
		t.Errorf("stats %q", v.stats.Text)
	}
}

func TestRunsRefuseOtherShapes(t *testing.T) {
	for _, c := range []struct {
		info clip.Info
		want string
	}{
		{clip.Info{Format: yuv.Format{Width: 640, Height: 480}, Frames: 6}, "run B fixture_coarse_320x240_8b420.yuv is 640x480 but run A fixture_dist_320x240_8b420.yuv is 320x240"},
		{clip.Info{Format: yuv.Format{Width: 320, Height: 240}, Frames: 5}, "run B fixture_coarse_320x240_8b420.yuv has 5 frames but run A fixture_dist_320x240_8b420.yuv has 6"},
	} {
		eng := newFakeEngine()
		eng.shapes = map[string]clip.Info{fixtureCoarse: c.info}
		h := newHarness(t, eng)
		h.open()
		h.do(func() { h.i.bar.compareWith(fixtureCoarse) })
		if h.i.compare || h.i.runsMode() || h.i.sessB != nil {
			t.Errorf("%s: still comparing", c.want)
		}
		if !strings.Contains(h.i.status.Text, "Not compared: "+c.want) {
			t.Errorf("status %q; want %q", h.i.status.Text, c.want)
		}
		if h.i.res == nil || h.i.sess == nil {
			t.Error("run A is not shown any more")
		}
	}
}

// TestRunsFitSmallScreen: the two-runs Compare view and the Scores view
// with two runs fit 1280x720 beside the sidebar, as every view does.
func TestRunsFitSmallScreen(t *testing.T) {
	h := openRuns(t, nil)
	h.key(fyne.KeyRight)
	h.do(h.i.scoresView.runClip)
	room := 1280 - h.i.split.Leading.MinSize().Width - 20
	for k := range h.i.tabs.Items {
		h.do(func() { h.i.tabs.SelectIndex(k) })
		if min := h.w.Content().MinSize(); min.Width > 1280 || min.Height > 720-40 {
			t.Errorf("view %d: minimum size %v does not fit 1280x720", k, min)
		}
	}
	for _, c := range []fyne.CanvasObject{h.i.runsView.content, h.i.scoresView.content} {
		if w := c.MinSize().Width; w > room {
			t.Errorf("%v wide, %v beside the sidebar at 1280 px", w, room)
		}
	}
}

func TestGoldenRuns(t *testing.T) {
	h := openRuns(t, nil)
	h.key(fyne.KeyRight)
	assertGolden(t, "view_compare_runs.png", h.w.Canvas().Capture())
	h.do(func() { h.i.tabs.SelectIndex(4); h.i.scoresView.runClip() })
	assertGolden(t, "view_scores_runs.png", h.w.Canvas().Capture())
	h.do(func() { h.i.scoresView.pages.SelectIndex(1) })
	assertGolden(t, "view_summary_runs.png", h.w.Canvas().Capture())
}

// TestRunsLogBeside: a libvmaf log opened in runs mode is overlaid with
// both runs and exported beside them.
func TestRunsLogBeside(t *testing.T) {
	h := openRuns(t, nil)
	dir := t.TempDir()
	log := filepath.Join(dir, "libvmaf.json")
	var buf bytes.Buffer
	buf.WriteString(`{"frames":[`)
	for f := 0; f < 6; f++ {
		if f > 0 {
			buf.WriteString(",")
		}
		buf.WriteString(`{"frameNum":` + string(rune('0'+f)) + `,"metrics":{"cambi":1.5}}`)
	}
	buf.WriteString(`]}`)
	if err := os.WriteFile(log, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	h.do(func() { h.i.openLog(log); h.i.scoresView.runClip() })
	var names []string
	for _, r := range h.i.exportRuns() {
		names = append(names, r.Name)
	}
	if want := []string{"A fixture_dist_320x240_8b420", "B fixture_coarse_320x240_8b420", "log libvmaf.json"}; !reflect.DeepEqual(names, want) {
		t.Errorf("runs %q, want %q", names, want)
	}
}

// TestRunsCancel: Esc cancels a whole-clip run of two encodes; the frames
// still step, in both runs.
func TestRunsCancel(t *testing.T) {
	eng := newFakeEngine()
	h := openRuns(t, eng)
	eng.running = make(chan struct{})
	uiMu.Lock()
	h.i.scoresView.runClip()
	uiMu.Unlock()
	<-eng.running
	h.key(fyne.KeyEscape)
	if h.i.scores[0] == nil || h.i.scores[1] != nil || h.i.scoresView.rate.Text != "cancelled in run 1 of 2: 1 of 6 frames scored, plotted" {
		t.Errorf("after Esc: scores %v %v, rate %q", h.i.scores[0], h.i.scores[1], h.i.scoresView.rate.Text)
	}
	eng.running = nil
	h.key(fyne.KeyRight)
	if h.i.res.Frame != 1 || h.i.cmpRes == nil || h.i.cmpRes.Frame != 1 {
		t.Errorf("after a step: frame %d, run B %v", h.i.res.Frame, h.i.cmpRes)
	}
}

// TestDemoLibvmafLog: the log the real-window test opens is libvmaf's own
// (its CLI on the demo encode and source, --feature cambi --feature adm,
// printed with %.17g): 20 frames, as many as the demo clip, that read back
// as the exact float64s.
func TestDemoLibvmafLog(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "demo_libvmaf_cambi_adm.json"))
	if err != nil {
		t.Fatal(err)
	}
	s, err := logs.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	if len(s) != 20 {
		t.Fatalf("%d frames, want the demo clip's 20", len(s))
	}
	if v, ok := engine.FindMetric(s[0], "cambi"); !ok || v != 22.090735686644308 {
		t.Errorf("frame 0 cambi %v %v", v, ok)
	}
	if _, ok := engine.FindMetric(s[19], "integer_adm2"); !ok {
		t.Error("frame 19 has no integer_adm2")
	}
}

// TestRunsBWaitsForA: run B chosen before run A is open (the command line
// while a raw format is asked for) is compared once run A opens.
func TestRunsBWaitsForA(t *testing.T) {
	h := newHarness(t, nil)
	h.do(func() { h.i.bar.compareWith(fixtureCoarse) })
	if !h.i.compare || !strings.Contains(h.i.status.Text, "open run A's distorted clip") {
		t.Errorf("compare %v, status %q", h.i.compare, h.i.status.Text)
	}
	h.open()
	if !h.i.runsMode() || h.i.sessB == nil || h.i.cmpRes == nil {
		t.Fatalf("after run A opened: runs mode %v, session B %v", h.i.runsMode(), h.i.sessB)
	}
	if got := h.i.sessB.(*fakeSession).req.Raw; got.Width != 320 || got.BitDepth != 8 {
		t.Errorf("run B's raw format %+v", got)
	}
}

// TestRunsPerScaleAndWorst: in runs mode the per-scale CAMBI plot shows
// both runs (B's scored with B's request, dashed, named), both are
// exported, and "export worst frames" writes run B's worst frames beside
// run A's.
func TestRunsPerScaleAndWorst(t *testing.T) {
	h := openRuns(t, nil)
	i := h.i
	h.do(func() { i.tabs.SelectIndex(4); i.scoresView.perScale.SetChecked(true) })
	ss := i.scoresView.seriesFor(scalesTitle, nil)
	if len(ss) != 2 || len(ss[0]) != 5 || len(ss[1]) != 5 {
		t.Fatalf("per-scale series: %d runs (status %q)", len(ss), i.status.Text)
	}
	if ss[0][0].Name != "A: scale 0" || ss[1][4].Name != "B: scale 4" {
		t.Errorf("names %q, %q", ss[0][0].Name, ss[1][4].Name)
	}
	// The coarse encode differs on odd frames only.
	differ := 0
	for k := range ss[0] {
		for f, v := range ss[0][k].Values {
			if !inspect.SameBits(v, ss[1][k].Values[f]) {
				differ++
				if f%2 == 0 {
					t.Errorf("scale %d frame %d: A %v, B %v on an even frame", k, f, v, ss[1][k].Values[f])
				}
			}
		}
	}
	if differ == 0 {
		t.Error("run B's per-scale scores are run A's")
	}
	// B's values are those of B's frames, scored one by one.
	h.do(func() { i.gotoFrame(1) })
	for k := 0; k < 5; k++ {
		if got, want := ss[1][k].Values[1], inspect.CAMBIOf(i.cmpRes).Dist.Scales[k].Score; !inspect.SameBits(got, want) {
			t.Errorf("B scale %d frame 1: %v, run B's frame says %v", k, got, want)
		}
	}
	h.do(i.scoresView.runClip)
	var names []string
	for _, r := range i.exportRuns() {
		names = append(names, r.Name)
	}
	if want := "per scale, B fixture_coarse_320x240_8b420"; !strings.Contains(strings.Join(names, "|"), want) {
		t.Errorf("exported runs %q lack %q", names, want)
	}
	if p := i.scoresView.plot(scalesTitle, nil); p == nil {
		t.Error("no per-scale plot")
	}
	// Worst frames of both runs.
	dir := t.TempDir()
	jobs := i.scoresView.summary.worstJobs()
	if len(jobs) != 2 || jobs[1].req.Distorted != fixtureCoarse || len(jobs[1].frames) == 0 {
		t.Fatalf("worst-frame jobs %+v", jobs)
	}
	h.do(func() { i.scoresView.summary.exportWorstTo(dir) })
	if !strings.HasPrefix(i.status.Text, "Wrote ") {
		t.Fatalf("status %q", i.status.Text)
	}
	for _, j := range jobs {
		name := fmt.Sprintf("%sworst01_%s_frame%d_heatmap.png", j.prefix, j.metric, j.frames[0])
		if _, err := os.Stat(filepath.Join(dir, name)); err != nil {
			t.Error(err)
		}
	}
	// Another run B: B's per-scale scores are scored again for it.
	h.do(func() { i.bar.cmpSel.SetSelected(i.backendLabel("gpu:0")) })
	if i.scaleScoresB != nil || len(i.scoresView.seriesFor(scalesTitle, nil)) != 1 {
		t.Error("run B's per-scale scores kept after run B changed")
	}
	if len(i.scoresView.summary.worstJobs()) != 1 {
		t.Error("run B's worst frames outside runs mode")
	}
}

// TestRunBPref: run B's choice is remembered and restored in a new
// window (without turning compare mode on); an encode since deleted is
// dropped silently; options come back as they were.
// runBPrefCases are run B preferences (/x/b.yuv exists); they seed
// FuzzParseRunBPref.
var runBPrefCases = []struct {
	in   string
	ok   bool
	kind runKind
}{
	{"", false, runBackend},
	{"{", false, runBackend},
	{`{"kind":"encode","path":"/x/b.yuv"}`, true, runClip},
	{`{"kind":"encode","path":"/x/gone.yuv"}`, false, runBackend},
	{`{"kind":"encode","path":"/x/b.yuv","raw":{"Width":320,"Height":240,"Chroma":1,"ChromaSet":true,"BitDepth":8}}`, true, runClip},
	{`{"kind":"encode","path":"/x/b.yuv","raw":{"Width":-1,"Height":240}}`, false, runBackend},
	{`{"kind":"options","cambi":[{"Key":"topk","Value":"0.5"}]}`, true, runOptions},
	{`{"kind":"options","cambi":[{"Key":"nope","Value":"1"}]}`, false, runBackend},
	{`{"kind":"backend"}`, false, runBackend},
}

func runBExists(p string) bool { return p == "/x/b.yuv" }

func TestRunBPref(t *testing.T) {
	exists := runBExists
	for _, c := range runBPrefCases {
		b, ok := parseRunBPref(c.in, exists)
		if ok != c.ok || b.kind != c.kind {
			t.Errorf("parseRunBPref(%q) = kind %v ok %v, want %v %v", c.in, b.kind, ok, c.kind, c.ok)
		}
		if ok {
			if back, ok2 := parseRunBPref(formatRunBPref(b), exists); !ok2 || formatRunBPref(back) != formatRunBPref(b) {
				t.Errorf("%q does not survive a round trip: %q", c.in, formatRunBPref(b))
			}
		}
	}

	dir := t.TempDir()
	encode := filepath.Join(dir, fixtureCoarse)
	if err := os.WriteFile(encode, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	h := newHarness(t, nil)
	h.open()
	h.do(func() { h.i.bar.compareWith(encode) })
	if !h.i.runsMode() {
		t.Fatalf("not in runs mode: %s", h.i.status.Text)
	}
	restored := func() *inspector {
		w := h.a.NewWindow("Bandscope 2")
		i2 := newInspector(h.a, w, newFakeEngine())
		t.Cleanup(func() { i2.close(); i2.wg.Wait(); w.Close() })
		return i2
	}
	i2 := restored()
	if i2.runB.kind != runClip || i2.runB.dist != encode || i2.compare {
		t.Errorf("restored run B %+v, compare %v", i2.runB, i2.compare)
	}
	if got := i2.bar.cmpSel.Selected; got != encodePrefix+fixtureCoarse {
		t.Errorf("restored drop-down %q", got)
	}
	// Ctrl+K compares with the restored run B.
	do2 := func(f func()) { uiMu.Lock(); f(); uiMu.Unlock(); i2.wg.Wait() }
	do2(func() { i2.open(engine.Request{Distorted: fixtureDist, Reference: fixtureRef}) })
	do2(func() { i2.setCompare(true) })
	if !i2.runsMode() || i2.sessB == nil || i2.cmpRes == nil {
		t.Errorf("restored run B not compared: runs mode %v, status %q", i2.runsMode(), i2.status.Text)
	}
	// Options.
	h.do(func() {
		h.i.bar.compareOptionsDialog()
		if err := h.i.runB.cambi.Set("topk", "0.5"); err != nil {
			t.Fatal(err)
		}
		h.i.setRunB(runOptions)
	})
	i3 := restored()
	if i3.runB.kind != runOptions || i3.runB.cambi == nil || i3.runB.cambi.Float("topk") != 0.5 {
		t.Errorf("restored options %+v", i3.runB)
	}
	// Back to run B an encode, then the file deleted: dropped silently.
	h.do(func() { h.i.bar.compareWith(encode) })
	if err := os.Remove(encode); err != nil {
		t.Fatal(err)
	}
	i4 := restored()
	if i4.runB.kind != runBackend || i4.runB.dist != "" || h.a.Preferences().String(prefRunB) != "" {
		t.Errorf("a deleted encode restored: %+v (pref %q)", i4.runB, h.a.Preferences().String(prefRunB))
	}
}

// FuzzParseRunArgs: the command line (arguments joined by NUL) never
// panics; what it reads has no empty file name, a reference only with a
// distorted clip, and written back canonically (flags with "=") it reads
// the same.
func FuzzParseRunArgs(f *testing.F) {
	for _, c := range runArgCases {
		f.Add(strings.Join(c.args, "\x00"))
	}
	f.Fuzz(func(t *testing.T, line string) {
		var args []string
		if line != "" {
			args = strings.Split(line, "\x00")
		}
		r, err := parseRunArgs(args)
		if err != nil {
			return
		}
		if r.ref != "" && r.dist == "" {
			t.Fatalf("%q: a reference without a distorted clip: %+v", args, r)
		}
		for _, l := range r.logs {
			if l == "" {
				t.Fatalf("%q: an empty log name", args)
			}
		}
		var back []string
		if r.dist != "" {
			if strings.HasPrefix(r.dist, "-") && r.dist != "-" {
				t.Fatalf("%q: a distorted clip %q read as a clip though it looks like a flag", args, r.dist)
			}
			back = append(back, r.dist)
		}
		if r.ref != "" {
			back = append(back, "--ref="+r.ref)
		}
		if r.compareWith != "" {
			back = append(back, "--compare-with="+r.compareWith)
		}
		for _, l := range r.logs {
			back = append(back, "--log="+l)
		}
		r2, err := parseRunArgs(back)
		if err != nil || !reflect.DeepEqual(r, r2) {
			t.Fatalf("%q read %+v; written back %q reads %+v, %v", args, r, back, r2, err)
		}
	})
}

// FuzzParseRunBPref: whatever the preference holds, reading it never
// panics, a run B read names an existing encode or options that parse,
// and it survives being written and read again.
func FuzzParseRunBPref(f *testing.F) {
	for _, c := range runBPrefCases {
		f.Add(c.in)
	}
	f.Fuzz(func(t *testing.T, s string) {
		b, ok := parseRunBPref(s, runBExists)
		if !ok {
			if b.kind != runBackend {
				t.Fatalf("%q: not read, yet kind %v", s, b.kind)
			}
			return
		}
		switch b.kind {
		case runClip:
			if !runBExists(b.dist) {
				t.Fatalf("%q: encode %q does not exist", s, b.dist)
			}
		case runOptions:
			if b.cambi == nil || b.adm == nil {
				t.Fatalf("%q: options without values", s)
			}
		default:
			t.Fatalf("%q: read as kind %v", s, b.kind)
		}
		out := formatRunBPref(b)
		b2, ok2 := parseRunBPref(out, runBExists)
		if !ok2 || formatRunBPref(b2) != out {
			t.Fatalf("%q: written %q, read back %v", s, out, ok2)
		}
	})
}
