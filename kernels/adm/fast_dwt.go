package adm

import "github.com/bandscope/bandscope/kernels/yuv"

// The fast scorer's DWT levels: row bands in parallel, the rows' interior
// in the kernel set, the first and last two outputs of each row (which
// read mirrored columns) through the same per-output functions as the
// reference (dwt0HOne, dwt123One).

// dwt0 runs the first level on both pictures, row bands in parallel, and
// reports whether a sample is out of range for the bit depth.
func (f *fast) dwt0(ws *fastWS, ref, dist yuv.Plane) (bad bool) {
	cfg := f.cfg
	h0 := cfg.BandH[0]
	loOnly := cfg.SkipScale0
	maxv := uint16(1<<cfg.BitDepth - 1)
	ws.clearBad()
	f.forRows(ws, 2*h0, cfg.Width, func(p *partWS, lo, hi int) {
		for r := lo; r < hi; r++ {
			pl, dst := ref, ws.ref0
			if r >= h0 {
				pl, dst = dist, ws.dis0
			}
			i := r % h0
			// The vertical pass reads every row (output row i reads rows
			// 2i-1 .. 2i+2); a twin that ORs what it reads checks them
			// for free, otherwise rows 2i and 2i+1, still in cache.
			if or, checked := f.dwt0Row(dst, pl, i, p, loOnly); checked {
				p.bad = p.bad || or&^maxv != 0
			} else if !f.opt.InRange && pl.RowsAbove(maxv, 2*i, min(2*i+2, pl.Height)) {
				p.bad = true
			}
		}
	})
	return ws.anyBad()
}

// dwt0Row is one output row of DWT0 into dst; it returns what the
// vertical kernel reports (the OR of the samples it read, when it checks).
func (f *fast) dwt0Row(dst *Bands16, pl yuv.Plane, i int, p *partWS, loOnly bool) (or uint16, checked bool) {
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
	hw := dst.W
	row := i * hw
	a := dst.A[row : row+hw]
	var v, hh, d []int16
	if !loOnly {
		v, hh, d = dst.B[BandV][row:row+hw], dst.B[BandH][row:row+hw], dst.B[BandD][row:row+hw]
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

// dwt123 runs one level at scale s on both pictures' previous
// approximation.
func (f *fast) dwt123(ws *fastWS, s int) {
	cfg := f.cfg
	hs := cfg.BandH[s]
	iw := cfg.BandW[s-1]
	f.forRows(ws, 2*hs, iw, func(p *partWS, lo, hi int) {
		for r := lo; r < hi; r++ {
			dst := ws.ref[s]
			pic := 0
			if r >= hs {
				dst, pic = ws.dis[s], 1
			}
			i := r % hs
			if s == 1 {
				src := ws.ref0
				if pic == 1 {
					src = ws.dis0
				}
				rows := f.indY[1]
				f.k.dwt1V(p.lo32[:iw], p.hi32[:iw], src.A[rows[0][i]*iw:][:iw], src.A[rows[1][i]*iw:][:iw],
					src.A[rows[2][i]*iw:][:iw], src.A[rows[3][i]*iw:][:iw])
			} else {
				src := ws.ref[s-1]
				if pic == 1 {
					src = ws.dis[s-1]
				}
				rows := f.indY[s]
				f.k.dwt23V(p.lo32[:iw], p.hi32[:iw], src.A[rows[0][i]*iw:][:iw], src.A[rows[1][i]*iw:][:iw],
					src.A[rows[2][i]*iw:][:iw], src.A[rows[3][i]*iw:][:iw], s)
			}
			f.dwt123H(dst, i, p.lo32[:iw], p.hi32[:iw], s)
		}
	})
}

// dwt123H is the horizontal pass of one output row at scale 1-3.
func (f *fast) dwt123H(dst *Bands32, i int, lo, hi []int32, scale int) {
	ha, hs := hpAdd[scale], hpShift[scale]
	hw := dst.W
	row := i * hw
	a := dst.A[row : row+hw]
	v, hh, d := dst.B[BandV][row:row+hw], dst.B[BandH][row:row+hw], dst.B[BandD][row:row+hw]
	ix := &f.indX[scale]
	edge := func(j int) {
		j0, j1, j2, j3 := ix[0][j], ix[1][j], ix[2][j], ix[3][j]
		a[j], v[j] = dwt123One(int64(lo[j0]), int64(lo[j1]), int64(lo[j2]), int64(lo[j3]), ha, hs)
		hh[j], d[j] = dwt123One(int64(hi[j0]), int64(hi[j1]), int64(hi[j2]), int64(hi[j3]), ha, hs)
	}
	interior(hw, edge, func(j0, j1 int) { f.k.dwt123H(a, v, hh, d, lo, hi, j0, j1, ha, hs) })
}
