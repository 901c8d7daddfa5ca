package engine

import (
	"github.com/bandscope/bandscope/engine/feature"
	"github.com/bandscope/bandscope/kernels/cpu"
	"github.com/bandscope/bandscope/kernels/motion"
)

// motionExtractor is integer motion: temporal, on the reference's luma. A
// run pushes the frames in order at emit time; the scorer keeps the
// pictures later frames compare with.
type motionExtractor struct {
	opts   *feature.Values
	cfg    *motion.Config
	scorer motion.Scorer
}

func openMotion(o opening) (extractor, error) {
	cfg, err := motion.NewConfig(o.opts, o.ref.Width, o.ref.Height, o.ref.BitDepth)
	if err != nil {
		return nil, err
	}
	// No GPU twin yet: motion runs on the CPU on every backend.
	set := o.b.kernels
	if o.b.dev != nil {
		set = cpu.Default()
	}
	return &motionExtractor{opts: o.opts, cfg: cfg,
		scorer: motion.NewCPU(cfg, motion.Options{Kernels: set, Threads: o.b.threads, Limiter: o.b.limiter})}, nil
}

// score does nothing per frame: motion compares consecutive frames, so it
// runs in emit, in frame order.
func (x *motionExtractor) score(*FrameResult, bool) (any, error) { return nil, nil }

func (x *motionExtractor) attach(fr *FrameResult, r any) {
	if m, ok := r.(*motion.FrameResult); ok && fr.Motion == nil {
		fr.Motion = m
	}
}

func (x *motionExtractor) metrics(r any) []feature.Metric {
	if m, ok := r.(*motion.FrameResult); ok {
		return m.Metrics(x.opts)
	}
	return nil
}

func (x *motionExtractor) emit(fr *FrameResult, _ any) ([]frameMetrics, error) {
	rs, err := x.scorer.Push(fr.Frame, fr.Ref.Luma(), false)
	if err != nil {
		return nil, err
	}
	return x.final(rs), nil
}

func (x *motionExtractor) final(rs []*motion.FrameResult) []frameMetrics {
	out := make([]frameMetrics, len(rs))
	for i, r := range rs {
		out[i] = frameMetrics{r.Frame, r.Metrics(x.opts)}
	}
	return out
}

func (x *motionExtractor) flush() ([]frameMetrics, error) {
	rs, err := x.scorer.Flush()
	return x.final(rs), err
}

func (x *motionExtractor) finish() error { return nil }
func (x *motionExtractor) abort()        {}
func (x *motionExtractor) close() error  { return x.scorer.Close() }
