package vif

import (
	"github.com/bandscope/bandscope/kernels/yuv"
)

// ScaleMap is one scale's per-pixel information terms (ScaleW x ScaleH,
// row-major): Num and Den are the pixel's numerator and denominator terms
// in log2 units where the reference variance reaches the noise variance
// (log2(1 + g^2 sigma1^2/(sv^2 + 2)) and log2(1 + sigma1^2/2), from
// libvmaf's Q11 table), 1 - sigma2^2/(16384*65025) and 1 elsewhere. Each
// is the pixel's exact integer term converted to float32; the scale's
// numerator and denominator are the sums of the exact terms, not of these
// floats.
type ScaleMap struct {
	W, H     int
	Num, Den []float32
}

// FrameResult is integer VIF on one frame.
type FrameResult struct {
	Frame int

	// Scale is integer_vif_scaleN: the scale's float numerator over its
	// float denominator, in float (0 for scale 0 with vif_skip_scale0).
	Scale [NumScales]float64
	// Num and Den are each scale's numerator and denominator (floats, as
	// libvmaf reports them in debug mode; with vif_skip_scale0 scale 0
	// reads 0 and -1 like libvmaf's integer_vif_num_scale0/den_scale0).
	Num, Den [NumScales]float64
	// Sums are the integer accumulators each scale's Num and Den come from.
	Sums [NumScales]Sums
	// VIF, TotalNum and TotalDen are the debug keys integer_vif,
	// integer_vif_num and integer_vif_den: the double sums of the scales'
	// numerators and denominators (scales 1-3 with vif_skip_scale0).
	VIF, TotalNum, TotalDen float64

	// Maps holds each scale's per-pixel terms when asked (nil for a
	// skipped scale 0).
	Maps [NumScales]*ScaleMap
}

// Scorer computes integer VIF frame by frame. Every implementation gives
// the same bits for every field of FrameResult.
type Scorer interface {
	// Score runs integer VIF on the luma planes of ref and dist. keepMaps
	// fills Maps. The result is the caller's.
	Score(frame int, ref, dist yuv.Plane, keepMaps bool) (*FrameResult, error)
	Close() error
}

// New returns the CPU scalar reference scorer (one plain function per
// stage, whole images at a time). It is not safe for concurrent use.
func New(cfg *Config) Scorer { return &refScorer{cfg: cfg} }

type refScorer struct{ cfg *Config }

func (c *refScorer) Close() error { return nil }

// checkPlane refuses a plane ("reference" or "distorted") of another size
// than cfg's, or with a sample out of its bit depth's range.
func checkPlane(name string, p yuv.Plane, cfg *Config) error {
	if err := CheckSize(name, p, cfg); err != nil {
		return err
	}
	return p.CheckRange("vif", name, cfg.BitDepth)
}

// CheckSize refuses a plane ("reference" or "distorted") of another size
// than cfg's, or one too short for its stride; every scorer checks with it
// (the samples' range is each scorer's own check).
func CheckSize(name string, p yuv.Plane, cfg *Config) error {
	return p.CheckSize("vif", name, cfg.Width, cfg.Height)
}

// compact copies a plane's samples (widened, when the plane is packed)
// into a stride = width image.
func compact(p yuv.Plane) []uint16 {
	out := make([]uint16, p.Width*p.Height)
	for y := 0; y < p.Height; y++ {
		copy(out[y*p.Width:(y+1)*p.Width], p.Row(y, out[y*p.Width:(y+1)*p.Width]))
	}
	return out
}

func (c *refScorer) Score(frame int, ref, dist yuv.Plane, keepMaps bool) (*FrameResult, error) {
	cfg := c.cfg
	if err := checkPlane("reference", ref, cfg); err != nil {
		return nil, err
	}
	if err := checkPlane("distorted", dist, cfg); err != nil {
		return nil, err
	}
	r, d := compact(ref), compact(dist)
	var sums [NumScales]Sums
	res := &FrameResult{Frame: frame}
	for s := 0; s < NumScales; s++ {
		w, h := cfg.ScaleW[s], cfg.ScaleH[s]
		if s > 0 {
			pw, ph := cfg.ScaleW[s-1], cfg.ScaleH[s-1]
			nr, nd := make([]uint16, w*h), make([]uint16, w*h)
			Subsample(r, d, pw, ph, s-1, cfg.BitDepth, nr, nd)
			r, d = nr, nd
		}
		if s == 0 && cfg.SkipScale0 {
			continue
		}
		m := NewMoments(w * h)
		StatVertical(r, d, w, h, s, cfg.BitDepth, m)
		sg := NewSigmas(w * h)
		StatHorizontal(m, w, h, s, sg)
		var mn, md []float32
		if keepMaps {
			mn, md = make([]float32, w*h), make([]float32, w*h)
			res.Maps[s] = &ScaleMap{W: w, H: h, Num: mn, Den: md}
		}
		sums[s] = Accumulate(sg, cfg.EnhnGainLimit, mn, md)
	}
	FinishFrame(cfg, res, &sums)
	return res, nil
}

// FinishFrame turns the scales' sums into the frame's values, in
// libvmaf's order and precision (write_scores). Every scorer ends with it,
// the GPU's included, so the floats of FrameResult have one source.
func FinishFrame(cfg *Config, res *FrameResult, sums *[NumScales]Sums) {
	res.Sums = *sums
	var num, den [NumScales]float32
	for s := 0; s < NumScales; s++ {
		num[s], den[s] = sums[s].Finish()
		res.Num[s], res.Den[s] = float64(num[s]), float64(den[s])
		res.Scale[s] = float64(num[s] / den[s])
	}
	if cfg.SkipScale0 {
		res.Scale[0] = 0
		res.Num[0], res.Den[0] = 0, -1
		res.Sums[0] = Sums{}
		res.TotalNum = float64(num[1]) + float64(num[2]) + float64(num[3])
		res.TotalDen = float64(den[1]) + float64(den[2]) + float64(den[3])
	} else {
		res.TotalNum = float64(num[0]) + float64(num[1]) + float64(num[2]) + float64(num[3])
		res.TotalDen = float64(den[0]) + float64(den[1]) + float64(den[2]) + float64(den[3])
	}
	res.VIF = 1
	if res.TotalDen != 0 {
		res.VIF = res.TotalNum / res.TotalDen
	}
}
