package engine

import (
	"github.com/bandscope/bandscope/kernels/adm"
	"github.com/bandscope/bandscope/kernels/cambi"
	"github.com/bandscope/bandscope/kernels/feature"
	"github.com/bandscope/bandscope/kernels/motion"
	"github.com/bandscope/bandscope/kernels/speed"
	"github.com/bandscope/bandscope/kernels/vif"
	"github.com/bandscope/bandscope/kernels/yuv"
)

// The engine's vocabulary. The types below are the floors' below, named
// again here so that the engine's callers (the inspector, the command
// line) reach pictures, options, metrics and every feature's per-frame
// result through the engine alone: app/internal/layering forbids them the
// kernels.
type (
	// Picture is one decoded frame: a 16-bit sample plane per component.
	Picture = yuv.Picture
	// Format is a clip's size, chroma layout and bit depth.
	Format = yuv.Format
	// Chroma is a chroma layout (420, 422, 444, 400).
	Chroma = yuv.Chroma

	// Metric is one named per-frame value, named as libvmaf prints it.
	Metric = feature.Metric
	// Spec is one --feature argument: a feature's name and its options
	// as written.
	Spec = feature.Spec
	// KV is one option of a Spec as written.
	KV = feature.KV
	// Options are one feature instance's option values (every option has
	// one, its default unless set); Options.Table lists the options.
	Options = feature.Values
	// Option is one entry of a feature's option table: its name, alias,
	// kind, default, range and help.
	Option = feature.Option
	// OptionKind is an option's value type.
	OptionKind = feature.Kind

	// The features' per-frame results (FrameResult.Features, ResultOf).

	// CAMBIResult is CAMBI on one frame: the distorted picture's result
	// and, in full-reference mode, the source's.
	CAMBIResult = cambi.FrameResult
	// CAMBIPicture is CAMBI on one picture: its scales and maps.
	CAMBIPicture = cambi.PictureResult
	// CAMBIRowReader reads a picture's c-values as CAMBI pools them
	// (Watch.CAMBIRows); CAMBIPictureRows is one picture's reading.
	CAMBIRowReader   = cambi.RowReader
	CAMBIPictureRows = cambi.PictureRows
	// CAMBIScale is one scale of a CAMBIPicture.
	CAMBIScale = cambi.ScaleResult
	// ADMResult is integer ADM on one frame, with every scale's bands.
	ADMResult = adm.FrameResult
	// VIFResult is integer VIF on one frame, with each scale's maps.
	VIFResult = vif.FrameResult
	// MotionResult is integer motion on one frame, with its SAD map.
	MotionResult = motion.FrameResult
	// SpeedResult is SpEED chroma on one frame, with each plane's maps.
	SpeedResult = speed.FrameResult
)

// Option kinds.
const (
	OptionBool   = feature.Bool
	OptionInt    = feature.Int
	OptionDouble = feature.Double
	OptionString = feature.String
)

// Chroma layouts.
const (
	C420 = yuv.C420
	C422 = yuv.C422
	C444 = yuv.C444
	C400 = yuv.C400
)

// The shapes of the features' results.
const (
	CAMBIScales    = cambi.NumScales // CAMBIPicture.Scales
	ADMScales      = adm.NumScales   // ADMResult.Bands' scales
	ADMBands       = adm.NumBands    // ADMResult.Bands' orientations: h, v, d
	VIFScales      = vif.NumScales   // VIFResult.Scale
	SpeedBlockSize = speed.BlockSize // the side of SpEED's blocks, in operating-size samples
)

// CAMBIScoreKey is the base key of CAMBI's score (options suffix it; the
// full-reference keys are others).
const CAMBIScoreKey = cambi.MetricScore

// ParseChroma reads a pixel format as libvmaf's command line takes it
// ("420", "422", "444", "400").
func ParseChroma(s string) (Chroma, error) { return yuv.ParseChroma(s) }

// ParseSpec reads one --feature argument: "name" or
// "name=opt=val:opt=val".
func ParseSpec(s string) (Spec, error) { return feature.ParseSpec(s) }
