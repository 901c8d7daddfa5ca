package engine

import (
	"github.com/bandscope/bandscope/engine/feature"
	"github.com/bandscope/bandscope/kernels/speed"
)

// speedExtractor is SpEED on the chroma planes (speed_chroma).
type speedExtractor struct {
	stateless
	opts   *feature.Values
	scorer speed.Scorer
}

func openSpeed(o opening) (extractor, error) {
	if o.ref != o.dist {
		return nil, errSameFormat("speed_chroma", o)
	}
	cfg, err := speed.NewConfig(o.opts, o.dist)
	if err != nil {
		return nil, err
	}
	// No GPU twin yet: SpEED runs on the CPU on every backend.
	x := &speedExtractor{opts: o.opts, scorer: speed.NewCPU(cfg, speed.Options{Kernels: o.cpuKernels(), Threads: o.b.threads, Limiter: o.b.limiter})}
	x.self = x
	return x, nil
}

func (x *speedExtractor) score(fr *FrameResult, keepMaps bool) (any, error) {
	return x.scorer.Score(fr.Frame, fr.Ref, fr.Dist, keepMaps)
}

func (x *speedExtractor) attach(fr *FrameResult, r any) {
	if fr.Speed == nil {
		fr.Speed = r.(*speed.FrameResult)
	}
}

func (x *speedExtractor) metrics(r any) []feature.Metric {
	return r.(*speed.FrameResult).Metrics(x.opts)
}

func (x *speedExtractor) close() error { return x.scorer.Close() }
