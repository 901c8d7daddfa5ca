package ui

import (
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/bandscope/bandscope/kernels/feature"
)

// logCases are libvmaf's three layouts as its CLI (and ffmpeg's libvmaf
// filter) writes them, plus broken ones; they seed FuzzParseScoreLog.
var logCases = []struct {
	name, text string
	frames     int
	frame1     string  // a metric of frame 1
	value      float64 // its value
	bad        bool
}{
	{"json", `{
  "version": "3.0.0",
  "fps": 12.50,
  "frames": [
    {
      "frameNum": 0,
      "metrics": {
        "integer_adm2": 0.98816935741519928,
        "cambi": 22.595663248515003
      }
    },
    {
      "frameNum": 1,
      "metrics": {
        "integer_adm2": 0.98513071614289284,
        "cambi": null
      }
    }
  ],
  "pooled_metrics": {"cambi": {"min": 1, "max": 2, "mean": 1.5, "harmonic_mean": 1.4}},
  "aggregate_metrics": {}
}`, 2, "integer_adm2", 0.98513071614289284, false},
	{"xml", `<VMAF version="3.0.0">
  <params qualityWidth="320" qualityHeight="240" />
  <fyi fps="12.50" />
  <frames>
    <frame frameNum="0" integer_adm2="0.98816935741519928" cambi="22.595663248515003" />
    <frame frameNum="1" integer_adm2="0.98513071614289284" cambi="22.1" />
  </frames>
  <pooled_metrics>
    <metric name="cambi" min="1" max="2" mean="1.5" harmonic_mean="1.4" />
  </pooled_metrics>
  <aggregate_metrics />
</VMAF>`, 2, "cambi", 22.1, false},
	{"csv", "Frame,integer_adm2,cambi,\n0,0.988169,22.595663,\n1,0.985131,22.100000,\n", 2, "integer_adm2", 0.985131, false},
	{"ffmpeg json, frames from 3", `{"frames":[{"frameNum":3,"metrics":{"vmaf":90.5}},{"frameNum":1,"metrics":{"vmaf":80}}]}`, 4, "vmaf", 80, false},
	{"empty", "", 0, "", 0, true},
	{"json without frames", `{"version":"3"}`, 0, "", 0, true},
	{"json bad number", `{"frames":[{"frameNum":0,"metrics":{"x":"abc"}}]}`, 0, "", 0, true},
	{"json huge frame", `{"frames":[{"frameNum":999999999,"metrics":{"x":1}}]}`, 0, "", 0, true},
	{"csv without header", "1,2,3\n", 0, "", 0, true},
	{"xml bad", `<VMAF><frames><frame frameNum="x" a="1"/></frames></VMAF>`, 0, "", 0, true},
}

func TestParseScoreLog(t *testing.T) {
	for _, c := range logCases {
		s, err := parseScoreLog([]byte(c.text))
		if c.bad {
			if err == nil {
				t.Errorf("%s: no error", c.name)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if len(s) != c.frames {
			t.Errorf("%s: %d frames, want %d", c.name, len(s), c.frames)
			continue
		}
		if v, ok := findMetric(s[1], c.frame1); !ok || math.Float64bits(v) != math.Float64bits(c.value) {
			t.Errorf("%s: frame 1 %s = %v (%v), want %v", c.name, c.frame1, v, ok, c.value)
		}
	}
	// JSON null is NaN.
	s, _ := parseScoreLog([]byte(logCases[0].text))
	if v, _ := findMetric(s[1], "cambi"); !math.IsNaN(v) {
		t.Errorf("null read as %v", v)
	}
}

func FuzzParseScoreLog(f *testing.F) {
	for _, c := range logCases {
		f.Add([]byte(c.text))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := parseScoreLog(data)
		if err == nil && len(s) > maxLogFrames {
			t.Fatalf("%d frames", len(s))
		}
	})
}

var grayCases = []struct {
	name        string
	scale, w, h int
	ok          bool
}{
	{"cambi_heatmap_scale_0_320x240_16b.gray", 0, 320, 240, true},
	{"/tmp/x/frame0_cambi_heatmap_scale_4_20x15_16b.gray", 4, 20, 15, true},
	{"cambi_heatmap_scale_5_320x240_16b.gray", 0, 0, 0, false},
	{"cambi_heatmap_scale_0_0x240_16b.gray", 0, 0, 0, false},
	{"cambi_heatmap_scale_0_320x240_8b.gray", 0, 0, 0, false},
	{"heat.gray", 0, 0, 0, false},
}

func TestParseGrayName(t *testing.T) {
	for _, c := range grayCases {
		s, w, h, ok := parseGrayName(c.name)
		if ok != c.ok || (ok && (s != c.scale || w != c.w || h != c.h)) {
			t.Errorf("%s: %d %dx%d %v", c.name, s, w, h, ok)
		}
	}
	if _, err := parseGrayHeatmap("cambi_heatmap_scale_0_4x2_16b.gray", make([]byte, 17)); err == nil {
		t.Error("no error for a partial frame")
	}
	g, err := parseGrayHeatmap("cambi_heatmap_scale_0_4x2_16b.gray", make([]byte, 48))
	if err != nil || g.Frames() != 3 || len(g.Frame(2)) != 8 || g.Frame(3) != nil {
		t.Errorf("3-frame dump: %v", err)
	}
}

func FuzzParseGrayHeatmap(f *testing.F) {
	for _, c := range grayCases {
		f.Add(c.name, make([]byte, 2*max(c.w*c.h, 1)))
	}
	f.Fuzz(func(t *testing.T, name string, data []byte) {
		g, err := parseGrayHeatmap(name, data)
		if err != nil {
			return
		}
		for n := 0; n < g.Frames(); n++ {
			if len(g.Frame(n)) != g.W*g.H {
				t.Fatal("short frame")
			}
		}
	})
}

// TestLogCheck: a log written from Bandscope's own run and a heatmap dump
// of the current frame match the frame recomputed, bit for bit; a log is
// plotted beside the runs.
func TestLogCheck(t *testing.T) {
	h := newHarness(t, nil)
	h.open()
	h.do(h.i.runClip)
	dir := t.TempDir()
	log := filepath.Join(dir, "run.json")
	if err := exportScores(log, scoreRun{Scores: h.i.scores[0]}); err != nil {
		t.Fatal(err)
	}
	if _, err := exportMaps(dir, h.i.res, colormaps[0], 2); err != nil {
		t.Fatal(err)
	}
	gray := filepath.Join(dir, "frame0_cambi_heatmap_scale_1_160x120_16b.gray")
	h.do(func() { h.i.openLog(log); h.i.openLog(gray) })
	if len(h.i.logs) != 1 || len(h.i.heatLogs) != 1 {
		t.Fatalf("logs %d, heatmaps %d (status %q)", len(h.i.logs), len(h.i.heatLogs), h.i.status.Text)
	}
	if ss := h.i.scoresView.seriesFor("CAMBI", isCAMBI); len(ss) != 2 || !strings.HasPrefix(ss[1][0].Name, "log run.json") {
		t.Errorf("log not plotted: %d runs", len(ss))
	}
	h.do(h.i.checkLogs)
	if !strings.Contains(h.i.status.Text, "values equal bit for bit") || strings.Contains(h.i.status.Text, "cannot match") {
		t.Errorf("check: %q", h.i.status.Text)
	}
	b, _ := os.ReadFile(log)
	if len(b) == 0 {
		t.Fatal("empty log")
	}
}

// TestLogVMAF: libvmaf's own log of the banded pair, written by its CLI
// with --model version=vmaf_v0.6.1 and no name= (the score's key is
// "vmaf"; %.17g), is bound to vmaf_v0.6.1 (the picked model whose inputs
// it holds), overlaid on that model's plot alone with a legend naming the
// log, and Ctrl+L's check covers the score: equal bit for bit with the
// engine's on every frame, as every other value the log shares with us.
func TestLogVMAF(t *testing.T) {
	h := newModelHarness(t, nil, testModels)
	h.openSynth(4)
	const name = "libvmaf_banded_v061.json"
	h.do(func() { h.i.openLog(filepath.Join("testdata", name)) })
	if len(h.i.logs) != 1 {
		t.Fatalf("log not read: %s", h.i.status.Text)
	}
	keys := logModelKeys(h.i.logs[0].Scores, h.i.models)
	if keys["vmaf_v0.6.1"] != "vmaf" || keys["vmaf_v1.0.16_3d0h"] != "" {
		t.Fatalf("log keys %v", keys)
	}
	h.do(func() { h.i.tabs.SelectIndex(4); h.i.runClip() })
	for k, pm := range h.i.models {
		_, others, _ := h.i.vmafPlots.seriesFor(k)
		found := false
		for _, o := range others {
			if o.Name == "log "+name+": vmaf" {
				found = true
				if !o.hasValues() {
					t.Errorf("%s: the log's curve is empty", pm.Version)
				}
			}
		}
		if found != (pm.Version == "vmaf_v0.6.1") {
			t.Errorf("%s: log overlaid %v (curves %d)", pm.Version, found, len(others))
		}
	}
	if p := h.i.vmafPlots.plot(0, 1, false); p == nil {
		t.Fatal("no plot")
	}
	for n := 0; n < 4; n++ {
		h.do(func() { h.i.gotoFrame(n) })
		if h.i.res == nil || h.i.res.Frame != n {
			t.Fatalf("frame %d not scored", n)
		}
		h.do(h.i.checkLogs)
		if !strings.Contains(h.i.status.Text, "values equal bit for bit") || strings.Contains(h.i.status.Text, "cannot match") {
			t.Errorf("frame %d check: %q", n, h.i.status.Text)
		}
		ours := append([]feature.Metric(nil), h.i.res.Metrics...)
		for _, m := range h.i.res.VMAF {
			ours = append(ours, m.Metrics...)
		}
		covered := false
		for _, c := range checkFrame(h.i.logs[0].Scores.PerFrame()[n], ours, logRenames(h.i.logs[0].modelKeys(h.i.models))) {
			if c.Name == "vmaf (vmaf_v0.6.1)" {
				covered = true
				if !c.Same() {
					t.Errorf("frame %d: libvmaf %v, engine %v (have %v)", n, c.Log, c.Ours, c.HaveOurs)
				}
			}
		}
		if !covered {
			t.Errorf("frame %d: the check leaves out the VMAF score", n)
		}
	}
}

// TestLogModelKeys: a model's own key wins; libvmaf's unnamed "vmaf" is
// bound to the one picked model without a key of its own, the one whose
// inputs the log holds, or the first picked.
func TestLogModelKeys(t *testing.T) {
	ms := loadModels(testModels)
	frame := func(names ...string) keptScores {
		var f []feature.Metric
		for _, n := range names {
			f = append(f, feature.Metric{Name: n, Value: 1})
		}
		return keptScores{f}
	}
	v061 := []string{"integer_adm2", "integer_motion2", "integer_vif_scale0", "integer_vif_scale1", "integer_vif_scale2", "integer_vif_scale3"}
	for _, c := range []struct {
		log    keptScores
		models []pickedModel
		want   string
	}{
		{frame("cambi"), ms, ""},
		{frame("vmaf"), ms[:1], "vmaf_v0.6.1=vmaf"},
		{frame("vmaf"), ms[1:], "vmaf_v1.0.16_3d0h=vmaf"},
		{frame("vmaf"), ms, "vmaf_v0.6.1=vmaf"},
		{frame("vmaf"), []pickedModel{ms[1], ms[0]}, "vmaf_v1.0.16_3d0h=vmaf"},
		{frame(append([]string{"vmaf"}, v061...)...), []pickedModel{ms[1], ms[0]}, "vmaf_v0.6.1=vmaf"},
		{frame("vmaf", "vmaf_v0.6.1"), ms, "vmaf_v0.6.1=vmaf_v0.6.1 vmaf_v1.0.16_3d0h=vmaf"},
		{frame("vmaf", "vmaf_v0.6.1", "vmaf_v1.0.16_3d0h"), ms, "vmaf_v0.6.1=vmaf_v0.6.1 vmaf_v1.0.16_3d0h=vmaf_v1.0.16_3d0h"},
		{frame("vmaf"), nil, ""},
	} {
		var got []string
		for m, k := range logModelKeys(c.log, c.models) {
			got = append(got, m+"="+k)
		}
		sort.Strings(got)
		if g := strings.Join(got, " "); g != c.want {
			t.Errorf("%v with %d models: %q, want %q", c.log, len(c.models), g, c.want)
		}
	}
}
