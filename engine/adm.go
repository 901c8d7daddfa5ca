package engine

import (
	"fmt"

	"github.com/bandscope/bandscope/engine/feature"
	"github.com/bandscope/bandscope/engine/yuv"
	"github.com/bandscope/bandscope/kernels/adm"
)

type admExtractor struct {
	opts   *feature.Values
	scorer adm.Scorer
}

func newADMExtractor(b *backend, sp feature.Spec, f yuv.Format) (extractor, error) {
	o := adm.NewOptions()
	if err := o.SetAll(sp.Opts); err != nil {
		return nil, err
	}
	cfg, err := adm.NewConfig(o, f.Width, f.Height, f.BitDepth)
	if err != nil {
		return nil, err
	}
	s, err := b.newADM(cfg)
	if err != nil {
		return nil, fmt.Errorf("adm on %s: %w", b.id, err)
	}
	return &admExtractor{opts: o, scorer: s}, nil
}

func (x *admExtractor) score(fr *FrameResult, keepMaps bool) error {
	r, err := x.scorer.Score(fr.Frame, fr.Ref.Luma(), fr.Dist.Luma(), keepMaps)
	if err != nil {
		return err
	}
	fr.ADM = r
	fr.Metrics = append(fr.Metrics, r.Metrics(x.opts)...)
	return nil
}

func (x *admExtractor) finish() error { return nil }
func (x *admExtractor) abort()        {}
func (x *admExtractor) close() error  { return x.scorer.Close() }
