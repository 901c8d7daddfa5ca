package ui

import (
	"bytes"
	"math"
	"strings"
	"testing"

	"github.com/bandscope/bandscope/kernels/cambi"
	"github.com/bandscope/bandscope/kernels/feature"
)

func TestSummarise(t *testing.T) {
	var frames [][]feature.Metric
	for f, v := range []float64{3, 1, 4, 2} {
		frames = append(frames, []feature.Metric{{Name: "cambi", Value: v}, {Name: "integer_adm2", Value: float64(f) / 4}})
	}
	st := summarise(frames)
	if len(st) != 2 || st[0].Metric != "cambi" {
		t.Fatalf("summarise: %+v", st)
	}
	c := st[0]
	harm := 4/(1/4.0+1/2.0+1/5.0+1/3.0) - 1
	if c.Mean != 2.5 || c.Min != 1 || c.Max != 4 || c.Low1 != 1 || math.Abs(c.Harmonic-harm) > 1e-15 {
		t.Errorf("cambi stats %+v (harmonic want %v)", c, harm)
	}
	if got := worstFrames(frames, "cambi", 2); len(got) != 2 || got[0] != 2 || got[1] != 0 {
		t.Errorf("worst CAMBI frames %v, want [2 0] (highest first)", got)
	}
	if got := worstFrames(frames, "integer_adm2", 10); len(got) != 4 || got[0] != 0 {
		t.Errorf("worst ADM frames %v, want frame 0 first (lowest)", got)
	}
	var b bytes.Buffer
	if err := writeRunsCSV(&b, []scoreRun{{Name: "cpu", Scores: keptScores(frames)}, {Name: "gpu:0", Scores: keptScores(frames)}}); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(b.String(), "Frame,cpu: cambi,cpu: integer_adm2,gpu:0: cambi,") || !strings.Contains(b.String(), "\nlow_1pct,1,") {
		t.Errorf("CSV:\n%s", b.String())
	}
	b.Reset()
	if err := writeRunsJSON(&b, []scoreRun{{Name: "cpu", Scores: keptScores(frames)}}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), `"worst_frames"`) || !strings.Contains(b.String(), `"harmonic_mean"`) {
		t.Errorf("JSON lacks the summary:\n%s", b.String())
	}
}

// TestOptionTwins: one field per option; the twin names and aliases are
// accepted on input and named in the field's hint.
func TestOptionTwins(t *testing.T) {
	for _, o := range shownOptions(cambi.OptionTable) {
		if o.Name == "cambi_topk" || o.Name == "cambi_eotf" {
			t.Errorf("a field for %s beside its twin", o.Name)
		}
	}
	for key, want := range map[string]string{"ctpk": "topk", "cambi_topk": "topk", "topk": "topk", "ceot": "eotf", "ws": "window_size"} {
		if got, ok := canonicalOption(cambi.OptionTable, key); !ok || got != want {
			t.Errorf("canonicalOption(%q) = %q, want %q", key, got, want)
		}
	}
	for _, o := range cambi.OptionTable {
		if o.Name == "topk" {
			h := optionHint(cambi.OptionTable, o)
			if !strings.Contains(h, "also cambi_topk, ctpk") || !strings.Contains(h, "default 0.6") {
				t.Errorf("topk hint %q", h)
			}
		}
	}
}

// TestCAMBIOptionKeepsADM: a CAMBI option clears CAMBI's whole-clip
// scores only, and says so.
func TestCAMBIOptionKeepsADM(t *testing.T) {
	h := newHarness(t, nil)
	h.open()
	h.do(h.i.runClip)
	h.do(func() { h.i.optsForm.apply(cambiOption("window_size"), "33") })
	if h.i.scores[0] == nil {
		t.Fatal("every score cleared")
	}
	for _, ms := range h.i.scores[0].PerFrame() {
		for _, m := range ms {
			if isCAMBI(m.Name) {
				t.Fatalf("stale %s kept", m.Name)
			}
		}
		if _, ok := findMetric(ms, "integer_adm2"); !ok {
			t.Fatal("ADM's scores dropped")
		}
	}
	if !strings.Contains(h.i.status.Text, "CAMBI's whole-clip scores were cleared") {
		t.Errorf("status %q", h.i.status.Text)
	}
}
