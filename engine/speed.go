package engine

import (
	"fmt"

	"github.com/bandscope/bandscope/gpu"
	"github.com/bandscope/bandscope/kernels/feature"
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
	var s speed.Scorer
	if o.b.dev != nil {
		// The per-sample stages on the device, est_params and the score on
		// the host (gpu/speed_downscale.wgsl says why).
		if s, err = gpu.NewSpeedOptions(o.b.dev, cfg, gpu.SpeedOptions{Threads: o.b.threads}); err != nil {
			return nil, fmt.Errorf("speed_chroma on %s: %w", o.b.id, err)
		}
	} else {
		s = speed.NewCPU(cfg, speed.Options{Kernels: o.cpuKernels(), Threads: o.b.threads, Limiter: o.b.limiter})
	}
	x := &speedExtractor{opts: o.opts, scorer: s}
	x.self = x
	return x, nil
}

func (x *speedExtractor) score(fr *FrameResult, keepMaps bool) (any, error) {
	if fs, ok := fromDevice[*speed.FrameResult](fr, x.scorer); ok {
		return fs.ScoreFrame(fr.Frame, fr.onDevice, keepMaps)
	}
	return x.scorer.Score(fr.Frame, fr.Ref, fr.Dist, keepMaps)
}

// scoreSplit (splitter): on a GPU, the device stages now and est_params
// and the score in finish, after the device is free for the next frame.
func (x *speedExtractor) scoreSplit(fr *FrameResult, keepMaps bool) (func() (any, error), error) {
	if fs, ok := fromDevice[*speed.FrameResult](fr, x.scorer); ok {
		if sp, ok := fs.(splitFrameScorer[*speed.FrameResult]); ok {
			finish, err := sp.ScoreFrameDevice(fr.Frame, fr.onDevice, keepMaps)
			if err != nil {
				return nil, err
			}
			return func() (any, error) { return finish() }, nil
		}
	}
	r, err := x.score(fr, keepMaps)
	return func() (any, error) { return r, err }, nil
}

// devicePlanes: both pictures' chroma.
func (x *speedExtractor) devicePlanes() (ref, dist gpu.Planes) {
	if !readsDevice[*speed.FrameResult](x.scorer) {
		return 0, 0
	}
	return gpu.Chroma, gpu.Chroma
}

func (x *speedExtractor) metrics(r any) []feature.Metric {
	return r.(*speed.FrameResult).Metrics(x.opts)
}

func (x *speedExtractor) close() error { return x.scorer.Close() }
