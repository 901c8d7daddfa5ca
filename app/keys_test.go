package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/bandscope/bandscope/kernels/synth"
	"github.com/bandscope/bandscope/kernels/yuv"
)

// TestOutputKeysUnique: no output ever holds a key twice. A model named
// like another output's key (a feature's metric, a model's score or
// bootstrap key, an --explain cost key), or two features that write the
// same key, is a command-line error: one line, exit 2, before any work.
func TestOutputKeysUnique(t *testing.T) {
	dir := t.TempDir()
	dist, geom := smallRaw(t, dir, "dist.yuv", 2)
	for _, tc := range []struct {
		name string
		args []string
	}{
		{"model named like a feature's metric", []string{"--model", "version=vmaf_v0.6.1:name=integer_adm2"}},
		{"model named like a --feature", []string{"--model", "version=vmaf_v0.6.1:name=cambi", "--feature", "cambi"}},
		{"model named like motion's flushed key", []string{"--model", "version=vmaf_v0.6.1:name=integer_motion3"}},
		{"model named like a cost key", []string{"--model", "version=vmaf_v0.6.1", "--model", "version=vmaf_4k_v0.6.1:name=vmaf_cost_integer_adm2", "--explain"}},
		{"model named like a bootstrap key", []string{"--model", "version=vmaf_b_v0.6.3", "--model", "version=vmaf_v0.6.1:name=vmaf_bagging"}},
		{"two full-reference CAMBI", []string{"--feature", "cambi=full_ref=true", "--feature", "cambi=full_ref=true:topk=0.2"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out := filepath.Join(dir, "o.json")
			code, _, stderr := runScore(append(append([]string{"-d", dist, "--json", "-o", out}, tc.args...), geom...)...)
			if code != 2 || !strings.Contains(stderr, "written twice") {
				t.Errorf("exit %d: %s", code, stderr)
			}
			oneLine(t, stderr)
			if _, err := os.Stat(out); err == nil {
				t.Error("output written")
			}
		})
	}
	// Distinct names are fine, each key once.
	out := filepath.Join(dir, "ok.json")
	code, _, stderr := runScore(append([]string{"-d", dist, "--json", "-o", out, "--model", "version=vmaf_v0.6.1", "--model", "version=vmaf_4k_v0.6.1:name=v4k", "--explain"}, geom...)...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	b, _ := os.ReadFile(out)
	frame := regexp.MustCompile(`(?s)"metrics": \{(.*?)\}`).FindSubmatch(b)
	if frame == nil {
		t.Fatalf("no frame metrics in %s", b)
	}
	seen := map[string]bool{}
	for _, m := range regexp.MustCompile(`"([^"]+)":`).FindAllSubmatch(frame[1], -1) {
		if seen[string(m[1])] {
			t.Errorf("key %s twice", m[1])
		}
		seen[string(m[1])] = true
	}
}

// TestKeyOrder: keys come in libvmaf's order, in CSV columns, JSON frames
// and pooled metrics and XML attributes alike: the models' features first
// (in --model order, each model's features in its order), then the
// --feature ones, but for integer motion's motion2 and motion3, which
// libvmaf appends when the run is flushed and so lists after every other
// feature's keys; the models' scores last. The headers below are libvmaf's
// (vmaf 3.x, the same command lines).
func TestKeyOrder(t *testing.T) {
	dir := t.TempDir()
	f := yuv.Format{Width: 320, Height: 240, Chroma: yuv.C420, BitDepth: 8}
	ref := writeSynth(t, dir, "ref.yuv", synth.Spec{Pattern: "noise8", Format: f}, 3)
	dist := writeSynth(t, dir, "dist.yuv", synth.Spec{Pattern: "noise8", Format: f, Dist: true}, 3)
	geom := []string{"-w", "320", "-h", "240", "-p", "420", "-b", "8"}
	for _, tc := range []struct {
		args   []string
		header string
	}{
		{[]string{"--model", "version=vmaf_v0.6.1"},
			"Frame,integer_adm2,integer_aim,integer_adm3,integer_adm_scale0,integer_adm_scale1,integer_adm_scale2,integer_adm_scale3,VMAF_integer_feature_motion_sad_score,integer_vif_scale0,integer_vif_scale1,integer_vif_scale2,integer_vif_scale3,integer_motion2,integer_motion3,vmaf,"},
		{[]string{"--feature", "cambi", "--model", "version=vmaf_v0.6.1"},
			"Frame,integer_adm2,integer_aim,integer_adm3,integer_adm_scale0,integer_adm_scale1,integer_adm_scale2,integer_adm_scale3,VMAF_integer_feature_motion_sad_score,integer_vif_scale0,integer_vif_scale1,integer_vif_scale2,integer_vif_scale3,cambi,integer_motion2,integer_motion3,vmaf,"},
		{[]string{"--feature", "motion", "--feature", "vif", "-n"},
			"Frame,VMAF_integer_feature_motion_sad_score,integer_vif_scale0,integer_vif_scale1,integer_vif_scale2,integer_vif_scale3,integer_motion2,integer_motion3,"},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			want := strings.Split(strings.TrimSuffix(strings.TrimPrefix(tc.header, "Frame,"), ","), ",")
			run := func(format string) []byte {
				out := filepath.Join(dir, "o."+format)
				code, _, stderr := runScore(append(append([]string{"-r", ref, "-d", dist, "--" + format, "-o", out}, tc.args...), geom...)...)
				if code != 0 {
					t.Fatalf("exit %d: %s", code, stderr)
				}
				b, _ := os.ReadFile(out)
				return b
			}
			if got, _, _ := strings.Cut(string(run("csv")), "\n"); got != tc.header {
				t.Errorf("CSV header\n got %s\nwant %s", got, tc.header)
			}
			xml := string(run("xml"))
			frame := regexp.MustCompile(`<frame frameNum="0" (.*?)/>`).FindStringSubmatch(xml)
			if frame == nil {
				t.Fatalf("no frame 0 in %s", xml)
			}
			var attrs []string
			for _, m := range regexp.MustCompile(`([A-Za-z0-9_.]+)="`).FindAllStringSubmatch(frame[1], -1) {
				attrs = append(attrs, m[1])
			}
			if strings.Join(attrs, ",") != strings.Join(want, ",") {
				t.Errorf("XML frame attributes\n got %v\nwant %v", attrs, want)
			}
			js := run("json")
			var doc struct{ Frames []json.RawMessage }
			if err := json.Unmarshal(js, &doc); err != nil || len(doc.Frames) == 0 {
				t.Fatalf("%v: %s", err, js)
			}
			var keys []string
			for _, m := range regexp.MustCompile(`\n\s+"([^"]+)": `).FindAllStringSubmatch(string(doc.Frames[0]), -1) {
				if m[1] != "frameNum" && m[1] != "metrics" {
					keys = append(keys, m[1])
				}
			}
			if strings.Join(keys, ",") != strings.Join(want, ",") {
				t.Errorf("JSON frame keys\n got %v\nwant %v", keys, want)
			}
		})
	}
}
