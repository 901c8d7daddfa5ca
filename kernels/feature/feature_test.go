package feature

import (
	"errors"
	"testing"
)

var testTable = []Option{
	{Name: "window_size", Alias: "ws", Kind: Int, Default: 65, Min: 15, Max: 127, Param: true},
	{Name: "topk", Kind: Double, Default: 0.6, Min: 0.0001, Max: 1, Param: true},
	{Name: "enc_width", Alias: "encw", Kind: Int, Default: 0, Min: 180, Max: 7680, Param: true},
	{Name: "enc_height", Alias: "ench", Kind: Int, Default: 0, Min: 150, Max: 7680, Param: true},
	{Name: "full_ref", Kind: Bool, Default: false},
	{Name: "eotf", Kind: String, Default: "bt1886", Param: true},
}

func TestMetricName(t *testing.T) {
	for _, tc := range []struct {
		spec, want string
	}{
		{"cambi", "cambi"},
		{"cambi=window_size=35", "cambi_ws_35"},
		{"cambi=ws=65", "cambi"},
		{"cambi=topk=0.2", "cambi_topk_0.2"},
		{"cambi=enc_width=1280:enc_height=720", "cambi_ench_720_encw_1280"},
		{"cambi=full_ref=true", "cambi"},
		{"cambi=eotf=pq", "cambi_eotf_pq"},
	} {
		sp, err := ParseSpec(tc.spec)
		if err != nil {
			t.Fatal(err)
		}
		v := NewValues("cambi", testTable)
		if err := v.SetAll(sp.Opts); err != nil {
			t.Fatal(err)
		}
		if got := v.MetricName("cambi"); got != tc.want {
			t.Errorf("%s: got %q want %q", tc.spec, got, tc.want)
		}
	}
}

func TestSetErrors(t *testing.T) {
	for _, kv := range []KV{{"window_size", "13"}, {"window_size", "x"}, {"topk", "0"}, {"topk", "NaN"}, {"nope", "1"}, {"full_ref", "maybe"}} {
		v := NewValues("cambi", testTable)
		if err := v.Set(kv.Key, kv.Value); err == nil {
			t.Errorf("%v: no error", kv)
		}
	}
}

func TestFormatG(t *testing.T) {
	for f, want := range map[float64]string{0.2: "0.2", 0.012: "0.012", 1e-5: "1e-05", 1000: "1000", 1e7: "1e+07", 0.0001: "0.0001"} {
		if got := FormatG(f); got != want {
			t.Errorf("%v: got %q want %q", f, got, want)
		}
	}
}

// scoredTest names one metric, suffixed by the options.
type scoredTest struct{}

func (scoredTest) Metrics(v *Values) []Metric {
	return []Metric{{Name: v.MetricName("x")}, {Name: "y"}}
}

func TestMetricNames(t *testing.T) {
	v := NewValues("cambi", testTable)
	if err := v.Set("window_size", "33"); err != nil {
		t.Fatal(err)
	}
	if got := MetricNames(scoredTest{}, v); len(got) != 2 || got[0] != v.MetricName("x") || got[1] != "y" {
		t.Errorf("MetricNames %v", got)
	}
}

// TestFormatChecks: a frame too small or too large, a bit depth out of
// range, each the clip's error (FormatError) with the feature named.
func TestFormatChecks(t *testing.T) {
	var fe *FormatError
	for _, c := range []struct {
		err  error
		want string
	}{
		{CheckFrameSize("adm", 32, 64, 33, 1<<15, "why"), "adm: frame size 32x64 is too small: width and height must be at least 33 (why)"},
		{CheckFrameSize("vif", 64, 1<<16, 16, 1<<15, "why"), "vif: frame size 64x65536 is too large: width and height must be at most 32768"},
		{CheckBitDepth("cambi", 5, 6, 16), "cambi: bit depth 5 is not supported (6 to 16)"},
	} {
		if c.err == nil || c.err.Error() != c.want || !errors.As(c.err, &fe) {
			t.Errorf("%v, want %q as a FormatError", c.err, c.want)
		}
	}
	if CheckFrameSize("motion", 1<<20, 3, 3, 0, "why") != nil || CheckBitDepth("adm", 16, 8, 16) != nil {
		t.Error("a valid format refused")
	}
}
