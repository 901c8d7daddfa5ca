package adm

import (
	"math"
	"sync"

	"github.com/bandscope/bandscope/engine/yuv"
	"github.com/bandscope/bandscope/kernels/cpu"
	"github.com/bandscope/bandscope/kernels/libm"
)

// Options choose how the fast CPU scorer runs; none of them changes a bit
// of the results.
type Options struct {
	Kernels cpu.Set      // kernel set (cpu.Scalar is portable Go)
	Threads int          // goroutines per frame; 0: every core
	Limiter *cpu.Limiter // shared by scorers that run at once; nil: Threads-1 helpers of its own
}

// NewCPU returns the fast CPU Scorer: the reference's stages fused per row
// (decouple, CSF and the denominator in one pass, contrast masking in a
// second), cut into row bands that run in parallel, with the hot rows in
// the chosen kernel set. Every sum is an integer sum (per row, then over
// rows), so neither the thread count nor the kernel set changes a bit; the
// float finishing is the reference's, in its order. It is safe for
// concurrent use (each call takes a workspace of its own) and its results,
// maps included, are identical to New's.
func NewCPU(cfg *Config, o Options) Scorer {
	if !o.Kernels.Supported() {
		o.Kernels = cpu.Scalar
	}
	o.Threads = cpu.Threads(o.Threads)
	if o.Limiter == nil {
		o.Limiter = cpu.NewLimiter(o.Threads - 1)
	}
	f := &fast{cfg: cfg, opt: o, k: kernelsFor(o.Kernels)}
	if cfg.Precise {
		f.k = preciseKernels(f.k)
	}
	iw, ih := cfg.Width, cfg.Height
	for s := 0; s < NumScales; s++ {
		f.indY[s], f.indX[s] = DWTIndices(ih), DWTIndices(iw)
		iw, ih = cfg.BandW[s], cfg.BandH[s]
	}
	return f
}

type fast struct {
	cfg        *Config
	opt        Options
	k          *kernels
	indY, indX [NumScales][4][]int // DWT input rows/columns per scale

	mu   sync.Mutex
	free []*fastWS
}

// fastWS is one frame's buffers. Scale 0 keeps libvmaf's int16 bands; the
// buffers of scales 1-3 are sized for scale 1 and reused.
type fastWS struct {
	ref0, dis0 *Bands16
	r0, a0     [NumBands][]int16
	ref, dis   [NumScales]*Bands32 // [1..3]; [0] Barten's Q18 approximation
	r, a       [NumBands][]int32
	// The masking neighbourhood per flavour (d: DLM, i: AIM): F is the sum
	// of the three bands' |csf|/30, C the sum of their centre terms.
	fd, cd, fi, ci []int32
	// Per-row integer sums of the denominator, DLM and AIM numerators.
	rowDen, rowNum, rowAIM [NumBands][]int64
	rowDenExact            [NumBands][]u128 // Barten's, scales 1-3
	parts                  []*partWS
}

// partWS is one row band's scratch.
type partWS struct {
	lo16, hi16 []int16
	lo32, hi32 []int32
	band32     [NumBands][]int32 // Barten's scale-0 bands before narrowing
	// The masking kernel's arguments live here: handed to a kernel through
	// a function value they would escape, once per row.
	src16 [NumBands][]int16
	src32 [NumBands][]int32
	inner [NumBands]int64
	bad   bool // dwt0 met a sample out of range
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
	n0 := c.BandW[0] * c.BandH[0]
	ws := &fastWS{ref0: NewBands16(c.BandW[0], c.BandH[0]), dis0: NewBands16(c.BandW[0], c.BandH[0])}
	if c.Precise {
		// Barten's approximation, in Q18.
		ws.ref[0] = &Bands32{W: c.BandW[0], H: c.BandH[0], A: make([]int32, n0)}
		ws.dis[0] = &Bands32{W: c.BandW[0], H: c.BandH[0], A: make([]int32, n0)}
	}
	if c.SkipScale0 && !c.Precise {
		// Only the approximation is computed.
		for b := range ws.ref0.B {
			ws.ref0.B[b], ws.dis0.B[b] = nil, nil
		}
	}
	if !c.SkipScale0 {
		ws.r0, ws.a0 = alloc16(n0), alloc16(n0)
	}
	n1 := c.BandW[1] * c.BandH[1]
	nf := n1
	if !c.SkipScale0 {
		nf = n0
	}
	ws.fd, ws.cd = make([]int32, nf), make([]int32, nf)
	if !c.SkipAIM {
		ws.fi, ws.ci = make([]int32, nf), make([]int32, nf)
	}
	for s := 1; s < NumScales; s++ {
		ws.ref[s] = NewBands32(c.BandW[s], c.BandH[s])
		ws.dis[s] = NewBands32(c.BandW[s], c.BandH[s])
	}
	ws.r, ws.a = alloc32(n1), alloc32(n1)
	for b := range ws.rowDen {
		ws.rowDen[b] = make([]int64, c.BandH[0])
		ws.rowNum[b] = make([]int64, c.BandH[0])
		ws.rowAIM[b] = make([]int64, c.BandH[0])
		if c.Precise {
			ws.rowDenExact[b] = make([]u128, c.BandH[1])
		}
	}
	return ws
}

func (f *fast) putWS(ws *fastWS) {
	f.mu.Lock()
	f.free = append(f.free, ws)
	f.mu.Unlock()
}

// partsFor makes sure there is scratch of width w for n parts before they
// start.
func (ws *fastWS) partsFor(n, w int) {
	for len(ws.parts) < n {
		ws.parts = append(ws.parts, nil)
	}
	for i := 0; i < n; i++ {
		if p := ws.parts[i]; p == nil || len(p.lo16) < w {
			ws.parts[i] = &partWS{lo16: make([]int16, w), hi16: make([]int16, w), lo32: make([]int32, w), hi32: make([]int32, w)}
			for b := range ws.parts[i].band32 {
				ws.parts[i].band32[b] = make([]int32, (w+1)/2)
			}
		}
	}
}

func (f *fast) Close() error {
	f.mu.Lock()
	f.free = nil
	f.mu.Unlock()
	return nil
}

// minRows is the least rows a parallel item gets: fewer cost more in
// hand-over than they save.
const minRows = 8

// forRows runs fn over [0, n) rows cut into parallel parts; fn gets its
// part's scratch (w wide) and its rows.
func (f *fast) forRows(ws *fastWS, n, w int, fn func(p *partWS, lo, hi int)) {
	parts := cpu.Parts(n, f.opt.Threads, minRows)
	if f.opt.Threads == 1 {
		parts = 1
	}
	ws.partsFor(parts, w)
	cpu.For(f.opt.Limiter, parts, func(i int) {
		lo, hi := cpu.Split(n, parts, i)
		fn(ws.parts[i], lo, hi)
	})
}

// fastMaps are the result's float maps of one scale, written directly by
// the passes when maps are kept.
type fastMaps struct {
	x, thr, add [NumBands][]float32
	xs, as      [NumBands]float32
}

func (f *fast) newMaps(res *FrameResult, s int) *fastMaps {
	cfg := f.cfg
	w, h := cfg.BandW[s], cfg.BandH[s]
	m := &fastMaps{}
	for b := 0; b < NumBands; b++ {
		xe, ae := mapExp(s, b, cfg.Norm[s])
		m.xs[b] = float32(math.Ldexp(1, -xe))
		m.as[b] = float32(math.Ldexp(1, -ae))
		bd := &res.Bands[s][b]
		bd.W, bd.H = w, h
		bd.Restored = make([]float32, w*h)
		bd.Threshold = make([]float32, w*h)
		bd.Additive = make([]float32, w*h)
		m.x[b], m.thr[b], m.add[b] = bd.Restored, bd.Threshold, bd.Additive
	}
	return m
}

func (f *fast) Score(frame int, ref, dist yuv.Plane, keepMaps bool) (*FrameResult, error) {
	cfg := f.cfg
	if err := checkSize("reference", ref, cfg); err != nil {
		return nil, err
	}
	if err := checkSize("distorted", dist, cfg); err != nil {
		return nil, err
	}
	ws := f.getWS()
	defer f.putWS(ws)
	dwt0 := f.dwt0
	if cfg.Precise {
		dwt0 = f.preciseDWT0
	}
	if dwt0(ws, ref, dist) {
		// A sample out of range: the full check finds and names it.
		for i, p := range [2]yuv.Plane{ref, dist} {
			if err := checkPlane([2]string{"reference", "distorted"}[i], p, cfg); err != nil {
				return nil, err
			}
		}
	}
	res := &FrameResult{Frame: frame}
	var terms [NumScales]scaleTerms
	for s := 0; s < NumScales; s++ {
		var maps *fastMaps
		if keepMaps && !(s == 0 && cfg.SkipScale0) {
			maps = f.newMaps(res, s)
		}
		if s == 0 {
			if !cfg.SkipScale0 {
				terms[0] = f.scale0(ws, maps)
			}
		} else {
			if cfg.Precise {
				f.preciseDWT123(ws, s)
			} else {
				f.dwt123(ws, s)
			}
			terms[s] = f.scale123(ws, s, maps)
		}
	}
	finishFrame(cfg, res, &terms)
	return res, nil
}

// dwt0 runs the first level on both pictures, row bands in parallel, and
// reports whether a sample is out of range for the bit depth.
func (f *fast) dwt0(ws *fastWS, ref, dist yuv.Plane) (bad bool) {
	cfg := f.cfg
	h0 := cfg.BandH[0]
	loOnly := cfg.SkipScale0
	maxv := uint16(1<<cfg.BitDepth - 1)
	for _, p := range ws.parts {
		if p != nil {
			p.bad = false
		}
	}
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
			} else if pl.RowsAbove(maxv, 2*i, min(2*i+2, pl.Height)) {
				p.bad = true
			}
		}
	})
	for _, p := range ws.parts {
		if p != nil && p.bad {
			bad = true
		}
	}
	return bad
}

func (f *fast) dwt0Row(dst *Bands16, pl yuv.Plane, i int, p *partWS, loOnly bool) (or uint16, checked bool) {
	cfg := f.cfg
	w := cfg.Width
	iy, ix := &f.indY[0], &f.indX[0]
	st := pl.Stride
	r0 := pl.Pix[iy[0][i]*st:][:w]
	r1 := pl.Pix[iy[1][i]*st:][:w]
	r2 := pl.Pix[iy[2][i]*st:][:w]
	r3 := pl.Pix[iy[3][i]*st:][:w]
	lo, hi := p.lo16[:w], p.hi16[:w]
	or, checked = f.k.dwt0V(lo, hi, r0, r1, r2, r3, cfg.BitDepth, loOnly)
	hw := dst.W
	row := i * hw
	a := dst.A[row : row+hw]
	var v, hh, d []int16
	if !loOnly {
		v, hh, d = dst.B[BandV][row:row+hw], dst.B[BandH][row:row+hw], dst.B[BandD][row:row+hw]
	}
	// Outputs 1 .. hw-3 read four straight columns; the first and the
	// last two go through the mirrored index table.
	edge := func(j int) {
		j0, j1, j2, j3 := ix[0][j], ix[1][j], ix[2][j], ix[3][j]
		s0, s1, s2, s3 := int32(lo[j0]), int32(lo[j1]), int32(lo[j2]), int32(lo[j3])
		a[j] = int16((dwtLo[0]*s0 + dwtLo[1]*s1 + dwtLo[2]*s2 + dwtLo[3]*s3 + 32768) >> 16)
		if loOnly {
			return
		}
		v[j] = int16((dwtHi[0]*s0 + dwtHi[1]*s1 + dwtHi[2]*s2 + dwtHi[3]*s3 + 32768) >> 16)
		s0, s1, s2, s3 = int32(hi[j0]), int32(hi[j1]), int32(hi[j2]), int32(hi[j3])
		hh[j] = int16((dwtLo[0]*s0 + dwtLo[1]*s1 + dwtLo[2]*s2 + dwtLo[3]*s3 + 32768) >> 16)
		d[j] = int16((dwtHi[0]*s0 + dwtHi[1]*s1 + dwtHi[2]*s2 + dwtHi[3]*s3 + 32768) >> 16)
	}
	edge(0)
	j1 := max(hw-2, 1)
	if j1 > 1 {
		f.k.dwt0H(a, v, hh, d, lo, hi, 1, j1, loOnly)
	}
	for j := j1; j < hw; j++ {
		edge(j)
	}
	return or, checked
}

// dwt0VGo is the vertical pass of DWT0 over one output row.
func dwt0VGo(lo, hi []int16, r0, r1, r2, r3 []uint16, bitDepth int, loOnly bool) (uint16, bool) {
	shift := uint(bitDepth)
	add := int32(1) << (bitDepth - 1)
	n := len(lo)
	hi, r0, r1, r2, r3 = hi[:n], r0[:n], r1[:n], r2[:n], r3[:n]
	for j := 0; j < n; j++ {
		u0, u1, u2, u3 := int32(r0[j]), int32(r1[j]), int32(r2[j]), int32(r3[j])
		acc := dwtLo[0]*u0 + dwtLo[1]*u1 + dwtLo[2]*u2 + dwtLo[3]*u3
		acc -= dwtLoSum * add
		lo[j] = int16((acc + add) >> shift)
		if !loOnly {
			acc = dwtHi[0]*u0 + dwtHi[1]*u1 + dwtHi[2]*u2 + dwtHi[3]*u3
			hi[j] = int16((acc + add) >> shift)
		}
	}
	return 0, false
}

// dwt0HGo is the horizontal pass of DWT0 for outputs [j0, j1), which read
// columns 2j-1 .. 2j+2 of lo and hi without mirroring.
func dwt0HGo(a, v, hh, d, lo, hi []int16, j0, j1 int, loOnly bool) {
	const (
		l0, l1, l2, l3 = 15826, 27411, 7345, -4240
		h0, h1, h2, h3 = -4240, -7345, 27411, -15826
	)
	for j := j0; j < j1; j++ {
		c := lo[2*j-1 : 2*j+3 : 2*j+3]
		s0, s1, s2, s3 := int32(c[0]), int32(c[1]), int32(c[2]), int32(c[3])
		a[j] = int16((l0*s0 + l1*s1 + l2*s2 + l3*s3 + 32768) >> 16)
		if loOnly {
			continue
		}
		v[j] = int16((h0*s0 + h1*s1 + h2*s2 + h3*s3 + 32768) >> 16)
		c = hi[2*j-1 : 2*j+3 : 2*j+3]
		s0, s1, s2, s3 = int32(c[0]), int32(c[1]), int32(c[2]), int32(c[3])
		hh[j] = int16((l0*s0 + l1*s1 + l2*s2 + l3*s3 + 32768) >> 16)
		d[j] = int16((h0*s0 + h1*s1 + h2*s2 + h3*s3 + 32768) >> 16)
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

// dwt1VGo is dwt123V at scale 1, from int16 rows.
func dwt1VGo(lo, hi []int32, r0, r1, r2, r3 []int16) { dwt123V(lo, hi, r0, r1, r2, r3, 1) }

func dwt123V[T int16 | int32](lo, hi []int32, r0, r1, r2, r3 []T, scale int) {
	va, vs := vpAdd[scale], vpShift[scale]
	const (
		l0, l1, l2, l3 = 15826, 27411, 7345, -4240
		h0, h1, h2, h3 = -4240, -7345, 27411, -15826
	)
	n := len(lo)
	hi, r0, r1, r2, r3 = hi[:n], r0[:n], r1[:n], r2[:n], r3[:n]
	for j := 0; j < n; j++ {
		s0, s1, s2, s3 := int64(r0[j]), int64(r1[j]), int64(r2[j]), int64(r3[j])
		lo[j] = int32((l0*s0 + l1*s1 + l2*s2 + l3*s3 + va) >> vs)
		hi[j] = int32((h0*s0 + h1*s1 + h2*s2 + h3*s3 + va) >> vs)
	}
}

func (f *fast) dwt123H(dst *Bands32, i int, lo, hi []int32, scale int) {
	ha, hs := hpAdd[scale], hpShift[scale]
	const (
		l0, l1, l2, l3 = 15826, 27411, 7345, -4240
		h0, h1, h2, h3 = -4240, -7345, 27411, -15826
	)
	hw := dst.W
	row := i * hw
	a := dst.A[row : row+hw]
	v, hh, d := dst.B[BandV][row:row+hw], dst.B[BandH][row:row+hw], dst.B[BandD][row:row+hw]
	ix := &f.indX[scale]
	one := func(j int, s0, s1, s2, s3, t0, t1, t2, t3 int64) {
		a[j] = int32((l0*s0 + l1*s1 + l2*s2 + l3*s3 + ha) >> hs)
		v[j] = int32((h0*s0 + h1*s1 + h2*s2 + h3*s3 + ha) >> hs)
		hh[j] = int32((l0*t0 + l1*t1 + l2*t2 + l3*t3 + ha) >> hs)
		d[j] = int32((h0*t0 + h1*t1 + h2*t2 + h3*t3 + ha) >> hs)
	}
	edge := func(j int) {
		j0, j1, j2, j3 := ix[0][j], ix[1][j], ix[2][j], ix[3][j]
		one(j, int64(lo[j0]), int64(lo[j1]), int64(lo[j2]), int64(lo[j3]),
			int64(hi[j0]), int64(hi[j1]), int64(hi[j2]), int64(hi[j3]))
	}
	edge(0)
	j1 := max(hw-2, 1)
	if j1 > 1 {
		f.k.dwt123H(a, v, hh, d, lo, hi, 1, j1, ha, hs)
	}
	for j := j1; j < hw; j++ {
		edge(j)
	}
}

// dwt123HGo is the horizontal pass of scales 1-3 for outputs [j0, j1),
// which read columns 2j-1 .. 2j+2 of lo and hi without mirroring.
func dwt123HGo(a, v, hh, d, lo, hi []int32, j0, j1 int, ha int64, hs uint) {
	const (
		l0, l1, l2, l3 = 15826, 27411, 7345, -4240
		h0, h1, h2, h3 = -4240, -7345, 27411, -15826
	)
	for j := j0; j < j1; j++ {
		c := lo[2*j-1 : 2*j+3 : 2*j+3]
		e := hi[2*j-1 : 2*j+3 : 2*j+3]
		a[j] = int32((l0*int64(c[0]) + l1*int64(c[1]) + l2*int64(c[2]) + l3*int64(c[3]) + ha) >> hs)
		v[j] = int32((h0*int64(c[0]) + h1*int64(c[1]) + h2*int64(c[2]) + h3*int64(c[3]) + ha) >> hs)
		hh[j] = int32((l0*int64(e[0]) + l1*int64(e[1]) + l2*int64(e[2]) + l3*int64(e[3]) + ha) >> hs)
		d[j] = int32((h0*int64(e[0]) + h1*int64(e[1]) + h2*int64(e[2]) + h3*int64(e[3]) + ha) >> hs)
	}
}

// decouple16 is Decouple0 on one coefficient: the restored and additive
// parts of distorted t given reference o.
func decouple16(o, t int32, flag bool, egl float64) (r, a int16) {
	kk := int32(32768)
	if o != 0 {
		kk = int32((int64(divLookup[o+32768])*int64(t) + 16384) >> 15)
	}
	kk = min(max(kk, 0), 32768)
	rst := int64(int16((kk*o + 16384) >> 15))
	if flag {
		rst = int64(int16(gainLimit(rst, int64(t), kk > 0 && o > 0, kk > 0 && o < 0, egl)))
	}
	return int16(rst), int16(int64(t) - rst)
}

// Scale 0's CSF constants per band.
var (
	csf0Shift = [NumBands]uint{15, 15, 17}
	csf0Add   = [NumBands]int32{16384, 16384, 65535}
)

// angle0Go is angleFlag over one row as a lane mask.
func angle0Go(flag []int32, oh, ov, th, tv []int16, cos1 float32) {
	n := len(flag)
	oh, ov, th, tv = oh[:n], ov[:n], th[:n], tv[:n]
	for j := range flag {
		flag[j] = 0
		if angleFlag(int64(oh[j]), int64(ov[j]), int64(th[j]), int64(tv[j]), cos1) {
			flag[j] = -1
		}
	}
}

// decouple0Go is decouple16 over one row of one band.
func decouple0Go(r, a, o, t []int16, flag []int32, egl float64) {
	n := len(r)
	a, o, t, flag = a[:n], o[:n], t[:n], flag[:n]
	for j := range r {
		r[j], a[j] = decouple16(int32(o[j]), int32(t[j]), flag[j] != 0, egl)
	}
}

// splitRows reports whether the first pass runs as separate row kernels
// (decouple, then CSF and masking terms): a gain with SIMD kernels; the
// portable set is faster fused, per coefficient, and maps need the fused
// loop.
func (f *fast) splitRows(maps *fastMaps) bool {
	return maps == nil && f.k.set != cpu.Scalar
}

// csf0Go is scale 0's CSF and masking terms over one row (the Go twin;
// scale0's fused loop does the same per coefficient when it keeps maps).
func csf0Go(f, c []int32, s0, s1, s2 []int16, wt *[NumBands]int32) {
	n := len(f)
	c, s0, s1, s2 = c[:n], s0[:n], s1[:n], s2[:n]
	for j := range f {
		var fs, cs int32
		for b, x := range [NumBands]int16{s0[j], s1[j], s2[j]} {
			v := int16((wt[b]*int32(x) + csf0Add[b]) >> csf0Shift[b])
			av := abs32(int32(v))
			fs += int32(int16((4369*av + 2048) >> 12))
			cs += int32(int16((8738*av + 2048) >> 12))
		}
		f[j], c[j] = fs, cs
	}
}

// scale0 runs decouple, CSF and the denominator (pass 1) and contrast
// masking (pass 2) on scale 0 and returns its band terms.
func (f *fast) scale0(ws *fastWS, maps *fastMaps) scaleTerms {
	cfg := f.cfg
	w, h := cfg.BandW[0], cfg.BandH[0]
	wr, sr := WorkRect(w, h), ScoreRect(w, h)
	wt := [NumBands]int32{int32(cfg.Weight[0][0]), int32(cfg.Weight[0][1]), int32(cfg.Weight[0][2])}
	egl, cos1 := cfg.EnhnGainLimit, cfg.cos1degSq
	aim, precise := !cfg.SkipAIM, cfg.Precise
	denShift := uint(max(ceilLog2((sr.Y1-sr.Y0)*(sr.X1-sr.X0))-20, 0))
	var denAdd uint64
	if denShift > 0 {
		denAdd = 1 << (denShift - 1)
	}
	split := f.splitRows(maps)
	f.forRows(ws, wr.Y1-wr.Y0, w, func(pw *partWS, lo, hi int) {
		for i := wr.Y0 + lo; i < wr.Y0+hi; i++ {
			row := i * w
			var ro, di, rr, aa [NumBands][]int16
			for b := 0; b < NumBands; b++ {
				ro[b], di[b] = ws.ref0.B[b][row:row+w], ws.dis0.B[b][row:row+w]
				rr[b], aa[b] = ws.r0[b][row:row+w], ws.a0[b][row:row+w]
			}
			fdr, cdr := ws.fd[row:row+w], ws.cd[row:row+w]
			var fir, cir []int32
			if aim {
				fir, cir = ws.fi[row:row+w], ws.ci[row:row+w]
			}
			if split {
				// The same per coefficient as below, one kernel per step.
				x0, x1 := wr.X0, wr.X1
				flag := pw.lo32[x0:x1]
				f.k.angle0(flag, ro[BandH][x0:x1], ro[BandV][x0:x1], di[BandH][x0:x1], di[BandV][x0:x1], cos1)
				for b := 0; b < NumBands; b++ {
					f.k.decouple0(rr[b][x0:x1], aa[b][x0:x1], ro[b][x0:x1], di[b][x0:x1], flag, egl)
				}
				f.k.csf0(fdr[x0:x1], cdr[x0:x1], aa[0][x0:x1], aa[1][x0:x1], aa[2][x0:x1], &wt)
				if aim {
					f.k.csf0(fir[x0:x1], cir[x0:x1], rr[0][x0:x1], rr[1][x0:x1], rr[2][x0:x1], &wt)
				}
			}
			inScored := maps != nil && i >= sr.Y0 && i < sr.Y1
			for j := wr.X0; j < wr.X1 && !split; j++ {
				flag := angleFlag(int64(ro[BandH][j]), int64(ro[BandV][j]), int64(di[BandH][j]), int64(di[BandV][j]), cos1)
				var fd, cd, fi, ci int32
				for b := 0; b < NumBands; b++ {
					var r, a int16
					if precise {
						r, a = exact(ro[b][j], di[b][j], flag, egl)
					} else {
						r, a = decouple16(int32(ro[b][j]), int32(di[b][j]), flag, egl)
					}
					rr[b][j], aa[b][j] = r, a
					v := int16((wt[b]*int32(a) + csf0Add[b]) >> csf0Shift[b])
					av := abs32(int32(v))
					fd += int32(int16((4369*av + 2048) >> 12))
					cd += int32(int16((8738*av + 2048) >> 12))
					if inScored && j >= sr.X0 && j < sr.X1 {
						maps.add[b][row+j] = float32(v) * maps.as[b]
					}
					if aim {
						v = int16((wt[b]*int32(r) + csf0Add[b]) >> csf0Shift[b])
						av = abs32(int32(v))
						fi += int32(int16((4369*av + 2048) >> 12))
						ci += int32(int16((8738*av + 2048) >> 12))
					}
				}
				fdr[j], cdr[j] = fd, cd
				if aim {
					fir[j], cir[j] = fi, ci
				}
			}
			if i >= sr.Y0 && i < sr.Y1 {
				for b := 0; b < NumBands; b++ {
					inner := f.k.den0(ws.ref0.B[b][row+sr.X0 : row+sr.X1])
					ws.rowDen[b][i] = int64((inner + denAdd) >> denShift)
				}
			}
		}
	})
	var p cm0Params
	for b := 0; b < NumBands; b++ {
		p.wt[b] = wt[b]
		p.sub[b] = cm0SubShift[b]
		p.sq[b] = cm0SqShift[b]
		p.shiftCub[b] = uint(ceilLog2(w) - cm0CubOff[b])
		p.addCub[b] = int64(uint32(libm.Pow(2, float64(int(p.shiftCub[b])-1))))
	}
	shiftAcc := uint(ceilLog2(h))
	addAcc := int64(uint32(libm.Pow(2, float64(int(shiftAcc)-1))))
	f.forRows(ws, sr.Y1-sr.Y0, w, func(pw *partWS, lo, hi int) {
		for i := sr.Y0 + lo; i < sr.Y0+hi; i++ {
			up, down := i-1, i+1
			if i == 0 {
				up = 1
			}
			if i == h-1 {
				down = h - 1
			}
			rows := func(F []int32) [3][]int32 {
				return [3][]int32{F[up*w : up*w+w], F[i*w : i*w+w], F[down*w : down*w+w]}
			}
			src, inner := &pw.src16, &pw.inner
			*src = [NumBands][]int16{ws.r0[0][i*w : i*w+w], ws.r0[1][i*w : i*w+w], ws.r0[2][i*w : i*w+w]}
			*inner = [NumBands]int64{}
			f.cm0Row(inner, src, rows(ws.fd), ws.cd[i*w:i*w+w], sr.X0, sr.X1, &p, maps, i*w, pw.lo32)
			for b := range inner {
				ws.rowNum[b][i] = (inner[b] + addAcc) >> shiftAcc
			}
			if aim {
				*src = [NumBands][]int16{ws.a0[0][i*w : i*w+w], ws.a0[1][i*w : i*w+w], ws.a0[2][i*w : i*w+w]}
				*inner = [NumBands]int64{}
				f.cm0Row(inner, src, rows(ws.fi), ws.ci[i*w:i*w+w], sr.X0, sr.X1, &p, nil, 0, pw.lo32)
				for b := range inner {
					ws.rowAIM[b][i] = (inner[b] + addAcc) >> shiftAcc
				}
			}
		}
	})
	var t scaleTerms
	var den [NumBands]uint64
	var num, aimAcc [NumBands]int64
	for b := 0; b < NumBands; b++ {
		for i := sr.Y0; i < sr.Y1; i++ {
			den[b] += uint64(ws.rowDen[b][i])
			num[b] += ws.rowNum[b][i]
			if aim {
				aimAcc[b] += ws.rowAIM[b][i]
			}
		}
	}
	t.den = den0Terms(den, denShift, sr, cfg.Factor[0], cfg.NoiseWeight)
	t.num = cm0Terms(num, p.shiftCub, shiftAcc, cfg.Norm[0], noiseTerm(sr, cfg.NoiseWeight))
	if aim {
		t.aim = cm0Terms(aimAcc, p.shiftCub, shiftAcc, cfg.Norm[0], noiseTerm(sr, 0))
	}
	return t
}

// cm0Params are scale 0's masking constants.
type cm0Params struct {
	wt       [NumBands]int32
	sub, sq  [NumBands]uint
	shiftCub [NumBands]uint
	addCub   [NumBands]int64
}

// cm0Row accumulates the cubed masked sums of one scored row, columns
// [x0, x1): the columns away from the picture's edges go to the kernel,
// the edge columns (mirrored, repeated) and rows with maps stay here.
func (f *fast) cm0Row(inner *[NumBands]int64, src *[NumBands][]int16, F [3][]int32, C []int32, x0, x1 int, p *cm0Params, maps *fastMaps, k0 int, tmp []int32) {
	w := len(C)
	one := func(j, l, r int) {
		thr := F[0][l] + F[0][j] + F[0][r] + F[1][l] + F[1][r] + F[2][l] + F[2][j] + F[2][r] + C[j]
		for b := 0; b < NumBands; b++ {
			x := int32(src[b][j]) * p.wt[b]
			t := thr << p.sub[b]
			if maps != nil {
				maps.x[b][k0+j] = float32(x) * maps.xs[b]
				maps.thr[b][k0+j] = float32(t) * maps.xs[b]
			}
			x = abs32(x) - t
			if x < 0 {
				x = 0
			}
			xsq := int32((int64(x)*int64(x) + int64(1)<<(p.sq[b]-1)) >> p.sq[b])
			inner[b] += (int64(xsq)*int64(x) + p.addCub[b]) >> p.shiftCub[b]
		}
	}
	a, z := max(x0, 1), min(x1, w-1)
	if maps != nil {
		a, z = x1, x1
	}
	for j := x0; j < min(a, x1); j++ {
		l, r := j-1, min(j+1, w-1)
		if j == 0 {
			l = 1
		}
		one(j, l, r)
	}
	if a < z {
		f.k.cm0(inner, src, F, C, a, z, p, tmp)
	}
	for j := max(z, a); j < x1; j++ {
		l, r := j-1, min(j+1, w-1)
		if j == 0 {
			l = 1
		}
		one(j, l, r)
	}
}

// thrRowGo is the masking threshold of columns [a, z) (0 < a, z < w) into
// thr[0 : z-a]: the 3x3 neighbourhood of F without its centre, plus C.
func thrRowGo(thr []int32, F [3][]int32, C []int32, a, z int) {
	fu, fm, fd := F[0][:z+1], F[1][:z+1], F[2][:z+1]
	C = C[:z]
	thr = thr[:z-a]
	for j := a; j < z; j++ {
		thr[j-a] = fu[j-1] + fu[j] + fu[j+1] + fm[j-1] + fm[j+1] + fd[j-1] + fd[j] + fd[j+1] + C[j]
	}
}

// cm0Go is the masking kernel over columns [a, z) with 0 < a, z < w; tmp
// holds the threshold row, shared by the three bands.
func cm0Go(inner *[NumBands]int64, src *[NumBands][]int16, F [3][]int32, C []int32, a, z int, p *cm0Params, tmp []int32) {
	thrRowGo(tmp, F, C, a, z)
	thr := tmp[:z-a]
	for b := 0; b < NumBands; b++ {
		s := src[b][a:z]
		s = s[:len(thr)]
		wt, sub, sq, sc, ac := p.wt[b], p.sub[b], p.sq[b], p.shiftCub[b], p.addCub[b]
		rq := int64(1) << (sq - 1)
		var acc int64
		for j, t := range thr {
			x := abs32(int32(s[j])*wt) - t<<sub
			if x < 0 {
				x = 0
			}
			xsq := int32((int64(x)*int64(x) + rq) >> sq)
			acc += (int64(xsq)*int64(x) + ac) >> sc
		}
		inner[b] += acc
	}
}

// cm123Params are the masking constants of scales 1-3.
type cm123Params struct {
	wt       [NumBands]uint32
	shiftCub uint
	addCub   int64
}

// cm123Go is the masking kernel of scales 1-3 over columns [a, z) with
// 0 < a, z < w; tmp as for cm0Go.
func cm123Go(inner *[NumBands]int64, src *[NumBands][]int32, F [3][]int32, C []int32, a, z int, p *cm123Params, tmp []int32) {
	thrRowGo(tmp, F, C, a, z)
	thr := tmp[:z-a]
	for b := 0; b < NumBands; b++ {
		s := src[b][a:z]
		s = s[:len(thr)]
		wt := int64(p.wt[b])
		var acc int64
		for j, t := range thr {
			x := abs32(int32((int64(s[j])*wt+1<<27)>>28)) - t
			if x < 0 {
				x = 0
			}
			xsq := int32((int64(x)*int64(x) + 1<<29) >> 30)
			acc += (int64(xsq)*int64(x) + p.addCub) >> p.shiftCub
		}
		inner[b] += acc
	}
}

// decouple32 is Decouple123 on one coefficient: the restored and additive
// parts of distorted t given reference o.
func decouple32(o, t32 int32, flag bool, egl float64) (r, a int32) {
	t := int64(t32)
	var kk int64 = 32768
	if o != 0 {
		ab := uint32(o)
		sign := int64(1)
		if o < 0 {
			ab = uint32(-o)
			sign = -1
		}
		var shift uint
		msb := ab
		if ab >= 32768 {
			msb, shift = best15(ab)
		}
		kk = (int64(divLookup[msb+32768])*t*sign + int64(1)<<(14+shift)) >> (15 + shift)
	}
	kk = min(max(kk, 0), 32768)
	rst := int64(int32((kk*int64(o) + 16384) >> 15))
	if flag {
		rst = int64(int32(gainLimit(rst, t, kk > 0 && o > 0, kk > 0 && o < 0, egl)))
	}
	return int32(rst), int32(t - rst)
}

// den0Go is the sum of |v|^3 over a row of scale 0's reference band
// (|-32768| is 32768: the uint16 of the int32 absolute value).
func den0Go(s []int16) uint64 {
	var sum uint64
	for _, v := range s {
		u := uint64(uint16(abs32(int32(v))))
		sum += u * u * u
	}
	return sum
}

// den123Go is the denominator's row sum at scales 1-3: the cube of |v| in
// libvmaf's two rounded steps, uint64 arithmetic that may wrap.
func den123Go(s []int32, addSq uint64, sq uint, addCub uint64, shiftCub uint) uint64 {
	var sum uint64
	for _, v := range s {
		u := uint64(uint32(abs32(v)))
		sum += ((((u*u)+addSq)>>sq)*u + addCub) >> shiftCub
	}
	return sum
}

// angle123Go is angle0Go for scales 1-3.
func angle123Go(flag []int32, oh, ov, th, tv []int32, cos1 float32) {
	n := len(flag)
	oh, ov, th, tv = oh[:n], ov[:n], th[:n], tv[:n]
	for j := range flag {
		flag[j] = 0
		if angleFlag(int64(oh[j]), int64(ov[j]), int64(th[j]), int64(tv[j]), cos1) {
			flag[j] = -1
		}
	}
}

// decouple123Go is decouple32 over one row of one band.
func decouple123Go(r, a, o, t []int32, flag []int32, egl float64) {
	n := len(r)
	a, o, t, flag = a[:n], o[:n], t[:n], flag[:n]
	for j := range r {
		r[j], a[j] = decouple32(o[j], t[j], flag[j] != 0, egl)
	}
}

// csf123Go is csf0Go for scales 1-3.
func csf123Go(f, c []int32, s0, s1, s2 []int32, wt *[NumBands]uint32) {
	n := len(f)
	c, s0, s1, s2 = c[:n], s0[:n], s1[:n], s2[:n]
	for j := range f {
		var fs, cs int32
		for b, x := range [NumBands]int32{s0[j], s1[j], s2[j]} {
			v := int32((int64(wt[b])*int64(x) + 1<<27) >> 28)
			av := int64(abs32(v))
			fs += int32((143165577*av - 1<<31) >> 32)
			cs += int32((286331153*av - 1<<31) >> 32)
		}
		f[j], c[j] = fs, cs
	}
}

// scale123 is scale0 for scales 1-3.
func (f *fast) scale123(ws *fastWS, s int, maps *fastMaps) scaleTerms {
	cfg := f.cfg
	w, h := cfg.BandW[s], cfg.BandH[s]
	wr, sr := WorkRect(w, h), ScoreRect(w, h)
	ref, dis := ws.ref[s], ws.dis[s]
	wt := [NumBands]int64{int64(cfg.Weight[s][0]), int64(cfg.Weight[s][1]), int64(cfg.Weight[s][2])}
	egl, cos1 := cfg.EnhnGainLimit, cfg.cos1degSq
	aim, precise := !cfg.SkipAIM, cfg.Precise
	shiftCub := uint32(ceilLog2(sr.X1 - sr.X0))
	addCub := uint64(uint32(libm.Pow(2, float64(shiftCub-1))))
	shiftAccD := uint32(ceilLog2(sr.Y1 - sr.Y0))
	addAccD := uint64(uint32(libm.Pow(2, float64(shiftAccD-1))))
	sq := denSqShift[s]
	addSq := uint64(1) << sq
	wt32 := [NumBands]uint32{cfg.Weight[s][0], cfg.Weight[s][1], cfg.Weight[s][2]}
	split := f.splitRows(maps)
	f.forRows(ws, wr.Y1-wr.Y0, w, func(pw *partWS, lo, hi int) {
		for i := wr.Y0 + lo; i < wr.Y0+hi; i++ {
			row := i * w
			if split {
				// Decouple here, the CSF and masking terms in the kernel
				// (the loop below does both per coefficient with maps).
				k0, k1 := row+wr.X0, row+wr.X1
				flag := pw.lo32[:k1-k0]
				f.k.angle123(flag, ref.B[BandH][k0:k1], ref.B[BandV][k0:k1], dis.B[BandH][k0:k1], dis.B[BandV][k0:k1], cos1)
				for b := 0; b < NumBands; b++ {
					f.k.decouple123(ws.r[b][k0:k1], ws.a[b][k0:k1], ref.B[b][k0:k1], dis.B[b][k0:k1], flag, egl)
				}
				f.k.csf123(ws.fd[k0:k1], ws.cd[k0:k1], ws.a[0][k0:k1], ws.a[1][k0:k1], ws.a[2][k0:k1], &wt32)
				if aim {
					f.k.csf123(ws.fi[k0:k1], ws.ci[k0:k1], ws.r[0][k0:k1], ws.r[1][k0:k1], ws.r[2][k0:k1], &wt32)
				}
			}
			for j := wr.X0; j < wr.X1 && !split; j++ {
				k := row + j
				oh, ov := int64(ref.B[BandH][k]), int64(ref.B[BandV][k])
				th, tv := int64(dis.B[BandH][k]), int64(dis.B[BandV][k])
				flag := angleFlag(oh, ov, th, tv, cos1)
				var fd, cd, fi, ci int32
				for b := 0; b < NumBands; b++ {
					var r, a int32
					if precise {
						r, a = exact(ref.B[b][k], dis.B[b][k], flag, egl)
					} else {
						r, a = decouple32(ref.B[b][k], dis.B[b][k], flag, egl)
					}
					ws.r[b][k], ws.a[b][k] = r, a
					v := int32((wt[b]*int64(a) + 1<<27) >> 28)
					av := int64(abs32(v))
					fd += int32((143165577*av - 1<<31) >> 32)
					cd += int32((286331153*av - 1<<31) >> 32)
					if maps != nil && i >= sr.Y0 && i < sr.Y1 && j >= sr.X0 && j < sr.X1 {
						maps.add[b][k] = float32(v) * maps.as[b]
					}
					if aim {
						v = int32((wt[b]*int64(r) + 1<<27) >> 28)
						av = int64(abs32(v))
						fi += int32((143165577*av - 1<<31) >> 32)
						ci += int32((286331153*av - 1<<31) >> 32)
					}
				}
				ws.fd[k], ws.cd[k] = fd, cd
				if aim {
					ws.fi[k], ws.ci[k] = fi, ci
				}
			}
			if i >= sr.Y0 && i < sr.Y1 {
				for b := 0; b < NumBands; b++ {
					if precise {
						ws.rowDenExact[b][i] = cubeSum(ref.B[b][row+sr.X0 : row+sr.X1])
						continue
					}
					inner := f.k.den123(ref.B[b][row+sr.X0:row+sr.X1], addSq, sq, addCub, uint(shiftCub))
					ws.rowDen[b][i] = int64((inner + addAccD) >> shiftAccD)
				}
			}
		}
	})
	cShift := uint(ceilLog2(w))
	cAdd := int64(uint32(libm.Pow(2, float64(int(cShift)-1))))
	shiftAcc := uint(ceilLog2(h))
	addAcc := int64(uint32(libm.Pow(2, float64(int(shiftAcc)-1))))
	cp := &cm123Params{wt: [NumBands]uint32{cfg.Weight[s][0], cfg.Weight[s][1], cfg.Weight[s][2]}, shiftCub: cShift, addCub: cAdd}
	f.forRows(ws, sr.Y1-sr.Y0, w, func(pw *partWS, lo, hi int) {
		for i := sr.Y0 + lo; i < sr.Y0+hi; i++ {
			up, down := i-1, i+1
			if i == 0 {
				up = 1
			}
			if i == h-1 {
				down = h - 1
			}
			for fl := 0; fl < 2; fl++ {
				F, C, src, out, mp := ws.fd, ws.cd, &ws.r, ws.rowNum, maps
				if fl == 1 {
					if !aim {
						break
					}
					F, C, src, out, mp = ws.fi, ws.ci, &ws.a, ws.rowAIM, nil
				}
				var inner [NumBands]int64
				// Away from the picture's edges and without maps, the
				// kernel; the scalar loop below does the rest.
				ka, kz := max(sr.X0, 1), min(sr.X1, w-1)
				if mp != nil || ka >= kz {
					ka, kz = sr.X1, sr.X1
				} else {
					pw.inner = [NumBands]int64{}
					pw.src32 = [NumBands][]int32{src[0][i*w : i*w+w], src[1][i*w : i*w+w], src[2][i*w : i*w+w]}
					f.k.cm123(&pw.inner, &pw.src32, [3][]int32{F[up*w : up*w+w], F[i*w : i*w+w], F[down*w : down*w+w]},
						C[i*w:i*w+w], ka, kz, cp, pw.lo32)
					inner = pw.inner
				}
				for j := sr.X0; j < sr.X1; j++ {
					if j == ka {
						j = kz
						if j >= sr.X1 {
							break
						}
					}
					l, r := j-1, j+1
					if j == 0 {
						l = 1
					}
					if j == w-1 {
						r = w - 1
					}
					thr := F[up*w+l] + F[up*w+j] + F[up*w+r] + F[i*w+l] + F[i*w+r] + F[down*w+l] + F[down*w+j] + F[down*w+r] + C[i*w+j]
					k := i*w + j
					for b := 0; b < NumBands; b++ {
						x := int32((int64(src[b][k])*wt[b] + 1<<27) >> 28)
						if mp != nil {
							mp.x[b][k] = float32(x) * mp.xs[b]
							mp.thr[b][k] = float32(thr) * mp.xs[b]
						}
						x = abs32(x) - thr
						if x < 0 {
							x = 0
						}
						xsq := int32((int64(x)*int64(x) + 1<<29) >> 30)
						inner[b] += (int64(xsq)*int64(x) + cAdd) >> cShift
					}
				}
				for b := range inner {
					out[b][i] = (inner[b] + addAcc) >> shiftAcc
				}
			}
		}
	})
	var t scaleTerms
	var den [NumBands]uint64
	var num, aimAcc [NumBands]int64
	for b := 0; b < NumBands; b++ {
		for i := sr.Y0; i < sr.Y1; i++ {
			den[b] += uint64(ws.rowDen[b][i])
			num[b] += ws.rowNum[b][i]
			if aim {
				aimAcc[b] += ws.rowAIM[b][i]
			}
		}
	}
	if precise {
		var exact [NumBands]u128
		for b := range exact {
			for i := sr.Y0; i < sr.Y1; i++ {
				exact[b].add(ws.rowDenExact[b][i])
			}
		}
		t.den = denExactTerms(exact, s, sr, cfg.Factor[s], cfg.NoiseWeight)
	} else {
		t.den = den123Terms(den, s, shiftAccD, shiftCub, sr, cfg.Factor[s], cfg.NoiseWeight)
	}
	t.num = cm123Terms(num, s, cShift, shiftAcc, cfg.Norm[s], noiseTerm(sr, cfg.NoiseWeight))
	if aim {
		t.aim = cm123Terms(aimAcc, s, cShift, shiftAcc, cfg.Norm[s], noiseTerm(sr, 0))
	}
	return t
}
