package engine

import (
	"github.com/bandscope/bandscope/engine/clip"
	"github.com/bandscope/bandscope/engine/outfile"
	"github.com/bandscope/bandscope/gpu"
	"github.com/bandscope/bandscope/kernels/feature"
	"github.com/bandscope/bandscope/kernels/yuv"
)

// Request says what to score and how.
type Request struct {
	Reference string // path; "" scores the distorted clip against itself
	Distorted string // path
	Raw       clip.RawOptions
	Features  []feature.Spec // e.g. {Name: "cambi"}, {Name: "adm", Opts: ...}
	// Models are libvmaf --model strings ("version=vmaf_v0.6.1",
	// "path=m.json:name=x"); their features are added to Features (shared
	// where the options agree) and their scores follow the features'.
	Models []string
	// NoPrediction scores the models' features but not the models
	// (libvmaf's -n/--no_prediction): no model keys in the results.
	NoPrediction bool
	// Explain adds, per frame and model, what each model input costs: the
	// score with that input at its value on a perfect copy (the reference
	// against itself) minus the score (keys NAME_cost_KEY).
	Explain bool
	Backend string // "cpu" (default), "cpu:scalar", "gpu", "gpu:N"
	// Compare, when set, is a second backend that scores the same decoded
	// pictures in Session.Frame (FrameResult.Compare).
	Compare string
	// SkipUnavailable leaves out, instead of failing, a feature that cannot
	// be built on a backend (Session.Skipped says which and why).
	SkipUnavailable bool
	Threads         int // 0 = all cores
	Frames          int // 0 = every frame
	// NoScale refuses a distorted clip smaller than the reference instead
	// of upscaling it to the reference's size (ladder.go).
	NoScale bool

	// Outputs, when not nil, receives the run's output files (CAMBI's
	// heatmaps) staged; the caller publishes them with Commit, together
	// with its own, or removes them with Abort. Without it the heatmaps
	// are published when Run succeeds.
	Outputs *outfile.Set
	// MaxMemory is the most memory a run may need, in bytes (0: the
	// default budget, DefaultMemoryBudget; negative: no limit). Open
	// refuses a run whose estimate of the memory it needs is over it.
	MaxMemory int64
	// Watch, when not nil, follows Run frame by frame (watch.go).
	Watch *Watch
}

// FrameResult is everything computed for one frame.
type FrameResult struct {
	Frame     int
	Dist, Ref *yuv.Picture
	// Features are each feature instance's result with its metrics, in
	// the order the features were built: the request's, then those its
	// models added (a feature the models read with other options is a
	// second instance). ResultOf finds one by its type. A feature that
	// failed on the frame has none (Errors says why).
	Features []FeatureResult
	// VMAF holds each model's score of the frame (Session.Frame; whole runs
	// write the scores as metrics).
	VMAF    []ModelResult
	Metrics []feature.Metric // libvmaf's names and order
	// Errors names the features that failed on this frame (Session.Frame
	// still returns the others).
	Errors map[string]error
	// Compare is the compare backend's result on the same pictures.
	Compare *FrameResult
	// Partial: Session.FramePart scored only some features; Complete gives
	// the whole result.
	Partial bool

	results []any // each extractor's result, in the set's order (a run's emit reads them)
	// errs and scored are, for Session.FramePart and Complete, each
	// extractor's error and whether it was run.
	errs   []error
	scored []bool
	// refAt returns the reference luma of frame j (Session.Frame's random
	// access for temporal features); frames is the clip's length.
	refAt  func(j int) (yuv.Plane, error)
	frames int
	// prevRefs are, in a run, the reference pictures of frames Frame-1
	// and Frame-2 (nil before the clip's start): the run keeps them
	// decoded until this frame is scored, for temporal features' workers.
	prevRefs [2]*yuv.Picture
	// prepared is, in a GPU run, the frame staged for the device by the
	// reader (gpu.Frame.Prepare); startFrame commits it and, after the
	// device halves, calls committed, which frees its stage set for a
	// later frame.
	prepared  *gpu.Prepared
	committed func()
	// onDevice is, while a GPU set scores the frame, its pictures on the
	// device (uploaded once, read by every GPU extractor: deviceFrame).
	onDevice *gpu.Frame
}

// FeatureResult is one feature instance's result on one frame.
type FeatureResult struct {
	Feature string // the registry's name: "cambi", "adm", "vif", "motion", "speed_chroma"
	// Result is the instance's result: a *CAMBIResult, *ADMResult,
	// *VIFResult, *MotionResult or *SpeedResult. Integer motion compares
	// frames: Session.Frame decodes the neighbouring reference pictures
	// it needs (luma only, kept for the next step).
	Result  any
	Metrics []feature.Metric // the instance's metrics, libvmaf's names and order
}

// ResultOf returns the first result of type R a frame holds (for example
// ResultOf[*CAMBIResult](fr): the request's own instance, which comes
// before any a model added), and whether there is one.
func ResultOf[R any](fr *FrameResult) (R, bool) {
	for _, f := range fr.Features {
		if v, ok := f.Result.(R); ok {
			return v, true
		}
	}
	var zero R
	return zero, false
}

// Writing finds the feature instance that wrote metric key on this frame.
func (fr *FrameResult) Writing(key string) (*FeatureResult, bool) {
	for k := range fr.Features {
		for _, m := range fr.Features[k].Metrics {
			if m.Name == key {
				return &fr.Features[k], true
			}
		}
	}
	return nil, false
}

// Progress reports a whole-clip run.
type Progress struct {
	Done, Total int
	FPS         float64
}
