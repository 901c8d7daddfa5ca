package engine

import (
	"github.com/bandscope/bandscope/engine/clip"
	"github.com/bandscope/bandscope/engine/feature"
	"github.com/bandscope/bandscope/engine/yuv"
	"github.com/bandscope/bandscope/internal/outfile"
	"github.com/bandscope/bandscope/kernels/cambi"
)

// Request says what to score and how.
type Request struct {
	Reference string // path; "" scores the distorted clip against itself
	Distorted string // path
	Raw       clip.RawOptions
	Features  []feature.Spec // e.g. {Name: "cambi"}, {Name: "adm", Opts: ...}
	Backend   string         // "cpu" (default), "cpu:scalar", "gpu", "gpu:N"
	Threads   int            // 0 = all cores
	Frames    int            // 0 = every frame

	// Outputs, when not nil, receives the run's output files (CAMBI's
	// heatmaps) staged; the caller publishes them with Commit, together
	// with its own, or removes them with Abort. Without it the heatmaps
	// are published when Run succeeds.
	Outputs *outfile.Set
	// MaxMemory is the most memory a run may need, in bytes (0: the
	// default budget, DefaultMemoryBudget; negative: no limit). Open
	// refuses a run whose estimate (EstimateMemory) is over it.
	MaxMemory int64
}

// FrameResult is everything computed for one frame.
type FrameResult struct {
	Frame     int
	Dist, Ref *yuv.Picture
	CAMBI     *cambi.FrameResult // nil without the cambi feature
	ADM       any                // *adm.FrameResult; nil without the adm feature
	Metrics   []feature.Metric   // libvmaf's names and order
}

// Progress reports a whole-clip run.
type Progress struct {
	Done, Total int
	FPS         float64
}
