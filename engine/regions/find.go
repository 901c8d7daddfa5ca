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
// maps and spatial mask, and without a reading of its rows (a run with
// neither Watch.CAMBIMaps nor the finder's Watch.CAMBIRows).
var ErrNoMaps = errors.New("regions: CAMBI's c-value maps were not kept")

// Extract finds frame fr's banding regions in the request's own CAMBI
// result: the pixels of CAMBI's spatial mask whose c-value is at least
// threshold, in 8-connected components of at least MinArea pixels (doc.go
// gives the rules). A frame scored with a RowReader's reading
// (engine.Watch.CAMBIRows) has its rows read already; otherwise the
// c-value maps are read here.
func Extract(fr *engine.FrameResult, threshold float64) (Frame, error) {
	c, ok := engine.ResultOf[*engine.CAMBIResult](fr)
	if !ok {
		return Frame{}, errors.New("regions: the frame has no CAMBI result")
	}
	var out Frame
	var err error
	if ps, ok := c.Dist.Rows.(*pictureScan); ok {
		out, err = ps.finish()
		if err == nil && ps.threshold != threshold {
			err = fmt.Errorf("regions: frame %d was searched with threshold %g, not %g", fr.Frame, ps.threshold, threshold)
		}
	} else {
		out, err = extractPicture(&c.Dist, threshold)
	}
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

// extractPicture is Extract on one CAMBI picture's maps: its scale-0
// rows read in one band.
func extractPicture(p *engine.CAMBIPicture, threshold float64) (Frame, error) {
	ps := beginScan(p, threshold, 1)
	if ps.err == nil {
		ps.Rows(0, 0, p.Scales[0].Height)
	}
	return ps.finish()
}

// MinArea is the fewest pixels a region has: a quarter of CAMBI's window
// (window pixels on a side at CAMBI's size), since a c-value counts the
// levels within the whole window.
func MinArea(window int) int { return max(1, window*window/4) }

// rowReader is the search as CAMBI's RowReader (engine.Watch.CAMBIRows):
// it finds each frame's banding runs row by row as CAMBI pools scale 0,
// while the rows are in cache, and Extract links them.
type rowReader struct{ threshold float64 }

func (r rowReader) Begin(p *engine.CAMBIPicture, bands int) engine.CAMBIPictureRows {
	return beginScan(p, r.threshold, bands)
}

// pictureScan is one picture's search: the runs of banding pixels of each
// band of rows (Rows), then their components (finish). It holds the
// picture's maps only until finish.
type pictureScan struct {
	p         *engine.CAMBIPicture
	threshold float64
	err       error
	f         Frame
	k0        int     // 1 when scale 0 is at half the picture's size (cambi_high_res_speedup)
	t32       float32 // the threshold on the weighted sums
	norm      float64 // turns weighted sums into c-values
	minArea   int     // the fewest pixels a region keeps (MinArea)
	k         regionscan.Kernels
	bands     []bandScan
}

// bandScan is one band's rows: their runs, in scan order, and the
// scratch that finds them.
type bandScan struct {
	sc     *scratch
	levels levelRows
	runs   []run
}

// beginScan starts the search of picture p for up to bands bands of
// rows; a picture without the maps gives finish's error.
func beginScan(p *engine.CAMBIPicture, threshold float64, bands int) *pictureScan {
	ps := &pictureScan{p: p, threshold: threshold}
	w, h := p.Width, p.Height
	ps.f = Frame{Width: w, Height: h}
	if len(p.SpatialMask) < w*h {
		ps.err = ErrNoMaps
		return ps
	}
	for s := range p.Scales {
		sc := &p.Scales[s]
		if len(sc.CValues) < sc.Width*sc.Height {
			ps.err = ErrNoMaps
			return ps
		}
	}
	ps.k0, ps.err = shiftOf(w, p.Scales[0].Width)
	if ps.err != nil {
		return ps
	}
	ps.f.Window = p.Scales[0].Window << ps.k0
	ps.minArea = MinArea(ps.f.Window)
	side := 2*(p.Scales[0].Window>>1) + 1
	// A pixel's c-value is CAMBI's weighted sum of its scales' c-values
	// divided by the window's pixel count, as CAMBI weighs the pooled
	// scales (WeightScores).
	ps.norm = float64(uint16(side * side))
	tN := threshold * ps.norm
	// A float32 sum is at least tN exactly when it is at least t32.
	ps.t32 = float32(tN)
	if float64(ps.t32) < tN {
		ps.t32 = math.Nextafter32(ps.t32, float32(math.Inf(1)))
	}
	ps.k = scanKernels()
	ps.bands = make([]bandScan, max(bands, 1))
	return ps
}

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

// scratch is a band's memory, recycled from frame to frame.
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

// Rows finds the runs of banding pixels of the picture rows that scale
// 0's rows [y0, y1) cover: the pixels whose spatial mask is set and whose
// weighted c-value sum (scale 0's plus the level of scale 1) is at least
// the threshold. It implements engine.CAMBIPictureRows.
func (ps *pictureScan) Rows(band, y0, y1 int) {
	if ps.err != nil {
		return
	}
	p, k := ps.p, ps.k
	b := &ps.bands[band]
	if b.sc == nil {
		b.sc = scratchPool.Get().(*scratch)
		b.levels = levelRows{p: p, k: k}
		for s := 1; s < len(p.Scales); s++ {
			b.levels.row[s] = grow(&b.sc.levels[s], p.Scales[s].Width)
			b.levels.at[s] = -1
		}
		b.runs = b.sc.runs[:0]
	}
	w, h := p.Width, p.Height
	sc, sc0 := b.sc, &p.Scales[0]
	w0 := float32(sc0.Weight)
	vals := grow(&sc.vals, w)
	half := grow(&sc.half, sc0.Width) // scale 0's row at its own size, when it is half the picture's
	hits := grow(&sc.hits, (w+63)/64)
	for y := y0 << ps.k0; y < min(y1<<ps.k0, h); y++ {
		r0 := y >> ps.k0
		c0 := sc0.CValues[r0*sc0.Width : (r0+1)*sc0.Width]
		mask := p.SpatialMask[y*w : (y+1)*w]
		switch {
		case ps.k0 == 0:
			// Two pixels share each sample of scale 1.
			k.WeighHits(vals, c0, b.levels.level(1, r0>>1), mask, hits, w0, ps.t32)
		case y&1 == 0:
			// Two pixels share each sample of scale 0, four each of scale
			// 1; two rows share the sums.
			k.WeighUp(half, c0, b.levels.level(1, r0>>1), w0)
			for x := range vals {
				vals[x] = half[x>>1]
			}
			fallthrough
		default:
			k.Hits(hits, vals, mask, ps.t32)
		}
		for x := 0; ; {
			x0, x1 := regionscan.NextRun(hits, x, w)
			if x0 >= w {
				break
			}
			sum, top := k.RunSum(vals[x0:x1])
			b.runs = append(b.runs, run{span: span{y: int32(y), x0: int32(x0), x1: int32(x1)}, sum: sum, top: float64(top)})
			x = x1
		}
	}
}

// finish labels the 8-connected components of the runs every band found,
// with a union-find over the runs of consecutive rows, and returns the
// frame with its components of at least MinArea pixels. The picture's
// maps are not read again.
func (ps *pictureScan) finish() (Frame, error) {
	ps.p = nil
	defer ps.release()
	if ps.err != nil {
		return ps.f, ps.err
	}
	// The bands' runs in scan order, in the first band's buffer.
	var first *bandScan
	for i := range ps.bands {
		b := &ps.bands[i]
		switch {
		case b.sc == nil:
		case first == nil:
			first = b
		default:
			first.runs = append(first.runs, b.runs...)
		}
	}
	if first != nil {
		ps.f.Regions = components(first.runs, ps.norm, ps.minArea, &first.sc.comp)
	}
	return ps.f, nil
}

// release gives the bands' scratch back, runs buffers included.
func (ps *pictureScan) release() {
	for i := range ps.bands {
		b := &ps.bands[i]
		if b.sc == nil {
			continue
		}
		b.sc.runs = b.runs[:0]
		scratchPool.Put(b.sc)
		*b = bandScan{}
	}
}

// components links runs (in scan order) into 8-connected components:
// runs of consecutive rows that overlap or touch diagonally join. norm
// turns sums into c-values. It returns the components of at least
// minArea pixels.
func components(runs []run, norm float64, minArea int, compBuf *[]int32) []Region {
	for i := range runs {
		runs[i].parent = int32(i)
	}
	prevStart, prevEnd := 0, 0
	for start := 0; start < len(runs); {
		y, end := runs[start].y, start
		for end < len(runs) && runs[end].y == y {
			end++
		}
		if prevEnd > prevStart && runs[prevStart].y == y-1 {
			for i, j := prevStart, start; i < prevEnd && j < end; {
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
		}
		prevStart, prevEnd, start = start, end, end
	}
	// Each run's component, then each component's runs in one block of
	// spans (in scan order within a component): one allocation a frame
	// for every region's pixels, not one growing slice each.
	comp := grow(compBuf, len(runs))
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
