package engine

import (
	"fmt"

	"github.com/bandscope/bandscope/gpu"
	"github.com/bandscope/bandscope/kernels/adm"
	"github.com/bandscope/bandscope/kernels/feature"
)

type admExtractor struct {
	stateless
	opts   *feature.Values
	scorer adm.Scorer
}

func openADM(o opening) (extractor, error) {
	if o.ref != o.dist {
		return nil, errSameFormat("adm", o)
	}
	cfg, err := adm.NewConfig(o.opts, o.dist.Width, o.dist.Height, o.dist.BitDepth)
	if err != nil {
		return nil, err
	}
	s, err := o.b.newADM(cfg)
	if err != nil {
		return nil, fmt.Errorf("adm on %s: %w", o.b.id, err)
	}
	x := &admExtractor{opts: o.opts, scorer: s}
	x.self = x
	return x, nil
}

func (x *admExtractor) score(fr *FrameResult, keepMaps bool) (any, error) {
	if fs, ok := fromDevice[*adm.FrameResult](fr, x.scorer); ok {
		return fs.ScoreFrame(fr.Frame, fr.onDevice, keepMaps)
	}
	return x.scorer.Score(fr.Frame, fr.Ref.Luma(), fr.Dist.Luma(), keepMaps)
}

// devicePlanes: both lumas.
func (x *admExtractor) devicePlanes() (ref, dist gpu.Planes) {
	if !readsDevice[*adm.FrameResult](x.scorer) {
		return 0, 0
	}
	return gpu.Luma, gpu.Luma
}

func (x *admExtractor) metrics(r any) []feature.Metric {
	return r.(*adm.FrameResult).Metrics(x.opts)
}

func (x *admExtractor) close() error { return x.scorer.Close() }
