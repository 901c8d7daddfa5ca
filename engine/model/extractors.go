package model

// extractors is libvmaf's feature extractor list (feature_extractor.c's
// feature_extractor_list, float extractors included) with each extractor's
// provided_features: a model's feature name selects the first extractor that
// provides it (vmaf_get_feature_extractor_by_feature_name), and --model's
// "extractor.option=value" overrides select by extractor name.
var extractors = []struct {
	name     string
	provides []string
}{
	{"float_psnr", []string{"float_psnr"}},
	{"float_ansnr", []string{"float_ansnr"}},
	{"float_adm", []string{"VMAF_feature_adm2_score", "VMAF_feature_aim_score", "VMAF_feature_adm3_score",
		"VMAF_feature_adm_scale0_score", "VMAF_feature_adm_scale1_score", "VMAF_feature_adm_scale2_score",
		"VMAF_feature_adm_scale3_score", "adm_num", "adm_den", "adm_scale0", "adm_num_scale0", "adm_den_scale0",
		"adm_num_scale1", "adm_den_scale1", "adm_num_scale2", "adm_den_scale2", "adm_num_scale3", "adm_den_scale3"}},
	{"float_vif", []string{"VMAF_feature_vif_scale0_score", "VMAF_feature_vif_scale1_score",
		"VMAF_feature_vif_scale2_score", "VMAF_feature_vif_scale3_score", "vif", "vif_num", "vif_den",
		"vif_num_scale0", "vif_den_scale0", "vif_num_scale1", "vif_den_scale1", "vif_num_scale2", "vif_den_scale2",
		"vif_num_scale3", "vif_den_scale3"}},
	{"float_motion", []string{"VMAF_feature_motion_score", "VMAF_feature_motion2_score", "VMAF_feature_motion3_score"}},
	{"float_moment", []string{"float_moment"}},
	{"speed_chroma", []string{"Speed_chroma_feature_speed_chroma_u_score", "Speed_chroma_feature_speed_chroma_v_score",
		"Speed_chroma_feature_speed_chroma_uv_score"}},
	{"speed_temporal", []string{"Speed_temporal_feature_speed_temporal_score"}},
	{"float_ms_ssim", []string{"float_ms_ssim"}},
	{"float_ssim", []string{"float_ssim"}},
	{"ciede", []string{"ciede2000"}},
	{"psnr", []string{"psnr_y", "psnr_cb", "psnr_cr"}},
	{"psnr_hvs", []string{"psnr_hvs_y", "psnr_hvs_cb", "psnr_hvs_cr", "psnr_hvs"}},
	{"adm", []string{"VMAF_integer_feature_adm2_score", "VMAF_integer_feature_aim_score",
		"VMAF_integer_feature_adm3_score", "integer_adm_scale0", "integer_adm_scale1", "integer_adm_scale2",
		"integer_adm_scale3", "integer_adm", "integer_adm_num", "integer_adm_den", "integer_adm_num_scale0",
		"integer_adm_den_scale0", "integer_adm_num_scale1", "integer_adm_den_scale1", "integer_adm_num_scale2",
		"integer_adm_den_scale2", "integer_adm_num_scale3", "integer_adm_den_scale3"}},
	{"motion", []string{"VMAF_integer_feature_motion_sad_score", "VMAF_integer_feature_motion_score",
		"VMAF_integer_feature_motion2_score", "VMAF_integer_feature_motion3_score"}},
	{"vif", []string{"VMAF_integer_feature_vif_scale0_score", "VMAF_integer_feature_vif_scale1_score",
		"VMAF_integer_feature_vif_scale2_score", "VMAF_integer_feature_vif_scale3_score", "integer_vif",
		"integer_vif_num", "integer_vif_den", "integer_vif_num_scale0", "integer_vif_den_scale0",
		"integer_vif_num_scale1", "integer_vif_den_scale1", "integer_vif_num_scale2", "integer_vif_den_scale2",
		"integer_vif_num_scale3", "integer_vif_den_scale3"}},
	{"cambi", []string{"Cambi_feature_cambi_score"}},
}

// extractorFor returns the extractor providing a model feature, "" if none.
func extractorFor(featureName string) string {
	for _, e := range extractors {
		for _, p := range e.provides {
			if p == featureName {
				return e.name
			}
		}
	}
	return ""
}

// aliases is libvmaf's alias.c: the names its output writers print for the
// long feature names. Names not listed print as they are.
var aliases = map[string]string{
	"VMAF_feature_adm2_score":                     "adm2",
	"VMAF_feature_aim_score":                      "aim",
	"VMAF_feature_adm3_score":                     "adm3",
	"VMAF_feature_adm_scale0_score":               "adm_scale0",
	"VMAF_feature_adm_scale1_score":               "adm_scale1",
	"VMAF_feature_adm_scale2_score":               "adm_scale2",
	"VMAF_feature_adm_scale3_score":               "adm_scale3",
	"VMAF_feature_motion_score":                   "motion",
	"VMAF_feature_motion2_score":                  "motion2",
	"VMAF_feature_motion3_score":                  "motion3",
	"VMAF_feature_vif_scale0_score":               "vif_scale0",
	"VMAF_feature_vif_scale1_score":               "vif_scale1",
	"VMAF_feature_vif_scale2_score":               "vif_scale2",
	"VMAF_feature_vif_scale3_score":               "vif_scale3",
	"VMAF_integer_feature_adm2_score":             "integer_adm2",
	"VMAF_integer_feature_aim_score":              "integer_aim",
	"VMAF_integer_feature_adm3_score":             "integer_adm3",
	"VMAF_integer_feature_motion_score":           "integer_motion",
	"VMAF_integer_feature_motion2_score":          "integer_motion2",
	"VMAF_integer_feature_motion3_score":          "integer_motion3",
	"VMAF_integer_feature_vif_scale0_score":       "integer_vif_scale0",
	"VMAF_integer_feature_vif_scale1_score":       "integer_vif_scale1",
	"VMAF_integer_feature_vif_scale2_score":       "integer_vif_scale2",
	"VMAF_integer_feature_vif_scale3_score":       "integer_vif_scale3",
	"Cambi_feature_cambi_score":                   "cambi",
	"Speed_chroma_feature_speed_chroma_u_score":   "speed_chroma_u",
	"Speed_chroma_feature_speed_chroma_v_score":   "speed_chroma_v",
	"Speed_chroma_feature_speed_chroma_uv_score":  "speed_chroma_uv",
	"Speed_temporal_feature_speed_temporal_score": "speed_temporal",
}

// Alias is libvmaf's vmaf_feature_name_alias: the printed name of a feature.
func Alias(featureName string) string {
	if a, ok := aliases[featureName]; ok {
		return a
	}
	return featureName
}
