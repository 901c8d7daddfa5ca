package inspect

import (
	"fmt"
	"math"

	"github.com/bandscope/bandscope/engine"
)

// Stage compares one stage (a map or a score) of two backends' results of
// the same frame. Values are compared by their bits, never with a
// tolerance: "identical" means bit for bit.
type Stage struct {
	Name   string
	A, B   *Map   // nil for a score
	Kind   string // "luma", "mask", "cvalue", "score", "band"
	ScoreA float64
	ScoreB float64
	MaxAbs float64 // largest |A-B|
	Count  int     // differing pixels (1 for a differing score)
	Total  int     // pixels compared (1 for a score)
	Note   string  // why the stage could not be compared, if it could not
	// Skipped: neither backend kept this map, so there is nothing to compare.
	Skipped bool
}

// Differs reports whether the stage differs, or could not be compared
// although one backend has it.
func (d *Stage) Differs() bool { return !d.Skipped && (d.Count > 0 || d.Note != "") }

// SameBits reports whether two values have the same bits (NaN equals
// itself).
func SameBits(a, b float64) bool { return math.Float64bits(a) == math.Float64bits(b) }

func diffMaps(name, kind string, a, b *Map) Stage {
	d := Stage{Name: name, Kind: kind, A: a, B: b}
	switch {
	case a == nil && b == nil:
		d.Note = "no map on either backend"
		d.Skipped = true
		return d
	case a == nil || b == nil:
		d.Note = "kept by one backend only"
		return d
	case a.W != b.W || a.H != b.H:
		d.Note = fmt.Sprintf("sizes differ: %dx%d and %dx%d", a.W, a.H, b.W, b.H)
		return d
	}
	d.Total = a.W * a.H
	for k := 0; k < d.Total; k++ {
		x, y := a.At(k), b.At(k)
		if !SameBits(x, y) {
			d.Count++
			d.MaxAbs = math.Max(d.MaxAbs, math.Abs(x-y))
		}
	}
	return d
}

func diffScore(name string, a, b float64) Stage {
	d := Stage{Name: name, Kind: "score", ScoreA: a, ScoreB: b, Total: 1}
	if !SameBits(a, b) {
		d.Count = 1
		d.MaxAbs = math.Abs(a - b)
	}
	return d
}

// CompareStages lists every stage of two results of one frame in pipeline
// order: CAMBI's maps and scores (the reference's too in full-reference
// mode), then every ADM band's map and terms and each scale's score.
func CompareStages(a, b *engine.FrameResult) []Stage {
	var out []Stage
	if a == nil || b == nil {
		return nil
	}
	if x, y := CAMBIOf(a), CAMBIOf(b); x != nil && y != nil {
		out = append(out, comparePicture("", &x.Dist, &y.Dist)...)
		if x.Src != nil && y.Src != nil {
			out = append(out, comparePicture("reference ", x.Src, y.Src)...)
			out = append(out, diffScore("CAMBI source", x.Source, y.Source),
				diffScore("CAMBI full reference", x.FullReference, y.FullReference))
		}
		out = append(out, diffScore("CAMBI", x.CAMBI, y.CAMBI))
	}
	if x, y := ADMOf(a), ADMOf(b); x != nil && y != nil {
		for s := range x.Bands {
			for bd := range x.Bands[s] {
				n := fmt.Sprintf("ADM scale %d %s", s, BandNames[bd])
				out = append(out, diffMaps(n+" map", "band", x.Bands[s][bd].Map, y.Bands[s][bd].Map))
				out = append(out, diffScore(n+" num", x.Bands[s][bd].Num, y.Bands[s][bd].Num),
					diffScore(n+" den", x.Bands[s][bd].Den, y.Bands[s][bd].Den))
			}
			out = append(out, diffScore(fmt.Sprintf("ADM scale %d", s), x.Scales[s], y.Scales[s]))
		}
		out = append(out, diffScore("ADM", x.Score, y.Score))
	}
	return out
}

func comparePicture(prefix string, a, b *engine.CAMBIPicture) []Stage {
	out := []Stage{
		diffMaps(prefix+"preprocessed", "luma", U16(a.Width, a.Height, a.Preprocessed), U16(b.Width, b.Height, b.Preprocessed)),
		diffMaps(prefix+"spatial mask", "mask", U8(a.Width, a.Height, a.SpatialMask), U8(b.Width, b.Height, b.SpatialMask)),
	}
	for s := range a.Scales {
		x, y := a.Scales[s], b.Scales[s]
		p := fmt.Sprintf("%sscale %d ", prefix, s)
		out = append(out,
			diffMaps(p+"mode-filtered image", "luma", U16(x.Width, x.Height, x.Image), U16(y.Width, y.Height, y.Image)),
			diffMaps(p+"mask", "mask", U8(x.Width, x.Height, x.Mask), U8(y.Width, y.Height, y.Mask)),
			diffMaps(p+"c-values", "cvalue", F32(x.Width, x.Height, x.CValues), F32(y.Width, y.Height, y.CValues)),
			diffScore(p+"pooled score", x.Score, y.Score),
		)
	}
	out = append(out, diffScore(prefix+"weighted score", a.Score, b.Score))
	return out
}

// FirstDiff is the index of the first stage that differs, or -1.
func FirstDiff(ds []Stage) int {
	for k := range ds {
		if ds[k].Differs() {
			return k
		}
	}
	return -1
}

// Delta summarises a map's difference between two runs.
type Delta struct {
	TopA, TopB   float64 // largest |value| of each
	MeanA, MeanB float64
	MaxAbs       float64 // largest |A − B|
	Differ       int     // values whose bits differ
	MoreA, MoreB int     // values where A is larger, B is larger
	Total        int
}

// CompareMaps is the Delta of two maps of one size.
func CompareMaps(a, b *Map) Delta {
	var s Delta
	s.Total = a.W * a.H
	for k := 0; k < s.Total; k++ {
		x, y := a.At(k), b.At(k)
		s.TopA, s.TopB = math.Max(s.TopA, math.Abs(x)), math.Max(s.TopB, math.Abs(y))
		s.MeanA += x
		s.MeanB += y
		if !SameBits(x, y) {
			s.Differ++
			s.MaxAbs = math.Max(s.MaxAbs, math.Abs(x-y))
			if x > y {
				s.MoreA++
			} else if y > x {
				s.MoreB++
			}
		}
	}
	if s.Total > 0 {
		s.MeanA /= float64(s.Total)
		s.MeanB /= float64(s.Total)
	}
	return s
}
