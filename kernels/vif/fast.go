package vif

import (
	"math/bits"
	"sync"

	"github.com/bandscope/bandscope/kernels/cpu"
	"github.com/bandscope/bandscope/kernels/yuv"
)

// Options choose how the fast CPU scorer runs (kernel set, threads, a
// shared limiter); none of them changes a bit of the results.
type Options = cpu.Options

// NewCPU returns the fast CPU Scorer: each scale's statistics run row by
// row (vertical pass, horizontal pass and the per-pixel terms fused, no
// whole-frame intermediates), the low-pass to the next scale computes
// only the rows and columns decimation keeps, rows are cut into bands
// that run in parallel, and the filter loops come from the chosen kernel
// set. Every sum is an integer sum, so neither the thread count nor the
// kernel set changes a bit. It is safe for concurrent use (each call takes
// a workspace of its own) and its results, maps included, are New's.
func NewCPU(cfg *Config, o Options) Scorer {
	o = o.Resolve()
	return &fast{cfg: cfg, opt: o, k: kernelsFor(o.Kernels), table: Log2Table()}
}

type fast struct {
	cfg   *Config
	opt   Options
	k     *kernels
	table *[65536]uint16

	mu   sync.Mutex
	free []*fastWS
}

// fastWS is one frame's buffers: the images of scales 1-3 and each row
// band's scratch.
type fastWS struct {
	ref, dis [NumScales][]uint16 // [0] unused: scale 0 reads the planes
	parts    []*partWS
	sums     []Sums
	bad      []bool // per band: a sample beyond the bit depth
}

// partWS is one row band's scratch rows (padded for the horizontal pass).
type partWS struct {
	mu1, mu2, rr, dd, rd []uint32
	s1, s2, s12          []int32
	convR, convD         []uint16
	rowsR, rowsD         [][]uint16
	rows8R, rows8D       [][]uint8 // scale 0 of a packed picture
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
	ws := &fastWS{}
	for s := 1; s < NumScales; s++ {
		ws.ref[s] = make([]uint16, c.ScaleW[s]*c.ScaleH[s])
		ws.dis[s] = make([]uint16, c.ScaleW[s]*c.ScaleH[s])
	}
	return ws
}

func (f *fast) putWS(ws *fastWS) {
	f.mu.Lock()
	f.free = append(f.free, ws)
	f.mu.Unlock()
}

// ensureParts makes n row-band workspaces sized for the full width.
func (f *fast) ensureParts(ws *fastWS, n int) {
	// 16 padding columns for the widest filter and one more that
	// statHPairAVX2 reads (without using it).
	w := f.cfg.Width + 17
	for len(ws.parts) < n {
		ws.parts = append(ws.parts, &partWS{
			mu1: make([]uint32, w), mu2: make([]uint32, w), rr: make([]uint32, w), dd: make([]uint32, w), rd: make([]uint32, w),
			s1: make([]int32, w), s2: make([]int32, w), s12: make([]int32, w),
			convR: make([]uint16, w), convD: make([]uint16, w),
			rowsR: make([][]uint16, 17), rowsD: make([][]uint16, 17),
			rows8R: make([][]uint8, 17), rows8D: make([][]uint8, 17),
		})
	}
	// bad keeps its flags: they are read after later passes.
	for len(ws.bad) < n {
		ws.bad = append(ws.bad, false)
	}
	if len(ws.sums) < n {
		ws.sums = make([]Sums, n)
	}
}

func (f *fast) Close() error {
	f.mu.Lock()
	f.free = nil
	f.mu.Unlock()
	return nil
}

// plane is one scale's image: rows start stride samples apart. Scale 0
// of a packed 8-bit picture holds its samples in pix8 (pix nil).
type plane struct {
	pix       []uint16
	pix8      []uint8
	stride, w int
	h         int
}

func (p plane) row(y int) []uint16 { return p.pix[y*p.stride : y*p.stride+p.w] }

func (p plane) row8(y int) []uint8 { return p.pix8[y*p.stride : y*p.stride+p.w] }

func (f *fast) Score(frame int, ref, dist yuv.Plane, keepMaps bool) (*FrameResult, error) {
	cfg := f.cfg
	// The sample range is checked by the first pass over scale 0, band by
	// band (a pass of its own would read the frame once more).
	if err := CheckSize("reference", ref, cfg); err != nil {
		return nil, err
	}
	if err := CheckSize("distorted", dist, cfg); err != nil {
		return nil, err
	}
	ws := f.getWS()
	defer f.putWS(ws)
	res := &FrameResult{Frame: frame}
	var sums [NumScales]Sums
	r := plane{ref.Pix, ref.Pix8, ref.Stride, cfg.Width, cfg.Height}
	d := plane{dist.Pix, dist.Pix8, dist.Stride, cfg.Width, cfg.Height}
	if (r.pix8 == nil) != (d.pix8 == nil) {
		// One packed and one not: both as uint16 (no scoring run mixes them).
		ref, dist = ref.Widened(), dist.Widened()
		r = plane{ref.Pix, nil, ref.Stride, cfg.Width, cfg.Height}
		d = plane{dist.Pix, nil, dist.Stride, cfg.Width, cfg.Height}
	}
	for s := 0; s < NumScales; s++ {
		w, h := cfg.ScaleW[s], cfg.ScaleH[s]
		if s > 0 {
			nr := plane{ws.ref[s], nil, w, w, h}
			nd := plane{ws.dis[s], nil, w, w, h}
			f.subsample(ws, r, d, s-1, nr, nd, s == 1 && cfg.SkipScale0)
			r, d = nr, nd
		}
		if s == 0 && cfg.SkipScale0 {
			continue
		}
		var sm *ScaleMap
		if keepMaps {
			sm = &ScaleMap{W: w, H: h, Num: make([]float32, w*h), Den: make([]float32, w*h)}
			res.Maps[s] = sm
		}
		sums[s] = f.statistic(ws, r, d, s, sm)
		if s == 0 {
			if err := f.rangeError(ws, ref, dist); err != nil {
				return nil, err
			}
		}
	}
	if cfg.SkipScale0 {
		if err := f.rangeError(ws, ref, dist); err != nil {
			return nil, err
		}
	}
	FinishFrame(cfg, res, &sums)
	return res, nil
}

// checkRows records whether rows [y0, y1) of either plane hold a sample
// beyond the bit depth (bands set their own flag).
func (f *fast) checkRows(ws *fastWS, pi int, r, d plane, y0, y1 int) {
	if r.pix8 != nil {
		return // bytes: every one is an 8-bit sample
	}
	maxv := uint16(1<<f.cfg.BitDepth - 1)
	rp := yuv.Plane{Width: r.w, Height: r.h, Stride: r.stride, Pix: r.pix}
	dp := yuv.Plane{Width: d.w, Height: d.h, Stride: d.stride, Pix: d.pix}
	if !f.opt.InRange && (rp.RowsAbove(maxv, y0, y1) || dp.RowsAbove(maxv, y0, y1)) {
		ws.bad[pi] = true
	}
}

// rangeError reports the first out-of-range sample when a band found one.
func (f *fast) rangeError(ws *fastWS, ref, dist yuv.Plane) error {
	bad := false
	for i := range ws.bad {
		bad = bad || ws.bad[i]
		ws.bad[i] = false
	}
	if !bad {
		return nil
	}
	if err := checkPlane("reference", ref, f.cfg); err != nil {
		return err
	}
	return checkPlane("distorted", dist, f.cfg)
}

// parts is how many row bands a pass over h rows of width w uses.
func (f *fast) parts(w, h int) int {
	return cpu.Parts(h, f.opt.Threads, max(4, 65536/max(w, 1)))
}

// mirrorRows points rows at the len(rows) input rows of output row i.
func mirrorRows(rows [][]uint16, p plane, i int) {
	hw := len(rows) / 2
	for k := range rows {
		rows[k] = p.row(mirror(i-hw+k, p.h))
	}
}

// mirrorRows8 is mirrorRows on a packed plane.
func mirrorRows8(rows [][]uint8, p plane, i int) {
	hw := len(rows) / 2
	for k := range rows {
		rows[k] = p.row8(mirror(i-hw+k, p.h))
	}
}

// padRow mirrors hw values on each side of the w values at v[hw:hw+w].
func padRow[T uint16 | uint32](v []T, w, hw int) {
	for k := 1; k <= hw; k++ {
		v[hw-k] = v[hw+k]
		v[hw+w-1+k] = v[hw+w-1-k]
	}
}

// subsample fills the next scale's images from scale s's.
func (f *fast) subsample(ws *fastWS, r, d plane, s int, nr, nd plane, check bool) {
	filt := Filters[s+1]
	fw, hw := len(filt), len(filt)/2
	add, shift := SubsampleConv(s, f.cfg.BitDepth)
	n := f.parts(r.w, nr.h)
	f.ensureParts(ws, n)
	cpu.For(f.opt.Limiter, n, func(pi int) {
		p := ws.parts[pi]
		lo, hi := cpu.Split(nr.h, n, pi)
		if check {
			// The bands' source rows [2lo, 2hi), the last band to the end.
			y1 := 2 * hi
			if pi == n-1 {
				y1 = r.h
			}
			f.checkRows(ws, pi, r, d, 2*lo, y1)
		}
		rowsR, rowsD := p.rowsR[:fw], p.rowsD[:fw]
		rows8R, rows8D := p.rows8R[:fw], p.rows8D[:fw]
		for i := lo; i < hi; i++ {
			if r.pix8 != nil {
				mirrorRows8(rows8R, r, 2*i)
				mirrorRows8(rows8D, d, 2*i)
				f.k.subVP(rows8R, filt, add, shift, 0, r.w, p.convR[hw:])
				f.k.subVP(rows8D, filt, add, shift, 0, r.w, p.convD[hw:])
			} else {
				mirrorRows(rowsR, r, 2*i)
				mirrorRows(rowsD, d, 2*i)
				f.k.subV(rowsR, filt, add, shift, 0, r.w, p.convR[hw:])
				f.k.subV(rowsD, filt, add, shift, 0, r.w, p.convD[hw:])
			}
			padRow(p.convR, r.w, hw)
			padRow(p.convD, r.w, hw)
			f.k.subH(p.convR, filt, r.w, nr.row(i))
			f.k.subH(p.convD, filt, r.w, nd.row(i))
		}
	})
}

// statistic returns scale s's sums (and fills its map).
func (f *fast) statistic(ws *fastWS, r, d plane, s int, sm *ScaleMap) Sums {
	filt := Filters[s]
	fw, hw := len(filt), len(filt)/2
	rd := StatRounding(s, f.cfg.BitDepth)
	gl := f.cfg.EnhnGainLimit
	w := r.w
	n := f.parts(w, r.h)
	f.ensureParts(ws, n)
	cpu.For(f.opt.Limiter, n, func(pi int) {
		p := ws.parts[pi]
		lo, hi := cpu.Split(r.h, n, pi)
		if s == 0 {
			f.checkRows(ws, pi, r, d, lo, hi)
		}
		rowsR, rowsD := p.rowsR[:fw], p.rowsD[:fw]
		rows8R, rows8D := p.rows8R[:fw], p.rows8D[:fw]
		var acc Sums
		for i := lo; i < hi; i++ {
			if r.pix8 != nil {
				mirrorRows8(rows8R, r, i)
				mirrorRows8(rows8D, d, i)
				f.k.statVP(rows8R, rows8D, filt, rd, 0, w, p.mu1[hw:], p.mu2[hw:], p.rr[hw:], p.dd[hw:], p.rd[hw:])
			} else {
				mirrorRows(rowsR, r, i)
				mirrorRows(rowsD, d, i)
				f.k.statV(rowsR, rowsD, filt, rd, 0, w, p.mu1[hw:], p.mu2[hw:], p.rr[hw:], p.dd[hw:], p.rd[hw:])
			}
			padRow(p.mu1, w, hw)
			padRow(p.mu2, w, hw)
			padRow(p.rr, w, hw)
			padRow(p.dd, w, hw)
			padRow(p.rd, w, hw)
			f.k.statH(p.mu1, p.mu2, p.rr, p.dd, p.rd, filt, 0, w, p.s1, p.s2, p.s12)
			if sm != nil {
				pixelsMap(f.table, p.s1[:w], p.s2[:w], p.s12[:w], gl, &acc, sm.Num[i*w:(i+1)*w], sm.Den[i*w:(i+1)*w])
			} else {
				f.k.pixels(f.table, p.s1[:w], p.s2[:w], p.s12[:w], gl, &acc)
			}
		}
		ws.sums[pi] = acc
	})
	var total Sums
	for pi := 0; pi < n; pi++ {
		total.Add(ws.sums[pi])
	}
	return total
}

// pixelsGo is Pixel over a row with the body inlined (the row's sums kept
// in registers).
func pixelsGo(t *[65536]uint16, s1, s2, s12 []int32, gainLimit float64, acc *Sums) {
	pixelTerms(t, s1, s2, s12, gainLimit, acc, nil, nil)
}

// pixelsMap is pixelsGo that also writes each pixel's map terms
// (PixelMap's values).
func pixelsMap(t *[65536]uint16, s1, s2, s12 []int32, gainLimit float64, acc *Sums, num, den []float32) {
	pixelTerms(t, s1, s2, s12, gainLimit, acc, num, den)
}

// pixelTerms is pixelsGo, and pixelsMap with mapNum and mapDen non-nil:
// Pixel's recipe with the body inlined; the map branch is taken for a
// whole row or not at all.
func pixelTerms(t *[65536]uint16, s1, s2, s12 []int32, gainLimit float64, acc *Sums, mapNum, mapDen []float32) {
	s2, s12 = s2[:len(s1)], s12[:len(s1)]
	maps := mapNum != nil
	if maps {
		mapNum, mapDen = mapNum[:len(s1)], mapDen[:len(s1)]
	}
	numLog, denLog, numNon, denNon := acc.NumLog, acc.DenLog, acc.NumNonLog, acc.DenNonLog
	for j, a := range s1 {
		b, c := s2[j], s12[j]
		if b < 0 {
			b = 0
		}
		if a < SigmaNsq {
			numNon += int64(b)
			denNon++
			if maps {
				mapNum[j], mapDen[j] = PixelMap(int64(b), 1, false)
			}
			continue
		}
		v := uint64(uint32(SigmaNsq + a))
		k := 48 - bits.LeadingZeros64(v)
		den := int64(int32(t[v>>uint(k)&0xffff]) + 2048*int32(k) - 2048*17)
		denLog += den
		var num int64
		if c > 0 && b > 0 {
			g := float64(c) / (float64(a) + Eps)
			sv := truncInt32(float64(b) - float64(g*float64(c)))
			if sv < 0 {
				sv = 0
			}
			if !(g < gainLimit) {
				g = gainLimit
			}
			numer1 := uint64(uint32(sv + SigmaNsq))
			tmp := uint64(truncInt64(float64(g*g)*float64(a)) + int64(numer1))
			k1 := 48 - bits.LeadingZeros64(tmp)
			k2 := 48 - bits.LeadingZeros64(numer1)
			num = int64(int32(t[tmp>>uint(k1)&0xffff]) + 2048*int32(k1) - int32(t[numer1>>uint(k2)&0xffff]) - 2048*int32(k2))
			numLog += num
		}
		if maps {
			mapNum[j], mapDen[j] = PixelMap(num, den, true)
		}
	}
	acc.NumLog, acc.DenLog, acc.NumNonLog, acc.DenNonLog = numLog, denLog, numNon, denNon
}
