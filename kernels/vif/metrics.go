package vif

import (
	"fmt"

	"github.com/bandscope/bandscope/kernels/feature"
)

// Metrics returns the frame's values under libvmaf's names (suffixed for
// non-default options: _egl_N, _ssclz) in libvmaf's order: the four scale
// scores, then with debug=true integer_vif, integer_vif_num,
// integer_vif_den and each scale's numerator and denominator.
func (r *FrameResult) Metrics(opts *feature.Values) []feature.Metric {
	name := opts.MetricName
	var m []feature.Metric
	for s := 0; s < NumScales; s++ {
		m = append(m, feature.Metric{Name: name(fmt.Sprintf("integer_vif_scale%d", s)), Value: r.Scale[s]})
	}
	if opts.Bool("debug") {
		m = append(m,
			feature.Metric{Name: name("integer_vif"), Value: r.VIF},
			feature.Metric{Name: name("integer_vif_num"), Value: r.TotalNum},
			feature.Metric{Name: name("integer_vif_den"), Value: r.TotalDen})
		for s := 0; s < NumScales; s++ {
			m = append(m,
				feature.Metric{Name: name(fmt.Sprintf("integer_vif_num_scale%d", s)), Value: r.Num[s]},
				feature.Metric{Name: name(fmt.Sprintf("integer_vif_den_scale%d", s)), Value: r.Den[s]})
		}
	}
	return m
}
