package ui

import (
	"context"
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/bandscope/bandscope/engine"
	"github.com/bandscope/bandscope/engine/model"
)

// prefModels remembers the picked VMAF models: built-in versions, comma
// separated, at most maxModels.
const prefModels = "vmafModels"

// maxModels is how many models the inspector scores at once: two are what
// a comparison needs ("v1 says 63 where v0.6.1 says 99"), and every model
// adds its features to each frame step.
const maxModels = 2

// noModel is the picker's entry for an empty slot.
const noModel = "none"

// modelSpec is the --model string for a built-in version, named after the
// version: two models' keys (score and NAME_cost_FEATURE) never collide,
// and an export says which model each column is.
func modelSpec(version string) string { return "version=" + version + ":name=" + version }

// parseModelPref reads the preference: known versions only, each once, at
// most maxModels.
func parseModelPref(s string) []string {
	known := map[string]bool{}
	for _, v := range model.BuiltinVersions() {
		known[v] = true
	}
	var out []string
	for _, v := range strings.Split(s, ",") {
		v = strings.TrimSpace(v)
		if known[v] && len(out) < maxModels {
			known[v] = false
			out = append(out, v)
		}
	}
	return out
}

// pickedModel is one picked model, loaded once by the UI for what the
// engine's results do not carry: its keys and its inputs' normalisation.
type pickedModel struct {
	Version string
	M       *model.Model
}

// loadModels loads built-in versions; one that does not load is left out
// (the list is the embedded one, so this does not happen in practice).
func loadModels(versions []string) []pickedModel {
	var out []pickedModel
	for _, v := range versions {
		m, err := model.ParseFlag(modelSpec(v))
		if err == nil {
			out = append(out, pickedModel{Version: v, M: m})
		}
	}
	return out
}

// modelKeys are the metric keys the models add to a run that the
// inspector's own CAMBI and ADM do not write: each model's scores and
// costs, and every key of a feature instance a model needs with options of
// its own (vmaf_v1.0.16_3d0h's CAMBI and ADM, VIF, motion, SpEED). The
// CAMBI and ADM plots leave them out.
func modelKeys(ms []pickedModel, cambiKeys, admKeys []string) map[string]bool {
	own := map[string]bool{}
	for _, k := range append(append([]string(nil), cambiKeys...), admKeys...) {
		own[k] = true
	}
	out := map[string]bool{}
	for _, pm := range ms {
		for _, k := range pm.M.Keys() {
			out[k] = true
		}
		for _, in := range pm.M.Inputs() {
			out[engine.CostKey(pm.M.Name, in.Key)] = true
			def, ok := engine.LookupFeature(in.Extractor)
			if !ok {
				continue
			}
			o := def.Options()
			if o.SetAll(in.Opts) != nil {
				continue
			}
			for _, k := range def.MetricNames(o) {
				if !own[k] {
					out[k] = true
				}
			}
		}
	}
	return out
}

// setModels picks the models (built-in versions, at most maxModels): the
// session is opened again and the whole-clip scores of models no longer
// picked are cleared (the other metrics are kept).
func (i *inspector) setModels(versions []string) {
	versions = parseModelPref(strings.Join(versions, ","))
	if strings.Join(versions, ",") == strings.Join(i.modelVersions(), ",") {
		return
	}
	i.modelMetric("") // bring the old set up to date
	old := i.modelOnly
	i.models = loadModels(versions)
	i.prefs.SetString(prefModels, strings.Join(versions, ","))
	i.refreshModelKeys()
	for k := range i.scores {
		i.scores[k] = dropMetrics(i.scores[k], func(n string) bool { return old[n] && !i.modelOnly[n] })
	}
	i.modelPicker.show()
	i.scoresView.layout()
	i.scoresView.update()
	i.vmafView.update()
	if i.req.Distorted != "" {
		if len(versions) == 0 {
			i.notice = "No VMAF model: frames are scored with CAMBI and ADM alone"
		} else {
			i.notice = "VMAF " + strings.Join(versions, " and ") + ": the current frame is scored again (Ctrl+R scores the clip)"
		}
		i.reopen()
	}
}

// modelSet is the picked VMAF models and what they add to a run: the
// metric keys (modelOnly, for the options modelOnlyFor names: runPair's
// modelMetric) and why the open clip cannot be scored with them
// (modelErr).
type modelSet struct {
	models       []pickedModel
	modelOnly    map[string]bool
	modelOnlyFor string
	modelErr     error
}

// withModels adds the picked models to a request, with Explain: each
// frame then carries every model input's value, its value on a perfect
// copy and its cost in points. The engine computes a feature the models
// share with the inspector's own (same options) once.
// When the current clip cannot be scored with them (modelErr), requests
// go without, as the session does.
func (m *modelSet) withModels(r *engine.Request) {
	r.Models, r.Explain = nil, false
	if m.modelErr != nil {
		return
	}
	for _, pm := range m.models {
		r.Models = append(r.Models, modelSpec(pm.Version))
	}
	r.Explain = len(r.Models) > 0
}

func (m *modelSet) modelVersions() []string {
	var s []string
	for _, pm := range m.models {
		s = append(s, pm.Version)
	}
	return s
}

// pickedFor finds the loaded model of a result.
func (m *modelSet) pickedFor(name string) *pickedModel {
	for k := range m.models {
		if m.models[k].M.Name == name {
			return &m.models[k]
		}
	}
	return nil
}

// pickedModels are the picked models themselves.
func (m *modelSet) pickedModels() []*model.Model {
	var ms []*model.Model
	for _, pm := range m.models {
		ms = append(ms, pm.M)
	}
	return ms
}

// modelPicker is the sidebar's choice of up to two VMAF models.
type modelPicker struct {
	i       *inspector
	content fyne.CanvasObject
	slots   [maxModels]*keySelect
	setting bool
}

func newModelPicker(i *inspector) *modelPicker {
	p := &modelPicker{i: i}
	opts := append([]string{noModel}, model.BuiltinVersions()...)
	rows := container.New(layout.NewFormLayout())
	for k := range p.slots {
		p.slots[k] = newKeySelect(i, opts, func(string) {
			if p.setting {
				return
			}
			var vs []string
			for _, s := range p.slots {
				if s.Selected != "" && s.Selected != noModel {
					vs = append(vs, s.Selected)
				}
			}
			i.setModels(vs)
			i.unfocus()
		})
		rows.Add(widget.NewLabel(fmt.Sprintf("Model %d", k+1)))
		rows.Add(p.slots[k])
	}
	hint := widget.NewLabel("Each model's features are computed with the frame; the VMAF view (Ctrl+6) shows what each costs the score.")
	hint.Wrapping = fyne.TextWrapWord
	hint.SizeName = theme.SizeNameCaptionText
	p.content = container.NewVBox(rows, hint)
	p.show()
	return p
}

// show selects the picked models without acting on it.
func (p *modelPicker) show() {
	p.setting = true
	defer func() { p.setting = false }()
	vs := p.i.modelVersions()
	for k, s := range p.slots {
		if k < len(vs) {
			s.SetSelected(vs[k])
		} else {
			s.SetSelected(noModel)
		}
	}
}

// openWithModels opens a session for req. When its models cannot be
// scored on this clip or backend (the open fails with them, or a feature a
// model reads is left out, which would fail every frame) it opens the
// session without them: CAMBI and ADM still show, and modelErr says why
// the VMAF view is empty.
func openWithModels(ctx context.Context, eng Engine, req engine.Request) (s Session, modelErr, err error) {
	s, err = safeOpen(ctx, eng, req)
	if len(req.Models) == 0 {
		return s, nil, err
	}
	if err != nil {
		modelErr = err
	} else if modelErr = modelSkipped(s, req.Models); modelErr == nil {
		return s, nil, nil
	} else {
		closeSessions(s)
	}
	if ctx.Err() != nil {
		return nil, nil, ctx.Err()
	}
	req.Models, req.Explain = nil, false
	if s, err = safeOpen(ctx, eng, req); err != nil {
		return nil, nil, err
	}
	return s, modelErr, nil
}

// modelSkipped says which model reads a feature the session left out.
func modelSkipped(s Session, specs []string) error {
	skipped := s.Skipped()
	for _, spec := range specs {
		m, err := model.ParseFlag(spec)
		if err != nil {
			return err
		}
		for _, in := range m.Inputs() {
			def, ok := engine.LookupFeature(in.Extractor)
			if !ok {
				continue
			}
			for k, err := range skipped {
				if k == def.Name || strings.HasSuffix(k, ": "+def.Name) {
					return fmt.Errorf("%s reads %s, which cannot run here: %w", m, in.Key, err)
				}
			}
		}
	}
	return nil
}
