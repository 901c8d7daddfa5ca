package inspect

import (
	"weak"

	"github.com/bandscope/bandscope/engine"
	"github.com/bandscope/bandscope/engine/recent"
)

// BandNames name ADM's orientation bands, in libvmaf's order.
var BandNames = [engine.ADMBands]string{"horizontal", "vertical", "diagonal"}

// ADMKinds are the maps an ADM band has, in Band.Maps' order.
var ADMKinds = [...]string{"restored", "additive", "threshold"}

// Band is one band of one ADM scale: its numerator and denominator terms
// and its maps (nil when the backend kept none).
type Band struct {
	Num, Den float64
	Map      *Map                // the restored coefficients' map, Maps[0]
	Maps     [len(ADMKinds)]*Map // restored, additive, threshold (ADMKinds)
}

// KindMap is the band's map of a kind (ADMKinds), or Map when the backend
// kept none of that kind. An ADM is shared by the views of a frame (ADMOf),
// so a view's choice of kind is not written into it.
func (b *Band) KindMap(kind int) *Map {
	if kind >= 0 && kind < len(b.Maps) && b.Maps[kind] != nil {
		return b.Maps[kind]
	}
	return b.Map
}

// ADM is an ADM frame result in the form the views read, whatever backend
// made it.
type ADM struct {
	Score    float64 // integer_adm2
	Num, Den float64
	Scales   [engine.ADMScales]float64 // integer_adm_scale0..3
	Bands    [engine.ADMScales][engine.ADMBands]Band
}

// Share is a band's part of the numerator: what the ADM view's bar chart
// shows.
func (a *ADM) Share(s, b int) float64 {
	total := 0.0
	for _, sc := range a.Bands {
		for _, bd := range sc {
			total += bd.Num
		}
	}
	if total == 0 {
		return 0
	}
	return a.Bands[s][b].Num / total
}

// ADMOf is a frame's ADM result (the request's own instance) in the views'
// form, or nil.
func ADMOf(r *engine.FrameResult) *ADM {
	if r == nil {
		return nil
	}
	a, _ := engine.ResultOf[*engine.ADMResult](r)
	return ADMFrom(a)
}

// ADMFrom converts an ADM result, or gives nil for nil.
func ADMFrom(r *engine.ADMResult) *ADM {
	if r == nil {
		return nil
	}
	if w, ok := admConverted.Get(r); ok {
		if a := w.Value(); a != nil {
			return a
		}
	}
	a := newADM(r)
	admConverted.Set(r, weak.Make(a))
	return a
}

// admConverted keeps the last results' conversions: the ADM view, the VMAF
// view and the exports of one frame share them, and with them each band
// map's top (Map.Top). It keeps neither alive (recent.Weak, weak values):
// a conversion wraps its result's maps, so a kept one would keep a frame's
// ADM maps, a hundred megabytes at 1080p, long after the frame was left.
// A caller that asks again and again holds the conversion meanwhile (the
// inspector, for the frames it shows).
var admConverted = recent.Weak[engine.ADMResult, weak.Pointer[ADM]]{Max: 4}

func newADM(r *engine.ADMResult) *ADM {
	a := &ADM{Score: r.ADM2, Num: r.Num, Den: r.Den, Scales: r.Scale}
	for s := range a.Bands {
		for b := range a.Bands[s] {
			bd := r.Bands[s][b]
			out := &a.Bands[s][b]
			out.Num, out.Den = bd.Num, bd.Den
			for k, m := range [][]float32{bd.Restored, bd.Additive, bd.Threshold} {
				out.Maps[k] = F32(bd.W, bd.H, m)
			}
			out.Map = out.Maps[0]
		}
	}
	return a
}
