package cambi

import "github.com/bandscope/bandscope/kernels/cpu"

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
	stride   int
	rowOff   int // histogram row of band value b is b + rowOff
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
		row, mrow := s.img[y*w+s.px0:y*w+s.px1], s.mask[y*w+s.px0:y*w+s.px1]
		for x, m := range mrow {
			if m == 0 {
				continue
			}
			if b := int(row[x]) - base; uint(b) < uint(size) {
				lo, hi = min(lo, b), max(hi, b)
			}
		}
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

	args := cvArgs{hist: s.hist, stride: s.stride, rowOff: s.rowOff, base: base, size: size,
		active: s.pl.active, t: t, rec: Reciprocal()}
	pad := s.pad
	for y := 0; y < min(pad, h); y++ {
		s.update(y, -1, false)
	}
	for y := 0; y < h; y++ {
		in, out := y+pad, y-pad-1
		switch {
		case in < h && out >= 0:
			s.update(in, out, false)
			s.update(out, in, true)
		case in < h:
			s.update(in, -1, false)
		case out >= 0:
			s.update(out, -1, true)
		}
		o := y * w
		args.out = s.cv[o+s.x0 : o+s.x1]
		args.img = s.img[o+s.x0 : o+s.x1]
		args.mask = s.mask[o+s.x0 : o+s.x1]
		s.k.cvRow(&args)
	}
}

// update adds (sub: removes) the masked in-band samples of row y to the
// histogram, a run of equal samples at a time. A sample that equals the
// sample of row other in its column (both masked) is skipped: the row
// entering and the row leaving the window cancel there.
func (s *strip) update(y, other int, sub bool) {
	w, base, size := s.w, int(s.t.BandBase), int(s.t.BandSize)
	row, mrow := s.img[y*w:(y+1)*w], s.mask[y*w:(y+1)*w]
	var orow []uint16
	var omask []uint8
	if other >= 0 {
		orow, omask = s.img[other*w:(other+1)*w], s.mask[other*w:(other+1)*w]
	}
	win := 2*s.pad + 1
	runA, runB := -1, -1 // current run [runA, runB) of band value runV
	runV := 0
	flush := func() {
		if runA < 0 {
			return
		}
		n := runB - runA
		lo, hi := max(runA-s.pad, s.x0), min(runB+s.pad, s.x1)
		s.k.trap(s.hist[(runV+s.rowOff)*s.stride:], lo-s.x0, hi-s.x0, lo-(runA-s.pad), min(n, win), n+win-1, sub)
		runA = -1
	}
	for x := s.px0; x < s.px1; x++ {
		b := int(row[x]) - base
		if mrow[x] == 0 || uint(b) >= uint(size) || (orow != nil && omask[x] != 0 && orow[x] == row[x]) {
			flush()
			continue
		}
		if runA >= 0 && b == runV && x == runB {
			runB++
			continue
		}
		flush()
		runA, runB, runV = x, x+1, b
	}
	flush()
}
