package cambi

import "github.com/bandscope/bandscope/kernels/feature"

// Defaults, as libvmaf's cambi.c defines them.
const (
	DefaultWindowSize = 65
	DefaultTopK       = 0.6
	DefaultTVI        = 0.019
	DefaultMaxVal     = 1000.0
	DefaultEOTF       = "bt1886"
)

// OptionTable lists CAMBI's options with libvmaf's names, aliases, defaults
// and ranges. Param options change the metric's name when not at default.
var OptionTable = []feature.Option{
	{Name: "cambi_max_val", Alias: "cmxv", Kind: feature.Double, Default: DefaultMaxVal, Min: 0, Max: 1000, Param: true,
		Help: "maximum value allowed; larger values are clipped to it"},
	{Name: "enc_width", Alias: "encw", Kind: feature.Int, Default: 0, Min: 180, Max: 7680, Param: true,
		Help: "encoding width (0: the input's)"},
	{Name: "enc_height", Alias: "ench", Kind: feature.Int, Default: 0, Min: 150, Max: 7680, Param: true,
		Help: "encoding height (0: the input's)"},
	{Name: "enc_bitdepth", Alias: "encbd", Kind: feature.Int, Default: 0, Min: 6, Max: 16, Param: true,
		Help: "encoding bit depth (0: the input's); below 10 the input is anti-dithered"},
	{Name: "src_width", Alias: "srcw", Kind: feature.Int, Default: 0, Min: 320, Max: 7680, Param: true,
		Help: "source width, full reference only"},
	{Name: "src_height", Alias: "srch", Kind: feature.Int, Default: 0, Min: 200, Max: 4320, Param: true,
		Help: "source height, full reference only"},
	{Name: "window_size", Alias: "ws", Kind: feature.Int, Default: DefaultWindowSize, Min: 15, Max: 127, Param: true,
		Help: "window size at 4K; 65 is about one degree"},
	{Name: "topk", Kind: feature.Double, Default: DefaultTopK, Min: 0.0001, Max: 1, Param: true,
		Help: "fraction of pixels pooled"},
	{Name: "cambi_topk", Alias: "ctpk", Kind: feature.Double, Default: DefaultTopK, Min: 0.0001, Max: 1, Param: true,
		Help: "fraction of pixels pooled (topk wins when both are set)"},
	{Name: "tvi_threshold", Alias: "tvit", Kind: feature.Double, Default: DefaultTVI, Min: 0.0001, Max: 1, Param: true,
		Help: "visibility threshold: ΔL < tvi_threshold * L"},
	{Name: "cambi_vis_lum_threshold", Alias: "vlt", Kind: feature.Double, Default: 0.0, Min: 0, Max: 300, Param: true,
		Help: "luminance below which banding is not visible (cd/m²)"},
	{Name: "max_log_contrast", Alias: "mlc", Kind: feature.Int, Default: 2, Min: 0, Max: 5, Param: true,
		Help: "maximum contrast in log2 10-bit luma levels"},
	{Name: "heatmaps_path", Kind: feature.String, Default: "",
		Help: "directory for the per-scale c-value heatmaps (.gray)"},
	{Name: "full_ref", Kind: feature.Bool, Default: false,
		Help: "also score the reference and report the difference"},
	{Name: "eotf", Kind: feature.String, Default: DefaultEOTF, Param: true,
		Help: "EOTF of the visibility thresholds: bt1886 or pq"},
	{Name: "cambi_eotf", Alias: "ceot", Kind: feature.String, Default: DefaultEOTF, Param: true,
		Help: "EOTF (wins over eotf when set)"},
	{Name: "cambi_high_res_speedup", Alias: "hrs", Kind: feature.Int, Default: 0, Min: 0, Max: 2160, Param: true,
		Help: "decimate after the mask from this resolution up: 1080, 1440 or 2160"},
}

// NewOptions returns CAMBI's options at their defaults.
func NewOptions() *feature.Values { return feature.NewValues("cambi", OptionTable) }

// Metric names; MetricName adds the option suffixes.
const (
	MetricScore         = "cambi"
	MetricSource        = "cambi_source"
	MetricFullReference = "cambi_full_reference"
)
