package inspect

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/bandscope/bandscope/engine"
)

// NamedMap is one map of a model input's feature, with its colour scale.
type NamedMap struct {
	Name string
	Data *Map
	Top  float64 // the value drawn at the top colour
	Abs  bool    // colour |value| (signed maps)
}

// InputMaps are the maps behind one model input: those of the feature
// instance that computed the input's value, with a colour legend's two
// labels, or a note that says why there are none.
type InputMaps struct {
	Title  string
	Maps   []NamedMap
	Lo, Hi string // legend labels
	Note   string // why a map is missing, or what the maps are not
}

// InputRef is one input of one model on a frame.
type InputRef struct {
	Model string // the model's key (its version here)
	In    engine.ModelInput
}

// Costliest is the input that costs its model the most points on a frame,
// over every model; ok is false without costs.
func Costliest(vm []engine.ModelResult) (InputRef, bool) {
	var best InputRef
	found := false
	for _, r := range vm {
		for _, in := range r.Inputs {
			if math.IsNaN(in.Cost) {
				continue
			}
			if !found || in.Cost > best.In.Cost {
				best, found = InputRef{Model: r.Name, In: in}, true
			}
		}
	}
	return best, found
}

// inputResult finds the result of type R of the feature instance that
// wrote the input's key: a feature a model needs with options of its own
// is a second instance beside the inspector's, and its maps are the ones
// that made the score. Without one, the first result of type R is
// returned and out's note says so; without any (what names the feature),
// ok is false and the note says why there are no maps.
func inputResult[R any](fr *engine.FrameResult, in engine.ModelInput, what string, out *InputMaps) (r R, ok bool) {
	if w, found := fr.Writing(in.Key); found {
		if x, is := w.Result.(R); is {
			return x, true
		}
	}
	if r, ok = engine.ResultOf[R](fr); !ok {
		out.Note = "no " + what + " result on this frame (the feature failed or was left out on this backend)"
		return r, false
	}
	out.Note = unmatched
	return r, true
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
func MapsFor(fr *engine.FrameResult, ref InputRef) InputMaps {
	in := ref.In
	out := InputMaps{Title: fmt.Sprintf("%s (%s, cost %s points)", in.Base, ref.Model, FormatCost(in.Cost))}
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

func cambiInputMaps(fr *engine.FrameResult, in engine.ModelInput, out *InputMaps) {
	r, ok := inputResult[*engine.CAMBIResult](fr, in, "CAMBI", out)
	if !ok {
		return
	}
	p := &r.Dist
	top, at := CValueTop(p)
	for k, sc := range p.Scales {
		out.Maps = append(out.Maps, NamedMap{Name: fmt.Sprintf("c-values, scale %d (%dx%d)", k, sc.Width, sc.Height),
			Data: F32(sc.Width, sc.Height, sc.CValues), Top: top})
	}
	out.Title = "CAMBI c-values per scale — " + out.Title
	out.Lo, out.Hi = "c-value 0", TopLabel(top, at)
}

func admInputMaps(fr *engine.FrameResult, in engine.ModelInput, out *InputMaps) {
	r, ok := inputResult[*engine.ADMResult](fr, in, "ADM", out)
	if !ok {
		return
	}
	a := ADMFrom(r)
	var restored []*Map
	for s := range a.Bands {
		for k := range a.Bands[s] {
			restored = append(restored, a.Bands[s][k].Maps[0])
		}
	}
	WarmTops(restored)
	kept := false
	for s := range a.Bands {
		for k := range a.Bands[s] {
			m := a.Bands[s][k].Maps[0]
			kept = kept || m != nil
			out.Maps = append(out.Maps, NamedMap{Name: fmt.Sprintf("scale %d %s", s, BandNames[k]), Data: m, Top: m.Top(), Abs: true})
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

func vifInputMaps(fr *engine.FrameResult, in engine.ModelInput, out *InputMaps) {
	scale, isScale := scaleIndex(in.Base, "integer_vif_scale")
	r, ok := inputResult[*engine.VIFResult](fr, in, "VIF", out)
	if !ok {
		return
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
		m := F32(sm.W, sm.H, lost)
		name := fmt.Sprintf("scale %d (%dx%d)", s, sm.W, sm.H)
		if isScale && s == scale {
			name += " ← this input"
		}
		out.Maps = append(out.Maps, NamedMap{Name: name, Data: m, Top: m.Top(), Abs: true})
	}
	if len(out.Maps) == 0 {
		out.Note = "this backend kept no VIF maps"
		return
	}
	out.Title = "VIF information lost per scale (den − num) — " + out.Title
	out.Lo, out.Hi = "|den − num| 0", "1 = each scale's 99.5th percentile"
}

func motionInputMaps(fr *engine.FrameResult, in engine.ModelInput, out *InputMaps) {
	r, ok := inputResult[*engine.MotionResult](fr, in, "motion", out)
	if !ok {
		return
	}
	if r.Diff == nil {
		out.Note = fmt.Sprintf("no SAD map on frame %d: motion compares it with no earlier picture (a clip's first frame, or motion_force_zero), and is 0 there", fr.Frame)
		return
	}
	m := Func(r.W, r.H, func(k int) float64 { return float64(r.Diff[k]) / 256 })
	top := m.Top()
	out.Maps = []NamedMap{{Name: fmt.Sprintf("|blurred difference| with frame %d (%dx%d)", r.Compared, r.W, r.H), Data: m, Top: top, Abs: true}}
	out.Title = "motion SAD — " + out.Title
	out.Lo, out.Hi = "|difference| 0 (8-bit code values)", fmt.Sprintf("%.4g = the 99.5th percentile", top)
	if in.Base != "integer_motion" {
		out.Note = "the map is this frame's SAD; " + in.Base + " also takes the next frame's (the smaller of the two, or their average)"
	}
}

func speedInputMaps(fr *engine.FrameResult, in engine.ModelInput, out *InputMaps) {
	r, ok := inputResult[*engine.SpeedResult](fr, in, "SpEED", out)
	if !ok {
		return
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
			m := F32(nbh, nbv, pr.Contribution)
			out.Maps = append(out.Maps, NamedMap{Name: fmt.Sprintf("%s contribution per block (%dx%d)", plane, nbh, nbv), Data: m, Top: m.Top(), Abs: true})
		}
		if pr.DisLocal != nil {
			m := F32(pr.OpW, pr.OpH, pr.DisLocal)
			out.Maps = append(out.Maps, NamedMap{Name: fmt.Sprintf("%s distorted, local mean removed (%dx%d)", plane, pr.OpW, pr.OpH), Data: m, Top: m.Top(), Abs: true})
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
func FormatCost(c float64) string {
	if math.IsNaN(c) {
		return "-"
	}
	return strconv.FormatFloat(c, 'f', 3, 64)
}
