package adm

import "github.com/bandscope/bandscope/kernels/feature"

// OptionTable is libvmaf's option table of the integer ADM extractor
// (feature "adm"), names, aliases, defaults, ranges and Param flags as
// upstream declares them, plus Bandscope's own "bands" switch.
var OptionTable = []feature.Option{
	{Name: "debug", Kind: feature.Bool, Default: false,
		Help: "debug mode: enable additional output"},
	{Name: "adm_csf_scale", Alias: "scf", Kind: feature.Double, Default: 1.0, Min: 0, Max: 50, Param: true,
		Help: "scale coefficient for the horizontal & vertical direction terms of CSF"},
	{Name: "adm_csf_diag_scale", Alias: "scfd", Kind: feature.Double, Default: 1.0, Min: 0, Max: 50, Param: true,
		Help: "scale coefficient for the diagonal direction term of CSF"},
	{Name: "adm_dlm_weight", Alias: "dlmw", Kind: feature.Double, Default: 0.5, Min: 0, Max: 1, Param: true,
		Help: "linear weighting between DLM and AIM; 1 corresponds to DLM-only"},
	{Name: "adm_enhn_gain_limit", Alias: "egl", Kind: feature.Double, Default: 100.0, Min: 1, Max: 100, Param: true,
		Help: "enhancement gain imposed on adm, must be >= 1.0, where 1.0 means the gain is completely disabled"},
	{Name: "adm_norm_view_dist", Alias: "nvd", Kind: feature.Double, Default: 3.0, Min: 0.75, Max: 24, Param: true,
		Help: "normalized viewing distance = viewing distance / ref display's physical height"},
	{Name: "adm_ref_display_height", Alias: "rdh", Kind: feature.Int, Default: 1080, Min: 1, Max: 4320, Param: true,
		Help: "reference display height in pixels"},
	{Name: "adm_csf_mode", Alias: "csf", Kind: feature.Int, Default: 0, Min: 0, Max: 3, Param: true,
		Help: "contrast sensitivity function (0 Watson, 1 Barten, 2 Barten-Watson blend, 3 blend with MAE fix)"},
	{Name: "adm_noise_weight", Alias: "nw", Kind: feature.Double, Default: 0.03125, Min: 0, Max: 1500, Param: true,
		Help: "noise weight"},
	{Name: "adm_skip_aim", Kind: feature.Bool, Default: false,
		Help: "skip the calculation of AIM"},
	{Name: "adm_skip_scale0", Alias: "ssz", Kind: feature.Bool, Default: false, Param: true,
		Help: "skip the calculation of scale 0"},
	{Name: "adm_min_val", Alias: "min", Kind: feature.Double, Default: 0.0, Min: 0, Max: 1, Param: true,
		Help: "minimum value allowed; lower values will be clipped to this value"},
	// Bandscope only: not a libvmaf option, so never part of a metric name.
	{Name: "bands", Kind: feature.Bool, Default: false,
		Help: "Bandscope: also print every scale's and band's numerator and denominator terms"},
}

// NewOptions returns integer ADM's options at their defaults.
func NewOptions() *feature.Values { return feature.NewValues("adm", OptionTable) }
