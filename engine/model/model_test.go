package model

import (
	"fmt"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bandscope/bandscope/assets"
	"github.com/bandscope/bandscope/kernels/feature"
)

// TestBuiltins: every built-in model loads, has the features its file
// lists, and only vmaf_b_v0.6.3 is a bootstrap collection (20 models).
func TestBuiltins(t *testing.T) {
	files, err := fs.Glob(assets.Models, "models/*.json")
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != len(BuiltinVersions()) {
		t.Errorf("%d embedded files for %d versions", len(files), len(BuiltinVersions()))
	}
	for _, v := range BuiltinVersions() {
		m, err := Builtin(v)
		if err != nil {
			t.Errorf("%s: %v", v, err)
			continue
		}
		if m.Version != v || m.Name != "vmaf" || m.String() != v {
			t.Errorf("%s: Version %q Name %q String %q", v, m.Version, m.Name, m)
		}
		wantIn, wantKeys := 6, 1
		switch {
		case strings.HasPrefix(v, "vmaf_v1."):
			wantIn = 4
		case v == "vmaf_b_v0.6.3":
			wantKeys = 1 + 20 + 4
		}
		if len(m.Inputs()) != wantIn || len(m.Keys()) != wantKeys || m.Bootstrap() != (wantKeys > 1) {
			t.Errorf("%s: %d inputs, %d keys, bootstrap %v", v, len(m.Inputs()), len(m.Keys()), m.Bootstrap())
		}
		p, err := m.Predict(make([]float64, len(m.Inputs())))
		if err != nil || len(p.Metrics) != wantKeys {
			t.Errorf("%s: Predict: %v, %d metrics", v, err, len(p.Metrics))
		}
	}
	if _, err := Builtin("vmaf_v0.6.2"); err == nil || !strings.Contains(err.Error(), "vmaf_v0.6.1") {
		t.Errorf("unknown version: %v", err)
	}
}

func inputsString(ins []Input) string {
	var b strings.Builder
	for _, in := range ins {
		fmt.Fprintf(&b, "%s %s %s %v; ", in.Extractor, in.Key, in.ModelName, in.Opts)
	}
	return b.String()
}

// TestInputs: extractor, printed base key and options (normalised as
// libvmaf's dictionary does: 17.0 -> 17, 1.0 -> 1) in the model's order.
func TestInputs(t *testing.T) {
	for _, tc := range []struct{ flag, want string }{
		{"version=vmaf_v0.6.1", "adm integer_adm2 VMAF_integer_feature_adm2_score []; " +
			"motion integer_motion2 VMAF_integer_feature_motion2_score []; " +
			"vif integer_vif_scale0 VMAF_integer_feature_vif_scale0_score []; " +
			"vif integer_vif_scale1 VMAF_integer_feature_vif_scale1_score []; " +
			"vif integer_vif_scale2 VMAF_integer_feature_vif_scale2_score []; " +
			"vif integer_vif_scale3 VMAF_integer_feature_vif_scale3_score []; "},
		{"version=vmaf_v1.0.16_hfr_3d0h", "cambi cambi Cambi_feature_cambi_score [{cambi_high_res_speedup 1080} {cambi_vis_lum_threshold 0.06} {cambi_max_val 17}]; " +
			"speed_chroma speed_chroma_uv Speed_chroma_feature_speed_chroma_uv_score [{speed_kernelscale 1} {speed_nn_floor 0.1} {speed_sigma_nn 0.19} {speed_weight_var_mode 5} {speed_max_val 45}]; " +
			"adm integer_adm3 VMAF_integer_feature_adm3_score [{adm_dlm_weight 0.7} {adm_enhn_gain_limit 1} {adm_noise_weight 0.02} {adm_norm_view_dist 3} {adm_ref_display_height 1080} {adm_min_val 0.5} {adm_csf_mode 2}]; " +
			"motion integer_motion3 VMAF_integer_feature_motion3_score [{motion_max_val 18} {motion_five_frame_window true} {motion_moving_average true}]; "},
		// Overrides replace a value in place or append, numbers normalised.
		{"version=vmaf_v1.0.16_3d0h:cambi.cambi_max_val=20.0:cambi.enc_width=0960:cambi.eotf=pq:name=x", "cambi cambi Cambi_feature_cambi_score [{cambi_high_res_speedup 1080} {cambi_vis_lum_threshold 0.06} {cambi_max_val 20} {enc_width 960} {eotf pq}]; "},
		{"version=vmaf_v0.6.1neg:vif.vif_enhn_gain_limit=1.5", "adm integer_adm2 VMAF_integer_feature_adm2_score [{adm_enhn_gain_limit 1}]; " +
			"motion integer_motion2 VMAF_integer_feature_motion2_score []; " +
			"vif integer_vif_scale0 VMAF_integer_feature_vif_scale0_score [{vif_enhn_gain_limit 1.5}]; " +
			"vif integer_vif_scale1 VMAF_integer_feature_vif_scale1_score [{vif_enhn_gain_limit 1.5}]; " +
			"vif integer_vif_scale2 VMAF_integer_feature_vif_scale2_score [{vif_enhn_gain_limit 1.5}]; " +
			"vif integer_vif_scale3 VMAF_integer_feature_vif_scale3_score [{vif_enhn_gain_limit 1.5}]; "},
	} {
		m, err := ParseFlag(tc.flag)
		if err != nil {
			t.Errorf("%s: %v", tc.flag, err)
			continue
		}
		got := inputsString(m.Inputs())
		if !strings.HasPrefix(got, tc.want) {
			t.Errorf("%s:\n got %s\nwant %s", tc.flag, got, tc.want)
		}
	}
}

// flagCases: --model strings, the key they print under, or the error.
var flagCases = []struct{ flag, name, err string }{
	{"version=vmaf_v0.6.1", "vmaf", ""},
	{"version=vmaf_v0.6.1:name=foo", "foo", ""},
	{"name=foo:version=vmaf_b_v0.6.3:disable_clip", "foo", ""},
	{"version=vmaf_v0.6.1:disable_clip=false:enable_transform", "vmaf", ""},
	{"version=vmaf_v1.0.16_3d0h:cambi.enc_width=960:cambi.enc_height=540:cambi.enc_bitdepth=8", "vmaf", ""},
	{"", "", "not key=value"},
	{"version=", "", "no built-in model"},
	{"version=vmaf_v0.6.1:foo", "", "not key=value"},
	{"version=vmaf_v0.6.1::name=a", "", "not key=value"},
	{"version=vmaf_v0.6.1:name=", "", "empty name"},
	{"version=vmaf_v0.6.1:name=a<b", "", "name \"a<b\""},
	{"version=vmaf_v0.6.1:name=a,b", "", "CSV columns"},
	{"version=vmaf_v0.6.1:name=a b", "", "XML attributes"},
	{"version=vmaf_v0.6.1:name=9x", "", "starting with a letter"},
	{"version=vmaf_v0.6.1:name=_x-1.2", "_x-1.2", ""},
	{"version=vmaf_v0.6.1:x=1=2", "", "more than one '='"},
	{"version=vmaf_v0.6.1:adm=1", "", "unknown key"},
	{"version=vmaf_v0.6.1:adm.=1", "", "unknown key"},
	{"version=vmaf_v0.6.1:adm.a.b=1", "", "unknown key"},
	{"version=vmaf_v0.6.1:cambi.enc_width=960", "", "no cambi feature"},
	{"version=vmaf_v0.6.1:path=x.json", "", "both version= and path="},
	{"name=foo", "", "needs version= or path="},
	{"path=/nonexistent/model.json", "", "no such file"},
	{"path=/dev/null", "", "not a regular file"},
	{"path=model.pkl", "", "pkl"},
}

func TestParseFlag(t *testing.T) {
	for _, tc := range flagCases {
		m, err := ParseFlag(tc.flag)
		switch {
		case tc.err == "" && err != nil:
			t.Errorf("%q: %v", tc.flag, err)
		case tc.err == "" && m.Name != tc.name:
			t.Errorf("%q: name %q, want %q", tc.flag, m.Name, tc.name)
		case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err) || strings.Contains(err.Error(), "\n")):
			t.Errorf("%q: error %v, want one line with %q", tc.flag, err, tc.err)
		}
	}
	// path= reads the same model as version=.
	dir := t.TempDir()
	data, _ := fs.ReadFile(assets.Models, "models/vmaf_v0.6.1.json")
	path := filepath.Join(dir, "m.json")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	m, err := ParseFlag("path=" + path + ":name=p")
	if err != nil || m.Path != path || m.Version != "" || m.Name != "p" {
		t.Fatalf("path=: %v %+v", err, m)
	}
	b, _ := Builtin("vmaf_v0.6.1")
	x := []float64{0.9, 3, 0.5, 0.8, 0.9, 0.95}
	p1, _ := m.Predict(x)
	p2, _ := b.Predict(x)
	if p1.Metrics[0].Value != p2.Metrics[0].Value {
		t.Errorf("path= and version= differ: %v %v", p1, p2)
	}
}

// edit returns vmaf_v0.6.1's JSON with one substitution in its model_dict
// (param_dict, which libvmaf ignores, repeats some keys).
func edit(t testing.TB, old, new string) string {
	data, err := fs.ReadFile(assets.Models, "models/vmaf_v0.6.1.json")
	if err != nil {
		t.Fatal(err)
	}
	s := string(data)
	at := strings.Index(s, `"model_dict"`)
	i := strings.Index(s[at:], old)
	if i < 0 {
		t.Fatalf("vmaf_v0.6.1.json's model_dict has no %q", old)
	}
	return s[:at+i] + new + s[at+i+len(old):]
}

// parseErrorCases: broken model files and the error each gives.
func parseErrorCases(t testing.TB) []struct{ data, err string } {
	return []struct{ data, err string }{
		{"", "does not parse"},
		{"{", "does not parse"},
		{"[1]", "not a JSON object"},
		{"{}", "no \"model_dict\" and no model collection"},
		{`{"model_dict": {}} x`, "data after"},
		{`{"model_dict": 1}`, "not a JSON object"},
		{`{"0": {"model_dict": {}}}`, "no feature_names"},
		{edit(t, `"VMAF_integer_feature_motion2_score"`, `"VMAF_integer_feature_motion9_score"`), `unknown feature "VMAF_integer_feature_motion9_score"`},
		{edit(t, `"slopes": [`, `"slopes": [1, `), "8 slopes for 6 features"},
		{edit(t, `"intercepts": [`, `"intercepts": [1, `), "8 intercepts for 6 features"},
		{edit(t, `"model_type": "LIBSVMNUSVR"`, `"model_type": "SVR"`), "unknown model_type"},
		{edit(t, `"norm_type": "linear_rescale"`, `"norm_type": "log"`), "unknown norm_type"},
		{edit(t, `"norm_type": "linear_rescale"`, `"norm_type": 1`), "norm_type is not a string"},
		{edit(t, `"score_clip": [`, `"score_clip": [7, `), ""}, // three numbers: libvmaf reads the first two
		{edit(t, `"score_clip": [`, `"score_clip": {`), "does not parse"},
		{edit(t, `"norm_type": "linear_rescale",`, `"norm_type": "linear_rescale", "norm_type": "none",`), "appears twice"},
		{edit(t, `"model_dict": {`, `"model_dict": {"feature_opts_dicts": [{}, {}, {}, {}, {}, {}, {}],`), "7 feature_opts_dicts for 6 features"},
		{edit(t, `"model_dict": {`, `"model_dict": {"feature_opts_dicts": [{"a": null}],`), "want a number, boolean or string"},
		{edit(t, `"model_dict": {`, `"model_dict": {"chroma_correction_parameter": 120,`), `one "adm3" and one "speed_chroma"`},
		{edit(t, `"model_dict": {`, `"model_dict": {"chroma_correction_parameter": 0,`), "gives no score"},
		{edit(t, `kernel_type rbf`, `kernel_type linear`), `kernel_type "linear" is not supported`},
		{edit(t, `svm_type nu_svr`, `svm_type c_svc`), `svm_type "c_svc" is not supported`},
		{edit(t, `gamma 0.04`, `gamma x`), `gamma "x" is not a number`},
		{edit(t, `gamma 0.04`, `gammas 0.04`), `unknown header entry "gammas"`},
		{edit(t, `\nSV\n`, `\nS V\n`), "no SV line"},
		{edit(t, `total_sv 211`, `total_sv 9999`), "total_sv 9999 but"},
		{edit(t, `1:0.65734273`, `1;0.65734273`), "is not index:value"},
		{edit(t, `1:0.65734273 2:`, `2:0.65734273 1:`), "out of order"},
		{edit(t, `6:0.73495824`, `7:0.73495824`), "index 7 but the model has 6 features"},
		{edit(t, `"score_transform": {`, `"score_transform": {"knots": [[1, 2, 3]],`), "has 3 numbers"},
		{edit(t, `"score_transform": {`, `"score_transform": {"enabled": 1,`), "enabled is not a boolean"},
		{edit(t, `"out_gte_in": "true"`, `"out_gte_in": true`), "out_gte_in is not a string"},
	}
}

func TestParseErrors(t *testing.T) {
	for i, tc := range parseErrorCases(t) {
		_, err := Parse("m.json", []byte(tc.data))
		switch {
		case tc.err == "" && err != nil:
			t.Errorf("case %d: %v", i, err)
		case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err) || strings.Contains(err.Error(), "\n") || !strings.HasPrefix(err.Error(), "model m.json: ")):
			t.Errorf("case %d: error %v, want one line with %q", i, err, tc.err)
		}
	}
	m, _ := Builtin("vmaf_v0.6.1")
	if _, err := m.Predict([]float64{1, 2}); err == nil {
		t.Error("Predict with 2 values for 6 inputs: no error")
	}
}

// TestPiecewiseLinear follows predict.c's piecewise_linear_mapping through
// its cases: inside, below and above the knots, a horizontal segment, a
// knot list that stops increasing, and fewer than two knots.
func TestPiecewiseLinear(t *testing.T) {
	k3 := []point{{0, 0}, {50, 60}, {100, 100}}
	flat := []point{{0, 10}, {50, 10}, {100, 100}}
	bad := []point{{0, 0}, {50, 60}, {40, 100}}
	for _, tc := range []struct {
		knots   []point
		x, want float64
	}{
		{k3, 25, 30}, {k3, 75, 80}, {k3, -10, -12}, {k3, 110, 108}, {k3, 50, 60},
		{flat, 20, 10}, {flat, -5, 10}, {flat, 75, 55},
		{bad, 45, 54}, {bad, 60, 0},
		{k3[:1], 7, 7}, {nil, 7, 7},
	} {
		if got := piecewiseLinear(tc.x, tc.knots); math.Abs(got-tc.want) > 1e-12 {
			t.Errorf("%v at %g: %g, want %g", tc.knots, tc.x, got, tc.want)
		}
	}
}

func TestPercentile(t *testing.T) {
	s := make([]float64, 20)
	for i := range s {
		s[i] = float64(i + 1)
	}
	// p = 2.5*19/100 = 0.475 and 97.5*19/100 = 18.525.
	if lo, hi := percentile(s, 2.5), percentile(s, 97.5); lo != 1*(1-0.475)+2*0.475 || hi != 19*(19-18.525)+20*(18.525-18) {
		t.Errorf("percentiles %v %v", lo, hi)
	}
	if got := percentile([]float64{3}, 50); got != 3 {
		t.Errorf("single score: %v", got)
	}
}

// TestTransformFlags: enable_transform turns on vmaf_v0.6.1's polynomial
// (and its out_gte_in), disable_clip lets a score leave [0, 100].
func TestTransformFlags(t *testing.T) {
	x := []float64{1.02, 20, 1, 1, 1, 1}
	score := func(flag string) float64 {
		m, err := ParseFlag(flag)
		if err != nil {
			t.Fatal(err)
		}
		p, err := m.Predict(x)
		if err != nil {
			t.Fatal(err)
		}
		return p.Metrics[0].Value
	}
	plain, raw := score("version=vmaf_v0.6.1"), score("version=vmaf_v0.6.1:disable_clip")
	if plain != 100 || raw <= 100 {
		t.Errorf("clip: %v, unclipped %v", plain, raw)
	}
	tr := score("version=vmaf_v0.6.1:disable_clip:enable_transform")
	if want := 1.70674692 + float64(1.72643844*raw) + float64(-0.00705305*raw)*raw; tr != math.Max(want, raw) {
		t.Errorf("transform: %v, want %v", tr, math.Max(want, raw))
	}
}

// TestKVCopy: Inputs returns copies.
func TestKVCopy(t *testing.T) {
	m, _ := Builtin("vmaf_v1.0.16_3d0h")
	in := m.Inputs()
	in[0].Opts[0] = feature.KV{Key: "x", Value: "y"}
	if m.Inputs()[0].Opts[0].Key == "x" {
		t.Error("Inputs shares its option slices")
	}
}

func TestUniqueNames(t *testing.T) {
	a, _ := ParseFlag("version=vmaf_v0.6.1")
	b, _ := ParseFlag("version=vmaf_v0.6.1neg")
	c, _ := ParseFlag("version=vmaf_v0.6.1neg:name=vmaf_neg")
	if err := UniqueNames([]*Model{a, b}); err == nil || !strings.Contains(err.Error(), `"vmaf"`) {
		t.Errorf("same names: %v", err)
	}
	if err := UniqueNames([]*Model{a, c}); err != nil {
		t.Error(err)
	}
}

func BenchmarkPredict(b *testing.B) {
	for _, v := range []string{"vmaf_v0.6.1", "vmaf_b_v0.6.3", "vmaf_v1.0.16_3d0h"} {
		m, err := Builtin(v)
		if err != nil {
			b.Fatal(err)
		}
		x := make([]float64, len(m.Inputs()))
		for i := range x {
			x[i] = 0.9
		}
		b.Run(v, func(b *testing.B) {
			for b.Loop() {
				if _, err := m.Predict(x); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestNormalized: an input's normalised value is the model file's
// linear_rescale (slopes[k+1], intercepts[k+1]; index 0 is the score's),
// and an input the model does not read says so.
func TestNormalized(t *testing.T) {
	m, err := Builtin("vmaf_v0.6.1")
	if err != nil {
		t.Fatal(err)
	}
	// vmaf_v0.6.1.json: adm2 and motion2's slopes and intercepts.
	for _, c := range []struct {
		k                int
		slope, intercept float64
	}{{0, 2.8098077502505414, -1.7993968597186747}, {1, 0.06264407466686016, -0.003017198086831897}} {
		v := 0.75
		got, ok := m.Normalized(c.k, v)
		if want := float64(c.slope*v) + c.intercept; !ok || got != want {
			t.Errorf("input %d: Normalized(%v) = %v, %v; want %v", c.k, v, got, ok, want)
		}
	}
	if _, ok := m.Normalized(len(m.Inputs()), 1); ok {
		t.Error("an input the model does not have is normalised")
	}
}
