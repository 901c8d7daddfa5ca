package ui

import (
	"path/filepath"
	"strconv"
	"strings"

	"github.com/bandscope/bandscope/engine"
)

// runPair is what the inspector scores: run A, the open clips (req) with
// the inspector's own CAMBI and ADM options and the picked VMAF models on
// the chosen backend, and in compare mode run B, which differs from A in
// one way (runB). Its methods build the engine requests and name the runs.
type runPair struct {
	req       engine.Request
	cambiOpts *engine.Options
	admOpts   *engine.Options
	modelSet
	backends []Backend
	backend  string // run A's backend ID
	compare  bool
	cmpBack  string // run B's backend ID when run B is another backend
	runB     runB   // what run B is in compare mode (runb.go)
}

// backendIndex is the index of backend id in the list, or -1.
func (p *runPair) backendIndex(id string) int {
	for k, b := range p.backends {
		if b.ID == id {
			return k
		}
	}
	return -1
}

// backendLabel is a backend's drop-down label: "ID — name".
func (p *runPair) backendLabel(id string) string {
	if k := p.backendIndex(id); k >= 0 {
		b := p.backends[k]
		return b.ID + " — " + b.Name
	}
	return id
}

// backendOptions are every backend's label.
func (p *runPair) backendOptions() []string {
	var s []string
	for _, b := range p.backends {
		s = append(s, p.backendLabel(b.ID))
	}
	return s
}

// backendFromLabel is the backend ID of a drop-down label.
func backendFromLabel(label string) string {
	id, _, _ := strings.Cut(label, " — ")
	return id
}

// request is the engine request for the current clips and options.
func (p *runPair) request(backend string) engine.Request {
	r := p.req
	r.Features = []engine.Spec{optionSpec("cambi", p.cambiOpts), optionSpec("adm", p.admOpts)}
	r.Backend = backend
	// A backend without ADM still shows CAMBI; the ADM view says why.
	r.SkipUnavailable = true
	p.withModels(&r)
	return r
}

// optionSpec is a feature with its options that differ from the defaults.
func optionSpec(name string, v *engine.Options) engine.Spec {
	spec := engine.Spec{Name: name}
	for _, o := range v.Table() {
		if !v.IsDefault(o.Name) {
			spec.Opts = append(spec.Opts, engine.KV{Key: o.Name, Value: formatOption(v, o)})
		}
	}
	return spec
}

func formatOption(v *engine.Options, o engine.Option) string {
	switch o.Kind {
	case engine.OptionBool:
		return strconv.FormatBool(v.Bool(o.Name))
	case engine.OptionInt:
		return strconv.Itoa(v.Int(o.Name))
	case engine.OptionDouble:
		return strconv.FormatFloat(v.Float(o.Name), 'g', -1, 64)
	}
	return v.String(o.Name)
}

// runsMode says whether compare mode compares two sessions (two encodes or
// two option sets) rather than two backends of one session.
func (p *runPair) runsMode() bool { return p.compare && p.runB.kind != runBackend }

// compareOptions are the compare drop-down's entries: every backend, the
// chosen encode, and the two ways to define a run B.
func (p *runPair) compareOptions() []string {
	opts := p.backendOptions()
	if p.runB.dist != "" {
		opts = append(opts, encodePrefix+filepath.Base(p.runB.dist))
	}
	if p.runB.cambi != nil {
		opts = append(opts, optionsLabel)
	}
	return append(opts, pickEncodeLabel, pickOptionsLabel)
}

// compareLabel is the drop-down entry of the current run B.
func (p *runPair) compareLabel() string {
	switch p.runB.kind {
	case runClip:
		return encodePrefix + filepath.Base(p.runB.dist)
	case runOptions:
		return optionsLabel
	}
	return p.backendLabel(p.cmpBack)
}

// requestB is run B's engine request.
func (p *runPair) requestB() engine.Request {
	switch p.runB.kind {
	case runClip:
		r := p.request(p.backend)
		r.Distorted = p.runB.dist
		if p.runB.raw.Width > 0 {
			r.Raw = p.runB.raw // else run A's: the clips share one size
		}
		return r
	case runOptions:
		r := p.request(p.backend)
		r.Features = []engine.Spec{optionSpec("cambi", p.runB.cambi), optionSpec("adm", p.runB.adm)}
		return r
	}
	return p.request(p.cmpBack)
}

// runName names run k (0: A, 1: B) in legends, exports and summaries: the
// backend in backend mode (as before), else "A" or "B" and what makes the
// run: its encode's name, or its options.
func (p *runPair) runName(k int) string {
	if !p.runsMode() {
		return []string{p.backend, p.cmpBack}[k]
	}
	if p.runB.kind == runClip {
		return "AB"[k:k+1] + " " + shortName(filepath.Base([]string{p.req.Distorted, p.runB.dist}[k]))
	}
	if k == 0 {
		return "A " + optionsText(p.cambiOpts, p.admOpts, nil, nil)
	}
	return "B " + optionsText(p.runB.cambi, p.runB.adm, p.cambiOpts, p.admOpts)
}

// runNoun is what the two runs of a whole-clip run are called.
func (p *runPair) runNoun() string {
	if p.runsMode() {
		return "run"
	}
	return "backend"
}

// exportInputs are the files an export must never overwrite: the open
// clips.
func (p *runPair) exportInputs() []string { return []string{p.req.Reference, p.req.Distorted} }

// ownKeys are the keys the inspector's own CAMBI and ADM write with the
// current options.
func (p *runPair) ownKeys() (cambiKeys, admKeys []string) {
	if def, ok := engine.LookupFeature("cambi"); ok {
		cambiKeys = def.MetricNames(p.cambiOpts)
	}
	if def, ok := engine.LookupFeature("adm"); ok {
		admKeys = def.MetricNames(p.admOpts)
	}
	return
}

// modelMetric reports whether a metric is one the picked models added.
// The set is recomputed when the models or the inspector's own CAMBI or
// ADM options (which decide what the models share) changed.
func (p *runPair) modelMetric(name string) bool {
	if len(p.models) == 0 {
		return false
	}
	if key := p.modelKeysFor(); key != p.modelOnlyFor {
		p.refreshModelKeys()
	}
	return p.modelOnly[name]
}

// modelKeysFor says what modelOnly depends on.
func (p *runPair) modelKeysFor() string {
	return strings.Join(p.modelVersions(), ",") + "|" + p.cambiOpts.MetricName("") + "|" + p.admOpts.MetricName("")
}

// refreshModelKeys recomputes which metrics the models add (the models or
// the inspector's own options changed).
func (p *runPair) refreshModelKeys() {
	c, a := p.ownKeys()
	p.modelOnly = modelKeys(p.models, c, a)
	p.modelOnlyFor = p.modelKeysFor()
}
