package engine

import (
	"fmt"

	"github.com/bandscope/bandscope/engine/feature"
	"github.com/bandscope/bandscope/engine/yuv"
	"github.com/bandscope/bandscope/kernels/cambi"
)

type cambiExtractor struct {
	opts    *feature.Values
	cfg     *cambi.Config
	scorer  cambi.Scorer
	name    string // the score's metric name, with option suffixes
	heatmap *heatmapWriter
}

func newCAMBIExtractor(b *backend, sp feature.Spec, ref, dist yuv.Format) (*cambiExtractor, error) {
	o := cambi.NewOptions()
	if err := o.SetAll(sp.Opts); err != nil {
		return nil, err
	}
	cfg, err := cambi.NewConfig(o, dist.Width, dist.Height, dist.BitDepth)
	if err != nil {
		return nil, err
	}
	if err := cfg.SetReference(ref.Width, ref.Height, ref.BitDepth); err != nil {
		return nil, err
	}
	x := &cambiExtractor{opts: o, cfg: cfg, name: o.MetricName(cambi.MetricScore)}
	if cfg.HeatmapsPath != "" {
		if x.heatmap, err = newHeatmapWriter(cfg); err != nil {
			return nil, err
		}
	}
	if x.scorer, err = b.newCAMBI(cfg); err != nil {
		x.abort()
		return nil, fmt.Errorf("cambi on %s: %w", b.id, err)
	}
	return x, nil
}

func (x *cambiExtractor) score(fr *FrameResult, keepMaps bool) error {
	r, err := x.scorer.Score(fr.Frame, fr.Ref.Luma(), fr.Dist.Luma(), keepMaps)
	if err != nil {
		return err
	}
	fr.CAMBI = r
	fr.Metrics = append(fr.Metrics, feature.Metric{Name: x.name, Value: r.CAMBI})
	if x.cfg.FullRef {
		fr.Metrics = append(fr.Metrics,
			feature.Metric{Name: cambi.MetricSource, Value: r.Source},
			feature.Metric{Name: cambi.MetricFullReference, Value: r.FullReference})
	}
	if x.heatmap != nil && !keepMaps {
		return x.heatmap.write(fr.Frame, &r.Dist)
	}
	return nil
}

func (x *cambiExtractor) finish() error {
	if x.heatmap != nil {
		return x.heatmap.commit()
	}
	return nil
}

func (x *cambiExtractor) abort() {
	if x.heatmap != nil {
		x.heatmap.abort()
	}
}

func (x *cambiExtractor) close() error {
	if x.heatmap != nil {
		x.heatmap.abort() // no-op once committed
	}
	if x.scorer != nil {
		return x.scorer.Close()
	}
	return nil
}
