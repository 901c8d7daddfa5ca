package engine

import (
	"github.com/bandscope/bandscope/gpu"
	"github.com/bandscope/bandscope/kernels/feature"
	"github.com/bandscope/bandscope/kernels/yuv"
)

// lumaScorer is a kernel package's scorer that compares the luma planes of
// the reference and the distorted picture, one frame at a time.
type lumaScorer[R feature.Scored] interface {
	Score(frame int, ref, dist yuv.Plane, keepMaps bool) (R, error)
	Close() error
}

// lumaExtractor adapts a lumaScorer: a new full-reference luma feature is
// its kernel package plus one registry entry whose open builds the scorer
// and returns openLuma(...).
type lumaExtractor[R feature.Scored] struct {
	stateless
	opts   *feature.Values
	scorer lumaScorer[R]
}

// openLuma wraps a scorer built for a registry entry; it refuses a
// reference whose format differs from the distorted clip's.
func openLuma[R feature.Scored](name string, o opening, s lumaScorer[R]) (extractor, error) {
	if o.ref != o.dist {
		s.Close()
		return nil, errSameFormat(name, o)
	}
	x := &lumaExtractor[R]{opts: o.opts, scorer: s}
	x.self = x
	return x, nil
}

func (x *lumaExtractor[R]) score(fr *FrameResult, keepMaps bool) (any, error) {
	if fs, ok := fromDevice[R](fr, x.scorer); ok {
		return fs.ScoreFrame(fr.Frame, fr.onDevice, keepMaps)
	}
	return x.scorer.Score(fr.Frame, fr.Ref.Luma(), fr.Dist.Luma(), keepMaps)
}

// devicePlanes: both lumas, when the scorer reads them from the device.
func (x *lumaExtractor[R]) devicePlanes() (ref, dist gpu.Planes) {
	if !readsDevice[R](x.scorer) {
		return 0, 0
	}
	return gpu.Luma, gpu.Luma
}

func (x *lumaExtractor[R]) metrics(r any) []feature.Metric { return r.(R).Metrics(x.opts) }

func (x *lumaExtractor[R]) close() error { return x.scorer.Close() }
