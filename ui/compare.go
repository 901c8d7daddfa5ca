package ui

import (
	"fmt"
	"math"

	"github.com/bandscope/bandscope/engine"
)

// stageDiff compares one stage (a map or a score) of two backends' results
// of the same frame. Values are compared by their bits, never with a
// tolerance: "identical" means bit for bit.
type stageDiff struct {
	Name   string
	A, B   *mapData // nil for a score
	Kind   string   // "luma", "mask", "cvalue", "score", "band"
	ScoreA float64
	ScoreB float64
	MaxAbs float64 // largest |A-B|
	Count  int     // differing pixels (1 for a differing score)
	Total  int     // pixels compared (1 for a score)
	Note   string  // why the stage could not be compared, if it could not
	// Skipped: neither backend kept this map, so there is nothing to compare.
	Skipped bool
}

func (d *stageDiff) differs() bool { return !d.Skipped && (d.Count > 0 || d.Note != "") }

// diffAt is B-A at map index k.
func (d *stageDiff) diffAt(k int) float64 { return d.B.At(k) - d.A.At(k) }

func sameBits(a, b float64) bool { return math.Float64bits(a) == math.Float64bits(b) }

func diffMaps(name, kind string, a, b *mapData) stageDiff {
	d := stageDiff{Name: name, Kind: kind, A: a, B: b}
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
		if !sameBits(x, y) {
			d.Count++
			d.MaxAbs = math.Max(d.MaxAbs, math.Abs(x-y))
		}
	}
	return d
}

func diffScore(name string, a, b float64) stageDiff {
	d := stageDiff{Name: name, Kind: "score", ScoreA: a, ScoreB: b, Total: 1}
	if !sameBits(a, b) {
		d.Count = 1
		d.MaxAbs = math.Abs(a - b)
	}
	return d
}

// compareResults lists every stage of two results in pipeline order.
func compareResults(a, b *engine.FrameResult) []stageDiff {
	var out []stageDiff
	if a == nil || b == nil {
		return nil
	}
	if x, y := cambiOf(a), cambiOf(b); x != nil && y != nil {
		out = append(out, comparePicture("", &x.Dist, &y.Dist)...)
		if x.Src != nil && y.Src != nil {
			out = append(out, comparePicture("reference ", x.Src, y.Src)...)
			out = append(out, diffScore("CAMBI source", x.Source, y.Source),
				diffScore("CAMBI full reference", x.FullReference, y.FullReference))
		}
		out = append(out, diffScore("CAMBI", x.CAMBI, y.CAMBI))
	}
	if x, y := admOf(a), admOf(b); x != nil && y != nil {
		for s := 0; s < admScales; s++ {
			for bd := 0; bd < admBands; bd++ {
				n := fmt.Sprintf("ADM scale %d %s", s, bandNames[bd])
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

func comparePicture(prefix string, a, b *engine.CAMBIPicture) []stageDiff {
	out := []stageDiff{
		diffMaps(prefix+"preprocessed", "luma", u16Map(a.Width, a.Height, a.Preprocessed), u16Map(b.Width, b.Height, b.Preprocessed)),
		diffMaps(prefix+"spatial mask", "mask", u8Map(a.Width, a.Height, a.SpatialMask), u8Map(b.Width, b.Height, b.SpatialMask)),
	}
	for s := 0; s < engine.CAMBIScales; s++ {
		x, y := a.Scales[s], b.Scales[s]
		p := fmt.Sprintf("%sscale %d ", prefix, s)
		out = append(out,
			diffMaps(p+"mode-filtered image", "luma", u16Map(x.Width, x.Height, x.Image), u16Map(y.Width, y.Height, y.Image)),
			diffMaps(p+"mask", "mask", u8Map(x.Width, x.Height, x.Mask), u8Map(y.Width, y.Height, y.Mask)),
			diffMaps(p+"c-values", "cvalue", f32Map(x.Width, x.Height, x.CValues), f32Map(y.Width, y.Height, y.CValues)),
			diffScore(p+"pooled score", x.Score, y.Score),
		)
	}
	out = append(out, diffScore(prefix+"weighted score", a.Score, b.Score))
	return out
}

// firstDiff is the index of the first differing stage, or -1.
func firstDiff(ds []stageDiff) int {
	for k := range ds {
		if ds[k].differs() {
			return k
		}
	}
	return -1
}
