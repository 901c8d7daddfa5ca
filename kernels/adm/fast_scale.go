package adm

import "github.com/bandscope/bandscope/kernels/cpu"

// The fast scorer's per-scale drivers. Each scale runs two passes over
// rows: pass 1 decouples, weighs (CSF) and forms the masking terms of the
// work window and sums the denominator's scored rows; pass 2 sums the
// masked cubes of the scored rows for DLM and AIM. Pass 2 of a row follows
// pass 1 of the row below it (passes), so it reads the rows pass 1 just
// wrote from cache. Every per-coefficient step is a function of fixed.go
// or a kernel of the set, shared with the reference stages.

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

// scale0 runs both passes on scale 0 and returns its band terms.
func (f *fast) scale0(ws *fastWS, maps *fastMaps) scaleTerms {
	cfg := f.cfg
	w, h := cfg.BandW[0], cfg.BandH[0]
	wr, sh := WorkRect(w, h), &f.sh[0]
	sr := sh.Score
	wt := [NumBands]int32{int32(cfg.Weight[0][0]), int32(cfg.Weight[0][1]), int32(cfg.Weight[0][2])}
	split := f.splitRows()
	p := cm0Params{wt: wt, sub: sh.CMSub, sq: sh.CMSq, shiftCub: sh.CMCub, addCub: sh.CMAddCub}
	pass1 := func(pw *partWS, i int) {
		if split {
			f.csf0Split(ws, pw, i, wr, &wt)
			if maps != nil && i >= sr.Y0 && i < sr.Y1 {
				addMaps0(maps, &ws.a0, i*w, sr.X0, sr.X1, &wt)
			}
		} else {
			f.csf0Fused(ws, i, wr, &wt, maps)
		}
		if i < sr.Y0 || i >= sr.Y1 {
			return
		}
		row := i * w
		for b := 0; b < NumBands; b++ {
			inner := f.k.den0(ws.ref0.B[b][row+sr.X0 : row+sr.X1])
			ws.rowDen[b][i] = int64((inner + sh.DenAddAcc) >> sh.DenAcc)
		}
	}
	pass2 := func(pw *partWS, i int) {
		k0 := i * w
		src, inner := &pw.src16, &pw.inner
		*src = [NumBands][]int16{ws.r0[0][k0 : k0+w], ws.r0[1][k0 : k0+w], ws.r0[2][k0 : k0+w]}
		*inner = [NumBands]int64{}
		f.cm0Row(inner, src, rows3(ws.fd, i, w, h), ws.cd[k0:k0+w], sr.X0, sr.X1, &p, maps, k0, pw.lo32)
		for b := range inner {
			ws.rowNum[b][i] = (inner[b] + sh.CMAddAcc) >> sh.CMAcc
		}
		if cfg.SkipAIM {
			return
		}
		*src = [NumBands][]int16{ws.a0[0][k0 : k0+w], ws.a0[1][k0 : k0+w], ws.a0[2][k0 : k0+w]}
		*inner = [NumBands]int64{}
		f.cm0Row(inner, src, rows3(ws.fi, i, w, h), ws.ci[k0:k0+w], sr.X0, sr.X1, &p, nil, 0, pw.lo32)
		for b := range inner {
			ws.rowAIM[b][i] = (inner[b] + sh.CMAddAcc) >> sh.CMAcc
		}
	}
	f.passes(ws, w, h, wr, sr, pass1, pass2)
	den, num, aim := ws.sumRows(sr, !cfg.SkipAIM)
	t := scaleTerms{den: sh.DenTerms(den, cfg.Factor[0], cfg.NoiseWeight), num: sh.NumTerms(num, cfg.Norm[0], cfg.NoiseWeight)}
	if !cfg.SkipAIM {
		t.aim = sh.NumTerms(aim, cfg.Norm[0], 0)
	}
	return t
}

// csf0Split is pass 1 of scale 0 on row i, one kernel per step.
func (f *fast) csf0Split(ws *fastWS, pw *partWS, i int, wr Rect, wt *[NumBands]int32) {
	cfg := f.cfg
	k0, k1 := i*cfg.BandW[0]+wr.X0, i*cfg.BandW[0]+wr.X1
	ref, dis := &ws.ref0.B, &ws.dis0.B
	flag := pw.lo32[:k1-k0]
	f.k.angle0(flag, ref[BandH][k0:k1], ref[BandV][k0:k1], dis[BandH][k0:k1], dis[BandV][k0:k1], cfg.cos1degSq)
	for b := 0; b < NumBands; b++ {
		f.k.decouple0(ws.r0[b][k0:k1], ws.a0[b][k0:k1], ref[b][k0:k1], dis[b][k0:k1], flag, cfg.EnhnGainLimit)
	}
	f.k.csf0(ws.fd[k0:k1], ws.cd[k0:k1], ws.a0[0][k0:k1], ws.a0[1][k0:k1], ws.a0[2][k0:k1], wt)
	if !cfg.SkipAIM {
		f.k.csf0(ws.fi[k0:k1], ws.ci[k0:k1], ws.r0[0][k0:k1], ws.r0[1][k0:k1], ws.r0[2][k0:k1], wt)
	}
}

// csf0Fused is pass 1 of scale 0 on row i, per coefficient, writing the
// additive map's scored part when maps are kept.
func (f *fast) csf0Fused(ws *fastWS, i int, wr Rect, wt *[NumBands]int32, maps *fastMaps) {
	cfg := f.cfg
	w := cfg.BandW[0]
	sr := f.sh[0].Score
	egl, cos1, aim := cfg.EnhnGainLimit, cfg.cos1degSq, !cfg.SkipAIM
	ref, dis := &ws.ref0.B, &ws.dis0.B
	inScored := maps != nil && i >= sr.Y0 && i < sr.Y1
	for k := i*w + wr.X0; k < i*w+wr.X1; k++ {
		flag := angleFlag(int64(ref[BandH][k]), int64(ref[BandV][k]), int64(dis[BandH][k]), int64(dis[BandV][k]), cos1)
		var fd, cd, fi, ci int32
		for b := 0; b < NumBands; b++ {
			var r, a int16
			if cfg.Precise {
				r, a = exact(ref[b][k], dis[b][k], flag, egl)
			} else {
				r, a = decouple0One(int32(ref[b][k]), int32(dis[b][k]), flag, egl)
			}
			ws.r0[b][k], ws.a0[b][k] = r, a
			v := csf0One(wt[b], a, b)
			fd += csf0Flt(v)
			cd += csf0Ctr(v)
			if j := k - i*w; inScored && j >= sr.X0 && j < sr.X1 {
				maps.add[b][k] = float32(v) * maps.as[b]
			}
			if aim {
				v = csf0One(wt[b], r, b)
				fi += csf0Flt(v)
				ci += csf0Ctr(v)
			}
		}
		ws.fd[k], ws.cd[k] = fd, cd
		if aim {
			ws.fi[k], ws.ci[k] = fi, ci
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

// scale123 is scale0 for scales 1-3.
func (f *fast) scale123(ws *fastWS, s int, maps *fastMaps) scaleTerms {
	cfg := f.cfg
	w, h := cfg.BandW[s], cfg.BandH[s]
	wr, sh := WorkRect(w, h), &f.sh[s]
	sr := sh.Score
	wt := cfg.Weight[s]
	split := f.splitRows()
	p := &cm123Params{wt: wt, shiftCub: sh.CMCub[0], addCub: sh.CMAddCub[0]}
	pass1 := func(pw *partWS, i int) {
		if split {
			f.csf123Split(ws, pw, s, i, wr, &wt)
			if maps != nil && i >= sr.Y0 && i < sr.Y1 {
				addMaps123(maps, &ws.a, i*w, sr.X0, sr.X1, &wt, f.weighed())
			}
		} else {
			f.csf123Fused(ws, s, i, wr, &wt, maps)
		}
		if i < sr.Y0 || i >= sr.Y1 {
			return
		}
		row := i * w
		for b := 0; b < NumBands; b++ {
			ref := ws.ref[s].B[b][row+sr.X0 : row+sr.X1]
			if cfg.Precise {
				ws.rowDenExact[b][i] = cubeSum(ref)
				continue
			}
			inner := f.k.den123(ref, sh.DenAddSq, sh.DenSq, sh.DenAddCub, sh.DenCub)
			ws.rowDen[b][i] = int64((inner + sh.DenAddAcc) >> sh.DenAcc)
		}
	}
	pass2 := func(pw *partWS, i int) {
		k0 := i * w
		src, inner := &pw.src32, &pw.inner
		*src = [NumBands][]int32{ws.r[0][k0 : k0+w], ws.r[1][k0 : k0+w], ws.r[2][k0 : k0+w]}
		*inner = [NumBands]int64{}
		f.cm123Row(inner, src, rows3(ws.fd, i, w, h), ws.cd[k0:k0+w], sr.X0, sr.X1, p, maps, k0, pw.lo32)
		for b := range inner {
			ws.rowNum[b][i] = (inner[b] + sh.CMAddAcc) >> sh.CMAcc
		}
		if cfg.SkipAIM {
			return
		}
		*src = [NumBands][]int32{ws.a[0][k0 : k0+w], ws.a[1][k0 : k0+w], ws.a[2][k0 : k0+w]}
		*inner = [NumBands]int64{}
		f.cm123Row(inner, src, rows3(ws.fi, i, w, h), ws.ci[k0:k0+w], sr.X0, sr.X1, p, nil, 0, pw.lo32)
		for b := range inner {
			ws.rowAIM[b][i] = (inner[b] + sh.CMAddAcc) >> sh.CMAcc
		}
	}
	f.passes(ws, w, h, wr, sr, pass1, pass2)
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
func (f *fast) csf123Split(ws *fastWS, pw *partWS, s, i int, wr Rect, wt *[NumBands]uint32) {
	cfg := f.cfg
	k0, k1 := i*cfg.BandW[s]+wr.X0, i*cfg.BandW[s]+wr.X1
	ref, dis := &ws.ref[s].B, &ws.dis[s].B
	flag := pw.lo32[:k1-k0]
	f.k.angle123(flag, ref[BandH][k0:k1], ref[BandV][k0:k1], dis[BandH][k0:k1], dis[BandV][k0:k1], cfg.cos1degSq)
	for b := 0; b < NumBands; b++ {
		f.k.decouple123(ws.r[b][k0:k1], ws.a[b][k0:k1], ref[b][k0:k1], dis[b][k0:k1], flag, cfg.EnhnGainLimit)
	}
	csf := f.k.csf123
	if f.weighed() {
		csf = f.k.csf123w
	}
	csf(ws.fd[k0:k1], ws.cd[k0:k1], ws.a[0][k0:k1], ws.a[1][k0:k1], ws.a[2][k0:k1], wt)
	if !cfg.SkipAIM {
		csf(ws.fi[k0:k1], ws.ci[k0:k1], ws.r[0][k0:k1], ws.r[1][k0:k1], ws.r[2][k0:k1], wt)
	}
}

// csf123Fused is csf0Fused for scales 1-3.
func (f *fast) csf123Fused(ws *fastWS, s, i int, wr Rect, wt *[NumBands]uint32, maps *fastMaps) {
	cfg := f.cfg
	w := cfg.BandW[s]
	sr := f.sh[s].Score
	egl, cos1, aim := cfg.EnhnGainLimit, cfg.cos1degSq, !cfg.SkipAIM
	ref, dis := &ws.ref[s].B, &ws.dis[s].B
	inScored := maps != nil && i >= sr.Y0 && i < sr.Y1
	for k := i*w + wr.X0; k < i*w+wr.X1; k++ {
		flag := angleFlag(int64(ref[BandH][k]), int64(ref[BandV][k]), int64(dis[BandH][k]), int64(dis[BandV][k]), cos1)
		var fd, cd, fi, ci int32
		for b := 0; b < NumBands; b++ {
			var r, a int32
			if cfg.Precise {
				r, a = exact(ref[b][k], dis[b][k], flag, egl)
			} else {
				r, a = decouple123One(ref[b][k], dis[b][k], flag, egl)
			}
			ws.r[b][k], ws.a[b][k] = r, a
			v := csf123One(wt[b], a)
			fd += csf123Flt(v)
			cd += csf123Ctr(v)
			if j := k - i*w; inScored && j >= sr.X0 && j < sr.X1 {
				maps.add[b][k] = float32(v) * maps.as[b]
			}
			if aim {
				v = csf123One(wt[b], r)
				fi += csf123Flt(v)
				ci += csf123Ctr(v)
			}
		}
		ws.fd[k], ws.cd[k] = fd, cd
		if aim {
			ws.fi[k], ws.ci[k] = fi, ci
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

// rows3 is the rows above, at and below row i of the w x h map F, mirrored
// at the first row and repeated at the last.
func rows3(F []int32, i, w, h int) [3][]int32 {
	up, down := i-1, i+1
	if i == 0 {
		up = 1
	}
	if i == h-1 {
		down = h - 1
	}
	return [3][]int32{F[up*w : up*w+w], F[i*w : i*w+w], F[down*w : down*w+w]}
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
// of the row at offset k from the artifact bands pass 1 wrote: the fused
// loop's values, in a loop of their own beside the SIMD kernels.
func addMaps0(maps *fastMaps, a *[NumBands][]int16, k, x0, x1 int, wt *[NumBands]int32) {
	for b := 0; b < NumBands; b++ {
		out, in, s := maps.add[b][k+x0:k+x1], a[b][k+x0:k+x1], maps.as[b]
		for j, v := range in {
			out[j] = float32(csf0One(wt[b], v, b)) * s
		}
	}
}

// addMaps123 is addMaps0 for scales 1-3; weighed says pass 1 has already
// weighted the artifact bands.
func addMaps123(maps *fastMaps, a *[NumBands][]int32, k, x0, x1 int, wt *[NumBands]uint32, weighed bool) {
	for b := 0; b < NumBands; b++ {
		out, in, s := maps.add[b][k+x0:k+x1], a[b][k+x0:k+x1], maps.as[b]
		for j, v := range in {
			if !weighed {
				v = csf123One(wt[b], v)
			}
			out[j] = float32(v) * s
		}
	}
}

// passes runs pass1 over the work rows wr and pass2 over the scored rows
// sr of an h-row band, pass 2 of a row as soon as pass 1 has written the
// three rows its masking window reads (rows3), by the same part, while
// they are still in cache: one pass over memory instead of two. Rows
// whose window crosses into a part that runs in parallel wait until every
// part's pass 1 is done. Pass 2 reads what pass 1 wrote and nothing else,
// and every sum is per row, so the order changes no bit.
func (f *fast) passes(ws *fastWS, w, h int, wr, sr Rect, pass1, pass2 func(pw *partWS, i int)) {
	if len(ws.done) < h {
		ws.done = make([]bool, h)
	}
	done := ws.done[:h]
	clear(done)
	// ready reports whether pass 1 has run on every row of row j's
	// masking window when it has run on rows [lo, last].
	ready := func(j, lo, last int) bool {
		if j < sr.Y0 || j >= sr.Y1 {
			return false
		}
		up, down := j-1, j+1
		if j == 0 {
			up = 1
		}
		if j == h-1 {
			down = h - 1
		}
		return min(up, j) >= lo && max(down, j) <= last
	}
	f.forRows(ws, wr.Y1-wr.Y0, w, func(pw *partWS, lo, hi int) {
		lo, hi = wr.Y0+lo, wr.Y0+hi
		for i := lo; i < hi; i++ {
			pass1(pw, i)
			// Row i completes the window of row i-1, and of row i itself
			// at the last row (its row below is itself).
			for _, j := range [2]int{i - 1, i} {
				if (j == i-1 || i == h-1) && ready(j, lo, i) {
					pass2(pw, j)
					done[j] = true
				}
			}
		}
	})
	rest := ws.rest[:0]
	for j := sr.Y0; j < sr.Y1; j++ {
		if !done[j] {
			rest = append(rest, j)
		}
	}
	ws.rest = rest
	f.forRows(ws, len(rest), w, func(pw *partWS, lo, hi int) {
		for _, j := range rest[lo:hi] {
			pass2(pw, j)
		}
	})
}
