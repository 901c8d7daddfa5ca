package adm

import (
	"fmt"

	"github.com/bandscope/bandscope/kernels/feature"
)

// Metrics returns the frame's values under libvmaf's names (suffixed for
// non-default options) in the order libvmaf's JSON lists them; the debug
// keys only with debug=true, Bandscope's per-band keys only with bands=true
// (integer_adm_num_scaleS_B and integer_adm_den_scaleS_B, B in h, v, d).
func (r *FrameResult) Metrics(opts *feature.Values) []feature.Metric {
	name := opts.MetricName
	m := []feature.Metric{
		{Name: name("integer_adm2"), Value: r.ADM2},
		{Name: name("integer_aim"), Value: r.AIM},
		{Name: name("integer_adm3"), Value: r.ADM3},
	}
	for s := 0; s < NumScales; s++ {
		m = append(m, feature.Metric{Name: name(fmt.Sprintf("integer_adm_scale%d", s)), Value: r.Scale[s]})
	}
	if opts.Bool("debug") {
		m = append(m,
			feature.Metric{Name: name("integer_adm"), Value: r.ADM2},
			feature.Metric{Name: name("integer_adm_num"), Value: r.Num},
			feature.Metric{Name: name("integer_adm_den"), Value: r.Den})
		for s := 0; s < NumScales; s++ {
			m = append(m,
				feature.Metric{Name: name(fmt.Sprintf("integer_adm_num_scale%d", s)), Value: r.NumScale[s]},
				feature.Metric{Name: name(fmt.Sprintf("integer_adm_den_scale%d", s)), Value: r.DenScale[s]})
		}
	}
	if opts.Bool("bands") {
		for s := 0; s < NumScales; s++ {
			for b := 0; b < NumBands; b++ {
				m = append(m, feature.Metric{Name: name(fmt.Sprintf("integer_adm_num_scale%d_%s", s, BandNames[b])), Value: r.Bands[s][b].Num})
			}
			for b := 0; b < NumBands; b++ {
				m = append(m, feature.Metric{Name: name(fmt.Sprintf("integer_adm_den_scale%d_%s", s, BandNames[b])), Value: r.Bands[s][b].Den})
			}
		}
	}
	return m
}
