package speed

import "github.com/bandscope/bandscope/kernels/feature"

// OptionTable is libvmaf's option table of the SpEED chroma extractor
// (feature "speed_chroma"): names, aliases, defaults, ranges and Param flags
// as speed.c declares them. Every option is a Param, so every non-default
// value suffixes the metric names (speed_chroma_uv_mxv_45_nnf_0.1_snn_0.19_wvm_5).
var OptionTable = []feature.Option{
	{Name: "speed_kernelscale", Alias: "ks", Kind: feature.Double, Default: 1.0, Min: 0.1, Max: 4.0, Param: true,
		Help: "scaling factor for the gaussian kernel (2.0 means multiplying the standard deviation by 2 and enlarge the kernel size accordingly"},
	{Name: "speed_prescale", Alias: "ps", Kind: feature.Double, Default: 1.0, Min: 0.1, Max: 4.0, Param: true,
		Help: "scaling factor for the frame (2.0 means making the image twice as large on each dimension)"},
	{Name: "speed_prescale_method", Alias: "psm", Kind: feature.String, Default: "nearest", Param: true,
		Help: "scaling method for the frame, supported options: [nearest, bilinear, bicubic, lanczos4]"},
	{Name: "speed_sigma_nn", Alias: "snn", Kind: feature.Double, Default: 0.29, Min: 0.1, Max: 2.0, Param: true,
		Help: "standard deviation of neural noise"},
	{Name: "speed_nn_floor", Alias: "nnf", Kind: feature.Double, Default: 0.0, Min: 0.0, Max: 1.0, Param: true,
		Help: "neural noise floor, expressed in percentage of sigma_nn"},
	{Name: "speed_max_val", Alias: "mxv", Kind: feature.Double, Default: 1000.0, Min: 0.0, Max: 1000.0, Param: true,
		Help: "maximum value allowed; larger values will be clipped to this value"},
	{Name: "speed_weight_var_mode", Alias: "wvm", Kind: feature.Int, Default: 0, Min: 0, Max: 6, Param: true,
		Help: "different approaches to perform variance-absed weighting"},
}

// NewOptions returns speed_chroma's options at their defaults.
func NewOptions() *feature.Values { return feature.NewValues("speed_chroma", OptionTable) }

// Metrics returns the frame's values under libvmaf's names, suffixed for
// non-default options, in libvmaf's order: u, v, uv.
func (r *FrameResult) Metrics(opts *feature.Values) []feature.Metric {
	name := opts.MetricName
	return []feature.Metric{
		{Name: name("speed_chroma_u"), Value: r.U},
		{Name: name("speed_chroma_v"), Value: r.V},
		{Name: name("speed_chroma_uv"), Value: r.UV},
	}
}
