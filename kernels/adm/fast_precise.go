package adm

import "github.com/bandscope/bandscope/kernels/yuv"

// Barten's DWT, decouple and denominator (precise.go) in the fast scorer:
// the DWT passes and scale 0's decouple from the kernel set
// (precise_amd64.s, precise512_amd64.s), the edges, the decouple of scales
// 1-3 and the cube sums in Go, row bands in parallel.

// preciseKernels is k with the exact decouple.
func preciseKernels(k *kernels) *kernels {
	p := *k
	p.decouple0 = k.decoupleExact0
	p.decouple123 = decoupleExactGo[int32]
	return &p
}

// exact is restoreExact on one coefficient: the restored and additive
// parts (both between 0 and t, so T holds them).
func exact[T int16 | int32](o, t T, flag bool, egl float64) (r, a T) {
	rst := restoreExact(int64(o), int64(t), flag, egl)
	return T(rst), T(int64(t) - rst)
}

// preciseDWT0 is dwt0 for Barten: scale 0's bands into ws.ref0/dis0 (B
// only) and the Q18 approximation into ws.ref[0]/dis[0].
func (f *fast) preciseDWT0(ws *fastWS, ref, dist yuv.Plane) (bad bool) {
	cfg := f.cfg
	w, h0, hw := cfg.Width, cfg.BandH[0], cfg.BandW[0]
	maxv := uint16(1<<cfg.BitDepth - 1)
	ws.clearBad()
	f.forRows(ws, 2*h0, w, func(p *partWS, lo, hi int) {
		for r := lo; r < hi; r++ {
			pl, b, a := ref, ws.ref0, ws.ref[0]
			if r >= h0 {
				pl, b, a = dist, ws.dis0, ws.dis[0]
			}
			i := r % h0
			var rows [4][]uint16
			for k, iy := range &f.indY[0] {
				rows[k] = p.sampleRow(pl, iy[i], k)
			}
			f.k.preciseV0(p.lo32[:w], p.hi32[:w], rows[0], rows[1], rows[2], rows[3], cfg.BitDepth)
			row := i * hw
			t := &p.band32
			f.preciseRow(a.A[row:row+hw], t[BandV][:hw], t[BandH][:hw], t[BandD][:hw], p.lo32[:w], p.hi32[:w], 0)
			for k := range t {
				f.k.narrow16(b.B[k][row:row+hw], t[k][:hw])
			}
			if !f.opt.InRange && pl.RowsAbove(maxv, 2*i, min(2*i+2, pl.Height)) {
				p.bad = true
			}
		}
	})
	return ws.anyBad()
}

// sampleRow is row y of a plane as uint16 samples: the plane's own row,
// or a packed row widened into the part's k-th row scratch.
func (p *partWS) sampleRow(pl yuv.Plane, y, k int) []uint16 {
	if pl.Pix8 != nil && len(p.wide[k]) < pl.Width {
		p.wide[k] = make([]uint16, pl.Width)
	}
	return pl.Row(y, p.wide[k])
}

// preciseDWT123 is dwt123 for Barten.
func (f *fast) preciseDWT123(ws *fastWS, s int) {
	cfg := f.cfg
	hs, hw, iw := cfg.BandH[s], cfg.BandW[s], cfg.BandW[s-1]
	f.forRows(ws, 2*hs, iw, func(p *partWS, lo, hi int) {
		for r := lo; r < hi; r++ {
			src, dst := ws.ref[s-1], ws.ref[s]
			if r >= hs {
				src, dst = ws.dis[s-1], ws.dis[s]
			}
			i := r % hs
			iy := &f.indY[s]
			f.k.preciseV(p.lo32[:iw], p.hi32[:iw], src.A[iy[0][i]*iw:][:iw], src.A[iy[1][i]*iw:][:iw],
				src.A[iy[2][i]*iw:][:iw], src.A[iy[3][i]*iw:][:iw])
			row := i * hw
			f.preciseRow(dst.A[row:row+hw], dst.B[BandV][row:row+hw], dst.B[BandH][row:row+hw], dst.B[BandD][row:row+hw],
				p.lo32[:iw], p.hi32[:iw], s)
		}
	})
}

// preciseRow is the horizontal pass of one output row at scale s: the
// first and last two outputs through the mirrored column table, the rest
// in the kernel.
func (f *fast) preciseRow(a, v, hh, d, lo, hi []int32, s int) {
	hw := len(a)
	sb := PreciseHShift(s)
	ix := &f.indX[s]
	edge := func(j int) {
		j0, j1, j2, j3 := ix[0][j], ix[1][j], ix[2][j], ix[3][j]
		a[j], v[j] = preciseHOne(lo[j0], lo[j1], lo[j2], lo[j3], preciseTapQ, sb)
		hh[j], d[j] = preciseHOne(hi[j0], hi[j1], hi[j2], hi[j3], sb, sb)
	}
	interior(hw, edge, func(j0, j1 int) {
		f.k.preciseH(a, v, lo, j0, j1, preciseTapQ, sb)
		f.k.preciseH(hh, d, hi, j0, j1, sb, sb)
	})
}
