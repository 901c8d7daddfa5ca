package ui

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/bandscope/bandscope/engine"
)

// namedMap is one map of a model input's feature, with its colour scale.
type namedMap struct {
	Name string
	Data *mapData
	Top  float64 // the value drawn at the top colour
	Abs  bool    // colour |value| (signed maps)
}

// inputMaps are the maps the VMAF view shows for one model input: those of
// the feature instance that computed the input's value, with the legend's
// two labels, or a note that says why there are none.
type inputMaps struct {
	Title  string
	Maps   []namedMap
	Lo, Hi string // legend labels
	Note   string // why a map is missing, or what the maps are not
}

// modelInputRef is one input of one model on the current frame.
type modelInputRef struct {
	Model string // the model's key (its version here)
	In    engine.ModelInput
}

// costliest is the input that costs its model the most points on this
// frame, over every picked model; ok is false without costs.
func costliest(vm []engine.ModelResult) (modelInputRef, bool) {
	var best modelInputRef
	found := false
	for _, r := range vm {
		for _, in := range r.Inputs {
			if math.IsNaN(in.Cost) {
				continue
			}
			if !found || in.Cost > best.In.Cost {
				best, found = modelInputRef{r.Name, in}, true
			}
		}
	}
	return best, found
}

// inputResult finds the result of type R of the feature instance that
// wrote the input's key: a feature a model needs with options of its own
// is a second instance beside the inspector's, and its maps are the ones
// that made the score. exact is false when no instance wrote the key (the
// first of type R is returned, and the view says so).
func inputResult[R any](fr *engine.FrameResult, in engine.ModelInput) (r R, exact, ok bool) {
	if w, found := fr.Writing(in.Key); found {
		if x, is := w.Result.(R); is {
			return x, true, true
		}
	}
	r, ok = engine.ResultOf[R](fr)
	return r, false, ok
}

// scaleIndex reads the N of a key ending in "scaleN".
func scaleIndex(base, prefix string) (int, bool) {
	if !strings.HasPrefix(base, prefix) {
		return 0, false
	}
	n, err := strconv.Atoi(strings.TrimPrefix(base, prefix))
	return n, err == nil
}

// mapsForInput gathers the maps of the feature behind one model input.
func mapsForInput(fr *engine.FrameResult, ref modelInputRef) inputMaps {
	in := ref.In
	out := inputMaps{Title: fmt.Sprintf("%s (%s, cost %s points)", in.Base, ref.Model, fmtCost(in.Cost))}
	if fr == nil {
		out.Note = "no frame scored yet"
		return out
	}
	switch in.Feature {
	case "cambi":
		cambiInputMaps(fr, in, &out)
	case "adm":
		admInputMaps(fr, in, &out)
	case "vif":
		vifInputMaps(fr, in, &out)
	case "motion":
		motionInputMaps(fr, in, &out)
	case "speed_chroma":
		speedInputMaps(fr, in, &out)
	default:
		out.Note = fmt.Sprintf("the inspector draws no maps for %s", in.Base)
	}
	return out
}

// unmatched is the note for a result found by type but not by key.
const unmatched = "no instance of the feature wrote the input's key: the maps shown are the first instance's"

func cambiInputMaps(fr *engine.FrameResult, in engine.ModelInput, out *inputMaps) {
	r, exact, ok := inputResult[*engine.CAMBIResult](fr, in)
	if !ok {
		out.Note = "no CAMBI result on this frame (the feature failed or was left out on this backend)"
		return
	}
	if !exact {
		out.Note = unmatched
	}
	p := &r.Dist
	top, at := cValueTopAt(p)
	for k, sc := range p.Scales {
		out.Maps = append(out.Maps, namedMap{Name: fmt.Sprintf("c-values, scale %d (%dx%d)", k, sc.Width, sc.Height),
			Data: f32Map(sc.Width, sc.Height, sc.CValues), Top: top})
	}
	out.Title = "CAMBI c-values per scale — " + out.Title
	out.Lo, out.Hi = "c-value 0", topLabel(top, at)
}

func admInputMaps(fr *engine.FrameResult, in engine.ModelInput, out *inputMaps) {
	r, exact, ok := inputResult[*engine.ADMResult](fr, in)
	if !ok {
		out.Note = "no ADM result on this frame (the feature failed or was left out on this backend)"
		return
	}
	if !exact {
		out.Note = unmatched
	}
	a := convertADM(r)
	var restored []*mapData
	for s := range a.Bands {
		for k := range a.Bands[s] {
			restored = append(restored, a.Bands[s][k].Maps[0])
		}
	}
	warmTops(restored)
	kept := false
	for s := range a.Bands {
		for k := range a.Bands[s] {
			m := a.Bands[s][k].Maps[0]
			kept = kept || m != nil
			out.Maps = append(out.Maps, namedMap{Name: fmt.Sprintf("scale %d %s", s, bandNames[k]), Data: m, Top: bandTop(m), Abs: true})
		}
	}
	if !kept {
		out.Maps = nil
		out.Note = "this backend kept no ADM band maps"
		return
	}
	out.Title = "ADM bands (restored) — " + out.Title
	out.Lo, out.Hi = "|restored coefficient| 0", "1 = each band's 99.5th percentile"
}

func vifInputMaps(fr *engine.FrameResult, in engine.ModelInput, out *inputMaps) {
	scale, isScale := scaleIndex(in.Base, "integer_vif_scale")
	r, exact, ok := inputResult[*engine.VIFResult](fr, in)
	if !ok {
		out.Note = "no VIF result on this frame (the feature failed or was left out on this backend)"
		return
	}
	if !exact {
		out.Note = unmatched
	}
	for s, sm := range r.Maps {
		if sm == nil {
			continue
		}
		// The information the distorted picture lost, per pixel: the
		// scale's score is sum(num)/sum(den), so den-num is where it falls.
		lost := make([]float32, len(sm.Den))
		for k := range lost {
			lost[k] = sm.Den[k] - sm.Num[k]
		}
		m := f32Map(sm.W, sm.H, lost)
		name := fmt.Sprintf("scale %d (%dx%d)", s, sm.W, sm.H)
		if isScale && s == scale {
			name += " ← this input"
		}
		out.Maps = append(out.Maps, namedMap{Name: name, Data: m, Top: bandTop(m), Abs: true})
	}
	if len(out.Maps) == 0 {
		out.Note = "this backend kept no VIF maps"
		return
	}
	out.Title = "VIF information lost per scale (den − num) — " + out.Title
	out.Lo, out.Hi = "|den − num| 0", "1 = each scale's 99.5th percentile"
}

func motionInputMaps(fr *engine.FrameResult, in engine.ModelInput, out *inputMaps) {
	r, exact, ok := inputResult[*engine.MotionResult](fr, in)
	if !ok {
		out.Note = "no motion result on this frame (the feature failed or was left out on this backend)"
		return
	}
	if !exact {
		out.Note = unmatched
	}
	if r.Diff == nil {
		out.Note = fmt.Sprintf("no SAD map on frame %d: motion compares it with no earlier picture (a clip's first frame, or motion_force_zero), and is 0 there", fr.Frame)
		return
	}
	m := &mapData{W: r.W, H: r.H, At: func(k int) float64 { return float64(r.Diff[k]) / 256 }}
	top := bandTop(m)
	out.Maps = []namedMap{{Name: fmt.Sprintf("|blurred difference| with frame %d (%dx%d)", r.Compared, r.W, r.H), Data: m, Top: top, Abs: true}}
	out.Title = "motion SAD — " + out.Title
	out.Lo, out.Hi = "|difference| 0 (8-bit code values)", fmt.Sprintf("%.4g = the 99.5th percentile", top)
	if in.Base != "integer_motion" {
		out.Note = "the map is this frame's SAD; " + in.Base + " also takes the next frame's (the smaller of the two, or their average)"
	}
}

func speedInputMaps(fr *engine.FrameResult, in engine.ModelInput, out *inputMaps) {
	r, exact, ok := inputResult[*engine.SpeedResult](fr, in)
	if !ok {
		out.Note = "no SpEED result on this frame (the feature failed or was left out on this backend)"
		return
	}
	if !exact {
		out.Note = unmatched
	}
	var notes []string
	for p, pr := range r.Planes {
		plane := []string{"U", "V"}[p]
		if pr == nil {
			notes = append(notes, plane+": no maps kept")
			continue
		}
		if pr.Contribution == nil {
			notes = append(notes, plane+": no per-block contribution (one picture's covariance was singular)")
		} else if nbh := pr.OpW / engine.SpeedBlockSize; nbh > 0 {
			nbv := len(pr.Contribution) / nbh
			m := f32Map(nbh, nbv, pr.Contribution)
			out.Maps = append(out.Maps, namedMap{Name: fmt.Sprintf("%s contribution per block (%dx%d)", plane, nbh, nbv), Data: m, Top: bandTop(m), Abs: true})
		}
		if pr.DisLocal != nil {
			m := f32Map(pr.OpW, pr.OpH, pr.DisLocal)
			out.Maps = append(out.Maps, namedMap{Name: fmt.Sprintf("%s distorted, local mean removed (%dx%d)", plane, pr.OpW, pr.OpH), Data: m, Top: bandTop(m), Abs: true})
		}
	}
	if len(notes) > 0 {
		out.Note = strings.TrimPrefix(out.Note+"; "+strings.Join(notes, "; "), "; ")
	}
	if len(out.Maps) == 0 {
		return
	}
	out.Title = "SpEED chroma planes — " + out.Title
	out.Lo, out.Hi = "|value| 0", "1 = each map's 99.5th percentile"
}

// fmtCost prints a cost in points, or "-" without Explain.
func fmtCost(c float64) string {
	if math.IsNaN(c) {
		return "-"
	}
	return strconv.FormatFloat(c, 'f', 3, 64)
}
