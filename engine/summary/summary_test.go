package summary

import (
	"bytes"
	"math"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/bandscope/bandscope/engine"
	"github.com/bandscope/bandscope/engine/model"
)

func TestSummarise(t *testing.T) {
	var frames [][]engine.Metric
	for f, v := range []float64{3, 1, 4, 2} {
		frames = append(frames, []engine.Metric{{Name: "cambi", Value: v}, {Name: "integer_adm2", Value: float64(f) / 4}})
	}
	st := Summarise(frames)
	if len(st) != 2 || st[0].Metric != "cambi" {
		t.Fatalf("summarise: %+v", st)
	}
	c := st[0]
	harm := 4/(1/4.0+1/2.0+1/5.0+1/3.0) - 1
	// CAMBI counts banding: its worst 1% is its highest frame.
	if c.Mean != 2.5 || c.Min != 1 || c.Max != 4 || c.Worst1 != 4 || c.Worst1Key() != "high_1pct" || math.Abs(c.Harmonic-harm) > 1e-15 {
		t.Errorf("cambi stats %+v (harmonic want %v)", c, harm)
	}
	if a := st[1]; a.Worst1 != 0 || a.Worst1Key() != "low_1pct" {
		t.Errorf("adm stats %+v: want its lowest frame as its worst 1%%", a)
	}
	if got := Worst(frames, "cambi", 2); len(got) != 2 || got[0] != 2 || got[1] != 0 {
		t.Errorf("worst CAMBI frames %v, want [2 0] (highest first)", got)
	}
	if got := Worst(frames, "integer_adm2", 10); len(got) != 4 || got[0] != 0 {
		t.Errorf("worst ADM frames %v, want frame 0 first (lowest)", got)
	}
	var b bytes.Buffer
	if err := WriteCSV(&b, []Run{{Name: "cpu", Frames: frames}, {Name: "gpu:0", Frames: frames}}); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(b.String(), "Frame,cpu: cambi,cpu: integer_adm2,gpu:0: cambi,") || !strings.Contains(b.String(), "\nhigh_1pct,4,,4,") || !strings.Contains(b.String(), "\nlow_1pct,,0,,") {
		t.Errorf("CSV:\n%s", b.String())
	}
	b.Reset()
	if err := WriteJSON(&b, []Run{{Name: "cpu", Frames: frames}}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), `"worst_frames"`) || !strings.Contains(b.String(), `"harmonic_mean"`) {
		t.Errorf("JSON lacks the summary:\n%s", b.String())
	}
}

// cambiRun is a run whose frames score CAMBI vals (NaN: no score).
func cambiRun(name string, vals ...float64) [][]engine.Metric {
	out := make([][]engine.Metric, len(vals))
	for f, v := range vals {
		if !math.IsNaN(v) {
			out[f] = []engine.Metric{{Name: "integer_adm2", Value: 0.9}, {Name: name, Value: v}}
		}
	}
	return out
}

func TestCompareBanding(t *testing.T) {
	a := cambiRun("cambi", 1, 2, 3, 3, 9, 0, 4, math.NaN())
	b := cambiRun("cambi_window_size_33", 2, 1, 1, 3, 1, 5, 5, 7)
	c, ok := CompareBanding("A x", "B y", a, b)
	if !ok {
		t.Fatal("no comparison")
	}
	if c.Frames != 7 || c.Same != 1 || c.Metric != "cambi / cambi_window_size_33" {
		t.Errorf("frames %d same %d metric %q", c.Frames, c.Same, c.Metric)
	}
	if c.MeanA != 22.0/7 || c.MeanB != 18.0/7 {
		t.Errorf("means %v %v", c.MeanA, c.MeanB)
	}
	if want := [][2]int{{1, 2}, {4, 4}}; !reflect.DeepEqual(c.MoreA, want) {
		t.Errorf("A bands more on %v, want %v", c.MoreA, want)
	}
	if want := [][2]int{{0, 0}, {5, 6}}; !reflect.DeepEqual(c.MoreB, want) {
		t.Errorf("B bands more on %v, want %v", c.MoreB, want)
	}
	if want := []int{4, 6, 2}; !reflect.DeepEqual(c.WorstA, want) {
		t.Errorf("worst of A %v, want %v", c.WorstA, want)
	}
	s := c.String()
	for _, w := range []string{
		"A x bands more: mean cambi / cambi_window_size_33 3.14286 against 2.57143 for B y.",
		"A x bands more on 3 of 7 frames: 1–2, 4.",
		"B y bands more on 3 of 7 frames: 0, 5–6.",
		"The same score, bit for bit, on 1 frames.",
		"Worst frames of A x: 4 (9), 6 (4), 2 (3).",
	} {
		if !strings.Contains(s, w) {
			t.Errorf("verdict lacks %q:\n%s", w, s)
		}
	}
	if _, ok := CompareBanding("A", "B", a, [][]engine.Metric{{{Name: "integer_adm2"}}}); ok {
		t.Error("a run without CAMBI compared")
	}
	if got := frameRanges([][2]int{{0, 1}, {3, 3}, {5, 9}}, 2); got != "0–1, 3, and 1 more ranges" {
		t.Errorf("frameRanges %q", got)
	}
}

func TestWorstCostFrames(t *testing.T) {
	frames := [][]engine.Metric{
		{{Name: "vmaf_v0.6.1", Value: 90}, {Name: "vmaf_v0.6.1_cost_integer_adm2", Value: 1}},
		{{Name: "vmaf_v0.6.1", Value: 60}, {Name: "vmaf_v0.6.1_cost_integer_adm2", Value: 30}},
	}
	if got := Worst(frames, "vmaf_v0.6.1", 1); len(got) != 1 || got[0] != 1 {
		t.Errorf("worst score frame %v, want the lowest score's", got)
	}
	if got := Worst(frames, "vmaf_v0.6.1_cost_integer_adm2", 1); len(got) != 1 || got[0] != 1 {
		t.Errorf("worst cost frame %v, want the highest cost's", got)
	}
}

// TestModelSeries: a model's score and each input's cost over a run, and
// the summary line that names the input costing most.
func TestModelSeries(t *testing.T) {
	m, err := model.ParseFlag("version=vmaf_v0.6.1:name=vmaf_v0.6.1")
	if err != nil {
		t.Fatal(err)
	}
	cost := engine.CostKey(m.Name, "integer_adm2")
	frames := [][]engine.Metric{
		{{Name: m.Name, Value: 90}, {Name: cost, Value: 1}},
		nil,
		{{Name: m.Name, Value: 60}, {Name: cost, Value: 30}},
	}
	mc := ModelSeries(m, frames)
	if len(mc.Costs) != len(m.Inputs()) || mc.Score.Values[2] != 60 || !math.IsNaN(mc.Score.Values[1]) {
		t.Fatalf("curves %+v", mc)
	}
	txt := ModelsText([]*model.Model{m}, frames)
	if want := "vmaf_v0.6.1  mean 75.0000  min 60.0000  costs most: adm2, 15.500 points on average, 30.000 on frame 2"; strings.TrimSpace(txt) != want {
		t.Errorf("ModelsText %q, want %q", txt, want)
	}
	if ModelsText([]*model.Model{m}, [][]engine.Metric{{{Name: "cambi", Value: 1}}}) != "" {
		t.Error("a run without the model's score summarised")
	}
}

// TestSignedStats: a model input's cost is signed (the source itself may
// band: CAMBI's cost below 0), so it has no harmonic mean, in the table,
// the CSV or the JSON; its worst 1% is its highest cost. A score keeps
// libvmaf's harmonic mean.
func TestSignedStats(t *testing.T) {
	cost := engine.CostKey("vmaf_v0.6.1", "integer_adm2")
	var frames [][]engine.Metric
	for _, v := range []float64{40, -1.5, 22, 0.5} {
		frames = append(frames, []engine.Metric{{Name: "vmaf_v0.6.1", Value: 60 - v}, {Name: cost, Value: v}})
	}
	st := Summarise(frames)
	if len(st) != 2 || !st[0].HasHarmonic() || st[1].HasHarmonic() || st[1].Worst1 != 40 || st[0].Worst1 != 20 {
		t.Fatalf("stats %+v", st)
	}
	table := Table([]Run{{Frames: frames}})
	if !strings.Contains(table, "-    40 high") {
		t.Errorf("table lacks the cost's absent harmonic mean and its 1%% high:\n%s", table)
	}
	var b bytes.Buffer
	if err := WriteJSON(&b, []Run{{Frames: frames}}); err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(b.String(), `"harmonic_mean"`); n != 1 {
		t.Errorf("JSON has %d harmonic means, want the score's alone:\n%s", n, b.String())
	}
	b.Reset()
	if err := WriteCSV(&b, []Run{{Frames: frames}}); err != nil {
		t.Fatal(err)
	}
	// The score's cell first, the cost's empty after it.
	if !regexp.MustCompile(`\nharmonic_mean,[0-9.]+,\n`).MatchString(b.String()) {
		t.Errorf("CSV summary:\n%s", b.String())
	}
}
