package regions

import (
	"errors"
	"fmt"
	"math"
	"sync"

	"github.com/bandscope/bandscope/engine"
	"github.com/bandscope/bandscope/kernels/cpu"
	"github.com/bandscope/bandscope/kernels/regionscan"
)

// defaultKernels are the row kernels of the search, of the default CPU
// kernel set (every set gives the same bits: kernels/regionscan).
var defaultKernels = sync.OnceValue(func() regionscan.Kernels { return regionscan.For(cpu.Default()) })

// scanKernelsFor, when set, overrides them (the tests, set by set).
var scanKernelsFor func() regionscan.Kernels

func scanKernels() regionscan.Kernels {
	if scanKernelsFor != nil {
		return scanKernelsFor()
	}
	return defaultKernels()
}

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
	f.Regions = components(p, k0, threshold*norm, norm, MinArea(f.Window))
	return f, nil
}

// MinArea is the fewest pixels a region has: a quarter of CAMBI's window
// (window pixels on a side at CAMBI's size), since a c-value counts the
// levels within the whole window.
func MinArea(window int) int { return max(1, window*window/4) }

// levelRows are the rows of the weighted c-value sums of scales 1..4,
// each computed when first asked for: the level of scale s holds w_s c_s
// plus the level of scale s+1 at the sample that covers it (decimation
// keeps every other sample). Rows are asked for in increasing order, so
// each scale keeps only its last row: no level is ever held whole, and
// each scale's c-values are read once.
type levelRows struct {
	p   *engine.CAMBIPicture
	k   regionscan.Kernels
	row [engine.CAMBIScales][]float32
	at  [engine.CAMBIScales]int // the row each holds, -1 for none
}

// level is scale s's level row r.
func (l *levelRows) level(s, r int) []float32 {
	out := l.row[s]
	if l.at[s] == r {
		return out
	}
	sc := &l.p.Scales[s]
	c := sc.CValues[r*sc.Width : (r+1)*sc.Width]
	wt := float32(sc.Weight)
	if s == len(l.p.Scales)-1 {
		for x, v := range c {
			out[x] = wt * v
		}
	} else {
		// WeighUp rounds the product, so that no architecture fuses it
		// with the addition (Go fuses x*y+z on arm64).
		l.k.WeighUp(out, c, l.level(s+1, r>>1), wt)
	}
	l.at[s] = r
	return out
}

// scratch is components' memory, recycled from frame to frame.
type scratch struct {
	levels     [engine.CAMBIScales][]float32
	vals, half []float32
	hits       []uint64
	runs       []run
	comp       []int32
}

var scratchPool = sync.Pool{New: func() any { return new(scratch) }}

// grow is *b with n elements, reallocated when too short.
func grow[T any](b *[]T, n int) []T {
	if cap(*b) < n {
		*b = make([]T, n)
	}
	return (*b)[:n]
}

// run is one row's run of banding pixels with its c-value sums, and
// its parent in the union-find over runs.
type run struct {
	span
	parent   int32
	sum, top float64 // weighted c-value sums: their total and largest
}

// components labels the 8-connected components of the pixels whose
// spatial mask is set and whose weighted c-value sum (scale 0's plus the
// level of scale 1) is at least tN, run by run with a union-find over
// the runs of consecutive rows; k0 is 1 when scale 0 is at half the
// picture's size (cambi_high_res_speedup). norm turns sums into c-values.
// It returns the components of at least minArea pixels.
func components(p *engine.CAMBIPicture, k0 int, tN, norm float64, minArea int) []Region {
	w, h := p.Width, p.Height
	sc0 := &p.Scales[0]
	w0 := float32(sc0.Weight)
	// A float32 sum is at least tN exactly when it is at least t32.
	t32 := float32(tN)
	if float64(t32) < tN {
		t32 = math.Nextafter32(t32, float32(math.Inf(1)))
	}
	k := scanKernels()
	sc := scratchPool.Get().(*scratch)
	defer scratchPool.Put(sc)
	vals := grow(&sc.vals, w)
	half := grow(&sc.half, sc0.Width) // scale 0's row at its own size, when it is half the picture's
	hits := grow(&sc.hits, (w+63)/64)
	levels := levelRows{p: p, k: k}
	for s := 1; s < len(p.Scales); s++ {
		levels.row[s] = grow(&sc.levels[s], p.Scales[s].Width)
		levels.at[s] = -1
	}
	runs := sc.runs[:0]
	defer func() { sc.runs = runs[:0] }()
	prevStart, prevEnd := 0, 0
	for y := 0; y < h; y++ {
		r0 := y >> k0
		c0 := sc0.CValues[r0*sc0.Width : (r0+1)*sc0.Width]
		mask := p.SpatialMask[y*w : (y+1)*w]
		switch {
		case k0 == 0:
			// Two pixels share each sample of scale 1.
			k.WeighHits(vals, c0, levels.level(1, r0>>1), mask, hits, w0, t32)
		case y&1 == 0:
			// Two pixels share each sample of scale 0, four each of scale
			// 1; two rows share the sums.
			k.WeighUp(half, c0, levels.level(1, r0>>1), w0)
			for x := range vals {
				vals[x] = half[x>>1]
			}
			fallthrough
		default:
			k.Hits(hits, vals, mask, t32)
		}
		start := len(runs)
		for x := 0; ; {
			x0, x1 := regionscan.NextRun(hits, x, w)
			if x0 >= w {
				break
			}
			sum, top := k.RunSum(vals[x0:x1])
			runs = append(runs, run{span: span{y: int32(y), x0: int32(x0), x1: int32(x1)}, parent: int32(len(runs)), sum: sum, top: float64(top)})
			x = x1
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
	// Each run's component, then each component's runs in one block of
	// spans (in scan order within a component): one allocation a frame
	// for every region's pixels, not one growing slice each.
	comp := grow(&sc.comp, len(runs))
	var out []Region
	var count []int
	for i := range runs {
		root := find(runs, int32(i))
		if int(root) == i {
			comp[i] = int32(len(out))
			out = append(out, Region{})
			count = append(count, 0)
		} else {
			comp[i] = comp[root] // a root comes before its runs
		}
		count[comp[i]]++
		r, g := &runs[i], &out[comp[i]]
		b := Box{int(r.x0), int(r.y), int(r.x1 - r.x0), 1}
		g.Box = g.Box.Union(b)
		g.Area += b.W
		g.Sum += r.sum
		g.Max = max(g.Max, r.top)
	}
	// Components smaller than minArea are dropped before their spans
	// are copied: the block, which every kept region of the frame
	// holds, holds theirs alone. count then becomes each component's
	// index among those kept, -1 for one dropped.
	spans := 0
	for k := range out {
		if out[k].Area >= minArea {
			spans += count[k]
		}
	}
	block := make([]span, spans)
	kept, at := out[:0], 0
	for k, g := range out {
		if g.Area < minArea {
			count[k] = -1
			continue
		}
		g.spans = block[at : at : at+count[k]]
		at += count[k]
		g.Sum /= norm
		g.Max /= norm
		count[k] = len(kept)
		kept = append(kept, g)
	}
	for i := range runs {
		if k := count[comp[i]]; k >= 0 {
			kept[k].spans = append(kept[k].spans, runs[i].span)
		}
	}
	return kept
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
