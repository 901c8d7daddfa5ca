package adm

import (
	"math"
	"sync"

	"github.com/bandscope/bandscope/kernels/cpu"
	"github.com/bandscope/bandscope/kernels/yuv"
)

// Options choose how the fast CPU scorer runs (kernel set, threads, a
// shared limiter); none of them changes a bit of the results.
type Options = cpu.Options

// NewCPU returns the fast CPU Scorer: the reference's stages fused per row
// and streamed down each scale (a row's DWT, then decouple, CSF and the
// denominator on it, then contrast masking on the row above), cut into
// row bands that run in parallel, with the hot rows in the chosen kernel
// set. Every sum is an integer sum (per row, then over rows), so neither
// the thread count nor the kernel set changes a bit; the float finishing
// is the reference's, in its order. It is safe for
// concurrent use (each call takes a workspace of its own) and its results,
// maps included, are identical to New's.
func NewCPU(cfg *Config, o Options) Scorer {
	o = o.Resolve()
	f := &fast{cfg: cfg, opt: o, k: kernelsFor(o.Kernels)}
	if cfg.Precise {
		f.k = preciseKernels(f.k)
	}
	iw, ih := cfg.Width, cfg.Height
	for s := 0; s < NumScales; s++ {
		f.indY[s], f.indX[s] = DWTIndices(ih), DWTIndices(iw)
		f.sh[s] = ScaleShifts(s, cfg.BandW[s], cfg.BandH[s])
		iw, ih = cfg.BandW[s], cfg.BandH[s]
	}
	return f
}

type fast struct {
	cfg        *Config
	opt        Options
	k          *kernels
	indY, indX [NumScales][4][]int // DWT input rows/columns per scale
	sh         [NumScales]Shifts   // each scale's rounding plan

	mu   sync.Mutex
	free []*fastWS
}

// fastWS is one frame's buffers: the approximation band of every scale
// (the next scale's input); the detail bands and what the passes make of
// them live a few rows at a time in the parts' rings (stream).
type fastWS struct {
	ref0, dis0 *Bands16            // scale 0's approximation (A only)
	ref, dis   [NumScales]*Bands32 // [1..3] (A only); [0] Barten's Q18 approximation
	// Per-row integer sums of the denominator, DLM and AIM numerators.
	rowDen, rowNum, rowAIM [NumBands][]int64
	rowDenExact            [NumBands][]u128 // Barten's, scales 1-3
	parts                  []*partWS
}

// partWS is one row band's scratch.
type partWS struct {
	lo16, hi16 []int16
	lo32, hi32 []int32
	band32     [NumBands][]int32 // Barten's scale-0 bands before narrowing
	wide       [4][]uint16       // Barten's input rows of a packed plane, widened
	// The rings of stream: the detail bands of the row being decoupled
	// (reference, distorted), a halo row's approximation (not kept), and
	// three rows (ring3) of pass 1's restored and additive bands and
	// masking terms (d: DLM, i: AIM; F is the sum of the three bands'
	// |csf|/30, C the sum of their centre terms). int16 at scale 0, int32
	// at scales 1-3.
	b16            [2][NumBands][]int16
	b32            [2][NumBands][]int32
	halo16         []int16
	halo32         []int32
	r16, a16       [NumBands][]int16
	r32, a32       [NumBands][]int32
	fd, cd, fi, ci []int32
	// The masking kernel's arguments live here: handed to a kernel through
	// a function value they would escape, once per row.
	src16 [NumBands][]int16
	src32 [NumBands][]int32
	inner [NumBands]int64
	bad   bool // dwt0 met a sample out of range
}

// newPart makes a part's scratch for input rows of width w (scale 0's
// input, the widest).
func newPart(w int) *partWS {
	hw := (w + 1) / 2
	p := &partWS{lo16: make([]int16, w), hi16: make([]int16, w), lo32: make([]int32, w), hi32: make([]int32, w),
		halo16: make([]int16, hw), halo32: make([]int32, hw)}
	for b := 0; b < NumBands; b++ {
		p.band32[b] = make([]int32, hw)
		for pic := range p.b16 {
			p.b16[pic][b], p.b32[pic][b] = make([]int16, hw), make([]int32, hw)
		}
		p.r16[b], p.a16[b] = make([]int16, 3*hw), make([]int16, 3*hw)
		p.r32[b], p.a32[b] = make([]int32, 3*hw), make([]int32, 3*hw)
	}
	p.fd, p.cd, p.fi, p.ci = make([]int32, 3*hw), make([]int32, 3*hw), make([]int32, 3*hw), make([]int32, 3*hw)
	return p
}

// ring3 is row i of a ring of three w-wide rows.
func ring3[T int16 | int32](r []T, i, w int) []T {
	k := i % 3 * w
	return r[k : k+w : k+w]
}

// ringBands is columns [x0, x1) of row i of the three bands' rings.
func ringBands[T int16 | int32](r *[NumBands][]T, i, w, x0, x1 int) (row [NumBands][]T) {
	for b := range row {
		row[b] = ring3(r[b], i, w)[x0:x1]
	}
	return row
}

func (f *fast) getWS() *fastWS {
	f.mu.Lock()
	if n := len(f.free); n > 0 {
		ws := f.free[n-1]
		f.free = f.free[:n-1]
		f.mu.Unlock()
		return ws
	}
	f.mu.Unlock()
	c := f.cfg
	n0 := c.BandW[0] * c.BandH[0]
	ws := &fastWS{}
	if c.Precise {
		// Barten's approximation, in Q18.
		ws.ref[0] = &Bands32{W: c.BandW[0], H: c.BandH[0], A: make([]int32, n0)}
		ws.dis[0] = &Bands32{W: c.BandW[0], H: c.BandH[0], A: make([]int32, n0)}
	} else {
		ws.ref0 = &Bands16{W: c.BandW[0], H: c.BandH[0], A: make([]int16, n0)}
		ws.dis0 = &Bands16{W: c.BandW[0], H: c.BandH[0], A: make([]int16, n0)}
	}
	for s := 1; s < NumScales; s++ {
		n := c.BandW[s] * c.BandH[s]
		ws.ref[s] = &Bands32{W: c.BandW[s], H: c.BandH[s], A: make([]int32, n)}
		ws.dis[s] = &Bands32{W: c.BandW[s], H: c.BandH[s], A: make([]int32, n)}
	}
	for b := range ws.rowDen {
		ws.rowDen[b] = make([]int64, c.BandH[0])
		ws.rowNum[b] = make([]int64, c.BandH[0])
		ws.rowAIM[b] = make([]int64, c.BandH[0])
		if c.Precise {
			ws.rowDenExact[b] = make([]u128, c.BandH[1])
		}
	}
	return ws
}

func (f *fast) putWS(ws *fastWS) {
	f.mu.Lock()
	f.free = append(f.free, ws)
	f.mu.Unlock()
}

// partsFor makes sure there is scratch of width w for n parts before they
// start.
func (ws *fastWS) partsFor(n, w int) {
	for len(ws.parts) < n {
		ws.parts = append(ws.parts, nil)
	}
	for i := 0; i < n; i++ {
		if p := ws.parts[i]; p == nil || len(p.lo16) < w {
			ws.parts[i] = newPart(w)
		}
	}
}

// clearBad and anyBad reset and collect the parts' out-of-range flags
// around a DWT0 pass.
func (ws *fastWS) clearBad() {
	for _, p := range ws.parts {
		if p != nil {
			p.bad = false
		}
	}
}

func (ws *fastWS) anyBad() bool {
	for _, p := range ws.parts {
		if p != nil && p.bad {
			return true
		}
	}
	return false
}

func (f *fast) Close() error {
	f.mu.Lock()
	f.free = nil
	f.mu.Unlock()
	return nil
}

// minRows is the least rows a parallel item gets: fewer cost more in
// hand-over than they save.
const minRows = 8

// forRows runs fn over [0, n) rows cut into parallel parts; fn gets its
// part's scratch (w wide) and its rows.
func (f *fast) forRows(ws *fastWS, n, w int, fn func(p *partWS, lo, hi int)) {
	parts := cpu.Parts(n, f.opt.Threads, minRows)
	if f.opt.Threads == 1 {
		parts = 1
	}
	ws.partsFor(parts, w)
	cpu.For(f.opt.Limiter, parts, func(i int) {
		lo, hi := cpu.Split(n, parts, i)
		fn(ws.parts[i], lo, hi)
	})
}

// fastMaps are the result's float maps of one scale, written directly by
// the passes when maps are kept.
type fastMaps struct {
	x, thr, add [NumBands][]float32
	xs, as      [NumBands]float32
}

func (f *fast) newMaps(res *FrameResult, s int) *fastMaps {
	cfg := f.cfg
	w, h := cfg.BandW[s], cfg.BandH[s]
	m := &fastMaps{}
	for b := 0; b < NumBands; b++ {
		xe, ae := MapExp(s, b, cfg.Norm[s])
		m.xs[b] = float32(math.Ldexp(1, -xe))
		m.as[b] = float32(math.Ldexp(1, -ae))
		bd := &res.Bands[s][b]
		bd.W, bd.H = w, h
		bd.Restored = make([]float32, w*h)
		bd.Threshold = make([]float32, w*h)
		bd.Additive = make([]float32, w*h)
		m.x[b], m.thr[b], m.add[b] = bd.Restored, bd.Threshold, bd.Additive
	}
	return m
}

func (f *fast) Score(frame int, ref, dist yuv.Plane, keepMaps bool) (*FrameResult, error) {
	cfg := f.cfg
	if err := checkSize("reference", ref, cfg); err != nil {
		return nil, err
	}
	if err := checkSize("distorted", dist, cfg); err != nil {
		return nil, err
	}
	ws := f.getWS()
	defer f.putWS(ws)
	res := &FrameResult{Frame: frame}
	var maps *fastMaps
	if keepMaps && !cfg.SkipScale0 {
		maps = f.newMaps(res, 0)
	}
	var terms [NumScales]scaleTerms
	var bad bool
	terms[0], bad = f.scale0(ws, ref, dist, maps)
	if bad {
		// A sample out of range: the full check finds and names it.
		for i, p := range [2]yuv.Plane{ref, dist} {
			if err := checkPlane([2]string{"reference", "distorted"}[i], p, cfg); err != nil {
				return nil, err
			}
		}
	}
	for s := 1; s < NumScales; s++ {
		var maps *fastMaps
		if keepMaps {
			maps = f.newMaps(res, s)
		}
		terms[s] = f.scale123(ws, s, maps)
	}
	finishFrame(cfg, res, &terms)
	return res, nil
}
