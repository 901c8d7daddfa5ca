package engine

import (
	"fmt"
	"math"

	"github.com/bandscope/bandscope/engine/feature"
	"github.com/bandscope/bandscope/engine/model"
)

// scoredModel is one --model of a run: the model and, for each of its
// inputs, the key of the metric that feeds it.
type scoredModel struct {
	m    *model.Model
	keys []string // per Inputs(), the full (option-suffixed) metric key
	base []string // per Inputs(), the base key ("integer_adm2"), for cost keys
}

// openModels parses the --model strings and adds the features the models
// need to specs: a feature already requested with the same scoring options
// (the same key suffix) is shared, as libvmaf's feature collector shares
// one extractor between models.
func openModels(flags []string, specs []parsedSpec) ([]scoredModel, []parsedSpec, error) {
	var ms []*model.Model
	for _, f := range flags {
		m, err := model.ParseFlag(f)
		if err != nil {
			return nil, nil, err
		}
		ms = append(ms, m)
	}
	if err := model.UniqueNames(ms); err != nil {
		return nil, nil, err
	}
	var out []scoredModel
	for _, m := range ms {
		sm := scoredModel{m: m}
		for _, in := range m.Inputs() {
			def, ok := LookupFeature(in.Extractor)
			if !ok {
				return nil, nil, fmt.Errorf("--model %s: needs feature %s (%s), which Bandscope does not compute (it computes %s)",
					m, in.Extractor, in.ModelName, FeatureNames())
			}
			o := def.Options()
			if err := o.SetAll(in.Opts); err != nil {
				return nil, nil, fmt.Errorf("--model %s: %w", m, err)
			}
			suffix := o.MetricName("")
			shared := false
			for _, p := range specs {
				if p.def == def && p.opts.MetricName("") == suffix {
					shared = true
					break
				}
			}
			if !shared {
				specs = append(specs, parsedSpec{def: def, spec: feature.Spec{Name: def.Name, Opts: in.Opts}, opts: o})
			}
			sm.keys = append(sm.keys, o.MetricName(in.Key))
			sm.base = append(sm.base, in.Key)
		}
		out = append(out, sm)
	}
	return out, specs, nil
}

// inputs gathers a frame's model inputs from its metrics.
func (sm *scoredModel) inputs(frame []feature.Metric) ([]float64, error) {
	vals := make([]float64, len(sm.keys))
	for i, k := range sm.keys {
		v, ok := lookupMetric(frame, k)
		if !ok {
			return nil, fmt.Errorf("model %s: no %s for this frame", sm.m, k)
		}
		vals[i] = v
	}
	return vals, nil
}

func lookupMetric(ms []feature.Metric, name string) (float64, bool) {
	for _, m := range ms {
		if m.Name == name {
			return m.Value, true
		}
	}
	return 0, false
}

// predict appends every model's scores to each frame of res, after the
// features (libvmaf's order). With perfect (the features of the reference
// scored against itself), it also appends what each feature costs: the
// score with that one input at its perfect-copy value, minus the score.
func predictAll(res, perfect *Results, models []scoredModel) error {
	for n, frame := range res.Frames {
		if len(frame) == 0 {
			continue
		}
		var add []feature.Metric
		for i := range models {
			sm := &models[i]
			vals, err := sm.inputs(frame)
			if err != nil {
				return err
			}
			p, err := sm.m.Predict(vals)
			if err != nil {
				return fmt.Errorf("model %s: %w", sm.m, err)
			}
			add = append(add, p.Metrics...)
			if perfect == nil {
				continue
			}
			pvals, err := sm.inputs(perfect.Frames[n])
			if err != nil {
				return err
			}
			score := p.Metrics[0].Value
			for k := range vals {
				if cost := sm.cost(vals, pvals, k, score); !math.IsNaN(cost) {
					add = append(add, feature.Metric{Name: sm.m.Name + "_cost_" + sm.base[k], Value: cost})
				}
			}
		}
		res.add([]frameMetrics{{n, add}})
	}
	return nil
}

// cost is the model's score with input k at its perfect-copy value, minus
// the actual score: the points that feature takes off.
func (sm *scoredModel) cost(vals, perfect []float64, k int, score float64) float64 {
	alt := append([]float64(nil), vals...)
	alt[k] = perfect[k]
	p, err := sm.m.Predict(alt)
	if err != nil {
		return math.NaN()
	}
	return p.Metrics[0].Value - score
}
