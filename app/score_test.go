package main

import (
	"bytes"
	"encoding/json"
	"maps"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bandscope/bandscope/kernels/synth"
	"github.com/bandscope/bandscope/kernels/yuv"
)

var grad10 = yuv.Format{Width: 640, Height: 480, Chroma: yuv.C420, BitDepth: 10}

func writeSynth(t testing.TB, dir, name string, spec synth.Spec, frames int) string {
	t.Helper()
	b, err := synth.Raw(spec, frames)
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func runScore(args ...string) (code int, stdout, stderr string) {
	var o, e bytes.Buffer
	code = scoreMain(args, &o, &e)
	return code, o.String(), e.String()
}

func TestScoreJSON(t *testing.T) {
	dir := t.TempDir()
	ref := writeSynth(t, dir, "ref.yuv", synth.Spec{Pattern: "grad10", Format: grad10}, 2)
	dist := writeSynth(t, dir, "dist.yuv", synth.Spec{Pattern: "grad10", Format: grad10, Dist: true}, 2)
	out := filepath.Join(dir, "out.json")
	code, _, stderr := runScore("-r", ref, "-d", dist, "-w", "640", "-h", "480", "-p", "420", "-b", "10",
		"--feature", "cambi", "--feature", "adm=debug=true", "--json", "-o", out, "--precision", "max")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Frames []struct {
			FrameNum int                        `json:"frameNum"`
			Metrics  map[string]json.RawMessage `json:"metrics"`
		} `json:"frames"`
		Pooled map[string]map[string]float64 `json:"pooled_metrics"`
	}
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatalf("%v\n%s", err, b)
	}
	if len(doc.Frames) != 2 {
		t.Fatalf("%d frames", len(doc.Frames))
	}
	if got := string(doc.Frames[1].Metrics["cambi"]); got != "5.846154004159058" {
		t.Errorf("cambi = %s, want 5.846154004159058", got)
	}
	for _, k := range []string{"integer_adm2", "integer_adm_scale0", "integer_aim", "integer_adm3", "integer_adm_num"} {
		if _, ok := doc.Frames[0].Metrics[k]; !ok {
			t.Errorf("no %s in %s", k, b)
		}
	}
	if _, ok := doc.Pooled["cambi"]["harmonic_mean"]; !ok {
		t.Errorf("no pooled cambi")
	}
}

func TestScoreTableAndY4M(t *testing.T) {
	dir := t.TempDir()
	f := yuv.Format{Width: 320, Height: 240, Chroma: yuv.C420, BitDepth: 8}
	raw, err := synth.Raw(synth.Spec{Pattern: "vramp_b", Format: f}, 3)
	if err != nil {
		t.Fatal(err)
	}
	var y4m bytes.Buffer
	y4m.WriteString("YUV4MPEG2 W320 H240 F25:1 Ip A1:1 C420jpeg\n")
	size, _ := f.FrameBytes()
	for i := 0; i < 3; i++ {
		y4m.WriteString("FRAME\n")
		y4m.Write(raw[int64(i)*size : int64(i+1)*size])
	}
	clip := filepath.Join(dir, "clip.y4m")
	os.WriteFile(clip, y4m.Bytes(), 0o644)
	code, stdout, stderr := runScore("-d", clip, "--feature", "cambi")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if lines := strings.Split(strings.TrimSpace(stdout), "\n"); len(lines) != 1+3+4 || !strings.Contains(lines[0], "cambi") {
		t.Errorf("table:\n%s", stdout)
	}
}

// TestScoreErrors: bad input gets one clear line naming the file, the frame
// and the problem, a non-zero exit, and no output file.
func TestScoreErrors(t *testing.T) {
	dir := t.TempDir()
	good := writeSynth(t, dir, "good.yuv", synth.Spec{Pattern: "grad10", Format: grad10}, 2)
	b, _ := os.ReadFile(good)
	trunc := filepath.Join(dir, "trunc.yuv")
	os.WriteFile(trunc, b[:len(b)-100], 0o644)
	// Frame 1 has a sample above the 10-bit maximum.
	hot := filepath.Join(dir, "hot.yuv")
	hb := append([]byte(nil), b...)
	size, _ := grad10.FrameBytes()
	hb[size+20], hb[size+21] = 0xff, 0xff
	os.WriteFile(hot, hb, 0o644)
	geom := []string{"-w", "640", "-h", "480", "-p", "420", "-b", "10"}
	for _, tc := range []struct {
		name string
		args []string
		code int
		want []string
	}{
		{"missing file", append([]string{"-d", filepath.Join(dir, "nope.yuv"), "--feature", "cambi"}, geom...), 1, []string{"nope.yuv"}},
		{"truncated", append([]string{"-d", trunc, "--feature", "cambi"}, geom...), 1, []string{"trunc.yuv", "frame 1"}},
		{"sample above max", append([]string{"-d", hot, "--feature", "cambi"}, geom...), 1, []string{"hot.yuv", "frame 1", "1023"}},
		{"window too small", append([]string{"-d", good, "--feature", "cambi=window_size=3"}, geom...), 2, []string{"window_size", "15"}},
		{"unknown option", append([]string{"-d", good, "--feature", "cambi=wsize=3"}, geom...), 2, []string{"wsize"}},
		{"unknown feature", append([]string{"-d", good, "--feature", "psnr"}, geom...), 2, []string{"psnr"}},
		{"bad precision", append([]string{"-d", good, "--feature", "cambi", "--precision", "x"}, geom...), 2, []string{"precision"}},
		{"bad model", append([]string{"-d", good, "--model", "version=nope"}, geom...), 2, []string{"nope"}},
		{"no size", []string{"-d", good, "--feature", "cambi"}, 2, []string{"good.yuv", "width"}},
		{"no pixel format", []string{"-d", good, "--feature", "cambi", "-w", "640", "-h", "480", "-b", "10"}, 2, []string{"good.yuv", "pixel_format"}},
		{"raw bit depth", []string{"-d", good, "--feature", "cambi", "-w", "640", "-h", "480", "-p", "420", "-b", "9"}, 2, []string{"-b", "9"}},
		{"raw size too large", []string{"-d", good, "--feature", "cambi", "-w", "200000", "-h", "200000", "-p", "420", "-b", "10"}, 2, []string{"good.yuv", "200000x200000"}},
		// Option values no clip makes valid: refused as the command line.
		{"bad eotf", append([]string{"-d", good, "--feature", "cambi=eotf=bogus"}, geom...), 2, []string{"eotf", "bogus"}},
		{"bad speedup", append([]string{"-d", good, "--feature", "cambi=cambi_high_res_speedup=500"}, geom...), 2, []string{"cambi_high_res_speedup=500"}},
		{"bad prescale method", append([]string{"-d", good, "--feature", "speed_chroma=speed_prescale_method=bogus"}, geom...), 2, []string{"speed_prescale_method"}},
		{"lanczos4", append([]string{"-d", good, "--feature", "speed_chroma=speed_prescale_method=lanczos4"}, geom...), 2, []string{"lanczos4"}},
		{"adm view", append([]string{"-d", good, "--feature", "adm=adm_ref_display_height=720"}, geom...), 2, []string{"3 * 1080"}},
		{"adm blend", append([]string{"-d", good, "--feature", "adm=adm_csf_mode=2:adm_norm_view_dist=4"}, geom...), 2, []string{"adm_csf_mode=2"}},
		{"model override", append([]string{"-d", good, "--model", "version=vmaf_v0.6.1:adm.adm_norm_view_dist=1.5"}, geom...), 2, []string{"vmaf_v0.6.1", "adm_norm_view_dist"}},
		{"nothing to score", append([]string{"-d", good, "-n"}, geom...), 2, []string{"no_prediction"}},
		{"bad backend", append([]string{"-d", good, "--feature", "cambi", "--backend", "tpu"}, geom...), 2, []string{"tpu"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out := filepath.Join(dir, strings.ReplaceAll(tc.name, " ", "_")+".json")
			args := append(append([]string{}, tc.args...), "--json", "-o", out)
			code, _, stderr := runScore(args...)
			if code != tc.code {
				t.Errorf("exit %d, want %d: %s", code, tc.code, stderr)
			}
			if n := strings.Count(strings.TrimSpace(stderr), "\n"); n > 0 {
				t.Errorf("more than one line:\n%s", stderr)
			}
			for _, w := range tc.want {
				if !strings.Contains(strings.ToLower(stderr), strings.ToLower(w)) {
					t.Errorf("stderr %q does not mention %q", stderr, w)
				}
			}
			if _, err := os.Stat(out); err == nil {
				t.Errorf("output file left behind")
			}
			entries, _ := os.ReadDir(dir)
			for _, e := range entries {
				if strings.HasSuffix(e.Name(), ".part") {
					t.Errorf("partial file left behind: %s", e.Name())
				}
			}
		})
	}
}

// TestNoPrediction: -n with a --model scores the model's features but not
// the model, as libvmaf does: every key and value of the run without -n but
// the model's own ("vmaf"); with --explain it is refused.
func TestNoPrediction(t *testing.T) {
	dir := t.TempDir()
	dist, geom := smallRaw(t, dir, "dist.yuv", 2)
	frames := func(extra ...string) []map[string]float64 {
		out := filepath.Join(dir, "out.json")
		code, _, stderr := runScore(append(append([]string{"-d", dist, "--model", "version=vmaf_v0.6.1", "--json", "--precision", "max", "-o", out}, extra...), geom...)...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", extra, code, stderr)
		}
		var res struct {
			Frames []struct{ Metrics map[string]float64 } `json:"frames"`
		}
		b, _ := os.ReadFile(out)
		if err := json.Unmarshal(b, &res); err != nil || len(res.Frames) != 2 {
			t.Fatalf("%v: %v: %s", extra, err, b)
		}
		var ms []map[string]float64
		for _, f := range res.Frames {
			ms = append(ms, f.Metrics)
		}
		return ms
	}
	with, without := frames(), frames("-n")
	for i := range with {
		if _, ok := with[i]["vmaf"]; !ok {
			t.Fatalf("frame %d: no vmaf without -n", i)
		}
		delete(with[i], "vmaf")
		if !maps.Equal(with[i], without[i]) {
			t.Errorf("frame %d: -n gives %v, want the run's keys and values but vmaf: %v", i, without[i], with[i])
		}
	}
	code, _, stderr := runScore(append([]string{"-d", dist, "--model", "version=vmaf_v0.6.1", "-n", "--explain"}, geom...)...)
	if code != 2 || !strings.Contains(stderr, "no_prediction") {
		t.Errorf("--explain -n: exit %d: %s", code, stderr)
	}
}
