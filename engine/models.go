package engine

import (
	"fmt"
	"math"
	"strings"

	"github.com/bandscope/bandscope/engine/clip"
	"github.com/bandscope/bandscope/engine/model"
	"github.com/bandscope/bandscope/kernels/feature"
)

// scoredModel is one --model of a run: the model and, for each of its
// inputs, the key of the metric that feeds it.
type scoredModel struct {
	m    *model.Model
	keys []string          // per Inputs(), the full (option-suffixed) metric key
	base []string          // per Inputs(), the base key ("integer_adm2"), for cost keys
	opts []*feature.Values // per Inputs(), the extractor's options
	defs []*Feature        // per Inputs(), the extractor
}

// rekey names each input's metric once the clips are open: an upscaled
// rendition gives CAMBI its encode size, which its key then carries.
func (sm *scoredModel) rekey(scaled *clip.Scaling) error {
	for k, o := range sm.opts {
		if sm.defs[k].Name == "cambi" {
			var err error
			if o, err = cambiEncodeSize(o, scaled); err != nil {
				return err
			}
		}
		sm.keys[k] = o.MetricName(sm.base[k])
	}
	return nil
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
					m, in.Extractor, in.ModelName, strings.Join(FeatureNames(), ", "))
			}
			o := def.Options()
			if err := o.SetAll(in.Opts); err != nil {
				return nil, nil, fmt.Errorf("--model %s: %w", m, err)
			}
			if err := def.checkOptions(o, true); err != nil {
				return nil, nil, usagef("--model %s: %v", m, err)
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
			sm.opts = append(sm.opts, o)
			sm.defs = append(sm.defs, def)
		}
		out = append(out, sm)
	}
	return out, specs, nil
}

// CheckModels checks --model strings before any work: each parses (a
// built-in version or a readable, valid model file) and the names are
// distinct. Its errors wrap ErrUsage.
func CheckModels(flags []string) error {
	if _, _, err := openModels(flags, nil); err != nil {
		return usagef("%v", err)
	}
	return nil
}

// CheckKeys refuses, before any work, a request whose output would hold a
// key twice (a model named like a feature's metric or another model's
// key: outputKeys). Its errors wrap ErrUsage.
func CheckKeys(req Request) error {
	specs, err := parseSpecs(req.Features, req.SkipUnavailable)
	if err != nil {
		return usagef("%v", err)
	}
	requested := len(specs)
	models, specs, err := openModels(req.Models, specs)
	if err != nil {
		return usagef("%v", err)
	}
	_, err = outputKeys(specs, requested, models, req.Explain, req.NoPrediction, nil)
	return err
}

// inputs gathers a frame's model inputs from its metrics.
func (sm *scoredModel) inputs(frame []feature.Metric) ([]float64, error) {
	vals := make([]float64, len(sm.keys))
	for i, k := range sm.keys {
		v, ok := FindMetric(frame, k)
		if !ok {
			return nil, fmt.Errorf("model %s: no %s for this frame", sm.m, k)
		}
		vals[i] = v
	}
	return vals, nil
}

// perfectInputs are the model's inputs on the reference against itself:
// from perfect, or for a feature that reads the reference alone (RefOnly,
// left out of the perfect set) the frame's own value.
func (sm *scoredModel) perfectInputs(perfect, frame []feature.Metric) ([]float64, error) {
	vals := make([]float64, len(sm.keys))
	for i, k := range sm.keys {
		from := perfect
		if sm.defs[i].RefOnly {
			from = frame
		}
		v, ok := FindMetric(from, k)
		if !ok {
			return nil, fmt.Errorf("model %s: no %s on the reference against itself for this frame", sm.m, k)
		}
		vals[i] = v
	}
	return vals, nil
}

// reads reports whether the model reads a feature instance: the same
// extractor with the same option-suffixed keys.
func (sm *scoredModel) reads(p parsedSpec) bool {
	for i, def := range sm.defs {
		if def == p.def && sm.opts[i].MetricName("") == p.opts.MetricName("") {
			return true
		}
	}
	return false
}

// FindMetric is the value of metric name in a frame's metrics.
func FindMetric(ms []feature.Metric, name string) (float64, bool) {
	for _, m := range ms {
		if m.Name == name {
			return m.Value, true
		}
	}
	return 0, false
}

// ModelResult is one model's prediction for one frame.
type ModelResult struct {
	Name    string           // the score's key ("vmaf", or --model's name=)
	Model   string           // the model, as --model named it
	Score   float64          // the score
	Metrics []feature.Metric // every key the model writes (bootstrap keys too)
	Inputs  []ModelInput     // the model's inputs, in the model's order
}

// ModelInput is one input of a model on one frame: its value and, with
// Request.Explain, what it costs the score.
type ModelInput struct {
	Feature string  // the registry's name of the feature that computes it
	Key     string  // the metric key, option suffixes included
	Base    string  // the key without suffixes ("integer_adm2"): the cost key's tail
	Value   float64 // the feature's value on this frame
	Perfect float64 // its value on a perfect copy (the reference against itself); NaN without Explain
	// Cost is the points this input takes off the score: the score with
	// the input at its perfect-copy value, minus the score (NaN without
	// Explain).
	Cost float64
}

// predictFrame runs every model on one frame's metrics; perfect, when not
// nil, are the metrics of the reference scored against itself.
func predictFrame(models []scoredModel, frame, perfect []feature.Metric) ([]ModelResult, error) {
	out := make([]ModelResult, 0, len(models))
	for i := range models {
		sm := &models[i]
		vals, err := sm.inputs(frame)
		if err != nil {
			return nil, err
		}
		p, err := sm.m.Predict(vals)
		if err != nil {
			return nil, fmt.Errorf("model %s: %w", sm.m, err)
		}
		r := ModelResult{Name: sm.m.Name, Model: sm.m.String(), Score: p.Metrics[0].Value, Metrics: p.Metrics}
		var pvals []float64
		if perfect != nil {
			if pvals, err = sm.perfectInputs(perfect, frame); err != nil {
				return nil, err
			}
		}
		for k, v := range vals {
			in := ModelInput{Feature: sm.defs[k].Name, Key: sm.keys[k], Base: sm.base[k], Value: v, Perfect: math.NaN(), Cost: math.NaN()}
			if pvals != nil {
				in.Perfect = pvals[k]
				in.Cost = sm.cost(vals, pvals, k, r.Score)
			}
			r.Inputs = append(r.Inputs, in)
		}
		out = append(out, r)
	}
	return out, nil
}

// costMetrics are the keys --explain adds for one model (CostKey).
func (r *ModelResult) costMetrics() []feature.Metric {
	var m []feature.Metric
	for _, in := range r.Inputs {
		if !math.IsNaN(in.Cost) {
			m = append(m, feature.Metric{Name: CostKey(r.Name, in.Base), Value: in.Cost})
		}
	}
	return m
}

// costInfix joins a model's name and an input's base key in a cost key.
const costInfix = "_cost_"

// CostKey is the key of what input base costs model on a frame
// (Request.Explain): NAME_cost_BASE.
func CostKey(model, base string) string { return model + costInfix + base }

// IsCostKey reports whether a metric key is a model's cost (CostKey).
func IsCostKey(key string) bool { return strings.Contains(key, costInfix) }

// predictFrames appends every model's scores (and with explain the costs)
// to each frame of res, after the features, as libvmaf orders them;
// perfect holds the features scored on the reference against itself (nil
// when every input the models read is RefOnly). complete: every frame has
// every input, and one that does not is an error; else (a stopped run's
// frames, Stopped) such a frame is left without the scores.
func predictFrames(res, perfect *Results, models []scoredModel, explain, complete bool) error {
	if len(models) == 0 {
		return nil
	}
	for n, frame := range res.Frames {
		if len(frame) == 0 {
			continue
		}
		var pf []feature.Metric
		if explain {
			pf = []feature.Metric{} // non-nil: costs wanted
			if perfect != nil && n < len(perfect.Frames) {
				pf = perfect.Frames[n]
			}
		}
		rs, err := predictFrame(models, frame, pf)
		if err != nil {
			if !complete {
				continue
			}
			return err
		}
		var add []feature.Metric
		for i := range rs {
			add = append(add, rs[i].Metrics...)
			add = append(add, rs[i].costMetrics()...)
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
