package vif

import "github.com/bandscope/bandscope/kernels/feature"

// OptionTable is libvmaf's option table of the integer VIF extractor
// (feature "vif", integer_vif.c): names, aliases, defaults, ranges and
// Param flags as upstream declares them.
var OptionTable = []feature.Option{
	{Name: "debug", Kind: feature.Bool, Default: false,
		Help: "debug mode: enable additional output"},
	{Name: "vif_enhn_gain_limit", Alias: "egl", Kind: feature.Double, Default: 100.0, Min: 1, Max: 100, Param: true,
		Help: "enhancement gain imposed on vif, must be >= 1.0, where 1.0 means the gain is completely disabled"},
	{Name: "vif_skip_scale0", Alias: "ssclz", Kind: feature.Bool, Default: false, Param: true,
		Help: "when set, skip scale 0 calculations"},
}

// NewOptions returns integer VIF's options at their defaults.
func NewOptions() *feature.Values { return feature.NewValues("vif", OptionTable) }
