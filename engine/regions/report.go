package regions

import (
	"cmp"
	"math"
	"slices"

	"github.com/bandscope/bandscope/engine"
)

// Version is the version of events.json's layout.
const Version = 1

// Report is a clip's banding events: what events.json holds.
type Report struct {
	Distorted string
	Reference string // "" when the distorted clip was scored alone
	// Width and Height are the distorted clip's own size (a ladder
	// rendition's, not the size it was upscaled to): the boxes' pixels.
	Width, Height int
	Frames        int // frames scored
	CAMBI         Params
	Threshold     float64
	Events        []Event // by severity, most severe first; IDs from 1

	frameRate [2]int
	geo       geometry // CAMBI's size to the clip's (pixels kept: WriteMask)
}

// Event is one banding region followed over frames.
type Event struct {
	ID                    int
	FirstFrame, LastFrame int
	BBox                  Box // every frame's box together
	// PeakCValue is the largest c-value of any of its pixels, MeanCValue
	// the mean c-value of all of them, MeanCAMBI the frames' CAMBI score
	// on average, VMAFCost what CAMBI costs the model on average over the
	// frames (NaN without a model).
	PeakCValue, MeanCValue, MeanCAMBI, VMAFCost float64
	Frames                                      []EventFrame // every frame from FirstFrame to LastFrame

	entries []*entry // the frames' pixels, when kept
}

// EventFrame is an event's region on one frame. On a frame of a tolerated
// gap (the region below the threshold) the region last found holds its
// place: its box and area, with c-values 0.
type EventFrame struct {
	Frame                 int
	BBox                  Box
	Area                  int
	MeanCValue, MaxCValue float64
}

// Length is how many frames the event lasts.
func (e *Event) Length() int { return e.LastFrame - e.FirstFrame + 1 }

// Severity is how much an event bands: over its frames, the sum of its
// pixels' c-values divided by the frame's pixel count (the share of a
// frame's CAMBI-like mass it holds, summed over time). Large, strong and
// lasting regions come first.
func (r *Report) Severity(e *Event) float64 {
	var s float64
	for _, f := range e.Frames {
		s += f.MeanCValue * float64(f.Area)
	}
	return s / float64(max(r.Width*r.Height, 1))
}

// WorstFrame is the event's frame with the largest c-value sum (the
// first of equals).
func (e *Event) WorstFrame() int {
	best, at := -1.0, e.FirstFrame
	for _, f := range e.Frames {
		if v := f.MeanCValue * float64(f.Area); v > best {
			best, at = v, f.Frame
		}
	}
	return at
}

// At is the event's region on frame n, if the event spans it.
func (e *Event) At(n int) (EventFrame, bool) {
	if n < e.FirstFrame || n > e.LastFrame || n-e.FirstFrame >= len(e.Frames) {
		return EventFrame{}, false
	}
	return e.Frames[n-e.FirstFrame], true
}

// Param is one CAMBI option as used: bool, int, float64, string, or a
// number as read (json.Number).
type Param struct {
	Name  string
	Value any
}

// Params are CAMBI's options in its option table's order.
type Params []Param

// ParamsOf lists every option of o with its value.
func ParamsOf(o *engine.Options) Params {
	var ps Params
	for _, opt := range o.Table() {
		var v any
		switch opt.Kind {
		case engine.OptionBool:
			v = o.Bool(opt.Name)
		case engine.OptionInt:
			v = o.Int(opt.Name)
		case engine.OptionDouble:
			v = o.Float(opt.Name)
		default:
			v = o.String(opt.Name)
		}
		ps = append(ps, Param{opt.Name, v})
	}
	return ps
}

// events builds the report's events from the kept tracks: their frames in
// the clip's pixels and their statistics, sorted by severity.
func (f *Finder) events(kept []*track) []Event {
	r := f.report
	var out []Event
	for _, tr := range kept {
		e := Event{FirstFrame: tr.first, LastFrame: tr.last(), VMAFCost: math.NaN()}
		var sum float64
		area := 0
		for _, en := range tr.entries {
			ef := EventFrame{Frame: en.frame, BBox: f.geo.box(en.box), Area: en.darea}
			if !en.held && en.area > 0 {
				ef.MeanCValue, ef.MaxCValue = en.sum/float64(en.area), en.top
				sum += en.sum
				area += en.area
			}
			e.BBox = e.BBox.Union(ef.BBox)
			e.PeakCValue = max(e.PeakCValue, ef.MaxCValue)
			e.Frames = append(e.Frames, ef)
		}
		if area > 0 {
			e.MeanCValue = sum / float64(area)
		}
		e.MeanCAMBI = mean(f.scores[e.FirstFrame : e.LastFrame+1])
		if f.costKey != "" {
			e.VMAFCost = mean(f.costs[e.FirstFrame : e.LastFrame+1])
		}
		if f.opt.KeepPixels {
			e.entries = tr.entries
		}
		out = append(out, e)
	}
	slices.SortStableFunc(out, func(a, b Event) int {
		if c := cmp.Compare(r.Severity(&b), r.Severity(&a)); c != 0 {
			return c
		}
		if c := cmp.Compare(a.FirstFrame, b.FirstFrame); c != 0 {
			return c
		}
		if c := cmp.Compare(a.BBox.Y, b.BBox.Y); c != 0 {
			return c
		}
		return cmp.Compare(a.BBox.X, b.BBox.X)
	})
	for k := range out {
		out[k].ID = k + 1
	}
	return out
}

// mean is the mean of vs (NaN when any is NaN or there is none).
func mean(vs []float64) float64 {
	if len(vs) == 0 {
		return math.NaN()
	}
	var s float64
	for _, v := range vs {
		s += v
	}
	return s / float64(len(vs))
}
