package motion

import "github.com/bandscope/bandscope/kernels/feature"

// Metrics returns the frame's values under libvmaf's names (suffixed for
// non-default options: VMAF_integer_feature_motion_sad_score_mmxv_18,
// integer_motion3_mffw_mmxv_18_mma, ...) in the order libvmaf's JSON lists
// them; integer_motion only with debug=true.
func (r *FrameResult) Metrics(opts *feature.Values) []feature.Metric {
	name := opts.MetricName
	m := []feature.Metric{{Name: name("VMAF_integer_feature_motion_sad_score"), Value: r.SAD}}
	if opts.Bool("debug") {
		m = append(m, feature.Metric{Name: name("integer_motion"), Value: r.SAD})
	}
	return append(m,
		feature.Metric{Name: name("integer_motion2"), Value: r.Motion2},
		feature.Metric{Name: name("integer_motion3"), Value: r.Motion3})
}
