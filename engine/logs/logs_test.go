package logs

import (
	"math"
	"sort"
	"strings"
	"testing"

	"github.com/bandscope/bandscope/engine"
	"github.com/bandscope/bandscope/engine/model"
)

// logCases are libvmaf's three layouts as its CLI (and ffmpeg's libvmaf
// filter) writes them, plus broken ones; they seed FuzzParse.
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

func TestParse(t *testing.T) {
	for _, c := range logCases {
		s, err := Parse([]byte(c.text))
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
		if v, ok := engine.FindMetric(s[1], c.frame1); !ok || math.Float64bits(v) != math.Float64bits(c.value) {
			t.Errorf("%s: frame 1 %s = %v (%v), want %v", c.name, c.frame1, v, ok, c.value)
		}
	}
	// JSON null is NaN.
	s, _ := Parse([]byte(logCases[0].text))
	if v, _ := engine.FindMetric(s[1], "cambi"); !math.IsNaN(v) {
		t.Errorf("null read as %v", v)
	}
}

func FuzzParse(f *testing.F) {
	for _, c := range logCases {
		f.Add([]byte(c.text))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := Parse(data)
		if err == nil && len(s) > MaxFrames {
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

func TestParseHeatmapName(t *testing.T) {
	for _, c := range grayCases {
		s, w, h, ok := ParseHeatmapName(c.name)
		if ok != c.ok || (ok && (s != c.scale || w != c.w || h != c.h)) {
			t.Errorf("%s: %d %dx%d %v", c.name, s, w, h, ok)
		}
	}
	if _, err := ParseHeatmap("cambi_heatmap_scale_0_4x2_16b.gray", make([]byte, 17)); err == nil {
		t.Error("no error for a partial frame")
	}
	g, err := ParseHeatmap("cambi_heatmap_scale_0_4x2_16b.gray", make([]byte, 48))
	if err != nil || g.Frames() != 3 || len(g.Frame(2)) != 8 || g.Frame(3) != nil {
		t.Errorf("3-frame dump: %v", err)
	}
}

func FuzzParseHeatmap(f *testing.F) {
	for _, c := range grayCases {
		f.Add(c.name, make([]byte, 2*max(c.w*c.h, 1)))
	}
	f.Fuzz(func(t *testing.T, name string, data []byte) {
		g, err := ParseHeatmap(name, data)
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

// TestModelKeys: a model's own key wins; libvmaf's unnamed "vmaf" is
// bound to the one picked model without a key of its own, the one whose
// inputs the log holds, or the first picked.
func TestModelKeys(t *testing.T) {
	var ms []*model.Model
	for _, v := range []string{"vmaf_v0.6.1", "vmaf_v1.0.16_3d0h"} {
		m, err := model.ParseFlag("version=" + v + ":name=" + v)
		if err != nil {
			t.Fatal(err)
		}
		ms = append(ms, m)
	}
	frame := func(names ...string) [][]engine.Metric {
		var f []engine.Metric
		for _, n := range names {
			f = append(f, engine.Metric{Name: n, Value: 1})
		}
		return [][]engine.Metric{f}
	}
	v061 := []string{"integer_adm2", "integer_motion2", "integer_vif_scale0", "integer_vif_scale1", "integer_vif_scale2", "integer_vif_scale3"}
	for _, c := range []struct {
		log    [][]engine.Metric
		models []*model.Model
		want   string
	}{
		{frame("cambi"), ms, ""},
		{frame("vmaf"), ms[:1], "vmaf_v0.6.1=vmaf"},
		{frame("vmaf"), ms[1:], "vmaf_v1.0.16_3d0h=vmaf"},
		{frame("vmaf"), ms, "vmaf_v0.6.1=vmaf"},
		{frame("vmaf"), []*model.Model{ms[1], ms[0]}, "vmaf_v1.0.16_3d0h=vmaf"},
		{frame(append([]string{"vmaf"}, v061...)...), []*model.Model{ms[1], ms[0]}, "vmaf_v0.6.1=vmaf"},
		{frame("vmaf", "vmaf_v0.6.1"), ms, "vmaf_v0.6.1=vmaf_v0.6.1 vmaf_v1.0.16_3d0h=vmaf"},
		{frame("vmaf", "vmaf_v0.6.1", "vmaf_v1.0.16_3d0h"), ms, "vmaf_v0.6.1=vmaf_v0.6.1 vmaf_v1.0.16_3d0h=vmaf_v1.0.16_3d0h"},
		{frame("vmaf"), nil, ""},
	} {
		var got []string
		for m, k := range ModelKeys(KeySet(c.log), c.models) {
			got = append(got, m+"="+k)
		}
		sort.Strings(got)
		if g := strings.Join(got, " "); g != c.want {
			t.Errorf("%v with %d models: %q, want %q", c.log, len(c.models), g, c.want)
		}
	}
}

// TestIsLogName: logs and dumps by their extension, whatever its case;
// clips are not logs.
func TestIsLogName(t *testing.T) {
	for name, want := range map[string]bool{"run.json": true, "x/LOG.XML": true, "a.csv": true,
		"cambi_heatmap_scale_0_8x8_16b.gray": true, "ffmpeg.txt": true, "v.log": true,
		"clip.y4m": false, "clip.yuv": false, "clip.mkv": false, "json": false} {
		if IsLogName(name) != want {
			t.Errorf("IsLogName(%q) = %v", name, !want)
		}
	}
}

// TestCheckAtLogPrecision: a log printed with libvmaf's default %.6f
// rounds; a value of ours printed the same way that reads the same is
// "equal as printed", not "differ", and the log's value is shown as it
// was written. A %.17g log compares bits only.
func TestCheckAtLogPrecision(t *testing.T) {
	six := "Frame,integer_adm2,cambi,tiny,\n0,0.969755,22.595663,1.234567e-07,\n"
	l, err := Read([]byte(six))
	if err != nil {
		t.Fatal(err)
	}
	if !l.Rounds() || l.Digits != 8 {
		t.Fatalf("a %%.6f log: rounds %v, %d digits", l.Rounds(), l.Digits)
	}
	ours := []engine.Metric{{Name: "integer_adm2", Value: 0.96975500000000003}, {Name: "cambi", Value: 22.59567}, {Name: "tiny", Value: 1.2345671e-07}}
	want := map[string]struct {
		text string
		a    Agreement
	}{"integer_adm2": {"0.969755", EqualBits}, "cambi": {"22.595663", Differ}, "tiny": {"1.234567e-07", EqualPrinted}}
	for _, c := range l.CheckFrame(0, ours, nil) {
		a, ok := c.Agreement()
		if w := want[c.Name]; !ok || a != w.a || c.LogText != w.text {
			t.Errorf("%s: %q agreement %v (%v), want %q %v", c.Name, c.LogText, a, ok, w.text, w.a)
		}
	}
	ours[0].Value = 0.9697554
	if c := l.CheckFrame(0, ours, nil)[0]; c.Same() {
		t.Fatal("different bits")
	} else if a, _ := c.Agreement(); a != EqualPrinted || PrintedLike(c.Ours, c.LogText) != "0.969755" {
		t.Errorf("0.9697554 against 0.969755: %v", a)
	}
	full, err := Read([]byte(`{"frames":[{"frameNum":0,"metrics":{"integer_adm2":0.96975500000000003,"cambi":0.5}}]}`))
	if err != nil {
		t.Fatal(err)
	}
	if full.Rounds() {
		t.Fatalf("a %%.17g log rounds (%d digits)", full.Digits)
	}
	for _, c := range full.CheckFrame(0, []engine.Metric{{Name: "integer_adm2", Value: 0.9697554}, {Name: "cambi", Value: 0.50000000000000011}}, nil) {
		if a, _ := c.Agreement(); a != Differ {
			t.Errorf("%s: %v in a full-precision log", c.Name, a)
		}
	}
	if l.CheckFrame(3, ours, nil) != nil {
		t.Error("a frame the log lacks checked")
	}
}

// TestHeatmapOfOneFrame: the inspector's export of frame 30's c-values
// binds to frame 30, not 0.
func TestHeatmapOfOneFrame(t *testing.T) {
	g, err := ParseHeatmap("/x/frame30_cambi_heatmap_scale_0_4x2_16b.gray", make([]byte, 16))
	if err != nil {
		t.Fatal(err)
	}
	if g.First != 30 || g.Frame(30) == nil || g.Frame(0) != nil || g.FrameRange() != "frame 30" {
		t.Errorf("first %d, range %q", g.First, g.FrameRange())
	}
	sc := &engine.CAMBIScale{Width: 4, Height: 2}
	if _, _, err := g.Check(0, sc, 2); err == nil || !strings.Contains(err.Error(), "holds frame 30, not frame 0") {
		t.Errorf("frame 0 checked against frame 30's dump: %v", err)
	}
	// libvmaf's dumps hold every frame from 0.
	if g, _ := ParseHeatmap("cambi_heatmap_scale_0_4x2_16b.gray", make([]byte, 32)); g.First != 0 || g.FrameRange() != "frames 0–1" {
		t.Errorf("libvmaf's dump: first %d, %q", g.First, g.FrameRange())
	}
}
