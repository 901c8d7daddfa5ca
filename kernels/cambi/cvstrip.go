package cambi

import (
	"math/bits"

	"github.com/bandscope/bandscope/kernels/cpu"
)

// cValues is CValues cut into column strips. A strip's histogram covers
// its own columns only and is fed by the samples whose windows reach them
// (a pad-wide halo on each side, clipped to the picture), so every strip
// holds exactly the counts the full-width histogram holds in its columns,
// whatever the number of strips.
func (f *fast) cValues(cv []float32, img []uint16, mask []uint8, w, h int, pl *plan, ws *fastWS) {
	parts := 1
	if f.opt.Threads > 1 {
		parts = max(min(2*f.opt.Threads, w/(2*pl.window)), 1)
	}
	ws.ensure(parts)
	cpu.For(f.opt.Limiter, parts, func(i int) {
		x0, x1 := cpu.Split(w, parts, i)
		s := strip{cv: cv, img: img, mask: mask, w: w, h: h, pad: pl.window >> 1, x0: x0, x1: x1,
			pl: pl, t: f.cfg.Tables, sc: &ws.bands[i], k: f.k}
		s.run()
	})
}

// strip is the c-value pass over columns [x0, x1).
type strip struct {
	cv        []float32
	img       []uint16
	mask      []uint8
	w, h, pad int
	x0, x1    int
	pl        *plan
	t         *Tables
	sc        *bandScratch
	k         *kernels

	px0, px1 int // the samples that feed the strip
	hist     []uint16
	ring     [][]run // run lists of recent rows, by row modulo its length
	stride   int
	rowOff   int      // histogram row of band value b is b + rowOff
	ops      []trapOp // the trapezoids trap queued
}

// histSlack: the SIMD range updates may touch (without changing) up to 32
// entries past the last histogram row.
const histSlack = 64

func (s *strip) run() {
	w, h, t := s.w, s.h, s.t
	s.px0, s.px1 = max(s.x0-s.pad, 0), min(s.x1+s.pad, w)
	base, size := int(t.BandBase), int(t.BandSize)
	// Only the band values that occur need histogram rows; NumDiffs zero
	// rows on each side stand for the values above and below, so lookups
	// need no bounds tests.
	lo, hi := size, -1
	for y := 0; y < h; y++ {
		mn, mx1 := s.k.bandRange(s.img[y*w+s.px0:y*w+s.px1], s.mask[y*w+s.px0:y*w+s.px1], uint16(base), uint16(size))
		lo, hi = min(lo, int(mn)), max(hi, int(mx1)-1)
	}
	if hi < 0 {
		for y := 0; y < h; y++ {
			clear(s.cv[y*w+s.x0 : y*w+s.x1])
		}
		return
	}
	nd := t.NumDiffs
	rows := hi - lo + 1 + 2*nd
	s.stride = s.x1 - s.x0
	s.rowOff = nd - lo
	s.sc.hist = grow(s.sc.hist, rows*s.stride+histSlack)
	s.hist = s.sc.hist
	clear(s.hist[:rows*s.stride])

	pad := s.pad
	// A ring of the run lists of the rows in the window, one more that is
	// leaving, and the row entering.
	ringLen := 2*pad + 3
	for len(s.sc.ring) < ringLen {
		s.sc.ring = append(s.sc.ring, nil)
	}
	s.ring = s.sc.ring[:ringLen]
	s.ops = s.sc.ops[:0]
	for y := 0; y < min(pad, h); y++ {
		s.findRuns(y)
		s.apply(s.runs(y), nil, false)
		s.flush()
	}
	for y := 0; y < h; y++ {
		var in, out []run
		if y+pad < h {
			s.findRuns(y + pad)
			in = s.runs(y + pad)
		}
		if y-pad-1 >= 0 {
			out = s.runs(y - pad - 1)
		}
		s.apply(in, out, false)
		s.apply(out, in, true)
		s.flush()
		o := y * w
		s.cvRow(s.cv[o+s.x0:o+s.x1], s.runs(y))
	}
}

func (s *strip) runs(y int) []run { return s.ring[y%len(s.ring)] }

// findRuns lists the runs of equal masked in-band samples of row y over
// the samples that feed the strip. The kernel marks the samples in band
// and those whose run goes on; a run starts at a marked sample that does
// not go on from the one before, and ends after one that does not go on.
func (s *strip) findRuns(y int) {
	w, base := s.w, uint16(s.t.BandBase)
	o := y*w + s.px0
	row, mrow := s.img[o:y*w+s.px1], s.mask[o:y*w+s.px1]
	nw := (len(row) + 31) / 32
	s.sc.vb, s.sc.qb = grow(s.sc.vb, nw), grow(s.sc.qb, nw)
	vb, qb := s.sc.vb, s.sc.qb
	s.k.runBits(vb, qb, row, mrow, base, uint16(s.t.BandSize))
	rs := s.ring[y%len(s.ring)][:0]
	var carry uint32 // the last word's run goes on into this one
	a := 0           // the start of the open run
	for i, v := range vb {
		q := qb[i]
		st, en := v&^(q<<1|carry), v&^q
		carry = q >> 31
		x0 := i * 32
		for en != 0 {
			// Starts and ends alternate: an open run ends first.
			if st != 0 && bits.TrailingZeros32(st) <= bits.TrailingZeros32(en) {
				a = x0 + bits.TrailingZeros32(st)
				st &= st - 1
			}
			e := x0 + bits.TrailingZeros32(en) + 1
			en &= en - 1
			rs = append(rs, run{int32(s.px0 + a), int32(s.px0 + e), int32(row[a] - base)})
		}
		if st != 0 {
			a = x0 + bits.TrailingZeros32(st)
		}
	}
	s.ring[y%len(s.ring)] = rs
}

// apply adds (sub: removes) the runs of rs to the histogram, except where
// a run of other (the row leaving or entering the window at the same time)
// holds the same value in the same columns: there the two cancel.
func (s *strip) apply(rs, other []run, sub bool) {
	j := 0
	for _, r := range rs {
		for j < len(other) && other[j].b <= r.a {
			j++
		}
		a := r.a
		for k := j; k < len(other) && other[k].a < r.b; k++ {
			if o := other[k]; o.v == r.v {
				if ca := max(a, o.a); ca > a {
					s.trap(int(a), int(ca), int(r.v), sub)
				}
				a = max(a, min(r.b, o.b))
			}
		}
		if a < r.b {
			s.trap(int(a), int(r.b), int(r.v), sub)
		}
	}
}

// trap adds the samples [a, b) of band value v to the strip's columns:
// it queues the trapezoid for flush.
func (s *strip) trap(a, b, v int, sub bool) {
	lo, hi := max(a-s.pad, s.x0), min(b+s.pad, s.x1)
	if lo >= hi {
		return
	}
	n, win := b-a, 2*s.pad+1
	s.ops = append(s.ops, trapOp{i: int32((v+s.rowOff)*s.stride + lo - s.x0), n: int32(hi - lo),
		t0: int32(lo - (a - s.pad)), m: int32(min(n, win)), l: int32(n + win - 1), sub: int32(b2u8(sub))})
}

// flush applies the queued trapezoids in one call.
func (s *strip) flush() {
	s.k.traps(s.hist, s.ops)
	s.ops = s.ops[:0]
	s.sc.ops = s.ops
}

// cvRow computes one row of c-values from the row's runs: along a run
// every histogram row the c-value reads is contiguous.
func (s *strip) cvRow(out []float32, rs []run) {
	clear(out)
	rec := Reciprocal()
	for _, r := range rs {
		a, b := max(int(r.a), s.x0), min(int(r.b), s.x1)
		if a >= b {
			continue
		}
		if act := s.pl.active[r.v]; act != 0 {
			s.k.cvRun(out[a-s.x0:b-s.x0], s.hist, (int(r.v)+s.rowOff)*s.stride+a-s.x0, s.stride, act, &s.pl.wts, rec)
		}
	}
}
