package cambi

import (
	"fmt"
	"sync"
	"unsafe"

	"github.com/bandscope/bandscope/kernels/cpu"
	"github.com/bandscope/bandscope/kernels/yuv"
)

// Options choose how the fast CPU scorer runs (kernel set, threads, a
// shared limiter); none of them changes a bit of the results.
type Options = cpu.Options

// NewCPU returns the fast CPU Scorer: the scalar reference's stages cut
// into row bands and column strips that run in parallel, with the hot rows
// in the chosen kernel set, and a c-value pass that slides each strip's
// histogram with whole runs of equal samples at a time. It is safe for
// concurrent use (each call takes a workspace of its own), and its results
// are identical to New's for every option, kernel set and thread count.
func NewCPU(cfg *Config, o Options) Scorer {
	o = o.Resolve()
	f := &fast{cfg: cfg, opt: o, k: kernelsFor(o.Kernels)}
	f.plans = append(f.plans, newPlan(cfg.EncWidth, cfg.EncHeight, cfg.Window, cfg.InWidth, cfg.InHeight, cfg.InBitDepth, cfg.Tables))
	f.wsOf = []int{0}
	if cfg.FullRef {
		src := newPlan(cfg.SrcWidth, cfg.SrcHeight, cfg.SrcWindow, cfg.RefWidth, cfg.RefHeight, cfg.RefBitDepth, cfg.Tables)
		f.plans = append(f.plans, src)
		// The source is scored after the distorted picture, in a
		// workspace of the same shape when the geometry is the same (the
		// usual case): a 4K full-reference run then holds one workspace,
		// not two (everything in it is rewritten per picture, as from one
		// frame to the next).
		if d := f.plans[0]; src.w == d.w && src.h == d.h && src.window == d.window {
			f.wsOf = append(f.wsOf, 0)
		} else {
			f.wsOf = append(f.wsOf, 1)
		}
	}
	return f
}

type fast struct {
	cfg   *Config
	opt   Options
	k     *kernels
	plans []*plan // [0] distorted, [1] source
	wsOf  []int   // the workspace pool of each plan

	mu   sync.Mutex
	free [][]*fastWS // per plan, idle workspaces
}

// plan holds what one picture size derives once: resampling positions and
// the per-value tables of the c-value pass.
type plan struct {
	w, h, window int
	inW, inH, bd int     // the input pictures
	sx, sy       []int32 // source column/row of each output sample (resampling)
	resample     bool
	active       []uint32  // per band value: bit d set when step d+1 can count
	wts          [32]int32 // the diff weights
}

func newPlan(w, h, window, inW, inH, bd int, t *Tables) *plan {
	p := &plan{w: w, h: h, window: window, inW: inW, inH: inH, bd: bd}
	if inW != w || inH != h {
		p.resample = true
		p.sx, p.sy = ResampleIndex(inW, w), ResampleIndex(inH, h)
	}
	for d := 0; d < t.NumDiffs; d++ {
		p.wts[d] = int32(t.DiffWeights[d])
	}
	p.active = make([]uint32, t.BandSize)
	for b := range p.active {
		adj := int(t.BandBase) + b + t.NumDiffs
		for d := 0; d < t.NumDiffs; d++ {
			if adj > int(t.TVIForDiff[d]) || adj+d+1 <= int(t.VLTLuma) {
				continue
			}
			p.active[b] |= 1 << d
		}
	}
	return p
}

// fastWS is one frame's buffers for one picture size.
type fastWS struct {
	img   [2][]uint16 // ping-pong images
	mask0 []uint8     // spatial mask at full size
	masks [2][]uint8  // ping-pong decimated masks
	cv    []float32
	// cvs are the c-values of scales 1.. when Config.Rows reads them
	// after they are all computed (cv then holds scale 0's).
	cvs   [NumScales][]float32
	bands []bandScratch // per row band / column strip
	pool  pooler
}

type bandScratch struct {
	col  []uint8  // mask column sums
	flat []uint8  // the mask's flat marks of the rows in its window
	rows []uint16 // 3 horizontally mode-filtered rows
	hist []uint16 // a strip's histogram
	ring [][]run  // a strip's run lists
	vb   []uint32 // a row's run marks (runBits)
	ops  []trapOp // a strip's queued trapezoids
	qb   []uint32
	top  uint16 // the largest input sample the band's preprocessing read
}

// run is a horizontal run [a, b) of equal samples (hist row r) that enter
// or leave a strip's window.
type run struct{ a, b, v int32 }

// imgBut is the workspace image that b is not: the one free to be
// written while b is read.
func (ws *fastWS) imgBut(b []uint16) []uint16 {
	if unsafe.SliceData(b) == unsafe.SliceData(ws.img[0]) {
		return ws.img[1]
	}
	return ws.img[0]
}

func newFastWS(p *plan) *fastWS {
	n := p.w * p.h
	q := ((p.w+1)>>1)*((p.h+1)>>1) + 1
	ws := &fastWS{mask0: make([]uint8, n), cv: make([]float32, n)}
	ws.img[0], ws.img[1] = make([]uint16, n), make([]uint16, n)
	ws.masks[0], ws.masks[1] = make([]uint8, q), make([]uint8, q)
	return ws
}

// ensure makes room for n bands' scratch before a parallel loop uses them.
func (ws *fastWS) ensure(n int) {
	for len(ws.bands) < n {
		ws.bands = append(ws.bands, bandScratch{})
	}
}

func (f *fast) get(i int) *fastWS {
	f.mu.Lock()
	for len(f.free) <= i {
		f.free = append(f.free, nil)
	}
	if n := len(f.free[i]); n > 0 {
		ws := f.free[i][n-1]
		f.free[i] = f.free[i][:n-1]
		f.mu.Unlock()
		return ws
	}
	f.mu.Unlock()
	return newFastWS(f.plans[i])
}

func (f *fast) put(i int, ws *fastWS) {
	f.mu.Lock()
	f.free[i] = append(f.free[i], ws)
	f.mu.Unlock()
}

func (f *fast) Close() error {
	f.mu.Lock()
	f.free = nil
	f.mu.Unlock()
	return nil
}

func (f *fast) Score(frame int, ref, dist yuv.Plane, keepMaps bool) (*FrameResult, error) {
	cfg := f.cfg
	r := &FrameResult{Frame: frame}
	if err := f.checkPlane(dist, f.plans[0]); err != nil {
		return nil, fmt.Errorf("distorted: %w", err)
	}
	if err := f.scorePicture(&r.Dist, 0, dist, keepMaps); err != nil {
		return nil, fmt.Errorf("distorted: %w", err)
	}
	r.CAMBI = min(r.Dist.Score, cfg.MaxVal)
	if cfg.FullRef {
		if err := f.checkPlane(ref, f.plans[1]); err != nil {
			return nil, fmt.Errorf("reference: %w", err)
		}
		r.Src = new(PictureResult)
		if err := f.scorePicture(r.Src, 1, ref, keepMaps); err != nil {
			return nil, fmt.Errorf("reference: %w", err)
		}
		r.Source = min(r.Src.Score, cfg.MaxVal)
		r.FullReference = min(max(0, r.Dist.Score-r.Src.Score), cfg.MaxVal)
	}
	return r, nil
}

// checkPlane is CheckPlane with the sample scan in row bands; the first
// offending sample in row order is reported, as CheckPlane does. Pictures
// that are not resampled have their samples checked by the preprocessing,
// which reads every one of them anyway (fusedCheck).
func (f *fast) checkPlane(p yuv.Plane, pl *plan) error {
	if p.Width != pl.inW || p.Height != pl.inH || pl.bd >= 16 {
		return CheckPlane(p, pl.inW, pl.inH, pl.bd)
	}
	if fusedCheck(pl) {
		return nil
	}
	maxv := uint16(1<<pl.bd - 1)
	parts := cpu.Parts(p.Height, f.opt.Threads, 64)
	bad := make([]bool, parts)
	cpu.For(f.opt.Limiter, parts, func(i int) {
		y0, y1 := cpu.Split(p.Height, parts, i)
		sub := yuv.Plane{Width: p.Width, Height: y1 - y0, Stride: p.Stride}
		if p.Pix8 != nil {
			sub.Pix8 = p.Pix8[y0*p.Stride:]
		} else {
			sub.Pix = p.Pix[y0*p.Stride:]
		}
		_, _, _, bad[i] = sub.MaxAbove(maxv)
	})
	for _, b := range bad {
		if b {
			return CheckPlane(p, pl.inW, pl.inH, pl.bd)
		}
	}
	return nil
}

// rows runs fn over row bands [y0, y1) of h rows, at least minRows each;
// band indexes ws's scratch.
func (f *fast) rows(ws *fastWS, h, minRows int, fn func(sc *bandScratch, y0, y1 int)) {
	parts := cpu.Parts(h, f.opt.Threads, minRows)
	if f.opt.Threads == 1 {
		parts = 1
	}
	ws.ensure(parts)
	cpu.For(f.opt.Limiter, parts, func(i int) {
		y0, y1 := cpu.Split(h, parts, i)
		fn(&ws.bands[i], y0, y1)
	})
}

// fusedCheck tells whether the preprocessing checks the samples' range.
func fusedCheck(pl *plan) bool { return !pl.resample && pl.bd < 16 }

func (f *fast) scorePicture(r *PictureResult, pi int, p yuv.Plane, keepMaps bool) error {
	cfg, pl, k := f.cfg, f.plans[pi], f.k
	ws := f.get(f.wsOf[pi])
	defer f.put(f.wsOf[pi], ws)
	w, h := pl.w, pl.h
	*r = PictureResult{Width: w, Height: h}

	// Every map a picture keeps is written straight into the buffer it
	// keeps, and none is copied: a buffer of the pools for KeepCValues
	// alone (recycled), a new one otherwise (fresh). A kept image is read
	// by the next stage where it lies; cur is the current image, other
	// always one of the workspace's two images that cur is not, free to be
	// written.
	r.recycled = cfg.recycles(keepMaps)
	keepCV := r.recycled || keepMaps || cfg.keepsCValues()
	keepMask := keepMaps || cfg.KeepCValues
	cur, other := ws.img[0], ws.img[1]
	for i := range ws.bands {
		ws.bands[i].top = 0
	}
	dither := cfg.EncBitDepth < 10
	fused := dither && fusedDither(pl)
	if keepMaps {
		// The preprocessed picture is the last pass's output.
		if dither && !fused {
			other = fresh[uint16](w * h)
		} else {
			cur = fresh[uint16](w * h)
		}
	}
	if fused {
		f.rows(ws, h, 16, func(sc *bandScratch, y0, y1 int) { sc.top = f.preprocessDither(cur, pl, p, y0, y1) })
		dither = false
	} else {
		f.rows(ws, h, 16, func(sc *bandScratch, y0, y1 int) { sc.top = f.preprocess(cur, pl, p, y0, y1) })
	}
	if fusedCheck(pl) {
		for _, b := range ws.bands {
			if b.top > uint16(1<<pl.bd-1) {
				return CheckPlane(p, pl.inW, pl.inH, pl.bd)
			}
		}
	}
	if dither {
		src, dst := cur, other
		f.rows(ws, h, 16, func(_ *bandScratch, y0, y1 int) { antiDitherRows(dst, src, w, h, y0, y1, k) })
		cur, other = dst, ws.imgBut(dst)
	}
	if keepMaps {
		r.Preprocessed = cur[:w*h]
	}
	r.MaskIndex = MaskIndex(w, h)
	mask0 := ws.mask0[:w*h]
	switch {
	case r.recycled:
		mask0 = take[uint8](&keptMasks, w*h)
	case keepMask:
		mask0 = fresh[uint8](w * h)
	}
	f.rows(ws, h, 16, func(sc *bandScratch, y0, y1 int) {
		spatialMaskRows(mask0, cur, w, h, r.MaskIndex, y0, y1, sc, k)
	})
	if keepMask {
		r.SpatialMask = mask0
	}
	mask := mask0
	sw, sh := w, h
	var scores [NumScales]float64
	// With Config.Rows the distorted picture's scale 0 is pooled last,
	// read by the reader as it is pooled (rows.go): no scale's c-values
	// may then be reordered before (they are pooled as kept ones are).
	rows := cfg.Rows
	if pi != 0 {
		rows = nil
	}
	var cvs [NumScales][]float32
	for scale := 0; scale < NumScales; scale++ {
		if scale > 0 || cfg.HighResSpeedup {
			dw, dh := (sw+1)>>1, (sh+1)>>1
			dm := ws.masks[scale%2]
			if keepMaps {
				dm = fresh[uint8](dw * dh)
			}
			src, dst, srcMask := cur, other, mask
			f.rows(ws, dh, 32, func(_ *bandScratch, y0, y1 int) {
				for y := y0; y < y1; y++ {
					k.decimate16(dst[y*dw:(y+1)*dw], src[2*y*sw:])
					k.decimate8(dm[y*dw:(y+1)*dw], srcMask[2*y*sw:])
				}
			})
			cur, other = dst, ws.imgBut(dst)
			mask = dm
			sw, sh = dw, dh
		}
		src, dst := cur, other
		if keepMaps {
			dst = fresh[uint16](sw * sh)
		}
		f.rows(ws, sh, 16, func(sc *bandScratch, y0, y1 int) { filterModeRows(dst, src, sw, sh, y0, y1, sc, k) })
		cur, other = dst, ws.imgBut(dst)

		cv := ws.cv[:sw*sh]
		switch {
		case r.recycled:
			cv = take[float32](&keptCValues[scale], sw*sh)
		case keepCV:
			cv = fresh[float32](sw * sh)
		case rows != nil && scale > 0:
			if cap(ws.cvs[scale]) < sw*sh {
				ws.cvs[scale] = fresh[float32](sw * sh)
			}
			cv = ws.cvs[scale][:sw*sh]
		}
		cvs[scale] = cv
		f.cValues(cv, cur, mask, sw, sh, pl, ws)
		sr := &r.Scales[scale]
		*sr = ScaleResult{Width: sw, Height: sh, Window: pl.window, Pad: pl.window >> 1, Weight: ScaleWeights[scale]}
		if keepCV {
			sr.CValues = cv
		}
		if keepMaps {
			sr.Image = cur[:sw*sh]
			sr.Mask = mask[:sw*sh]
		}
		if rows != nil && scale == 0 {
			continue
		}
		f.poolScale(sr, ws, cv, keepCV || rows != nil, keepCV, nil)
		scores[scale] = sr.Score
	}
	if rows != nil {
		// Scale 0 last, read as it is pooled; the maps the reader reads
		// stay the picture's only when it keeps them.
		view := *r
		view.SpatialMask = mask0
		for s := range view.Scales {
			view.Scales[s].CValues = cvs[s]
		}
		r.Rows = rows.Begin(&view, max(f.opt.Threads, 1))
		f.poolScale(&r.Scales[0], ws, cvs[0], keepCV, keepCV, &rowHook{pr: r.Rows, w: r.Scales[0].Width})
		scores[0] = r.Scales[0].Score
	}
	r.Score = WeightScores(scores, pl.window)
	return nil
}

// poolScale pools one scale's c-values cv into sr: pooling may reorder
// c-values that no picture keeps and nothing reads after (noReorder
// false); with keepCV sr keeps their largest value.
func (f *fast) poolScale(sr *ScaleResult, ws *fastWS, cv []float32, noReorder, keepCV bool, hook *rowHook) {
	sr.Score = ws.pool.pool(cv, f.cfg.TopK, f.k, f.opt.Threads, f.opt.Limiter, noReorder, hook)
	if keepCV {
		sr.MaxCValue = ws.pool.top(cv)
	}
}

// preprocess is Preprocess for rows [y0, y1); without resampling it
// returns the largest sample it read.
func (f *fast) preprocess(dst []uint16, pl *plan, src yuv.Plane, y0, y1 int) uint16 {
	w, bd := pl.w, pl.bd
	var top uint16
	for y := y0; y < y1; y++ {
		out := dst[y*w : (y+1)*w]
		if !pl.resample {
			if src.Pix8 != nil {
				top = max(top, f.k.convRow8(out, src.Pix8[y*src.Stride:y*src.Stride+w], bd))
			} else {
				top = max(top, f.k.convRow(out, src.Pix[y*src.Stride:y*src.Stride+w], bd))
			}
			continue
		}
		conv := converter(bd)
		for x, sx := range pl.sx {
			out[x] = conv(src.At(int(sx), int(pl.sy[y])))
		}
	}
	return top
}

// fusedDither tells whether the anti-dithering runs in the preprocessing's
// pass (preprocessDither): samples that convert by a left shift.
func fusedDither(pl *plan) bool { return !pl.resample && pl.bd <= 10 }

// preprocessDither is preprocess then AntiDither for rows [y0, y1), in one
// pass from the input samples (shifted left to 10 bits, the sums of the
// converted samples are the input sums shifted left); it returns the
// largest sample it read.
func (f *fast) preprocessDither(dst []uint16, pl *plan, src yuv.Plane, y0, y1 int) uint16 {
	if src.Pix8 != nil {
		return preprocessDitherRows(dst, pl, src.Pix8, src.Stride, y0, y1, f.k.convDither8)
	}
	return preprocessDitherRows(dst, pl, src.Pix, src.Stride, y0, y1, f.k.convDither)
}

// preprocessDitherRows is preprocessDither on samples of either width.
func preprocessDitherRows[T uint8 | uint16](dst []uint16, pl *plan, pix []T, stride, y0, y1 int, convDither func([]uint16, []T, []T, int) uint16) uint16 {
	w, h, bd := pl.w, pl.h, pl.bd
	s := uint(10 - bd)
	var top uint16
	for y := y0; y < y1; y++ {
		row, out := pix[y*stride:y*stride+w], dst[y*w:(y+1)*w]
		top = max(top, uint16(row[w-1]))
		if y == h-1 {
			for x := 0; x < w-1; x++ {
				top = max(top, uint16(row[x]))
				out[x] = uint16((uint32(row[x]) + uint32(row[x+1])) << s >> 1)
			}
			out[w-1] = uint16(row[w-1]) << s
			continue
		}
		next := pix[(y+1)*stride : (y+1)*stride+w]
		top = max(top, convDither(out[:w-1], row, next, bd))
		out[w-1] = uint16((uint32(row[w-1]) + uint32(next[w-1])) << s >> 1)
	}
	return top
}

// antiDitherRows is AntiDither from src into dst for rows [y0, y1).
func antiDitherRows(dst, src []uint16, w, h, y0, y1 int, k *kernels) {
	for y := y0; y < y1; y++ {
		row, out := src[y*w:(y+1)*w], dst[y*w:(y+1)*w]
		if y == h-1 {
			for x := 0; x < w-1; x++ {
				out[x] = uint16((uint32(row[x]) + uint32(row[x+1])) >> 1)
			}
			out[w-1] = row[w-1]
			continue
		}
		next := src[(y+1)*w : (y+2)*w]
		k.antiDither(out[:w-1], row, next)
		out[w-1] = uint16((uint32(row[w-1]) + uint32(next[w-1])) >> 1)
	}
}

// spatialMaskRows is SpatialMask for output rows [y0, y1): the column sums
// are primed over the rows the first output row's window holds. A row's
// flat marks are found once, when it enters the window, and kept in a ring
// of the 2*pad+2 rows in use until it leaves.
func spatialMaskRows(mask []uint8, img []uint16, w, h, maskIndex, y0, y1 int, sc *bandScratch, k *kernels) {
	const pad = MaskFilterSize / 2
	const ring = 2*pad + 2
	sc.col = grow(sc.col, w)
	col := sc.col[:w]
	clear(col)
	sc.flat = grow(sc.flat, (ring+1)*w)
	flat := func(y int) []uint8 { return sc.flat[(y%ring)*w : (y%ring+1)*w] }
	none := sc.flat[ring*w : (ring+1)*w]
	clear(none)
	// Rows y0-pad-1 .. y0+pad-1: the loop's first step drops the first.
	for y := max(y0-pad-1, 0); y < min(y0+pad, h); y++ {
		k.flatRow(flat(y), img, w, h, y)
		k.colAdd(col, flat(y), none)
	}
	for y := y0; y < y1; y++ {
		in, out := none, none
		if y+pad < h {
			in = flat(y + pad)
			k.flatRow(in, img, w, h, y+pad)
		}
		if y-pad-1 >= 0 {
			out = flat(y - pad - 1)
		}
		k.colAdd(col, in, out)
		k.boxRow(mask[y*w:(y+1)*w], col, w, int32(maskIndex))
	}
}

// boxRowGo thresholds the 7-wide sliding sum of col: clipped windows at
// the edges, one column in and one out in the interior.
func boxRowGo(out []uint8, col []uint8, w int, maskIndex int32) {
	const pad = MaskFilterSize / 2
	var sum int32
	for x := 0; x < min(pad, w); x++ {
		sum += int32(col[x])
	}
	edge := func(x int) {
		if x+pad < w {
			sum += int32(col[x+pad])
		}
		if x-pad-1 >= 0 {
			sum -= int32(col[x-pad-1])
		}
		out[x] = b2u8(sum > maskIndex)
	}
	x := 0
	for ; x < w && (x <= pad || x+pad >= w); x++ {
		edge(x)
	}
	for ; x+pad < w; x++ {
		sum += int32(col[x+pad]) - int32(col[x-pad-1])
		out[x] = b2u8(sum > maskIndex)
	}
	for ; x < w; x++ {
		edge(x)
	}
}

// filterModeRows is FilterMode for output rows [y0, y1).
func filterModeRows(dst, src []uint16, w, h, y0, y1 int, sc *bandScratch, k *kernels) {
	sc.rows = grow(sc.rows, 3*w)
	hrow := func(y int) []uint16 {
		out := sc.rows[(y%3)*w : (y%3+1)*w]
		k.hmode(out, src[y*w:(y+1)*w])
		return out
	}
	var a, b []uint16
	for y := y0; y < y1; y++ {
		if y == 0 || y == h-1 || h < 3 {
			copy(dst[y*w:(y+1)*w], src[y*w:(y+1)*w])
			a, b = nil, nil
			continue
		}
		if a == nil {
			a, b = hrow(y-1), hrow(y)
		}
		c := hrow(y + 1)
		k.vmode(dst[y*w:(y+1)*w], a, b, c)
		a, b = b, c
	}
}

func grow[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	return s[:n]
}
