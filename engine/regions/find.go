package regions

import (
	"errors"
	"fmt"
	"math"
	"sync"

	"github.com/bandscope/bandscope/engine"
)

// Box is a rectangle of pixels: its top-left corner and its size.
type Box struct{ X, Y, W, H int }

// Empty reports whether the box holds no pixel.
func (b Box) Empty() bool { return b.W <= 0 || b.H <= 0 }

// Union is the smallest box holding b and c (an empty one adds nothing).
func (b Box) Union(c Box) Box {
	switch {
	case c.Empty():
		return b
	case b.Empty():
		return c
	}
	x0, y0 := min(b.X, c.X), min(b.Y, c.Y)
	x1, y1 := max(b.X+b.W, c.X+c.W), max(b.Y+b.H, c.Y+c.H)
	return Box{x0, y0, x1 - x0, y1 - y0}
}

// Intersect is the pixels b and c share.
func (b Box) Intersect(c Box) Box {
	x0, y0 := max(b.X, c.X), max(b.Y, c.Y)
	x1, y1 := min(b.X+b.W, c.X+c.W), min(b.Y+b.H, c.Y+c.H)
	if x1 <= x0 || y1 <= y0 {
		return Box{}
	}
	return Box{x0, y0, x1 - x0, y1 - y0}
}

// Grow is b with m more pixels on every side.
func (b Box) Grow(m int) Box { return Box{b.X - m, b.Y - m, b.W + 2*m, b.H + 2*m} }

// Area is the box's pixel count.
func (b Box) Area() int {
	if b.Empty() {
		return 0
	}
	return b.W * b.H
}

// span is one row's run of region pixels [x0, x1), at CAMBI's size.
type span struct{ y, x0, x1 int32 }

// Region is one connected component of a frame's banding pixels at
// CAMBI's picture size.
type Region struct {
	Box  Box
	Area int
	// Sum and Max are the component's c-values, summed and at most.
	Sum, Max float64
	spans    []span
}

// Frame is one frame's regions before linking.
type Frame struct {
	N       int
	CAMBI   float64 // the frame's CAMBI score (the request's own instance)
	Regions []Region
	// Width, Height are CAMBI's picture size; Window its window at that
	// size, in pixels.
	Width, Height, Window int
}

// ErrNoMaps is Extract's error for a CAMBI result without the c-value
// maps and spatial mask (a run without Watch.CAMBIMaps).
var ErrNoMaps = errors.New("regions: CAMBI's c-value maps were not kept")

// Extract finds frame fr's banding regions in the request's own CAMBI
// result: the pixels of CAMBI's spatial mask whose c-value is at least
// threshold, in 8-connected components of at least MinArea pixels (doc.go
// gives the rules).
func Extract(fr *engine.FrameResult, threshold float64) (Frame, error) {
	c, ok := engine.ResultOf[*engine.CAMBIResult](fr)
	if !ok {
		return Frame{}, errors.New("regions: the frame has no CAMBI result")
	}
	out, err := extractPicture(&c.Dist, threshold)
	out.N, out.CAMBI = fr.Frame, c.CAMBI
	return out, err
}

// shiftOf is the count of halvings from a picture's width to a scale's.
func shiftOf(w, sw int) (int, error) {
	for k, v := 0, w; k < 8; k, v = k+1, (v+1)>>1 {
		if v == sw {
			return k, nil
		}
	}
	return 0, fmt.Errorf("regions: a CAMBI scale of width %d is no halving of %d", sw, w)
}

// extractPicture is Extract on one CAMBI picture.
func extractPicture(p *engine.CAMBIPicture, threshold float64) (Frame, error) {
	w, h := p.Width, p.Height
	f := Frame{Width: w, Height: h}
	if len(p.SpatialMask) < w*h {
		return f, ErrNoMaps
	}
	for s := range p.Scales {
		sc := &p.Scales[s]
		if len(sc.CValues) < sc.Width*sc.Height {
			return f, ErrNoMaps
		}
	}
	k0, err := shiftOf(w, p.Scales[0].Width)
	if err != nil {
		return f, err
	}
	f.Window = p.Scales[0].Window << k0
	side := 2*(p.Scales[0].Window>>1) + 1
	// A pixel's c-value is CAMBI's weighted sum of its scales' c-values
	// divided by the window's pixel count, as CAMBI weighs the pooled
	// scales (WeightScores); acc holds the weighted sums.
	norm := float64(uint16(side * side))
	levels := pyramid(p)
	f.Regions = components(p, levels[1], k0, threshold*norm, norm)
	for s := 1; s < len(levels); s++ {
		levelPools[s].Put(&levels[s].v)
	}
	minArea := MinArea(f.Window)
	kept := f.Regions[:0]
	for _, r := range f.Regions {
		if r.Area >= minArea {
			kept = append(kept, r)
		}
	}
	f.Regions = kept
	return f, nil
}

// MinArea is the fewest pixels a region has: a quarter of CAMBI's window
// (window pixels on a side at CAMBI's size), since a c-value counts the
// levels within the whole window.
func MinArea(window int) int { return max(1, window*window/4) }

// level is one scale's weighted c-value sums, the coarser scales' added.
type level struct {
	w, h int
	v    []float32
}

// levelPools recycle the levels' memory from frame to frame, by scale.
var levelPools [engine.CAMBIScales]sync.Pool // *[]float32

// pyramid sums the weighted c-values of scales 1..4, coarsest first: the
// level of scale s holds w_s c_s plus the level of scale s+1 at the
// sample that covers it (decimation keeps every other sample); scale 0's
// weighted values are added row by row (components). The levels' memory
// goes back to levelPools once used.
func pyramid(p *engine.CAMBIPicture) [engine.CAMBIScales]level {
	var levels [engine.CAMBIScales]level
	for s := len(p.Scales) - 1; s >= 1; s-- {
		sc := &p.Scales[s]
		cur := level{w: sc.Width, h: sc.Height, v: takeLevel(&levelPools[s], sc.Width*sc.Height)}
		wt := float32(sc.Weight)
		next := levels[min(s+1, len(levels)-1)]
		for y := 0; y < sc.Height; y++ {
			row := sc.CValues[y*sc.Width : (y+1)*sc.Width]
			out := cur.v[y*sc.Width : (y+1)*sc.Width]
			if s == len(p.Scales)-1 {
				for x, c := range row {
					out[x] = wt * c
				}
				continue
			}
			// The conversion rounds the product, so that no architecture
			// fuses it with the addition (Go fuses x*y+z on arm64).
			up := next.v[(y>>1)*next.w:]
			for x, c := range row {
				out[x] = float32(wt*c) + up[x>>1]
			}
		}
		levels[s] = cur
	}
	return levels
}

// takeLevel is n float32s from a pool, or new ones.
func takeLevel(p *sync.Pool, n int) []float32 {
	if b, ok := p.Get().(*[]float32); ok && cap(*b) >= n {
		return (*b)[:n]
	}
	return make([]float32, n)
}

// run is one row's run of banding pixels with its c-value sums, and
// its parent in the union-find over runs.
type run struct {
	span
	parent   int32
	sum, top float64 // weighted c-value sums: their total and largest
}

// components labels the 8-connected components of the pixels whose
// spatial mask is set and whose weighted c-value sum (scale 0's plus acc,
// the level of scale 1) is at least tN, run by run with a union-find over
// the runs of consecutive rows; k0 is 1 when scale 0 is at half the
// picture's size (cambi_high_res_speedup). norm turns sums into c-values.
func components(p *engine.CAMBIPicture, acc level, k0 int, tN, norm float64) []Region {
	w, h := p.Width, p.Height
	sc0 := &p.Scales[0]
	w0 := float32(sc0.Weight)
	// A float32 sum is at least tN exactly when it is at least t32.
	t32 := float32(tN)
	if float64(t32) < tN {
		t32 = math.Nextafter32(t32, float32(math.Inf(1)))
	}
	vals := make([]float32, w)
	var runs []run
	prevStart, prevEnd := 0, 0
	lastRow := -1
	for y := 0; y < h; y++ {
		if r0 := y >> k0; r0 != lastRow {
			lastRow = r0
			c0 := sc0.CValues[r0*sc0.Width : (r0+1)*sc0.Width]
			up := acc.v[(r0>>1)*acc.w : (r0>>1+1)*acc.w]
			if k0 == 0 {
				// Two pixels share each sample of scale 1.
				half := w >> 1
				c0, up := c0[:2*half], up[:half]
				for j, u := range up {
					vals[2*j] = float32(w0*c0[2*j]) + u
					vals[2*j+1] = float32(w0*c0[2*j+1]) + u
				}
				if w&1 != 0 {
					vals[w-1] = float32(w0*sc0.CValues[r0*sc0.Width+w-1]) + acc.v[(r0>>1)*acc.w+half]
				}
			} else {
				for x := range vals {
					vals[x] = float32(w0*c0[x>>1]) + up[x>>2]
				}
			}
		}
		mrow := p.SpatialMask[y*w : (y+1)*w]
		vals := vals[:len(mrow)]
		start := len(runs)
		for x := 0; x < len(mrow); {
			if mrow[x] == 0 || vals[x] < t32 {
				x++
				continue
			}
			x0, top := x, vals[x]
			var sum float64
			for ; x < len(mrow) && mrow[x] != 0; x++ {
				v := vals[x]
				if v < t32 {
					break
				}
				sum += float64(v)
				if v > top {
					top = v
				}
			}
			runs = append(runs, run{span: span{y: int32(y), x0: int32(x0), x1: int32(x)}, parent: int32(len(runs)), sum: sum, top: float64(top)})
		}
		for i, j := prevStart, start; i < prevEnd && j < len(runs); {
			a, b := &runs[i], &runs[j]
			if a.x0 <= b.x1 && b.x0 <= a.x1 {
				union(runs, i, j)
			}
			if a.x1 < b.x1 {
				i++
			} else {
				j++
			}
		}
		prevStart, prevEnd = start, len(runs)
	}
	var out []Region
	index := map[int32]int{}
	for i := range runs {
		root := find(runs, int32(i))
		k, ok := index[root]
		if !ok {
			k = len(out)
			index[root] = k
			out = append(out, Region{})
		}
		r, g := &runs[i], &out[k]
		b := Box{int(r.x0), int(r.y), int(r.x1 - r.x0), 1}
		g.Box = g.Box.Union(b)
		g.Area += b.W
		g.Sum += r.sum
		g.Max = max(g.Max, r.top)
		g.spans = append(g.spans, r.span)
	}
	for k := range out {
		out[k].Sum /= norm
		out[k].Max /= norm
	}
	return out
}

// find is the root of run i, halving the path.
func find(runs []run, i int32) int32 {
	for runs[i].parent != i {
		runs[i].parent = runs[runs[i].parent].parent
		i = runs[i].parent
	}
	return i
}

// union joins the components of runs i and j under the older root, so
// that a component's root is its first run in scan order.
func union(runs []run, i, j int) {
	a, b := find(runs, int32(i)), find(runs, int32(j))
	if a == b {
		return
	}
	if a > b {
		a, b = b, a
	}
	runs[b].parent = a
}
