package model

import (
	"encoding/json"
	"flag"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"testing"

	"github.com/bandscope/bandscope/kernels/adm"
	"github.com/bandscope/bandscope/kernels/cambi"
	"github.com/bandscope/bandscope/kernels/feature"
)

var (
	libvmaf = flag.String("libvmaf", "", "regenerate testdata/crosscheck.json running this libvmaf CLI (%.17g output) on -clips")
	clips   = flag.String("clips", "/work/shared/clips", "with -libvmaf: the directory of the corpus's real clips")
)

var update = flag.String("update", "", "regenerate testdata/golden.json from this golden corpus directory (e.g. /work/shared/golden)")

// goldenFile holds, per libvmaf model run, the features the model consumed
// and what libvmaf printed, as exact float64 values (JSON numbers read back
// to the same bits).
type goldenFile struct {
	Runs []goldenRun `json:"runs"`
}

type goldenRun struct {
	Case      string      `json:"case"`
	Run       string      `json:"run"`
	Model     string      `json:"model"`      // the --model argument
	InputKeys []string    `json:"input_keys"` // libvmaf's option-suffixed keys, Inputs() order
	OutKeys   []string    `json:"out_keys"`
	Frames    [][]float64 `json:"frames"` // per frame: inputs then outputs
	Means     []float64   `json:"means"`  // pooled mean of each output key
}

// Option tables of the extractors that have none in the repository yet:
// only what names their metrics (libvmaf's integer_vif.c, integer_motion.c,
// speed.c options_chroma).
var testTables = map[string][]feature.Option{
	"vif": {
		{Name: "debug", Kind: feature.Bool, Default: false},
		{Name: "vif_enhn_gain_limit", Alias: "egl", Kind: feature.Double, Default: 100.0, Min: 1, Max: 100, Param: true},
		{Name: "vif_skip_scale0", Alias: "ssclz", Kind: feature.Bool, Default: false, Param: true},
	},
	"motion": {
		{Name: "motion_force_zero", Alias: "force_0", Kind: feature.Bool, Default: false, Param: true},
		{Name: "motion_blend_factor", Alias: "mbf", Kind: feature.Double, Default: 1.0, Min: 0, Max: 1, Param: true},
		{Name: "motion_blend_offset", Alias: "mbo", Kind: feature.Double, Default: 40.0, Min: 0, Max: 1000, Param: true},
		{Name: "motion_fps_weight", Alias: "mfw", Kind: feature.Double, Default: 1.0, Min: 0, Max: 5, Param: true},
		{Name: "motion_max_val", Alias: "mmxv", Kind: feature.Double, Default: 10000.0, Min: 0, Max: 10000, Param: true},
		{Name: "motion_five_frame_window", Alias: "mffw", Kind: feature.Bool, Default: false, Param: true},
		{Name: "motion_moving_average", Alias: "mma", Kind: feature.Bool, Default: false, Param: true},
		{Name: "debug", Kind: feature.Bool, Default: false},
	},
	"speed_chroma": {
		{Name: "speed_kernelscale", Alias: "ks", Kind: feature.Double, Default: 1.0, Min: 0.1, Max: 4, Param: true},
		{Name: "speed_prescale", Alias: "ps", Kind: feature.Double, Default: 1.0, Min: 0.1, Max: 4, Param: true},
		{Name: "speed_prescale_method", Alias: "psm", Kind: feature.String, Default: "nearest", Param: true},
		{Name: "speed_sigma_nn", Alias: "snn", Kind: feature.Double, Default: 0.29, Min: 0.1, Max: 2, Param: true},
		{Name: "speed_nn_floor", Alias: "nnf", Kind: feature.Double, Default: 0.0, Min: 0, Max: 1, Param: true},
		{Name: "speed_max_val", Alias: "mxv", Kind: feature.Double, Default: 1000.0, Min: 0, Max: 1000, Param: true},
		{Name: "speed_weight_var_mode", Alias: "wvm", Kind: feature.Int, Default: 0, Min: 0, Max: 6, Param: true},
	},
}

// metricKey is the option-suffixed key libvmaf prints for an input: the
// extractor's options set from Opts, then MetricName of the base key.
func metricKey(in Input) (string, error) {
	var v *feature.Values
	switch in.Extractor {
	case "adm":
		v = adm.NewOptions()
	case "cambi":
		v = cambi.NewOptions()
	default:
		t, ok := testTables[in.Extractor]
		if !ok {
			return "", fmt.Errorf("no option table for %s", in.Extractor)
		}
		v = feature.NewValues(in.Extractor, t)
	}
	if err := v.SetAll(in.Opts); err != nil {
		return "", err
	}
	return v.MetricName(in.Key), nil
}

// TestGolden predicts every frame of every libvmaf model run of the golden
// corpus from the feature values libvmaf computed, and compares every output
// (score, bootstrap keys) and its pooled mean bit for bit.
func TestGolden(t *testing.T) {
	if *update != "" {
		regenerate(t, *update)
	}
	if n := checkGolden(t, "testdata/golden.json"); n < 86 {
		t.Errorf("only %d runs in testdata/golden.json", n)
	}
}

// TestCrossCheck does the same for libvmaf runs of what the corpus leaves
// out: every other built-in model, disable_clip, enable_transform, name=,
// several models at once, a bootstrap model renamed and unclipped, and
// extractor.option overrides.
func TestCrossCheck(t *testing.T) {
	if *libvmaf != "" {
		regenerateCrossCheck(t, *libvmaf, *clips)
	}
	if n := checkGolden(t, "testdata/crosscheck.json"); n < 15 {
		t.Errorf("only %d runs in testdata/crosscheck.json", n)
	}
}

func checkGolden(t *testing.T, path string) int {
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var g goldenFile
	if err := json.Unmarshal(data, &g); err != nil {
		t.Fatal(err)
	}
	exact := 0
	for _, r := range g.Runs {
		name := r.Case + "/" + r.Run
		m, err := ParseFlag(r.Model)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		ins := m.Inputs()
		if len(ins) != len(r.InputKeys) {
			t.Errorf("%s: %d inputs, golden has %d", name, len(ins), len(r.InputKeys))
			continue
		}
		for i, in := range ins {
			if k, err := metricKey(in); err != nil || k != r.InputKeys[i] {
				t.Errorf("%s: input %d (%s %v) is %q (%v), libvmaf prints %q", name, i, in.ModelName, in.Opts, k, err, r.InputKeys[i])
			}
		}
		if fmt.Sprint(m.Keys()) != fmt.Sprint(r.OutKeys) {
			t.Errorf("%s: keys %v, libvmaf prints %v", name, m.Keys(), r.OutKeys)
			continue
		}
		ok := true
		sums := make([]float64, len(r.OutKeys))
		for fi, fr := range r.Frames {
			p, err := m.Predict(fr[:len(ins)])
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			want := fr[len(ins):]
			for k, mt := range p.Metrics {
				if mt.Name != r.OutKeys[k] || math.Float64bits(mt.Value) != math.Float64bits(want[k]) {
					if ok {
						t.Errorf("%s frame %d: %s = %.17g, libvmaf %s = %.17g", name, fi, mt.Name, mt.Value, r.OutKeys[k], want[k])
					}
					ok = false
				}
				sums[k] += mt.Value
			}
		}
		// vmaf_feature_score_pooled's mean: the sum in frame order over the count.
		for k := range sums {
			if mean := sums[k] / float64(len(r.Frames)); math.Float64bits(mean) != math.Float64bits(r.Means[k]) {
				t.Errorf("%s: pooled mean of %s = %.17g, libvmaf %.17g", name, r.OutKeys[k], mean, r.Means[k])
				ok = false
			}
		}
		if ok {
			exact++
		}
	}
	t.Logf("%s: %d of %d model runs bit-exact", path, exact, len(g.Runs))
	return len(g.Runs)
}

// encodeSize: the ladder case's v1 golden ran libvmaf with CAMBI's encode
// size set to the rendition's (the corpus README: the command line is
// expected to set it itself), which case.json's model string leaves out.
var encodeSize = map[string]string{
	"ladder_testsrc2_360p_on_1080p_8b420_x264crf28/vmaf_v1_3d0h": ":cambi.enc_width=640:cambi.enc_height=360",
}

// regenerate reads the corpus: case.json's model_runs and each run's JSON.
func regenerate(t *testing.T, dir string) {
	cases, err := filepath.Glob(filepath.Join(dir, "*", "case.json"))
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(cases)
	var g goldenFile
	for _, cf := range cases {
		var c struct {
			ModelRuns []struct{ Name, Model string } `json:"model_runs"`
		}
		readJSON(t, cf, &c)
		for _, mr := range c.ModelRuns {
			caseName := filepath.Base(filepath.Dir(cf))
			model := mr.Model
			if extra, ok := encodeSize[caseName+"/"+mr.Name]; ok {
				model += extra
			}
			out := readOutput(t, filepath.Join(filepath.Dir(cf), mr.Name+".json"))
			g.Runs = append(g.Runs, makeRun(t, caseName, mr.Name, model, out))
		}
	}
	writeGolden(t, "testdata/golden.json", g)
}

func writeGolden(t *testing.T, path string, g goldenFile) {
	data, err := json.Marshal(g)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("wrote %d runs to %s", len(g.Runs), path)
}

// libvmafOutput is the part of libvmaf's JSON output the tests read.
type libvmafOutput struct {
	Frames []struct {
		Metrics map[string]float64 `json:"metrics"`
	} `json:"frames"`
	Pooled map[string]map[string]float64 `json:"pooled_metrics"`
}

func readOutput(t *testing.T, path string) *libvmafOutput {
	var out libvmafOutput
	readJSON(t, path, &out)
	return &out
}

// makeRun extracts one model's inputs and outputs from a libvmaf output.
func makeRun(t *testing.T, caseName, run, model string, out *libvmafOutput) goldenRun {
	m, err := ParseFlag(model)
	if err != nil {
		t.Fatal(err)
	}
	r := goldenRun{Case: caseName, Run: run, Model: model, OutKeys: m.Keys()}
	for _, in := range m.Inputs() {
		k, err := metricKey(in)
		if err != nil {
			t.Fatal(err)
		}
		r.InputKeys = append(r.InputKeys, k)
	}
	for fi, fr := range out.Frames {
		var row []float64
		for _, k := range append(append([]string(nil), r.InputKeys...), r.OutKeys...) {
			v, ok := fr.Metrics[k]
			if !ok {
				t.Fatalf("%s/%s frame %d: no %q", caseName, run, fi, k)
			}
			row = append(row, v)
		}
		r.Frames = append(r.Frames, row)
	}
	for _, k := range r.OutKeys {
		pooled, ok := out.Pooled[k]
		if !ok {
			t.Fatalf("%s/%s: no pooled %q", caseName, run, k)
		}
		r.Means = append(r.Means, pooled["mean"])
	}
	return r
}

func readJSON(t *testing.T, path string, v any) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, v); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
}

// crossRuns: per libvmaf invocation, whether the distorted clip is the
// reference itself (scores past 100, for disable_clip) and the --model
// arguments.
var crossRuns = []struct {
	name   string
	same   bool
	models []string
}{
	{"same", true, []string{"version=vmaf_v0.6.1:disable_clip", "version=vmaf_v0.6.1neg:name=neg:disable_clip=true",
		"version=vmaf_4k_v0.6.1neg:name=k4neg:disable_clip", "version=vmaf_b_v0.6.3:name=boot:disable_clip",
		"version=vmaf_v1.0.16_3d0h_2160:name=v1:disable_clip"}},
	{"transform", false, []string{"version=vmaf_v0.6.1:enable_transform:name=vt", "version=vmaf_4k_v0.6.1:name=k4:enable_transform=true",
		"version=vmaf_v1.0.16_3d0h:disable_clip:name=v1nc", "version=vmaf_v0.6.1:disable_clip=false:enable_transform=no:name=plain"}},
	{"boot", false, []string{"version=vmaf_b_v0.6.3:name=boot:disable_clip:enable_transform"}},
	{"over", false, []string{"version=vmaf_v0.6.1neg:vif.vif_enhn_gain_limit=1.5:adm.adm_enhn_gain_limit=1.20:name=over"}},
	{"v1", false, []string{"version=vmaf_v1.0.16_3d0h_2160:name=a", "version=vmaf_v1.0.16_1d5h_2160:name=b",
		"version=vmaf_v1.0.16_hfr_5d0h:name=c", "version=vmaf_v1.0.16_hfr_3d0h_2160:name=d", "version=vmaf_v1.0.16_hfr_1d5h_2160:name=e",
		"version=vmaf_v1.0.16_5d0h:name=f:cambi.enc_bitdepth=8:motion.motion_max_val=10:speed_chroma.speed_max_val=30"}},
}

// regenerateCrossCheck runs libvmaf on the first 4 frames of the corpus's
// 720p mandelbrot encode (colour and motion) for each of crossRuns.
func regenerateCrossCheck(t *testing.T, bin, clipDir string) {
	const w, h, frames = 1280, 720, 4
	tmp := t.TempDir()
	clip := func(name string) string {
		out := filepath.Join(tmp, name)
		cmd := exec.Command("sh", "-c", fmt.Sprintf("zcat %s | head -c %d > %s", filepath.Join(clipDir, name+".gz"), w*h*3/2*frames, out))
		if b, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("%s: %v %s", name, err, b)
		}
		return out
	}
	ref, dist := clip("mandel_720p_8b_src.yuv"), clip("mandel_720p_8b_x264crf34.yuv")
	var g goldenFile
	for _, cr := range crossRuns {
		d := dist
		if cr.same {
			d = ref
		}
		out := filepath.Join(tmp, cr.name+".json")
		args := []string{"-r", ref, "-d", d, "-w", fmt.Sprint(w), "-h", fmt.Sprint(h), "-p", "420", "-b", "8",
			"--threads", "1", "--json", "-o", out, "-q"}
		for _, m := range cr.models {
			args = append(args, "--model", m)
		}
		if b, err := exec.Command(bin, args...).CombinedOutput(); err != nil {
			t.Fatalf("%s: %v %s", cr.name, err, b)
		}
		o := readOutput(t, out)
		for _, m := range cr.models {
			g.Runs = append(g.Runs, makeRun(t, "crosscheck", cr.name, m, o))
		}
	}
	writeGolden(t, "testdata/crosscheck.json", g)
}
