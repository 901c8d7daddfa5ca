package adm

import (
	"sync"
	"testing"

	"github.com/bandscope/bandscope/kernels/cpu"
	"github.com/bandscope/bandscope/kernels/golden"
	"github.com/bandscope/bandscope/kernels/internal/cpubench"
	"github.com/bandscope/bandscope/kernels/synth"
	"github.com/bandscope/bandscope/kernels/yuv"
)

// kernelRows are the inputs of BenchmarkKernels: one middle row of every
// stage of a 1080p frame (scale 0 and scale 1), as the fast scorer hands
// them to its kernels.
type kernelRows struct {
	cfg  *Config
	pix  [4][]uint16 // dwt0V's four input rows, and as bytes dwt0V8's
	pix8 [4][]uint8
	lo0  []int16 // dwt0V's output: dwt0H's input
	hi0  []int16
	a0   [4][]int16 // dwt1V's input: four rows of scale 0's approximation
	lo1  []int32    // dwt1V's output: dwt123H's input
	hi1  []int32
	a1   [4][]int32 // dwt23V's input: four rows of scale 1's approximation
	// Scale 0 and scale 1, over their work columns: the reference's and
	// the distorted picture's bands, the angle flags, and three rows of
	// the masking terms (F, C) around the row.
	o0, t0 [NumBands][]int16
	o1, t1 [NumBands][]int32
	fl0    []int32
	fl1    []int32
	f0, c0 [3][]int32
	f1, c1 [3][]int32
	wr0    Rect
	wr1    Rect
}

var (
	kernelRowsOnce sync.Once
	kernelRowsData *kernelRows
	kernelRowsErr  error
)

// benchKernelRows takes the rows from frame 3 of the repository's real
// 1080p 8-bit pair (an encode's small differences drive the decouple and
// the masking), or from synth's diag8 pair where the clip is absent.
func benchKernelRows() (*kernelRows, error) {
	kernelRowsOnce.Do(func() { kernelRowsData, kernelRowsErr = loadKernelRows() })
	return kernelRowsData, kernelRowsErr
}

func loadKernelRows() (*kernelRows, error) {
	var ref, dist *yuv.Picture
	if cases, err := golden.RealPairs1080p(); err == nil {
		for _, c := range cases {
			if c.BD == 8 {
				ref, dist, err = c.Pictures(3)
				if err != nil {
					ref, dist = nil, nil
				}
			}
		}
	}
	if ref == nil {
		f := yuv.Format{Width: 1920, Height: 1080, Chroma: yuv.C420, BitDepth: 8}
		var err error
		if ref, err = synth.Frame(synth.Spec{Pattern: "diag8", Format: f}, 0); err != nil {
			return nil, err
		}
		if dist, err = synth.Frame(synth.Spec{Pattern: "diag8", Format: f, Dist: true}, 0); err != nil {
			return nil, err
		}
	}
	w, h := ref.Width, ref.Height
	cfg, err := NewConfig(nil, w, h, 8)
	if err != nil {
		return nil, err
	}
	// Every band of the frame at scales 0 and 1, from the reference's
	// DWT.
	type bands struct {
		ref0, dis0 *Bands16
		ref, dis   [2]*Bands32
	}
	var ws bands
	w0, h0 := cfg.BandW[0], cfg.BandH[0]
	for pic, pl := range [2]yuv.Plane{ref.Luma(), dist.Luma()} {
		b0 := NewBands16(w0, h0)
		DWT0(b0, pl.Pix, pl.Stride, w, h, 8, false)
		a := make([]int32, len(b0.A))
		for i, v := range b0.A {
			a[i] = int32(v)
		}
		b1 := NewBands32(cfg.BandW[1], cfg.BandH[1])
		DWT123(b1, a, w0, w0, h0, 1)
		if pic == 0 {
			ws.ref0, ws.ref[1] = b0, b1
		} else {
			ws.dis0, ws.dis[1] = b0, b1
		}
	}
	d := &kernelRows{cfg: cfg}
	rp := ref.Luma()
	y := h / 2
	for r := range d.pix {
		d.pix[r] = rp.Pix[(y+r)*rp.Stride:][:w]
		d.pix8[r] = make([]uint8, w)
		for j, v := range d.pix[r] {
			d.pix8[r][j] = uint8(v)
		}
	}
	d.lo0, d.hi0 = make([]int16, w), make([]int16, w)
	dwt0VGo(d.lo0, d.hi0, d.pix[0], d.pix[1], d.pix[2], d.pix[3], 8, false)
	w1 := cfg.BandW[1]
	i0, i1 := cfg.BandH[0]/2, cfg.BandH[1]/2
	for r := range d.a0 {
		d.a0[r] = ws.ref0.A[(i0+r)*w0:][:w0]
		d.a1[r] = ws.ref[1].A[(i1+r)*w1:][:w1]
	}
	d.lo1, d.hi1 = make([]int32, w0), make([]int32, w0)
	dwt1VGo(d.lo1, d.hi1, d.a0[0], d.a0[1], d.a0[2], d.a0[3])
	d.wr0, d.wr1 = WorkRect(w0, cfg.BandH[0]), WorkRect(w1, cfg.BandH[1])
	x0, x1 := d.wr0.X0, d.wr0.X1
	for b := 0; b < NumBands; b++ {
		d.o0[b] = ws.ref0.B[b][i0*w0:][x0:x1]
		d.t0[b] = ws.dis0.B[b][i0*w0:][x0:x1]
		d.o1[b] = ws.ref[1].B[b][i1*w1:][d.wr1.X0:d.wr1.X1]
		d.t1[b] = ws.dis[1].B[b][i1*w1:][d.wr1.X0:d.wr1.X1]
	}
	d.fl0, d.fl1 = make([]int32, x1-x0), make([]int32, d.wr1.X1-d.wr1.X0)
	angle0Go(d.fl0, d.o0[BandH], d.o0[BandV], d.t0[BandH], d.t0[BandV], cfg.cos1degSq)
	angle123Go(d.fl1, d.o1[BandH], d.o1[BandV], d.t1[BandH], d.t1[BandV], cfg.cos1degSq)
	// The masking terms of rows i-1 .. i+1, over whole rows (the masking
	// kernels read a column either side of the scored ones).
	wt0 := [NumBands]int32{int32(cfg.Weight[0][0]), int32(cfg.Weight[0][1]), int32(cfg.Weight[0][2])}
	for k := range d.f0 {
		var r, a [NumBands][]int16
		for b := range r {
			r[b], a[b] = make([]int16, w0), make([]int16, w0)
			o, t := ws.ref0.B[b][(i0-1+k)*w0:][:w0], ws.dis0.B[b][(i0-1+k)*w0:][:w0]
			fl := make([]int32, w0)
			angle0Go(fl, ws.ref0.B[BandH][(i0-1+k)*w0:][:w0], ws.ref0.B[BandV][(i0-1+k)*w0:][:w0],
				ws.dis0.B[BandH][(i0-1+k)*w0:][:w0], ws.dis0.B[BandV][(i0-1+k)*w0:][:w0], cfg.cos1degSq)
			decouple0Go(r[b], a[b], o, t, fl, cfg.EnhnGainLimit)
		}
		d.f0[k], d.c0[k] = make([]int32, w0), make([]int32, w0)
		csf0Go(d.f0[k], d.c0[k], a[0], a[1], a[2], &wt0)
		var r1, a1 [NumBands][]int32
		for b := range r1 {
			r1[b], a1[b] = make([]int32, w1), make([]int32, w1)
			o, t := ws.ref[1].B[b][(i1-1+k)*w1:][:w1], ws.dis[1].B[b][(i1-1+k)*w1:][:w1]
			fl := make([]int32, w1)
			angle123Go(fl, ws.ref[1].B[BandH][(i1-1+k)*w1:][:w1], ws.ref[1].B[BandV][(i1-1+k)*w1:][:w1],
				ws.dis[1].B[BandH][(i1-1+k)*w1:][:w1], ws.dis[1].B[BandV][(i1-1+k)*w1:][:w1], cfg.cos1degSq)
			decouple123Go(r1[b], a1[b], o, t, fl, cfg.EnhnGainLimit)
		}
		d.f1[k], d.c1[k] = make([]int32, w1), make([]int32, w1)
		csf123Go(d.f1[k], d.c1[k], a1[0], a1[1], a1[2], &cfg.Weight[1])
	}
	return d, nil
}

// BenchmarkKernels times every row kernel of every kernel set the host
// runs on one middle row of a real 1080p frame (1920 samples in, 960
// scale-0 and 480 scale-1 coefficients a row; the decouple, CSF and
// masking kernels over the work or scored columns, the three bands of a
// row per op, as the fast scorer calls them), in the CPU time of the
// benchmark's thread (cpu-ms/op; one op is one row): the measurement
// behind each set's choice of kernel for a stage. go test ./kernels/adm
// -run '^$' -bench Kernels.
func BenchmarkKernels(b *testing.B) {
	d, err := benchKernelRows()
	if err != nil {
		b.Fatal(err)
	}
	cfg := d.cfg
	w := cfg.Width
	w0, w1 := cfg.BandW[0], cfg.BandW[1]
	egl, cos1 := cfg.EnhnGainLimit, cfg.cos1degSq
	wt0 := [NumBands]int32{int32(cfg.Weight[0][0]), int32(cfg.Weight[0][1]), int32(cfg.Weight[0][2])}
	wt1 := cfg.Weight[1]
	sh0, sh1 := ScaleShifts(0, w0, cfg.BandH[0]), ScaleShifts(1, w1, cfg.BandH[1])
	p0 := cm0Params{wt: wt0, sub: sh0.CMSub, sq: sh0.CMSq, shiftCub: sh0.CMCub, addCub: sh0.CMAddCub}
	p1 := &cm123Params{wt: wt1, shiftCub: sh1.CMCub[0], addCub: sh1.CMAddCub[0]}
	n0, n1 := d.wr0.X1-d.wr0.X0, d.wr1.X1-d.wr1.X0
	type kernel struct {
		name string
		run  func(k *kernels) func()
	}
	out16 := func(n int) (o [4][]int16) {
		for i := range o {
			o[i] = make([]int16, n)
		}
		return o
	}
	out32 := func(n int) (o [4][]int32) {
		for i := range o {
			o[i] = make([]int32, n)
		}
		return o
	}
	// The decoupled bands of the row (the CSF kernels' inputs), and the
	// masking kernels' source rows over whole rows.
	var r0, a0 [NumBands][]int16
	var r1, a1 [NumBands][]int32
	for bd := range r0 {
		r0[bd], a0[bd] = make([]int16, n0), make([]int16, n0)
		decouple0Go(r0[bd], a0[bd], d.o0[bd], d.t0[bd], d.fl0, egl)
		r1[bd], a1[bd] = make([]int32, n1), make([]int32, n1)
		decouple123Go(r1[bd], a1[bd], d.o1[bd], d.t1[bd], d.fl1, egl)
	}
	var src0 [NumBands][]int16
	var src1, src1w [NumBands][]int32
	for bd := range src0 {
		src0[bd] = make([]int16, w0)
		copy(src0[bd][d.wr0.X0:], r0[bd])
		src1[bd], src1w[bd] = make([]int32, w1), make([]int32, w1)
		copy(src1[bd][d.wr1.X0:], r1[bd])
		for j, v := range src1[bd] {
			src1w[bd][j] = csf123One(wt1[bd], v)
		}
	}
	sr0, sr1 := sh0.Score, sh1.Score
	// The decouple of a row's three bands, at a gain limit (the default
	// 100, and the v1 model's 1).
	decouple0Rows := func(k *kernels, egl float64) func() {
		r, a := out16(n0), out16(n0)
		return func() {
			for bd := 0; bd < NumBands; bd++ {
				k.decouple0(r[bd], a[bd], d.o0[bd], d.t0[bd], d.fl0, egl)
			}
		}
	}
	decouple123Rows := func(k *kernels, egl float64) func() {
		r, a := out32(n1), out32(n1)
		return func() {
			for bd := 0; bd < NumBands; bd++ {
				k.decouple123(r[bd], a[bd], d.o1[bd], d.t1[bd], d.fl1, egl)
			}
		}
	}
	kernelsList := []kernel{
		{"dwt0V", func(k *kernels) func() {
			o := out16(w)
			return func() { k.dwt0V(o[0], o[1], d.pix[0], d.pix[1], d.pix[2], d.pix[3], 8, false) }
		}},
		{"dwt0V8", func(k *kernels) func() {
			o := out16(w)
			return func() { k.dwt0V8(o[0], o[1], d.pix8[0], d.pix8[1], d.pix8[2], d.pix8[3], false) }
		}},
		{"dwt0H", func(k *kernels) func() {
			o := out16(w0)
			return func() { k.dwt0H(o[0], o[1], o[2], o[3], d.lo0, d.hi0, 1, w0-2, false) }
		}},
		{"dwt1V", func(k *kernels) func() {
			o := out32(w0)
			return func() { k.dwt1V(o[0], o[1], d.a0[0], d.a0[1], d.a0[2], d.a0[3]) }
		}},
		{"dwt123H", func(k *kernels) func() {
			o := out32(w1)
			return func() { k.dwt123H(o[0], o[1], o[2], o[3], d.lo1, d.hi1, 1, w1-2, hpAdd[1], hpShift[1]) }
		}},
		{"dwt23V", func(k *kernels) func() {
			o := out32(w1)
			return func() { k.dwt23V(o[0], o[1], d.a1[0], d.a1[1], d.a1[2], d.a1[3], 2) }
		}},
		{"angle0", func(k *kernels) func() {
			fl := make([]int32, n0)
			return func() { k.angle0(fl, d.o0[BandH], d.o0[BandV], d.t0[BandH], d.t0[BandV], cos1) }
		}},
		{"decouple0", func(k *kernels) func() { return decouple0Rows(k, egl) }},
		{"decouple0_egl1", func(k *kernels) func() { return decouple0Rows(k, 1) }},
		{"csf0", func(k *kernels) func() {
			f, c := make([]int32, n0), make([]int32, n0)
			return func() { k.csf0(f, c, a0[0], a0[1], a0[2], &wt0) }
		}},
		{"den0", func(k *kernels) func() {
			return func() {
				for bd := 0; bd < NumBands; bd++ {
					k.den0(d.o0[bd][sr0.X0-d.wr0.X0 : sr0.X1-d.wr0.X0])
				}
			}
		}},
		{"cm0", func(k *kernels) func() {
			var inner [NumBands]int64
			thr := make([]int32, w0)
			return func() { k.cm0(&inner, &src0, d.f0, d.c0[1], sr0.X0, sr0.X1, &p0, thr) }
		}},
		{"angle123", func(k *kernels) func() {
			fl := make([]int32, n1)
			return func() { k.angle123(fl, d.o1[BandH], d.o1[BandV], d.t1[BandH], d.t1[BandV], cos1) }
		}},
		{"decouple123", func(k *kernels) func() { return decouple123Rows(k, egl) }},
		{"decouple123_egl1", func(k *kernels) func() { return decouple123Rows(k, 1) }},
		{"csf123", func(k *kernels) func() {
			f, c := make([]int32, n1), make([]int32, n1)
			return func() { k.csf123(f, c, a1[0], a1[1], a1[2], &wt1) }
		}},
		{"csf123w", func(k *kernels) func() {
			if k.csf123w == nil {
				return nil
			}
			f, c := make([]int32, n1), make([]int32, n1)
			s := out32(n1)
			for bd := 0; bd < NumBands; bd++ {
				copy(s[bd], a1[bd])
			}
			// Weighing in place shrinks the bands op by op; the kernel's
			// time does not depend on their values.
			return func() { k.csf123w(f, c, s[0], s[1], s[2], &wt1) }
		}},
		{"den123", func(k *kernels) func() {
			return func() {
				for bd := 0; bd < NumBands; bd++ {
					k.den123(d.o1[bd][sr1.X0-d.wr1.X0:sr1.X1-d.wr1.X0], sh1.DenAddSq, sh1.DenSq, sh1.DenAddCub, sh1.DenCub)
				}
			}
		}},
		{"cm123", func(k *kernels) func() {
			var inner [NumBands]int64
			thr := make([]int32, w1)
			return func() { k.cm123(&inner, &src1, d.f1, d.c1[1], sr1.X0, sr1.X1, p1, thr) }
		}},
		{"cm123w", func(k *kernels) func() {
			if k.cm123w == nil {
				return nil
			}
			var inner [NumBands]int64
			thr := make([]int32, w1)
			return func() { k.cm123w(&inner, &src1w, d.f1, d.c1[1], sr1.X0, sr1.X1, p1, thr) }
		}},
	}
	// Barten's DWT and exact decouple (precise.go), on the same rows.
	p32 := func(r []int16) []int32 {
		o := make([]int32, len(r))
		for j, v := range r {
			o[j] = int32(v) << 12
		}
		return o
	}
	q0 := [4][]int32{p32(d.a0[0]), p32(d.a0[1]), p32(d.a0[2]), p32(d.a0[3])}
	kernelsList = append(kernelsList,
		kernel{"preciseV0", func(k *kernels) func() {
			o := out32(w)
			return func() { k.preciseV0(o[0], o[1], d.pix[0], d.pix[1], d.pix[2], d.pix[3], 8) }
		}},
		kernel{"preciseV", func(k *kernels) func() {
			o := out32(w0)
			return func() { k.preciseV(o[0], o[1], q0[0], q0[1], q0[2], q0[3]) }
		}},
		kernel{"preciseH", func(k *kernels) func() {
			o := out32(w1)
			return func() { k.preciseH(o[0], o[1], q0[0], 1, w1-2, preciseTapQ, PreciseHShift(1)) }
		}},
		kernel{"narrow16", func(k *kernels) func() {
			o := out16(w0)
			return func() { k.narrow16(o[0], q0[0]) }
		}},
		kernel{"decoupleExact0", func(k *kernels) func() {
			r, a := out16(n0), out16(n0)
			return func() {
				for bd := 0; bd < NumBands; bd++ {
					k.decoupleExact0(r[bd], a[bd], d.o0[bd], d.t0[bd], d.fl0, egl)
				}
			}
		}})
	for _, kn := range kernelsList {
		b.Run(kn.name, func(b *testing.B) {
			for _, set := range cpu.Supported() {
				step := kn.run(kernelsFor(set))
				if step == nil {
					continue // the set has no such kernel
				}
				b.Run(set.String(), func(b *testing.B) { cpubench.Loop(b, step) })
			}
		})
	}
}
