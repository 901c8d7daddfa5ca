package adm

import (
	"github.com/bandscope/bandscope/kernels/cpu"
	"github.com/bandscope/bandscope/kernels/yuv"
)

// The fast scorer's per-scale drivers. Each scale streams its rows
// (stream): a row's DWT, then pass 1 on it, which decouples, weighs (CSF)
// and forms the masking terms of the work window and sums the
// denominator's scored rows, then pass 2 on the row above, which sums the
// masked cubes of the scored rows for DLM and AIM. Only the approximation
// bands are kept whole (the next scale's input); the detail bands and
// pass 1's outputs live in the parts' rings, three rows at most, and are
// read again from cache: a 1080p frame's bands and terms, tens of MB, no
// longer go to memory and back. Every per-coefficient step is a function
// of fixed.go or a kernel of the set, shared with the reference stages.

// splitRows reports whether pass 1 runs as separate row kernels
// (decouple, then CSF and masking terms): a gain with SIMD kernels; the
// portable set is faster fused, per coefficient. With SIMD kernels, maps
// are a separate loop over the rows the kernels wrote (addMaps0,
// addMaps123): the fused loop, map or not, is three times slower.
func (f *fast) splitRows() bool {
	return f.k.set != cpu.Scalar
}

// weighed reports whether pass 1 of scales 1-3 leaves the restored and
// additive bands CSF-weighted (csf123w) for pass 2 (cm123w): with a set
// that has the pair, and AIM on (pass 1 weighs the restored bands for
// AIM's threshold; without AIM nothing would).
func (f *fast) weighed() bool {
	return f.splitRows() && f.k.csf123w != nil && !f.cfg.SkipAIM
}

// scale0 streams DWT0 of both pictures with scale 0's passes (DWT0 alone
// with adm_skip_scale0) and returns scale 0's band terms and whether a
// sample was out of range for the bit depth.
func (f *fast) scale0(ws *fastWS, ref, dist yuv.Plane, maps *fastMaps) (scaleTerms, bool) {
	cfg := f.cfg
	w, h := cfg.BandW[0], cfg.BandH[0]
	wr, sh := WorkRect(w, h), &f.sh[0]
	sr := sh.Score
	wt := [NumBands]int32{int32(cfg.Weight[0][0]), int32(cfg.Weight[0][1]), int32(cfg.Weight[0][2])}
	split := f.splitRows()
	p := cm0Params{wt: wt, sub: sh.CMSub, sq: sh.CMSq, shiftCub: sh.CMCub, addCub: sh.CMAddCub}
	dwt := func(pw *partWS, i int, own bool) { f.dwt0Rows(ws, ref, dist, pw, i, own) }
	if cfg.Precise {
		dwt = func(pw *partWS, i int, own bool) { f.preciseDWT0Rows(ws, ref, dist, pw, i, own) }
	}
	pass1 := func(pw *partWS, i int, own bool) {
		scored := own && i >= sr.Y0 && i < sr.Y1
		m := maps
		if !scored {
			m = nil
		}
		if split {
			f.csf0Split(pw, i, wr, &wt)
			if m != nil {
				addMaps0(m, pw, i, w, sr.X0, sr.X1, &wt)
			}
		} else {
			f.csf0Fused(pw, i, wr, &wt, m)
		}
		if !scored {
			return
		}
		for b := 0; b < NumBands; b++ {
			inner := f.k.den0(pw.b16[0][b][sr.X0:sr.X1])
			ws.rowDen[b][i] = int64((inner + sh.DenAddAcc) >> sh.DenAcc)
		}
	}
	pass2 := func(pw *partWS, j int) {
		src, inner := &pw.src16, &pw.inner
		*src = ringBands(&pw.r16, j, w, 0, w)
		*inner = [NumBands]int64{}
		f.cm0Row(inner, src, rows3(pw.fd, j, w, h), ring3(pw.cd, j, w), sr.X0, sr.X1, &p, maps, j*w, pw.lo32)
		for b := range inner {
			ws.rowNum[b][j] = (inner[b] + sh.CMAddAcc) >> sh.CMAcc
		}
		if cfg.SkipAIM {
			return
		}
		*src = ringBands(&pw.a16, j, w, 0, w)
		*inner = [NumBands]int64{}
		f.cm0Row(inner, src, rows3(pw.fi, j, w, h), ring3(pw.ci, j, w), sr.X0, sr.X1, &p, nil, 0, pw.lo32)
		for b := range inner {
			ws.rowAIM[b][j] = (inner[b] + sh.CMAddAcc) >> sh.CMAcc
		}
	}
	if cfg.SkipScale0 {
		pass1, pass2 = nil, nil
	}
	ws.clearBad()
	f.stream(ws, cfg.Width, h, wr, sr, dwt, pass1, pass2)
	bad := ws.anyBad()
	if cfg.SkipScale0 {
		return scaleTerms{}, bad
	}
	den, num, aim := ws.sumRows(sr, !cfg.SkipAIM)
	t := scaleTerms{den: sh.DenTerms(den, cfg.Factor[0], cfg.NoiseWeight), num: sh.NumTerms(num, cfg.Norm[0], cfg.NoiseWeight)}
	if !cfg.SkipAIM {
		t.aim = sh.NumTerms(aim, cfg.Norm[0], 0)
	}
	return t, bad
}

// csf0Split is pass 1 of scale 0 on row i, one kernel per step, from
// the part's b16 into its rings.
func (f *fast) csf0Split(pw *partWS, i int, wr Rect, wt *[NumBands]int32) {
	cfg := f.cfg
	w := cfg.BandW[0]
	x0, x1 := wr.X0, wr.X1
	ref, dis := &pw.b16[0], &pw.b16[1]
	flag := pw.lo32[:x1-x0]
	f.k.angle0(flag, ref[BandH][x0:x1], ref[BandV][x0:x1], dis[BandH][x0:x1], dis[BandV][x0:x1], cfg.cos1degSq)
	r, a := ringBands(&pw.r16, i, w, x0, x1), ringBands(&pw.a16, i, w, x0, x1)
	for b := 0; b < NumBands; b++ {
		f.k.decouple0(r[b], a[b], ref[b][x0:x1], dis[b][x0:x1], flag, cfg.EnhnGainLimit)
	}
	f.k.csf0(ring3(pw.fd, i, w)[x0:x1], ring3(pw.cd, i, w)[x0:x1], a[0], a[1], a[2], wt)
	if !cfg.SkipAIM {
		f.k.csf0(ring3(pw.fi, i, w)[x0:x1], ring3(pw.ci, i, w)[x0:x1], r[0], r[1], r[2], wt)
	}
}

// csf0Fused is pass 1 of scale 0 on row i, per coefficient, writing the
// additive map's scored columns when maps are given.
func (f *fast) csf0Fused(pw *partWS, i int, wr Rect, wt *[NumBands]int32, maps *fastMaps) {
	cfg := f.cfg
	w := cfg.BandW[0]
	sr := f.sh[0].Score
	egl, cos1, aim := cfg.EnhnGainLimit, cfg.cos1degSq, !cfg.SkipAIM
	ref, dis := &pw.b16[0], &pw.b16[1]
	rr, ar := ringBands(&pw.r16, i, w, 0, w), ringBands(&pw.a16, i, w, 0, w)
	fdr, cdr, fir, cir := ring3(pw.fd, i, w), ring3(pw.cd, i, w), ring3(pw.fi, i, w), ring3(pw.ci, i, w)
	for j := wr.X0; j < wr.X1; j++ {
		flag := angleFlag(int64(ref[BandH][j]), int64(ref[BandV][j]), int64(dis[BandH][j]), int64(dis[BandV][j]), cos1)
		var fd, cd, fi, ci int32
		for b := 0; b < NumBands; b++ {
			var r, a int16
			if cfg.Precise {
				r, a = exact(ref[b][j], dis[b][j], flag, egl)
			} else {
				r, a = decouple0One(int32(ref[b][j]), int32(dis[b][j]), flag, egl)
			}
			rr[b][j], ar[b][j] = r, a
			v := csf0One(wt[b], a, b)
			fd += csf0Flt(v)
			cd += csf0Ctr(v)
			if maps != nil && j >= sr.X0 && j < sr.X1 {
				maps.add[b][i*w+j] = float32(v) * maps.as[b]
			}
			if aim {
				v = csf0One(wt[b], r, b)
				fi += csf0Flt(v)
				ci += csf0Ctr(v)
			}
		}
		fdr[j], cdr[j] = fd, cd
		if aim {
			fir[j], cir[j] = fi, ci
		}
	}
}

// cm0Row accumulates the cubed masked sums of one scored row, columns
// [x0, x1): the columns away from the picture's edges go to the kernel,
// the edge columns (mirrored, repeated) and rows with maps stay here.
// k0 is the row's offset in the maps.
func (f *fast) cm0Row(inner *[NumBands]int64, src *[NumBands][]int16, F [3][]int32, C []int32, x0, x1 int, p *cm0Params, maps *fastMaps, k0 int, tmp []int32) {
	w := len(C)
	one := func(j int) {
		l, r := edgeCols(j, w)
		thr := F[0][l] + F[0][j] + F[0][r] + F[1][l] + F[1][r] + F[2][l] + F[2][j] + F[2][r] + C[j]
		for b := 0; b < NumBands; b++ {
			x := int32(src[b][j]) * p.wt[b]
			t := thr << p.sub[b]
			if maps != nil {
				maps.x[b][k0+j] = float32(x) * maps.xs[b]
				maps.thr[b][k0+j] = float32(t) * maps.xs[b]
			}
			inner[b] += maskedCube(x, t, p.sq[b], p.addCub[b], p.shiftCub[b])
		}
	}
	a, z := kernelCols(x0, x1, w, maps != nil && f.k.set == cpu.Scalar)
	for j := x0; j < a; j++ {
		one(j)
	}
	if a < z {
		f.k.cm0(inner, src, F, C, a, z, p, tmp)
		if maps != nil {
			thrRowGo(tmp, F, C, a, z)
			thr := tmp[:z-a]
			for b := 0; b < NumBands; b++ {
				in, xo, to := src[b][a:z], maps.x[b][k0+a:k0+z], maps.thr[b][k0+a:k0+z]
				in, xo, to = in[:len(thr)], xo[:len(thr)], to[:len(thr)]
				wt, sub, sc := p.wt[b], p.sub[b], maps.xs[b]
				for j, t := range thr {
					xo[j] = float32(int32(in[j])*wt) * sc
					to[j] = float32(t<<sub) * sc
				}
			}
		}
	}
	for j := z; j < x1; j++ {
		one(j)
	}
}

// scale123 is scale0 for scales 1-3, streaming DWT123 at scale s from
// the approximation of scale s-1.
func (f *fast) scale123(ws *fastWS, s int, maps *fastMaps) scaleTerms {
	cfg := f.cfg
	w, h := cfg.BandW[s], cfg.BandH[s]
	wr, sh := WorkRect(w, h), &f.sh[s]
	sr := sh.Score
	wt := cfg.Weight[s]
	split := f.splitRows()
	p := &cm123Params{wt: wt, shiftCub: sh.CMCub[0], addCub: sh.CMAddCub[0]}
	dwt := func(pw *partWS, i int, own bool) { f.dwt123Rows(ws, s, pw, i, own) }
	if cfg.Precise {
		dwt = func(pw *partWS, i int, own bool) { f.preciseDWT123Rows(ws, s, pw, i, own) }
	}
	pass1 := func(pw *partWS, i int, own bool) {
		scored := own && i >= sr.Y0 && i < sr.Y1
		m := maps
		if !scored {
			m = nil
		}
		if split {
			f.csf123Split(pw, s, i, wr, &wt)
			if m != nil {
				addMaps123(m, pw, i, w, sr.X0, sr.X1, &wt, f.weighed())
			}
		} else {
			f.csf123Fused(pw, s, i, wr, &wt, m)
		}
		if !scored {
			return
		}
		for b := 0; b < NumBands; b++ {
			ref := pw.b32[0][b][sr.X0:sr.X1]
			if cfg.Precise {
				ws.rowDenExact[b][i] = cubeSum(ref)
				continue
			}
			inner := f.k.den123(ref, sh.DenAddSq, sh.DenSq, sh.DenAddCub, sh.DenCub)
			ws.rowDen[b][i] = int64((inner + sh.DenAddAcc) >> sh.DenAcc)
		}
	}
	pass2 := func(pw *partWS, j int) {
		src, inner := &pw.src32, &pw.inner
		*src = ringBands(&pw.r32, j, w, 0, w)
		*inner = [NumBands]int64{}
		f.cm123Row(inner, src, rows3(pw.fd, j, w, h), ring3(pw.cd, j, w), sr.X0, sr.X1, p, maps, j*w, pw.lo32)
		for b := range inner {
			ws.rowNum[b][j] = (inner[b] + sh.CMAddAcc) >> sh.CMAcc
		}
		if cfg.SkipAIM {
			return
		}
		*src = ringBands(&pw.a32, j, w, 0, w)
		*inner = [NumBands]int64{}
		f.cm123Row(inner, src, rows3(pw.fi, j, w, h), ring3(pw.ci, j, w), sr.X0, sr.X1, p, nil, 0, pw.lo32)
		for b := range inner {
			ws.rowAIM[b][j] = (inner[b] + sh.CMAddAcc) >> sh.CMAcc
		}
	}
	f.stream(ws, cfg.BandW[s-1], h, wr, sr, dwt, pass1, pass2)
	den, num, aim := ws.sumRows(sr, !cfg.SkipAIM)
	var t scaleTerms
	if cfg.Precise {
		var exact [NumBands]u128
		for b := range exact {
			for i := sr.Y0; i < sr.Y1; i++ {
				exact[b].add(ws.rowDenExact[b][i])
			}
		}
		t.den = denExactTerms(exact, s, sr, cfg.Factor[s], cfg.NoiseWeight)
	} else {
		t.den = sh.DenTerms(den, cfg.Factor[s], cfg.NoiseWeight)
	}
	t.num = sh.NumTerms(num, cfg.Norm[s], cfg.NoiseWeight)
	if !cfg.SkipAIM {
		t.aim = sh.NumTerms(aim, cfg.Norm[s], 0)
	}
	return t
}

// csf123Split is csf0Split for scales 1-3.
func (f *fast) csf123Split(pw *partWS, s, i int, wr Rect, wt *[NumBands]uint32) {
	cfg := f.cfg
	w := cfg.BandW[s]
	x0, x1 := wr.X0, wr.X1
	ref, dis := &pw.b32[0], &pw.b32[1]
	flag := pw.lo32[:x1-x0]
	f.k.angle123(flag, ref[BandH][x0:x1], ref[BandV][x0:x1], dis[BandH][x0:x1], dis[BandV][x0:x1], cfg.cos1degSq)
	r, a := ringBands(&pw.r32, i, w, x0, x1), ringBands(&pw.a32, i, w, x0, x1)
	for b := 0; b < NumBands; b++ {
		f.k.decouple123(r[b], a[b], ref[b][x0:x1], dis[b][x0:x1], flag, cfg.EnhnGainLimit)
	}
	csf := f.k.csf123
	if f.weighed() {
		csf = f.k.csf123w
	}
	csf(ring3(pw.fd, i, w)[x0:x1], ring3(pw.cd, i, w)[x0:x1], a[0], a[1], a[2], wt)
	if !cfg.SkipAIM {
		csf(ring3(pw.fi, i, w)[x0:x1], ring3(pw.ci, i, w)[x0:x1], r[0], r[1], r[2], wt)
	}
}

// csf123Fused is csf0Fused for scales 1-3.
func (f *fast) csf123Fused(pw *partWS, s, i int, wr Rect, wt *[NumBands]uint32, maps *fastMaps) {
	cfg := f.cfg
	w := cfg.BandW[s]
	sr := f.sh[s].Score
	egl, cos1, aim := cfg.EnhnGainLimit, cfg.cos1degSq, !cfg.SkipAIM
	ref, dis := &pw.b32[0], &pw.b32[1]
	rr, ar := ringBands(&pw.r32, i, w, 0, w), ringBands(&pw.a32, i, w, 0, w)
	fdr, cdr, fir, cir := ring3(pw.fd, i, w), ring3(pw.cd, i, w), ring3(pw.fi, i, w), ring3(pw.ci, i, w)
	for j := wr.X0; j < wr.X1; j++ {
		flag := angleFlag(int64(ref[BandH][j]), int64(ref[BandV][j]), int64(dis[BandH][j]), int64(dis[BandV][j]), cos1)
		var fd, cd, fi, ci int32
		for b := 0; b < NumBands; b++ {
			var r, a int32
			if cfg.Precise {
				r, a = exact(ref[b][j], dis[b][j], flag, egl)
			} else {
				r, a = decouple123One(ref[b][j], dis[b][j], flag, egl)
			}
			rr[b][j], ar[b][j] = r, a
			v := csf123One(wt[b], a)
			fd += csf123Flt(v)
			cd += csf123Ctr(v)
			if maps != nil && j >= sr.X0 && j < sr.X1 {
				maps.add[b][i*w+j] = float32(v) * maps.as[b]
			}
			if aim {
				v = csf123One(wt[b], r)
				fi += csf123Flt(v)
				ci += csf123Ctr(v)
			}
		}
		fdr[j], cdr[j] = fd, cd
		if aim {
			fir[j], cir[j] = fi, ci
		}
	}
}

// cm123Row is cm0Row for scales 1-3; with weighed bands (f.weighed) src
// holds the CSF-weighted coefficients.
func (f *fast) cm123Row(inner *[NumBands]int64, src *[NumBands][]int32, F [3][]int32, C []int32, x0, x1 int, p *cm123Params, maps *fastMaps, k0 int, tmp []int32) {
	w := len(C)
	weighed := f.weighed()
	csf := func(wt uint32, x int32) int32 {
		if weighed {
			return x
		}
		return csf123One(wt, x)
	}
	one := func(j int) {
		l, r := edgeCols(j, w)
		thr := F[0][l] + F[0][j] + F[0][r] + F[1][l] + F[1][r] + F[2][l] + F[2][j] + F[2][r] + C[j]
		for b := 0; b < NumBands; b++ {
			x := csf(p.wt[b], src[b][j])
			if maps != nil {
				maps.x[b][k0+j] = float32(x) * maps.xs[b]
				maps.thr[b][k0+j] = float32(thr) * maps.xs[b]
			}
			inner[b] += maskedCube(x, thr, 30, p.addCub, p.shiftCub)
		}
	}
	a, z := kernelCols(x0, x1, w, maps != nil && f.k.set == cpu.Scalar)
	for j := x0; j < a; j++ {
		one(j)
	}
	if a < z {
		if weighed {
			f.k.cm123w(inner, src, F, C, a, z, p, tmp)
		} else {
			f.k.cm123(inner, src, F, C, a, z, p, tmp)
		}
		if maps != nil {
			thrRowGo(tmp, F, C, a, z)
			thr := tmp[:z-a]
			for b := 0; b < NumBands; b++ {
				in, xo, to := src[b][a:z], maps.x[b][k0+a:k0+z], maps.thr[b][k0+a:k0+z]
				in, xo, to = in[:len(thr)], xo[:len(thr)], to[:len(thr)]
				wt, sc := p.wt[b], maps.xs[b]
				for j, t := range thr {
					xo[j] = float32(csf(wt, in[j])) * sc
					to[j] = float32(t) * sc
				}
			}
		}
	}
	for j := z; j < x1; j++ {
		one(j)
	}
}

// kernelCols is the part [a, z) of the scored columns [x0, x1) of a
// w-wide row that a masking kernel takes: away from the edges (whose
// neighbours are mirrored or repeated), and none when the portable set
// keeps maps (a = z = x1: its per-coefficient loop writes them).
func kernelCols(x0, x1, w int, maps bool) (a, z int) {
	a, z = max(x0, 1), min(x1, w-1)
	if maps || a >= z {
		return x1, x1
	}
	return a, z
}

// edgeCols is the left and right neighbour columns of column j as the
// masking window reads them: mirrored at the first column, repeated at
// the last.
func edgeCols(j, w int) (l, r int) {
	l, r = j-1, j+1
	if j == 0 {
		l = 1
	}
	if j == w-1 {
		r = w - 1
	}
	return l, r
}

// rows3 is the rows above, at and below row i of an h-row map F held in a
// ring of three w-wide rows (ring3), mirrored at the first row and
// repeated at the last.
func rows3(F []int32, i, w, h int) [3][]int32 {
	up, down := i-1, i+1
	if i == 0 {
		up = 1
	}
	if i == h-1 {
		down = h - 1
	}
	return [3][]int32{ring3(F, up, w), ring3(F, i, w), ring3(F, down, w)}
}

// sumRows adds the scored rows' sums of the denominator, the numerator
// and (with aim) the AIM numerator.
func (ws *fastWS) sumRows(sr Rect, aim bool) (den [NumBands]uint64, num, aimAcc [NumBands]int64) {
	for b := 0; b < NumBands; b++ {
		for i := sr.Y0; i < sr.Y1; i++ {
			den[b] += uint64(ws.rowDen[b][i])
			num[b] += ws.rowNum[b][i]
			if aim {
				aimAcc[b] += ws.rowAIM[b][i]
			}
		}
	}
	return den, num, aimAcc
}

// addMaps0 writes the additive map of scale 0's scored columns [x0, x1)
// of row i (w wide) from the artifact bands pass 1 wrote in the part's
// rings: the fused loop's values, in a loop of their own beside the SIMD
// kernels.
func addMaps0(maps *fastMaps, pw *partWS, i, w, x0, x1 int, wt *[NumBands]int32) {
	for b := 0; b < NumBands; b++ {
		out, in, s := maps.add[b][i*w+x0:i*w+x1], ring3(pw.a16[b], i, w)[x0:x1], maps.as[b]
		for j, v := range in {
			out[j] = float32(csf0One(wt[b], v, b)) * s
		}
	}
}

// addMaps123 is addMaps0 for scales 1-3; weighed says pass 1 has already
// weighted the artifact bands.
func addMaps123(maps *fastMaps, pw *partWS, i, w, x0, x1 int, wt *[NumBands]uint32, weighed bool) {
	for b := 0; b < NumBands; b++ {
		out, in, s := maps.add[b][i*w+x0:i*w+x1], ring3(pw.a32[b], i, w)[x0:x1], maps.as[b]
		for j, v := range in {
			if !weighed {
				v = csf123One(wt[b], v)
			}
			out[j] = float32(v) * s
		}
	}
}

// stream runs one scale's h rows (of input width inW) in parallel parts.
// A part owns rows [lo, hi) and runs, on each row i from lo-1 to hi (the
// rows either side, where they exist, being its halo): dwt(p, i, own),
// the row's DWT into the part's rings (and, when the part owns the row,
// the approximation into the scale's band); on the work rows wr,
// pass1(p, i, own); then pass2(p, j) on every owned scored row j whose
// masking window (rows3) pass 1 has now completed: the row above, and
// the last row itself. A halo row is the neighbouring part's work done
// again, so that no part waits for another; with own false it writes
// nothing outside the part. pass1 and pass2 may be nil (DWT only). Every
// sum is per row, so neither the parts nor the halos change a bit.
func (f *fast) stream(ws *fastWS, inW, h int, wr, sr Rect, dwt, pass1 func(p *partWS, i int, own bool), pass2 func(p *partWS, j int)) {
	f.forRows(ws, h, inW, func(p *partWS, lo, hi int) {
		for i := max(lo-1, 0); i < min(hi+1, h); i++ {
			own := i >= lo && i < hi
			work := pass1 != nil && i >= wr.Y0 && i < wr.Y1
			if !own && !work {
				continue // a halo row no pass of this part reads
			}
			dwt(p, i, own)
			if !work {
				continue
			}
			pass1(p, i, own)
			for _, j := range [2]int{i - 1, i} {
				if (j == i-1 || i == h-1) && j >= lo && j < hi && j >= sr.Y0 && j < sr.Y1 {
					pass2(p, j)
				}
			}
		}
	})
}
