package adm

import (
	"strings"
	"testing"

	"github.com/bandscope/bandscope/kernels/feature"
	"github.com/bandscope/bandscope/kernels/yuv"
)

func TestNewConfigErrors(t *testing.T) {
	for _, tc := range []struct {
		opts     string
		w, h, bd int
		want     string // substring of the error; "" = no error
	}{
		{"", 1920, 1080, 8, ""},
		{"", 33, 33, 8, ""},
		{"", 32, 1080, 8, "too small"},
		{"", 1920, 32, 10, "too small"},
		{"", 1, 1, 8, "too small"},
		{"", 40000, 64, 8, "too large"},
		{"", 64, 64, 7, "bit depth"},
		{"", 64, 64, 17, "bit depth"},
		{"adm_norm_view_dist=2", 64, 64, 8, "adm_norm_view_dist"},
		{"adm_ref_display_height=720", 64, 64, 8, "adm_ref_display_height"},
		{"adm_ref_display_height=720:adm_norm_view_dist=5", 64, 64, 8, ""},
		{"adm_csf_mode=2:adm_norm_view_dist=4", 64, 64, 8, "adm_csf_mode=2"},
		{"adm_csf_mode=3:adm_ref_display_height=2160", 64, 64, 8, ""},
		{"adm_csf_mode=1:adm_csf_scale=50:adm_norm_view_dist=24:adm_ref_display_height=4320", 64, 64, 8, ""},
	} {
		o := NewOptions()
		if tc.opts != "" {
			sp, err := feature.ParseSpec("adm=" + tc.opts)
			if err != nil {
				t.Fatal(err)
			}
			if err := o.SetAll(sp.Opts); err != nil {
				t.Fatal(err)
			}
		}
		_, err := NewConfig(o, tc.w, tc.h, tc.bd)
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%q %dx%d %d-bit: %v", tc.opts, tc.w, tc.h, tc.bd, err)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("%q %dx%d %d-bit: error %v, want one naming %q", tc.opts, tc.w, tc.h, tc.bd, err, tc.want)
		}
	}
}

func TestOptionRanges(t *testing.T) {
	for _, kv := range []feature.KV{
		{Key: "adm_csf_mode", Value: "4"}, {Key: "csf", Value: "-1"}, {Key: "egl", Value: "0.5"},
		{Key: "nvd", Value: "0.5"}, {Key: "rdh", Value: "0"}, {Key: "rdh", Value: "4321"},
		{Key: "nw", Value: "1501"}, {Key: "min", Value: "1.5"}, {Key: "dlmw", Value: "2"},
		{Key: "scf", Value: "51"}, {Key: "scfd", Value: "-1"}, {Key: "bogus", Value: "1"},
	} {
		if err := NewOptions().Set(kv.Key, kv.Value); err == nil {
			t.Errorf("%s=%s accepted", kv.Key, kv.Value)
		}
	}
}

func TestMetricNames(t *testing.T) {
	for _, tc := range []struct {
		spec  string
		first string
		n     int
	}{
		{"adm", "integer_adm2", 7},
		{"adm=debug=true", "integer_adm2", 18},
		{"adm=debug=true:bands=true", "integer_adm2", 18 + 24},
		{"adm=bands=true", "integer_adm2", 7 + 24},
		{"adm=adm_csf_mode=1", "integer_adm2_csf_1", 7},
		{"adm=csf=1:egl=1.5", "integer_adm2_csf_1_egl_1.5", 7},
		{"adm=adm_skip_scale0=true:adm_skip_aim=true", "integer_adm2_ssz", 7},
		{"adm=adm_noise_weight=0.5:adm_min_val=0.9", "integer_adm2_min_0.9_nw_0.5", 7},
	} {
		sp, err := feature.ParseSpec(tc.spec)
		if err != nil {
			t.Fatal(err)
		}
		o := NewOptions()
		if err := o.SetAll(sp.Opts); err != nil {
			t.Fatal(err)
		}
		names := feature.MetricNames(new(FrameResult), o)
		if len(names) != tc.n || names[0] != tc.first {
			t.Errorf("%s: %d names starting %q, want %d starting %q", tc.spec, len(names), names[0], tc.n, tc.first)
		}
	}
}

// TestSmallAndOddSizes scores sizes from the minimum up, at every bit
// depth, without a crash, with the band terms adding up.
func TestSmallAndOddSizes(t *testing.T) {
	for _, sz := range [][2]int{{33, 33}, {34, 35}, {37, 216}, {216, 37}, {101, 67}, {1000, 40}} {
		for _, bd := range []int{8, 10, 12, 16} {
			ref, dist := extraPair("noise", sz[0], sz[1], bd)
			cfg, err := NewConfig(nil, sz[0], sz[1], bd)
			if err != nil {
				t.Fatal(err)
			}
			r, err := New(cfg).Score(0, ref.Luma(), dist.Luma(), true)
			if err != nil {
				t.Fatal(err)
			}
			checkBandSums(t, r)
			if !(r.ADM2 > 0 && r.ADM2 < 2) {
				t.Errorf("%dx%d %d-bit: adm2 %v", sz[0], sz[1], bd, r.ADM2)
			}
			b := r.Bands[3][BandD]
			if b.W != cfg.BandW[3] || len(b.Restored) != b.W*b.H || len(b.Threshold) != b.W*b.H || len(b.Additive) != b.W*b.H {
				t.Errorf("%dx%d: scale 3 maps %dx%d, %d/%d/%d values", sz[0], sz[1], b.W, b.H, len(b.Restored), len(b.Additive), len(b.Threshold))
			}
		}
	}
}

func TestScoreRejectsBadPlanes(t *testing.T) {
	cfg, err := NewConfig(nil, 64, 48, 10)
	if err != nil {
		t.Fatal(err)
	}
	s := New(cfg)
	good := yuv.Plane{Width: 64, Height: 48, Stride: 64, Pix: make([]uint16, 64*48)}
	hot := yuv.Plane{Width: 64, Height: 48, Stride: 64, Pix: make([]uint16, 64*48)}
	hot.Pix[5*64+3] = 1024
	for name, p := range map[string]yuv.Plane{
		"size":  {Width: 63, Height: 48, Stride: 63, Pix: make([]uint16, 63*48)},
		"short": {Width: 64, Height: 48, Stride: 64, Pix: make([]uint16, 100)},
		"range": hot,
	} {
		if _, err := s.Score(0, good, p, false); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
	if _, err := s.Score(0, good, good, false); err != nil {
		t.Errorf("good planes: %v", err)
	}
}

// TestWatsonAndBlendNeedNoNorm checks that the weight normalisation never
// changes a Watson or blend setting (they stay bit-exact with libvmaf),
// and that Barten's normalised weights respect the limits.
func TestWatsonAndBlendNeedNoNorm(t *testing.T) {
	for _, mode := range []string{"0", "1", "2", "3"} {
		for _, vc := range [][2]string{{"3", "1080"}, {"5", "1080"}, {"1.5", "2160"}, {"3", "2160"}, {"5", "720"}, {"24", "4320"}, {"0.75", "4320"}, {"7.3", "555"}} {
			o := NewOptions()
			for k, v := range map[string]string{"adm_csf_mode": mode, "nvd": vc[0], "rdh": vc[1]} {
				if err := o.Set(k, v); err != nil {
					t.Fatal(err)
				}
			}
			cfg, err := NewConfig(o, 64, 64, 8)
			if err != nil {
				continue // blend modes have tables for a few conditions only
			}
			for s := 0; s < NumScales; s++ {
				if mode != "1" && cfg.Norm[s] != 0 {
					t.Errorf("mode %s nvd %s rdh %s scale %d: norm %d", mode, vc[0], vc[1], s, cfg.Norm[s])
				}
				for b := 0; b < NumBands; b++ {
					if uint64(cfg.Weight[s][b]) > WeightLimit[s][b] {
						t.Errorf("mode %s scale %d band %d: weight %d over %d", mode, s, b, cfg.Weight[s][b], WeightLimit[s][b])
					}
				}
			}
		}
	}
}
