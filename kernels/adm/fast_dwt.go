package adm

import "github.com/bandscope/bandscope/kernels/yuv"

// The fast scorer's DWT rows, for stream: the rows' interior in the
// kernel set, the first and last two outputs of each row (which read
// mirrored columns) through the same per-output functions as the
// reference (dwt0HOne, dwt123One).

// dwt0Rows is row i of DWT0 of both pictures: the approximation into a
// (the scale's band where the part owns the row, else the part's halo
// row) and the detail bands into the part's b16. On owned rows it checks
// the samples it reads against the bit depth (p.bad).
func (f *fast) dwt0Rows(ws *fastWS, ref, dist yuv.Plane, p *partWS, i int, own bool) {
	cfg := f.cfg
	hw := cfg.BandW[0]
	maxv := uint16(1<<cfg.BitDepth - 1)
	for pic, pl := range [2]yuv.Plane{ref, dist} {
		a := p.halo16[:hw]
		if own {
			a = [2]*Bands16{ws.ref0, ws.dis0}[pic].A[i*hw : (i+1)*hw]
		}
		// The vertical pass reads every row (output row i reads rows
		// 2i-1 .. 2i+2); a twin that ORs what it reads checks them for
		// free, otherwise rows 2i and 2i+1, still in cache.
		or, checked := f.dwt0Row(a, &p.b16[pic], pl, i, p, cfg.SkipScale0)
		if !own {
			continue
		}
		if checked {
			p.bad = p.bad || or&^maxv != 0
		} else if !f.opt.InRange && pl.RowsAbove(maxv, 2*i, min(2*i+2, pl.Height)) {
			p.bad = true
		}
	}
}

// dwt0Row is one output row of DWT0 of one picture into a and b; it
// returns what the vertical kernel reports (the OR of the samples it
// read, when it checks). With loOnly only a is written.
func (f *fast) dwt0Row(a []int16, b *[NumBands][]int16, pl yuv.Plane, i int, p *partWS, loOnly bool) (or uint16, checked bool) {
	cfg := f.cfg
	w := cfg.Width
	iy := &f.indY[0]
	st := pl.Stride
	lo, hi := p.lo16[:w], p.hi16[:w]
	if px := pl.Pix8; px != nil {
		// A packed plane's bytes are all valid 8-bit samples (checkSize
		// holds it to an 8-bit configuration): checked, nothing above.
		f.k.dwt0V8(lo, hi, px[iy[0][i]*st:][:w], px[iy[1][i]*st:][:w], px[iy[2][i]*st:][:w], px[iy[3][i]*st:][:w], loOnly)
		checked = true
	} else {
		or, checked = f.k.dwt0V(lo, hi, pl.Pix[iy[0][i]*st:][:w], pl.Pix[iy[1][i]*st:][:w],
			pl.Pix[iy[2][i]*st:][:w], pl.Pix[iy[3][i]*st:][:w], cfg.BitDepth, loOnly)
	}
	hw := len(a)
	var v, hh, d []int16
	if !loOnly {
		v, hh, d = b[BandV][:hw], b[BandH][:hw], b[BandD][:hw]
	}
	ix := &f.indX[0]
	edge := func(j int) {
		j0, j1, j2, j3 := ix[0][j], ix[1][j], ix[2][j], ix[3][j]
		if loOnly {
			a[j], _ = dwt0HOne(int32(lo[j0]), int32(lo[j1]), int32(lo[j2]), int32(lo[j3]))
			return
		}
		a[j], v[j] = dwt0HOne(int32(lo[j0]), int32(lo[j1]), int32(lo[j2]), int32(lo[j3]))
		hh[j], d[j] = dwt0HOne(int32(hi[j0]), int32(hi[j1]), int32(hi[j2]), int32(hi[j3]))
	}
	interior(hw, edge, func(j0, j1 int) { f.k.dwt0H(a, v, hh, d, lo, hi, j0, j1, loOnly) })
	return or, checked
}

// interior runs a row of hw outputs of a horizontal pass: outputs 1 ..
// hw-3 read four straight columns and go to kernel; the first and the last
// two go through the mirrored index table (edge).
func interior(hw int, edge func(j int), kernel func(j0, j1 int)) {
	edge(0)
	j1 := max(hw-2, 1)
	if j1 > 1 {
		kernel(1, j1)
	}
	for j := j1; j < hw; j++ {
		edge(j)
	}
}

// dwt123Rows is row i of DWT123 at scale s of both pictures, from the
// previous scale's approximation: the approximation into the scale's band
// where the part owns the row (else the part's halo row), the detail
// bands into the part's b32.
func (f *fast) dwt123Rows(ws *fastWS, s int, p *partWS, i int, own bool) {
	cfg := f.cfg
	iw, hw := cfg.BandW[s-1], cfg.BandW[s]
	rows := &f.indY[s]
	lo, hi := p.lo32[:iw], p.hi32[:iw]
	for pic := 0; pic < 2; pic++ {
		if s == 1 {
			src := [2]*Bands16{ws.ref0, ws.dis0}[pic].A
			f.k.dwt1V(lo, hi, src[rows[0][i]*iw:][:iw], src[rows[1][i]*iw:][:iw], src[rows[2][i]*iw:][:iw], src[rows[3][i]*iw:][:iw])
		} else {
			src := [2]*[NumScales]*Bands32{&ws.ref, &ws.dis}[pic][s-1].A
			f.k.dwt23V(lo, hi, src[rows[0][i]*iw:][:iw], src[rows[1][i]*iw:][:iw], src[rows[2][i]*iw:][:iw], src[rows[3][i]*iw:][:iw], s)
		}
		a := p.halo32[:hw]
		if own {
			a = [2]*[NumScales]*Bands32{&ws.ref, &ws.dis}[pic][s].A[i*hw : (i+1)*hw]
		}
		b := &p.b32[pic]
		f.dwt123H(a, b[BandV][:hw], b[BandH][:hw], b[BandD][:hw], lo, hi, s)
	}
}

// dwt123H is the horizontal pass of one output row at scale 1-3.
func (f *fast) dwt123H(a, v, hh, d, lo, hi []int32, scale int) {
	ha, hs := hpAdd[scale], hpShift[scale]
	ix := &f.indX[scale]
	edge := func(j int) {
		j0, j1, j2, j3 := ix[0][j], ix[1][j], ix[2][j], ix[3][j]
		a[j], v[j] = dwt123One(int64(lo[j0]), int64(lo[j1]), int64(lo[j2]), int64(lo[j3]), ha, hs)
		hh[j], d[j] = dwt123One(int64(hi[j0]), int64(hi[j1]), int64(hi[j2]), int64(hi[j3]), ha, hs)
	}
	interior(len(a), edge, func(j0, j1 int) { f.k.dwt123H(a, v, hh, d, lo, hi, j0, j1, ha, hs) })
}
