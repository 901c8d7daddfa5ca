package adm

import (
	"fmt"
	"math"

	"github.com/bandscope/bandscope/kernels/yuv"
)

// Band is one orientation band of one scale.
type Band struct {
	// Num is the band's contrast-masked term (cube root of its masked sum
	// plus the noise floor) and Den its CSF-weighted reference term, in
	// float as libvmaf computes them: the scale's numerator is
	// (Num[h] + Num[v]) + Num[d] in float, likewise the denominator.
	Num, Den float64
	// AIM is the band's term of the AIM numerator (0 with adm_skip_aim).
	AIM float64

	// The maps (W*H each, row-major, zero outside the scored window; nil
	// unless kept): the CSF-weighted restored coefficient, the CSF-weighted
	// additive impairment and the masking threshold, in float ADM's units
	// (band value times its CSF weight).
	W, H                          int
	Restored, Additive, Threshold []float32
}

// FrameResult is integer ADM on one frame.
type FrameResult struct {
	Frame int

	ADM2, AIM, ADM3 float64 // integer_adm2, integer_aim, integer_adm3
	Scale           [NumScales]float64
	Num, Den        float64
	NumScale        [NumScales]float64
	DenScale        [NumScales]float64
	AIMScale        [NumScales]float64

	Bands [NumScales][NumBands]Band
}

// Scorer computes integer ADM frame by frame. Implementations: the CPU
// scalar reference (New) and the GPU backend; all give the same bits for
// every field of FrameResult.
type Scorer interface {
	// Score runs integer ADM on the luma planes of ref and dist. keepMaps
	// fills the maps of every band. The result is the caller's.
	Score(frame int, ref, dist yuv.Plane, keepMaps bool) (*FrameResult, error)
	Close() error
}

// New returns the CPU scalar reference scorer. It is not safe for
// concurrent use; make one per goroutine.
func New(cfg *Config) Scorer { return &refScorer{cfg: cfg, bufs: newBuffers(cfg)} }

type refScorer struct {
	cfg  *Config
	bufs *buffers
}

type buffers struct {
	ref0, dis0   *Bands16
	r0, a0       [NumBands][]int16
	csfA0, csfF0 [NumBands][]int16
	ref, dis     [NumScales]*Bands32 // scales 1-3; [0] holds scale 0's approximation widened
	r, a         [NumBands][]int32
	csfA, csfF   [NumBands][]int32
	maps         CMMaps
	scratch      []int32
}

func alloc16(n int) (b [NumBands][]int16) {
	for i := range b {
		b[i] = make([]int16, n)
	}
	return
}

func alloc32(n int) (b [NumBands][]int32) {
	for i := range b {
		b[i] = make([]int32, n)
	}
	return
}

func newBuffers(c *Config) *buffers {
	w0, h0 := c.BandW[0], c.BandH[0]
	n := w0 * h0
	b := &buffers{
		ref0: NewBands16(w0, h0), dis0: NewBands16(w0, h0),
		r0: alloc16(n), a0: alloc16(n), csfA0: alloc16(n), csfF0: alloc16(n),
		r: alloc32(n), a: alloc32(n), csfA: alloc32(n), csfF: alloc32(n),
		scratch: make([]int32, n),
	}
	b.ref[0] = &Bands32{W: w0, H: h0, A: make([]int32, n)}
	b.dis[0] = &Bands32{W: w0, H: h0, A: make([]int32, n)}
	for s := 1; s < NumScales; s++ {
		b.ref[s] = NewBands32(c.BandW[s], c.BandH[s])
		b.dis[s] = NewBands32(c.BandW[s], c.BandH[s])
	}
	for i := range b.maps.X {
		b.maps.X[i] = make([]int32, n)
		b.maps.Thr[i] = make([]int32, n)
	}
	return b
}

func (c *refScorer) Close() error { c.bufs = nil; return nil }

// checkPlane refuses a plane ("reference" or "distorted") of another size
// than cfg's, or with a sample out of its bit depth's range.
func checkPlane(name string, p yuv.Plane, cfg *Config) error {
	if err := checkSize(name, p, cfg); err != nil {
		return err
	}
	return p.CheckRange("adm", name, cfg.BitDepth)
}

// checkSize is checkPlane without the range check (which the fast scorer
// does on the rows as its first pass reads them).
func checkSize(name string, p yuv.Plane, cfg *Config) error {
	if p.Pix8 != nil && cfg.BitDepth != 8 {
		return fmt.Errorf("adm: %s luma holds packed 8-bit samples, configured for %d-bit input", name, cfg.BitDepth)
	}
	return p.CheckSize("adm", name, cfg.Width, cfg.Height)
}

func (c *refScorer) Score(frame int, ref, dist yuv.Plane, keepMaps bool) (*FrameResult, error) {
	cfg := c.cfg
	if err := checkPlane("reference", ref, cfg); err != nil {
		return nil, err
	}
	if err := checkPlane("distorted", dist, cfg); err != nil {
		return nil, err
	}
	if c.bufs == nil {
		c.bufs = newBuffers(cfg)
	}
	// The reference reads uint16 samples: a packed plane is widened.
	ref, dist = ref.Widened(), dist.Widened()
	b := c.bufs
	res := &FrameResult{Frame: frame}
	var maps *CMMaps
	if keepMaps {
		maps = &b.maps
	}
	var terms [NumScales]scaleTerms
	for s := 0; s < NumScales; s++ {
		var numB, denB, aimB [NumBands]float32
		w, h := cfg.BandW[s], cfg.BandH[s]
		if s == 0 {
			if cfg.Precise {
				PreciseDWT0(b.ref0, b.ref[0].A, ref.Pix, ref.Stride, cfg.Width, cfg.Height, cfg.BitDepth)
				PreciseDWT0(b.dis0, b.dis[0].A, dist.Pix, dist.Stride, cfg.Width, cfg.Height, cfg.BitDepth)
			} else {
				DWT0(b.ref0, ref.Pix, ref.Stride, cfg.Width, cfg.Height, cfg.BitDepth, cfg.SkipScale0)
				DWT0(b.dis0, dist.Pix, dist.Stride, cfg.Width, cfg.Height, cfg.BitDepth, cfg.SkipScale0)
				for i, v := range b.ref0.A {
					b.ref[0].A[i] = int32(v)
				}
				for i, v := range b.dis0.A {
					b.dis[0].A[i] = int32(v)
				}
			}
			if !cfg.SkipScale0 {
				if cfg.Precise {
					DecoupleExact0(b.ref0, b.dis0, &b.r0, &b.a0, cfg.EnhnGainLimit, cfg.cos1degSq)
				} else {
					Decouple0(b.ref0, b.dis0, &b.r0, &b.a0, cfg.EnhnGainLimit, cfg.cos1degSq)
				}
				denB = Den0(b.ref0, cfg.Factor[0], cfg.NoiseWeight)
				CSF0(&b.a0, w, h, cfg.Weight[0], &b.csfA0, &b.csfF0)
				numB = cm0(&b.r0, &b.csfA0, &b.csfF0, w, h, cfg.Weight[0], cfg.Norm[0], cfg.NoiseWeight, maps, b.scratch)
				if keepMaps {
					c.keep(res, 0, w, h, func(band int) []float32 { return widen16(b.csfA0[band], w, h) })
				}
				if !cfg.SkipAIM {
					CSF0(&b.r0, w, h, cfg.Weight[0], &b.csfA0, &b.csfF0)
					aimB = cm0(&b.a0, &b.csfA0, &b.csfF0, w, h, cfg.Weight[0], cfg.Norm[0], 0, nil, b.scratch)
				}
			}
		} else {
			if cfg.Precise {
				PreciseDWT123(b.ref[s], b.ref[s-1].A, b.ref[s-1].W, cfg.BandW[s-1], cfg.BandH[s-1], s)
				PreciseDWT123(b.dis[s], b.dis[s-1].A, b.dis[s-1].W, cfg.BandW[s-1], cfg.BandH[s-1], s)
				DecoupleExact123(b.ref[s], b.dis[s], &b.r, &b.a, cfg.EnhnGainLimit, cfg.cos1degSq)
			} else {
				DWT123(b.ref[s], b.ref[s-1].A, b.ref[s-1].W, cfg.BandW[s-1], cfg.BandH[s-1], s)
				DWT123(b.dis[s], b.dis[s-1].A, b.dis[s-1].W, cfg.BandW[s-1], cfg.BandH[s-1], s)
				Decouple123(b.ref[s], b.dis[s], &b.r, &b.a, cfg.EnhnGainLimit, cfg.cos1degSq)
			}
			if cfg.Precise {
				denB = DenExact123(b.ref[s], s, cfg.Factor[s], cfg.NoiseWeight)
			} else {
				denB = Den123(b.ref[s], s, cfg.Factor[s], cfg.NoiseWeight)
			}
			CSF123(&b.a, w, h, cfg.Weight[s], &b.csfA, &b.csfF)
			numB = cm123(&b.r, &b.csfA, &b.csfF, w, h, s, cfg.Weight[s], cfg.Norm[s], cfg.NoiseWeight, maps, b.scratch)
			if keepMaps {
				c.keep(res, s, w, h, func(band int) []float32 { return widen32(b.csfA[band], w, h) })
			}
			if !cfg.SkipAIM {
				CSF123(&b.r, w, h, cfg.Weight[s], &b.csfA, &b.csfF)
				aimB = cm123(&b.a, &b.csfA, &b.csfF, w, h, s, cfg.Weight[s], cfg.Norm[s], 0, nil, b.scratch)
			}
		}
		terms[s] = scaleTerms{num: numB, den: denB, aim: aimB}
	}
	finishFrame(cfg, res, &terms)
	return res, nil
}

// scaleTerms are one scale's band terms.
type scaleTerms struct{ num, den, aim [NumBands]float32 }

// finishFrame combines the band terms of every scale into the frame's
// scores, in libvmaf's order (float sums per scale, double over scales).
func finishFrame(cfg *Config, res *FrameResult, terms *[NumScales]scaleTerms) {
	var num, den, aimNum float64
	for s := 0; s < NumScales; s++ {
		numB, denB, aimB := terms[s].num, terms[s].den, terms[s].aim
		numS := numB[0] + numB[1] + numB[2]
		denS := denB[0] + denB[1] + denB[2]
		aimS := aimB[0] + aimB[1] + aimB[2]
		if s == 0 && cfg.SkipScale0 {
			denS = 1e-10 // libvmaf's guard against 0/0
		}
		for band := 0; band < NumBands; band++ {
			bd := &res.Bands[s][band]
			bd.Num, bd.Den, bd.AIM = float64(numB[band]), float64(denB[band]), float64(aimB[band])
		}
		res.NumScale[s], res.DenScale[s], res.AIMScale[s] = float64(numS), float64(denS), float64(aimS)
		res.Scale[s] = float64(numS) / float64(denS)
		num += float64(numS)
		den += float64(denS)
		aimNum += float64(aimS)
	}
	limit := 1e-10 * float64(cfg.Width*cfg.Height) / (1920.0 * 1080.0)
	if num < limit {
		num = 0
	}
	if den < limit {
		den = 0
	}
	if den == 0 {
		// libvmaf leaves AIM unset here; Bandscope reports 0.
		res.ADM2 = 1
	} else {
		res.AIM = aimNum / den
		res.ADM2 = num / den
	}
	res.Num, res.Den = num, den
	adm3 := float64(res.ADM2*cfg.DLMWeight) + float64((1-res.AIM)*(1-cfg.DLMWeight))
	res.ADM3 = adm3
	if !(adm3 > cfg.MinVal) {
		res.ADM3 = cfg.MinVal
	}
}

// keep copies the masking maps of one scale into the result.
func (c *refScorer) keep(res *FrameResult, s, w, h int, additive func(band int) []float32) {
	cfg := c.cfg
	sr := ScoreRect(w, h)
	for band := 0; band < NumBands; band++ {
		xe, ae := MapExp(s, band, cfg.Norm[s])
		xs := float32(math.Ldexp(1, -xe))
		bd := &res.Bands[s][band]
		bd.W, bd.H = w, h
		bd.Restored = make([]float32, w*h)
		bd.Threshold = make([]float32, w*h)
		for i := sr.Y0; i < sr.Y1; i++ {
			for j := sr.X0; j < sr.X1; j++ {
				k := i*w + j
				bd.Restored[k] = float32(c.bufs.maps.X[band][k]) * xs
				bd.Threshold[k] = float32(c.bufs.maps.Thr[band][k]) * xs
			}
		}
		add := additive(band)
		as := float32(math.Ldexp(1, -ae))
		bd.Additive = make([]float32, w*h)
		for i := sr.Y0; i < sr.Y1; i++ {
			for j := sr.X0; j < sr.X1; j++ {
				bd.Additive[i*w+j] = add[i*w+j] * as
			}
		}
	}
}

func widen16(v []int16, w, h int) []float32 {
	out := make([]float32, w*h)
	for i := range out {
		out[i] = float32(v[i])
	}
	return out
}

func widen32(v []int32, w, h int) []float32 {
	out := make([]float32, w*h)
	for i := range out {
		out[i] = float32(v[i])
	}
	return out
}
