package feature

import "testing"

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
