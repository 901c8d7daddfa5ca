package engine

import "testing"

// TestMetricFeature: every key a feature writes, option suffixes and the
// keys its switches add included, names that feature and its base key; a
// model's score and costs name none.
func TestMetricFeature(t *testing.T) {
	for _, c := range []struct{ key, feature, base string }{
		{"cambi", "cambi", "cambi"},
		{"cambi_ws_33", "cambi", "cambi"},
		{"cambi_ench_720_encw_1280", "cambi", "cambi"},
		{"cambi_source", "cambi", "cambi_source"},
		{"cambi_full_reference", "cambi", "cambi_full_reference"},
		{"integer_adm2", "adm", "integer_adm2"},
		{"integer_aim", "adm", "integer_aim"},
		{"integer_adm", "adm", "integer_adm"},
		{"integer_adm_scale0_egl_1", "adm", "integer_adm_scale0"},
		{"integer_adm_num_scale2_h", "adm", "integer_adm_num_scale2_h"},
		{"integer_vif_scale3", "vif", "integer_vif_scale3"},
		{"integer_vif_scale0_egl_1", "vif", "integer_vif_scale0"},
		{"VMAF_integer_feature_motion_sad_score", "motion", "VMAF_integer_feature_motion_sad_score"},
		{"integer_motion", "motion", "integer_motion"},
		{"integer_motion2", "motion", "integer_motion2"},
		{"integer_motion3_mffw_mmxv_18_mma", "motion", "integer_motion3"},
		{"speed_chroma_uv_mxv_45", "speed_chroma", "speed_chroma_uv"},
		{"vmaf", "", ""},
		{"vmaf_v0.6.1", "", ""},
		{CostKey("vmaf_v0.6.1", "integer_adm2"), "", ""},
		{"psnr_y", "", ""},
	} {
		f, base, ok := MetricFeature(c.key)
		if f != c.feature || base != c.base || ok != (c.feature != "") {
			t.Errorf("MetricFeature(%q) = %q, %q, %v; want %q, %q", c.key, f, base, ok, c.feature, c.base)
		}
	}
	for _, def := range registry {
		for _, k := range def.MetricNames(def.Options()) {
			if f, _, _ := MetricFeature(k); f != def.Name {
				t.Errorf("%s writes %s, which MetricFeature gives to %q", def.Name, k, f)
			}
		}
	}
}

// TestCostKey: a cost key is one, a feature's key is not.
func TestCostKey(t *testing.T) {
	k := CostKey("vmaf_v1.0.16_3d0h", "cambi")
	if k != "vmaf_v1.0.16_3d0h_cost_cambi" || !IsCostKey(k) || IsCostKey("cambi") || IsCostKey("vmaf") {
		t.Errorf("CostKey %q, IsCostKey %v", k, IsCostKey(k))
	}
}
