package speed

import (
	"strings"
	"testing"

	"github.com/bandscope/bandscope/kernels/feature"
	"github.com/bandscope/bandscope/kernels/yuv"
)

func optsOf(t *testing.T, kv ...string) *feature.Values {
	t.Helper()
	o := NewOptions()
	for i := 0; i < len(kv); i += 2 {
		if err := o.Set(kv[i], kv[i+1]); err != nil {
			t.Fatal(err)
		}
	}
	return o
}

// TestRefusals checks that what libvmaf cannot score is refused with an
// error that names the feature and the reason (libvmaf crashes on most).
func TestRefusals(t *testing.T) {
	fmt420 := func(w, h int) yuv.Format { return yuv.Format{Width: w, Height: h, Chroma: yuv.C420, BitDepth: 8} }
	for _, tc := range []struct {
		name string
		opts []string
		f    yuv.Format
		want []string // substrings of the error
	}{
		{"3840x128 under the v1 models", []string{"mxv", "45", "nnf", "0.1", "snn", "0.19", "wvm", "5"}, fmt420(3840, 128),
			[]string{"speed_chroma", "too small", "3840x128", "1920x64", "80x80", "160x160"}},
		{"one row short", nil, fmt420(160, 159), []string{"speed_chroma", "160x159", "80x79", "80x80"}},
		{"4:4:4 minimum at ps 0.5", []string{"ps", "0.5"}, yuv.Format{Width: 158, Height: 300, Chroma: yuv.C444, BitDepth: 8},
			[]string{"79x150", "159x159 444"}},
		{"4:0:0", nil, yuv.Format{Width: 1920, Height: 1080, Chroma: yuv.C400, BitDepth: 8}, []string{"speed_chroma", "4:0:0"}},
		{"9 bits", nil, yuv.Format{Width: 1920, Height: 1080, Chroma: yuv.C420, BitDepth: 9}, []string{"speed_chroma", "bit depth 9"}},
		{"lanczos4", []string{"ps", "2", "psm", "lanczos4"}, fmt420(640, 480), []string{"speed_chroma", "lanczos4", "sin"}},
		{"unknown method", []string{"psm", "area"}, fmt420(640, 480), []string{"speed_chroma", "area"}},
		{"kernel scale off the list", []string{"ks", "1.2"}, fmt420(640, 480), []string{"speed_chroma", "speed_kernelscale 1.2"}},
		{"prescale within 1e-3 of 1 that resizes", []string{"ps", "1.0009"}, fmt420(3840, 2160), []string{"speed_chroma", "1.0009", "1920x1080"}},
	} {
		_, err := NewConfig(optsOf(t, tc.opts...), tc.f)
		if err == nil {
			t.Errorf("%s: accepted", tc.name)
			continue
		}
		for _, w := range tc.want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("%s: error %q does not mention %q", tc.name, err, w)
			}
		}
	}
	// The exact minimum is accepted: 80x80 chroma.
	for _, f := range []yuv.Format{fmt420(160, 160), {Width: 80, Height: 80, Chroma: yuv.C444, BitDepth: 16},
		{Width: 160, Height: 80, Chroma: yuv.C422, BitDepth: 10}} {
		if _, err := NewConfig(nil, f); err != nil {
			t.Errorf("%v: %v", f, err)
		}
	}
	// A kernel scale within 1e-3 of a listed one is valid, as in libvmaf.
	if _, err := NewConfig(optsOf(t, "ks", "1.0009"), fmt420(640, 480)); err != nil {
		t.Error(err)
	}
	// Prescale within 1e-3 of 1 that keeps the size is libvmaf's no-op.
	if _, err := NewConfig(optsOf(t, "ps", "1.0004"), fmt420(640, 480)); err != nil {
		t.Error(err)
	}
}

// TestOptionTable checks names, aliases, defaults and ranges against
// speed.c's options_chroma, and the metric names.
func TestOptionTable(t *testing.T) {
	want := []struct {
		name, alias string
		def         any
		min, max    float64
	}{
		{"speed_kernelscale", "ks", 1.0, 0.1, 4},
		{"speed_prescale", "ps", 1.0, 0.1, 4},
		{"speed_prescale_method", "psm", "nearest", 0, 0},
		{"speed_sigma_nn", "snn", 0.29, 0.1, 2},
		{"speed_nn_floor", "nnf", 0.0, 0, 1},
		{"speed_max_val", "mxv", 1000.0, 0, 1000},
		{"speed_weight_var_mode", "wvm", 0, 0, 6},
	}
	if len(OptionTable) != len(want) {
		t.Fatalf("%d options, want %d", len(OptionTable), len(want))
	}
	for i, w := range want {
		o := OptionTable[i]
		if o.Name != w.name || o.Alias != w.alias || o.Default != w.def || o.Min != w.min || o.Max != w.max || !o.Param {
			t.Errorf("option %d = %+v, want %+v", i, o, w)
		}
	}
	for _, tc := range []struct {
		opts []string
		want string
	}{
		{nil, "speed_chroma_u,speed_chroma_v,speed_chroma_uv"},
		{[]string{"speed_weight_var_mode", "5", "speed_sigma_nn", "0.19", "nnf", "0.1", "mxv", "45"},
			"speed_chroma_u_mxv_45_nnf_0.1_snn_0.19_wvm_5,speed_chroma_v_mxv_45_nnf_0.1_snn_0.19_wvm_5,speed_chroma_uv_mxv_45_nnf_0.1_snn_0.19_wvm_5"},
		{[]string{"psm", "bilinear", "ps", "0.6"}, "speed_chroma_u_ps_0.6_psm_bilinear,speed_chroma_v_ps_0.6_psm_bilinear,speed_chroma_uv_ps_0.6_psm_bilinear"},
		{[]string{"psm", "nearest", "ks", "1"}, "speed_chroma_u,speed_chroma_v,speed_chroma_uv"},
	} {
		if got := strings.Join(feature.MetricNames(new(FrameResult), optsOf(t, tc.opts...)), ","); got != tc.want {
			t.Errorf("%v: %s, want %s", tc.opts, got, tc.want)
		}
	}
}
