package engine

import (
	"slices"
	"strings"

	"github.com/bandscope/bandscope/engine/clip"
	"github.com/bandscope/bandscope/engine/model"
	"github.com/bandscope/bandscope/kernels/feature"
)

// A run's output keys are known before it starts: each feature's names for
// its options, each model's score (and bootstrap) keys, and with --explain
// the cost keys. outputKeys lists them in the order libvmaf's writers do,
// and refuses a key that two of them would write (a model named like a
// feature's metric, `name=integer_adm2`, or like another model's cost key):
// JSON would hold the key twice, XML would not parse, CSV would lose a
// column.
//
// libvmaf's order is its feature collector's: a key's place is where it is
// first appended. The CLI registers the models' extractors first (in
// --model order, each model's features in the model's order), then the
// --feature ones; the first frame appends every extractor's keys in that
// order, but for the keys an extractor appends only when the run is
// flushed (integer motion's motion2 and motion3), which follow all of them;
// the models' scores come last.

// keyOwner is a key and what writes it, for the refusal's message.
type keyOwner struct{ key, by string }

// outputKeys lists every key a run of specs and models writes, in
// libvmaf's order; the first requested specs are the --feature ones (the
// rest were added for the models). scaled is the rendition's scaling
// (CAMBI's keys carry its encode size), nil before the clips are open.
func outputKeys(specs []parsedSpec, requested int, models []scoredModel, explain, noPrediction bool, scaled *clip.Scaling) ([]string, error) {
	var ordered []parsedSpec
	by := map[*feature.Values]string{}
	add := func(p parsedSpec) {
		for _, q := range ordered {
			if q.def == p.def && q.opts.MetricName("") == p.opts.MetricName("") {
				return
			}
		}
		ordered = append(ordered, p)
	}
	for i, p := range specs {
		by[p.opts] = "--feature " + specString(p.spec)
		if i >= requested {
			by[p.opts] = "the " + p.def.Name + " a --model reads"
		}
	}
	for i := range models {
		sm := &models[i]
		for k, def := range sm.defs {
			for _, p := range specs {
				if p.def == def && p.opts.MetricName("") == sm.opts[k].MetricName("") {
					add(p)
					break
				}
			}
		}
	}
	for _, p := range specs {
		add(p)
	}
	var keys []keyOwner
	var flushed []keyOwner
	for _, p := range ordered {
		o := p.opts
		if p.def.Name == "cambi" {
			var err error
			if o, err = cambiEncodeSize(o, scaled); err != nil {
				return nil, err
			}
		}
		by := by[p.opts]
		var late []string
		if p.def.Flushed != nil {
			late = p.def.Flushed(o)
		}
		for _, k := range p.def.MetricNames(o) {
			if slices.Contains(late, k) {
				flushed = append(flushed, keyOwner{k, by})
			} else {
				keys = append(keys, keyOwner{k, by})
			}
		}
	}
	keys = append(keys, flushed...)
	for i := range models {
		m := models[i].m
		by := "--model " + m.String()
		if m.Name != model.DefaultName {
			by += " (name " + m.Name + ")"
		}
		if !noPrediction {
			for _, k := range m.Keys() {
				keys = append(keys, keyOwner{k, by})
			}
		}
		if explain {
			for _, base := range models[i].base {
				keys = append(keys, keyOwner{m.Name + "_cost_" + base, by + " (--explain)"})
			}
		}
	}
	seen := map[string]string{}
	out := make([]string, 0, len(keys))
	for _, k := range keys {
		if prev, ok := seen[k.key]; ok {
			if prev == k.by {
				continue // a model reading one input twice
			}
			fix := "give one of them other options or leave it out"
			if strings.HasPrefix(prev, "--model") || strings.HasPrefix(k.by, "--model") {
				fix = "give the model another name="
			}
			return nil, usagef("output key %s would be written twice, by %s and by %s: %s", k.key, prev, k.by, fix)
		}
		seen[k.key] = k.by
		out = append(out, k.key)
	}
	return out, nil
}

// sortKeys puts the results' keys, and each frame's metrics, in order
// (outputKeys); keys it does not list keep their place after those it does.
func (r *Results) sortKeys(order []string) {
	rank := make(map[string]int, len(order))
	for i, k := range order {
		rank[k] = i
	}
	at := func(name string) int {
		if i, ok := rank[name]; ok {
			return i
		}
		return len(order)
	}
	slices.SortStableFunc(r.Names, func(a, b string) int { return at(a) - at(b) })
	for _, f := range r.Frames {
		slices.SortStableFunc(f, func(a, b feature.Metric) int { return at(a.Name) - at(b.Name) })
	}
}
