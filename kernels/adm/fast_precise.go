package adm

import "github.com/bandscope/bandscope/kernels/yuv"

// Barten's DWT, decouple and denominator (precise.go) in the fast scorer:
// the DWT passes and scale 0's decouple from the kernel set
// (precise_amd64.s, precise512_amd64.s), the edges, the decouple of scales
// 1-3 and the cube sums in Go, in the rows of stream.

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

// preciseDWT0Rows is dwt0Rows for Barten: scale 0's detail bands into the
// part's b16 and the Q18 approximation into ws.ref[0]/dis[0] (or the
// part's halo row).
func (f *fast) preciseDWT0Rows(ws *fastWS, ref, dist yuv.Plane, p *partWS, i int, own bool) {
	cfg := f.cfg
	w, hw := cfg.Width, cfg.BandW[0]
	maxv := uint16(1<<cfg.BitDepth - 1)
	for pic, pl := range [2]yuv.Plane{ref, dist} {
		var rows [4][]uint16
		for k, iy := range &f.indY[0] {
			rows[k] = p.sampleRow(pl, iy[i], k)
		}
		f.k.preciseV0(p.lo32[:w], p.hi32[:w], rows[0], rows[1], rows[2], rows[3], cfg.BitDepth)
		a := p.halo32[:hw]
		if own {
			a = [2]*Bands32{ws.ref[0], ws.dis[0]}[pic].A[i*hw : (i+1)*hw]
		}
		t := &p.band32
		f.preciseRow(a, t[BandV][:hw], t[BandH][:hw], t[BandD][:hw], p.lo32[:w], p.hi32[:w], 0)
		for k := range t {
			f.k.narrow16(p.b16[pic][k][:hw], t[k][:hw])
		}
		if own && !f.opt.InRange && pl.RowsAbove(maxv, 2*i, min(2*i+2, pl.Height)) {
			p.bad = true
		}
	}
}

// sampleRow is row y of a plane as uint16 samples: the plane's own row,
// or a packed row widened into the part's k-th row scratch.
func (p *partWS) sampleRow(pl yuv.Plane, y, k int) []uint16 {
	if pl.Pix8 != nil && len(p.wide[k]) < pl.Width {
		p.wide[k] = make([]uint16, pl.Width)
	}
	return pl.Row(y, p.wide[k])
}

// preciseDWT123Rows is dwt123Rows for Barten.
func (f *fast) preciseDWT123Rows(ws *fastWS, s int, p *partWS, i int, own bool) {
	cfg := f.cfg
	hw, iw := cfg.BandW[s], cfg.BandW[s-1]
	iy := &f.indY[s]
	for pic := 0; pic < 2; pic++ {
		src := [2]*[NumScales]*Bands32{&ws.ref, &ws.dis}[pic][s-1].A
		f.k.preciseV(p.lo32[:iw], p.hi32[:iw], src[iy[0][i]*iw:][:iw], src[iy[1][i]*iw:][:iw],
			src[iy[2][i]*iw:][:iw], src[iy[3][i]*iw:][:iw])
		a := p.halo32[:hw]
		if own {
			a = [2]*[NumScales]*Bands32{&ws.ref, &ws.dis}[pic][s].A[i*hw : (i+1)*hw]
		}
		b := &p.b32[pic]
		f.preciseRow(a, b[BandV][:hw], b[BandH][:hw], b[BandD][:hw], p.lo32[:iw], p.hi32[:iw], s)
	}
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
