package motion

import "github.com/bandscope/bandscope/kernels/feature"

// OptionTable is libvmaf's option table of the integer motion extractor
// (feature "motion"): names, aliases, defaults, ranges and Param flags as
// upstream's integer_motion.c declares them, in its order.
var OptionTable = []feature.Option{
	{Name: "motion_force_zero", Alias: "force_0", Kind: feature.Bool, Default: false, Param: true,
		Help: "forcing motion score to zero"},
	{Name: "motion_blend_factor", Alias: "mbf", Kind: feature.Double, Default: 1.0, Min: 0, Max: 1, Param: true,
		Help: "blend motion score given an offset"},
	{Name: "motion_blend_offset", Alias: "mbo", Kind: feature.Double, Default: 40.0, Min: 0, Max: 1000, Param: true,
		Help: "blend motion score starting from this offset"},
	{Name: "motion_fps_weight", Alias: "mfw", Kind: feature.Double, Default: 1.0, Min: 0, Max: 5, Param: true,
		Help: "fps-aware multiplicative weight/correction"},
	{Name: "motion_max_val", Alias: "mmxv", Kind: feature.Double, Default: 10000.0, Min: 0, Max: 10000, Param: true,
		Help: "maximum value allowed; larger values will be clipped to this value"},
	{Name: "motion_five_frame_window", Alias: "mffw", Kind: feature.Bool, Default: false, Param: true,
		Help: "use five-frame temporal window"},
	{Name: "motion_moving_average", Alias: "mma", Kind: feature.Bool, Default: false, Param: true,
		Help: "use moving average for motion scores after first frame"},
	{Name: "debug", Kind: feature.Bool, Default: false,
		Help: "debug mode: enable additional output"},
}

// NewOptions returns integer motion's options at their defaults.
func NewOptions() *feature.Values { return feature.NewValues("motion", OptionTable) }
