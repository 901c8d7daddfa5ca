package engine

import (
	"fmt"

	"github.com/bandscope/bandscope/gpu"
	"github.com/bandscope/bandscope/kernels/cambi"
	"github.com/bandscope/bandscope/kernels/feature"
)

type cambiExtractor struct {
	opts    *feature.Values
	cfg     *cambi.Config
	scorer  cambi.Scorer
	name    string // the score's metric name, with option suffixes
	own     bool   // one of the request's features (Session.CAMBIOptions)
	heatmap *heatmapWriter
}

// cambiMetricNames are the keys a CAMBI instance writes.
func cambiMetricNames(o *feature.Values) []string {
	names := []string{o.MetricName(cambi.MetricScore)}
	if o.Bool("full_ref") {
		names = append(names, cambi.MetricSource, cambi.MetricFullReference)
	}
	return names
}

func openCAMBI(o opening) (extractor, error) {
	var err error
	if o.opts, err = cambiEncodeSize(o.opts, o.scaled); err != nil {
		return nil, err
	}
	cfg, err := cambi.NewConfig(o.opts, o.dist.Width, o.dist.Height, o.dist.BitDepth)
	if err != nil {
		return nil, err
	}
	if o.perfect {
		cfg.HeatmapsPath = ""
	}
	cfg.KeepCValues = o.keepCValues
	cfg.Rows = o.rows
	if err := cfg.SetReference(o.ref.Width, o.ref.Height, o.ref.BitDepth); err != nil {
		return nil, err
	}
	x := &cambiExtractor{opts: o.opts, cfg: cfg, name: o.opts.MetricName(cambi.MetricScore), own: o.own}
	if cfg.HeatmapsPath != "" {
		if x.heatmap, err = newHeatmapWriter(cfg, o.outputs, o.inputs...); err != nil {
			return nil, err
		}
	}
	if x.scorer, err = o.b.newCAMBI(cfg); err != nil {
		x.abort()
		return nil, fmt.Errorf("cambi on %s: %w", o.b.id, err)
	}
	return x, nil
}

func (x *cambiExtractor) score(fr *FrameResult, keepMaps bool) (any, error) {
	if fs, ok := fromDevice[*cambi.FrameResult](fr, x.scorer); ok {
		return fs.ScoreFrame(fr.Frame, fr.onDevice, keepMaps)
	}
	// With heatmaps_path the scorer keeps the c-values emit writes.
	return x.scorer.Score(fr.Frame, fr.Ref.Luma(), fr.Dist.Luma(), keepMaps)
}

// devicePlanes: the distorted luma, and the reference's with full_ref.
func (x *cambiExtractor) devicePlanes() (ref, dist gpu.Planes) {
	if !readsDevice[*cambi.FrameResult](x.scorer) {
		return 0, 0
	}
	if x.cfg.FullRef {
		ref = gpu.Luma
	}
	return ref, gpu.Luma
}

func (x *cambiExtractor) metrics(r any) []feature.Metric {
	c := r.(*cambi.FrameResult)
	m := []feature.Metric{{Name: x.name, Value: c.CAMBI}}
	if x.cfg.FullRef {
		m = append(m,
			feature.Metric{Name: cambi.MetricSource, Value: c.Source},
			feature.Metric{Name: cambi.MetricFullReference, Value: c.FullReference})
	}
	return m
}

func (x *cambiExtractor) emit(fr *FrameResult, r any) ([]frameMetrics, error) {
	if x.heatmap != nil {
		if err := x.heatmap.write(fr.Frame, &r.(*cambi.FrameResult).Dist); err != nil {
			return nil, err
		}
	}
	return []frameMetrics{{fr.Frame, x.metrics(r)}}, nil
}

func (x *cambiExtractor) flush() ([]frameMetrics, error) { return nil, nil }

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

// CAMBIOptions are the options the request's own CAMBI instance scores
// with, a ladder rendition's encode size included, and its score's metric
// key; nil and "" when the request asks for no CAMBI of its own.
func (s *Session) CAMBIOptions() (*Options, string) {
	for _, x := range s.main.extractors {
		if c, ok := x.(*cambiExtractor); ok && c.own {
			return c.opts.Clone(), c.name
		}
	}
	return nil, ""
}

// recycleCAMBIMaps gives the maps CAMBI kept for a Watch alone back for
// later frames once Watch.Scored has read them (cambi.Config.KeepCValues):
// nothing after it reads them (emit writes heatmaps from maps kept
// otherwise, which stay).
func recycleCAMBIMaps(results []any) {
	for _, r := range results {
		if c, ok := r.(*cambi.FrameResult); ok {
			c.Dist.Recycle()
			if c.Src != nil {
				c.Src.Recycle()
			}
		}
	}
}
