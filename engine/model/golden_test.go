package model

import (
	"encoding/json"
	"flag"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"sort"
	"testing"

	"github.com/bandscope/bandscope/engine/feature"
	"github.com/bandscope/bandscope/kernels/adm"
	"github.com/bandscope/bandscope/kernels/cambi"
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
	data, err := os.ReadFile("testdata/golden.json")
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
	t.Logf("%d of %d model runs bit-exact", exact, len(g.Runs))
	if len(g.Runs) < 86 {
		t.Errorf("only %d runs in testdata/golden.json", len(g.Runs))
	}
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
			var out struct {
				Frames []struct {
					Metrics map[string]float64 `json:"metrics"`
				} `json:"frames"`
				Pooled map[string]map[string]float64 `json:"pooled_metrics"`
			}
			readJSON(t, filepath.Join(filepath.Dir(cf), mr.Name+".json"), &out)
			caseName := filepath.Base(filepath.Dir(cf))
			model := mr.Model
			if extra, ok := encodeSize[caseName+"/"+mr.Name]; ok {
				model += extra
			}
			m, err := ParseFlag(model)
			if err != nil {
				t.Fatal(err)
			}
			r := goldenRun{Case: caseName, Run: mr.Name, Model: model, OutKeys: m.Keys()}
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
						t.Fatalf("%s/%s frame %d: no %q", r.Case, r.Run, fi, k)
					}
					row = append(row, v)
				}
				r.Frames = append(r.Frames, row)
			}
			for _, k := range r.OutKeys {
				r.Means = append(r.Means, out.Pooled[k]["mean"])
			}
			g.Runs = append(g.Runs, r)
		}
	}
	data, err := json.Marshal(g)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile("testdata/golden.json", data, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("wrote %d runs", len(g.Runs))
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
