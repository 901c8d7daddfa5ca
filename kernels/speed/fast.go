package speed

import (
	"math"
	"sync"

	"github.com/bandscope/bandscope/kernels/cpu"
	"github.com/bandscope/bandscope/kernels/yuv"
)

// Options choose how the fast CPU scorer runs (kernel set, threads, a
// shared limiter); none of them changes a bit of the results.
type Options = cpu.Options

// NewCPU returns the fast CPU scorer. It does the reference's float
// operations in the reference's order, with three changes of work that
// change no bit: the antialias filter is evaluated only at the samples the
// decimation by 16 keeps (each output depends only on its neighbourhood),
// the covariance sums reuse each sample's difference from its mean and run
// four pairs side by side (C order only; the AVX orders use the
// reference's code), and the QR products skip zero terms (matMulSparse).
// The four pictures of a frame (U and V of the reference and the distorted
// clip) are estimated in parallel. It is safe for concurrent use; its
// results, maps included, are identical to New's.
func NewCPU(cfg *Config, o Options) Scorer {
	o = o.Resolve()
	return &fastScorer{cfg: cfg, opt: o, k: kernelsFor(o.Kernels)}
}

type fastScorer struct {
	cfg  *Config
	opt  Options
	k    *kernels
	mu   sync.Mutex
	free []*[4]*planeWork
}

func (f *fastScorer) Close() error { return nil }

func (f *fastScorer) Score(frame int, ref, dist *yuv.Picture, keepMaps bool) (*FrameResult, error) {
	c := f.cfg
	if err := c.check(ref, dist); err != nil {
		return nil, err
	}
	f.mu.Lock()
	var ws *[4]*planeWork
	if n := len(f.free); n > 0 {
		ws, f.free = f.free[n-1], f.free[:n-1]
	}
	f.mu.Unlock()
	if ws == nil {
		ws = new([4]*planeWork)
		for i := range ws {
			ws[i] = newPlaneWork(c, true)
			ws[i].est.useKernels(f.k)
		}
	}
	prs := [2]*PlaneResult{c.newPlaneResult(), c.newPlaneResult()}
	pics := [2]*yuv.Picture{ref, dist}
	cpu.For(f.opt.Limiter, 4, func(i int) {
		p, k := i/2, i%2
		c.picture(ws[i], pics[k], p+1, true, keepMaps, prs[p], k)
	})
	f.mu.Lock()
	f.free = append(f.free, ws)
	f.mu.Unlock()
	return c.finish(frame, prs, keepMaps), nil
}

// filterDownscaleFast is filterDownscale computing only rows and columns
// 0, 16, 32, ... of the antialias filter's output: the vertical pass at
// the kept rows for the columns their horizontal taps reach, the
// horizontal pass at the kept columns. Without prescaling it reads the
// picture's samples directly through a table of picture_copy's floats.
func (c *Config) filterDownscaleFast(pw *planeWork, pic *yuv.Picture, plane int) {
	d := &c.dim
	st := pw.stride
	f := c.antialias
	r := len(f) / 2
	w, h := d.scaledW, d.scaledH
	vert := pw.tmpRow[:w]
	need := pw.need(w, d.opW, r)
	out := pw.cur // the decimated result, opH x opW at stride st
	direct := almostOne(c.Prescale)
	var samples []uint16
	var samples8 []uint8
	var sstride int
	if direct {
		samples, samples8 = pic.Planes[plane], pic.Packed[plane]
		sstride, _ = pic.PlaneSize(plane)
	} else {
		c.load(pic, plane, pw.buf, st)
		copy(pw.tmp, pw.buf)
		scalePlane(c.Method, pw.tmp, d.origW, d.origH, pw.buf, d.scaledW, d.scaledH, st)
	}
	lut := c.lut
	// A vector twin filters every column of the row (fewer operations
	// than the needed columns one by one through the table).
	var vfilt func(vert []float32, samples []uint16, offs []int, taps []float32, scale, offset float32)
	var vfilt8 func(vert []float32, samples []uint8, offs []int, taps []float32, scale, offset float32)
	k := pw.est.kern
	if k == nil {
		k = scalarKernels
	}
	switch {
	case direct && samples8 != nil:
		// A packed picture takes the vector pass, in Go at the least:
		// the table loop below reads uint16 samples.
		vfilt8 = k.vfilt8
		if vfilt8 == nil {
			vfilt8 = vfiltGo[uint8]
		}
	case direct && k.vfilt != nil:
		vfilt = k.vfilt
	}
	var offs []int
	var scale, offset float32
	if vfilt != nil || vfilt8 != nil {
		offs = make([]int, len(f))
		scale, offset = sampleScale(c.BitDepth)
	}
	for i := 0; i < d.opH; i++ {
		y := i * 16
		if vfilt != nil || vfilt8 != nil {
			for k := range f {
				offs[k] = mirrorIdx(y-r+k, h) * sstride
			}
			if vfilt8 != nil {
				vfilt8(vert, samples8, offs, f, scale, offset)
			} else {
				vfilt(vert, samples, offs, f, scale, offset)
			}
		} else {
			for _, j := range need {
				vert[j] = 0
			}
			// Tap by tap over the needed columns: each column still adds
			// its products in tap order, starting from zero.
			for k, fk := range f {
				ii := mirrorIdx(y-r+k, h)
				if direct {
					row := samples[ii*sstride:]
					for _, j := range need {
						vert[j] += float32(fk * lut[row[j]])
					}
				} else {
					row := pw.buf[ii*st:]
					for _, j := range need {
						vert[j] += float32(fk * row[j])
					}
				}
			}
		}
		orow := out[i*st : i*st+d.opW]
		for jo := range orow {
			x := jo * 16
			var acc float32
			if x >= r && x+r < w {
				taps := vert[x-r : x+r+1]
				for k, fk := range f {
					acc += float32(fk * taps[k])
				}
			} else {
				for k, fk := range f {
					acc += float32(fk * vert[mirrorIdx(x-r+k, w)])
				}
			}
			orow[jo] = acc
		}
	}
	for i := 0; i < d.opH; i++ {
		copy(pw.buf[i*st:i*st+d.opW], out[i*st:i*st+d.opW])
	}
	c.localMean(pw)
}

// sampleTable is picture_copy's float for every uint16 (every value a
// picture can hold, so a sample above the bit depth's range reads the
// float libvmaf would compute, never outside the table).
func sampleTable(bitDepth int) []float32 {
	t := make([]float32, 1<<16)
	var scaler float32
	switch bitDepth {
	case 10:
		scaler = 4
	case 12:
		scaler = 16
	case 16:
		scaler = 256
	}
	for v := range t {
		if scaler == 0 {
			t[v] = float32(v) + -128
		} else {
			t[v] = float32(v)/scaler + -128
		}
	}
	return t
}

// need lists (once per plane size) the vertical-pass columns that the
// horizontal taps around columns 0, 16, 32, ... read.
func (pw *planeWork) need(w, opW, r int) []int {
	if pw.needCols != nil {
		return pw.needCols
	}
	pw.needCols = keptColumns(w, opW, r)
	return pw.needCols
}

// covarianceFast is covariance in the C kernel's order with the work
// rearranged: every sample's double difference from its submatrix mean is
// computed once (the scalar kernel recomputes the same value for each
// pair), and four pairs are summed at a time in separate chains, each
// adding its products in the same sequence as compute_cov_kernel_scalar.
func (d *dims) covarianceFast(data []float32, stride int, k []float32, cen *[BlockElems][]float64) {
	n := d.subW * d.subH
	for e := 0; e < BlockElems; e++ {
		r, c := e/BlockSize, e%BlockSize
		m := float64(d.mean(data, stride, r, c))
		if len(cen[e]) != n {
			cen[e] = make([]float64, n)
		}
		ce := cen[e]
		for i := 0; i < d.subH; i++ {
			row := data[(r+i)*stride+c : (r+i)*stride+c+d.subW]
			out := ce[i*d.subW : (i+1)*d.subW]
			for j, v := range row {
				out[j] = float64(v) - m
			}
		}
	}
	nf := float64(n)
	set := func(xi, yi int, s float64) {
		v := float32(s / nf)
		k[xi*BlockElems+yi] = v
		k[yi*BlockElems+xi] = v
	}
	for xi := 0; xi < BlockElems; xi++ {
		cx := cen[xi][:n]
		yi := 0
		for ; yi+3 <= xi; yi += 4 {
			c0, c1, c2, c3 := cen[yi][:n], cen[yi+1][:n], cen[yi+2][:n], cen[yi+3][:n]
			var s0, s1, s2, s3 float64
			for t, x := range cx {
				s0 += float64(x * c0[t])
				s1 += float64(x * c1[t])
				s2 += float64(x * c2[t])
				s3 += float64(x * c3[t])
			}
			set(xi, yi, s0)
			set(xi, yi+1, s1)
			set(xi, yi+2, s2)
			set(xi, yi+3, s3)
		}
		for ; yi <= xi; yi++ {
			cy := cen[yi][:n]
			var s float64
			for t, x := range cx {
				s += float64(x * cy[t])
			}
			set(xi, yi, s)
		}
	}
}

// matMulSparse is matMul skipping the terms whose left factor is zero.
// That changes no bit when y is finite: such a product is a signed zero,
// and the running sum, which starts at +0, can never be -0 (x + -x is +0
// when rounding to nearest), so adding a signed zero leaves it as it is.
// The Householder matrices of the QR step are the identity outside their
// trailing block, so most terms are skipped.
func matMulSparse(dst, x, y []float32, n, m int) {
	for _, v := range y[:n*m] {
		if math.IsInf(float64(v), 0) || v != v {
			matMul(dst, x, y, n, m)
			return
		}
	}
	for i := range dst[:n*m] {
		dst[i] = 0
	}
	for i := 0; i < n; i++ {
		drow := dst[i*m : i*m+m]
		for k := 0; k < n; k++ {
			xik := x[i*n+k]
			if xik == 0 {
				continue
			}
			yrow := y[k*m : k*m+m]
			for j := range drow {
				drow[j] += float32(xik * yrow[j])
			}
		}
	}
}
