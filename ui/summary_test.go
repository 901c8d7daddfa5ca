package ui

import (
	"strings"
	"testing"

	"github.com/bandscope/bandscope/engine"
	"github.com/bandscope/bandscope/kernels/cambi"
)

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
	h.do(h.i.scoresView.runClip)
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
		if _, ok := engine.FindMetric(ms, "integer_adm2"); !ok {
			t.Fatal("ADM's scores dropped")
		}
	}
	if !strings.Contains(h.i.status.Text, "CAMBI's whole-clip scores were cleared") {
		t.Errorf("status %q", h.i.status.Text)
	}
}
