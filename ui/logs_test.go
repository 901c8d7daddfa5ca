package ui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bandscope/bandscope/engine/logs"
	"github.com/bandscope/bandscope/kernels/feature"
)

// TestLogCheck: a log written from Bandscope's own run and a heatmap dump
// of the current frame match the frame recomputed, bit for bit; a log is
// plotted beside the runs.
func TestLogCheck(t *testing.T) {
	h := newHarness(t, nil)
	h.open()
	h.do(h.i.scoresView.runClip)
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
	keys := h.i.logs[0].modelKeys(h.i.pickedModels())
	if keys["vmaf_v0.6.1"] != "vmaf" || keys["vmaf_v1.0.16_3d0h"] != "" {
		t.Fatalf("log keys %v", keys)
	}
	h.do(func() { h.i.tabs.SelectIndex(4); h.i.scoresView.runClip() })
	for k, pm := range h.i.models {
		_, others, _ := h.i.vmafPlots.seriesFor(k)
		found := false
		for _, o := range others {
			if o.Name == "log "+name+": vmaf" {
				found = true
				if !o.HasValues() {
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
		for _, c := range h.i.logs[0].log.CheckFrame(n, ours, logs.Renames(h.i.logs[0].modelKeys(h.i.pickedModels()))) {
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
