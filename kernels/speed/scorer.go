package speed

import (
	"fmt"

	"github.com/bandscope/bandscope/kernels/yuv"
)

// FrameResult is one frame's speed_chroma scores and, when asked for, the
// maps they are built from.
type FrameResult struct {
	Frame int
	// U, V and UV as libvmaf reports them: each plane's float score, UV the
	// float mean of the two (or the other plane's score when exactly one
	// plane's covariance is singular), each clipped to speed_max_val.
	U, V, UV float64
	// Planes holds U (0) and V (1) in detail; nil unless keepMaps.
	Planes [2]*PlaneResult
}

// PlaneResult is one chroma plane's SpEED computation.
type PlaneResult struct {
	Score float32 // before speed_max_val clipping
	// Err is libvmaf's channel error: the reference's or the distorted
	// picture's covariance was singular. When exactly one was, Score is 0.
	Err bool
	// RefLocal and DisLocal are the plane after prescaling, the antialias
	// filter, decimation by 16 and local mean subtraction (operating size
	// OpW x OpH, row-major; nil unless keepMaps): the samples whose 5x5
	// neighbourhoods SpEED models.
	RefLocal, DisLocal []float32
	OpW, OpH           int
	// Ref and Dis are est_params' outputs: per-block entropies and
	// variances (Blocks() across and down), eigenvalues, covariance.
	Ref, Dis PlaneStats
	// Contribution is each block's |E_ref w_ref - E_dis w_dis| (0 where
	// both entropies are under the noise floor); Score is its float sum
	// divided by the block count (when both or neither picture is singular;
	// nil otherwise).
	Contribution []float32

	ok [2]bool // est_params succeeded on the reference, the distorted picture
}

// Scorer scores frames. speed_chroma keeps no state between frames.
type Scorer interface {
	Score(frame int, ref, dist *yuv.Picture, keepMaps bool) (*FrameResult, error)
	Close() error
}

// New returns the scalar reference scorer: every stage as libvmaf runs it,
// full-resolution filter included, one picture after the other. It is not
// safe for concurrent use.
func New(cfg *Config) Scorer { return &refScorer{cfg: cfg} }

type refScorer struct {
	cfg *Config
	pl  [2]*planeWork
}

// planeWork is the scratch of one chroma plane.
type planeWork struct {
	buf, tmp, cur []float32
	stride        int
	est           *estimator
	tmpRow        []float32
	needCols      []int
}

func newPlaneWork(c *Config, fast bool) *planeWork {
	d := &c.dim
	aw := max(d.origW, d.scaledW)
	ah := max(d.origH, d.scaledH)
	pw := &planeWork{stride: aw, est: newEstimator(d, fast), tmpRow: make([]float32, aw)}
	if fast && almostOne(c.Prescale) {
		// filterDownscaleFast reads the picture's samples directly and
		// writes the operating-size rows alone (at the full stride): buf
		// and cur hold opH rows, tmp nothing. At 1080p that is 0.25 MB a
		// plane instead of 6 MB, for each of a scorer's workspace sets.
		pw.buf = make([]float32, d.opH*aw)
		pw.cur = make([]float32, d.opH*aw)
		return pw
	}
	pw.buf = make([]float32, aw*ah)
	pw.tmp = make([]float32, aw*ah)
	pw.cur = make([]float32, aw*ah)
	return pw
}

func (s *refScorer) Close() error { return nil }

func (c *Config) check(ref, dist *yuv.Picture) error {
	for _, p := range []*yuv.Picture{ref, dist} {
		if p == nil {
			return fmt.Errorf("speed_chroma: missing picture")
		}
		if p.Width != c.Width || p.Height != c.Height || p.Chroma != c.Chroma || p.BitDepth != c.BitDepth {
			return fmt.Errorf("speed_chroma: picture is %dx%d %v %d-bit, configured for %dx%d %v %d-bit",
				p.Width, p.Height, p.Chroma, p.BitDepth, c.Width, c.Height, c.Chroma, c.BitDepth)
		}
		for pl := 1; pl <= 2; pl++ {
			w, h := p.PlaneSize(pl)
			if n := p.Plane(pl).Len(); n < w*h {
				return fmt.Errorf("speed_chroma: chroma plane %d holds %d samples, a %dx%d plane needs %d", pl, n, w, h, w*h)
			}
		}
	}
	return nil
}

func (s *refScorer) Score(frame int, ref, dist *yuv.Picture, keepMaps bool) (*FrameResult, error) {
	if err := s.cfg.check(ref, dist); err != nil {
		return nil, err
	}
	var prs [2]*PlaneResult
	for p := 0; p < 2; p++ {
		if s.pl[p] == nil {
			s.pl[p] = newPlaneWork(s.cfg, false)
		}
		prs[p] = s.cfg.newPlaneResult()
		for k, pic := range []*yuv.Picture{ref, dist} {
			s.cfg.picture(s.pl[p], pic, p+1, false, keepMaps, prs[p], k)
		}
	}
	return s.cfg.finish(frame, prs, keepMaps), nil
}

func (c *Config) newPlaneResult() *PlaneResult {
	return &PlaneResult{OpW: c.dim.opW, OpH: c.dim.opH}
}

// picture is one picture's half of extract_channel: picture_copy,
// filter_and_downscale and est_params, into pr's Ref (k = 0) or Dis (1).
func (c *Config) picture(pw *planeWork, pic *yuv.Picture, plane int, fast, keep bool, pr *PlaneResult, k int) {
	if fast {
		c.filterDownscaleFast(pw, pic, plane)
	} else {
		c.load(pic, plane, pw.buf, pw.stride)
		c.filterDownscale(pw)
	}
	c.estimate(pw.est, pw.buf, pw.stride, keep, pr, k)
}

// estimate is est_params on one picture's operating-size plane (after the
// local mean subtraction; data at stride) into pr's Ref (k = 0) or Dis
// (1); with keep, the plane is copied into RefLocal or DisLocal.
func (c *Config) estimate(e *estimator, data []float32, stride int, keep bool, pr *PlaneResult, k int) {
	d := &c.dim
	st := &pr.Ref
	if k == 1 {
		st = &pr.Dis
	}
	pr.ok[k] = e.est(d, c.Cov, data, stride, c.SigmaNN, st)
	if keep {
		loc := make([]float32, d.opW*d.opH)
		for i := 0; i < d.opH; i++ {
			copy(loc[i*d.opW:(i+1)*d.opW], data[i*stride:])
		}
		if k == 0 {
			pr.RefLocal = loc
		} else {
			pr.DisLocal = loc
		}
	}
}

// finish is the rest of speed_extract_score and extract_chroma: each
// plane's score (0 when exactly one picture was singular), UV, clipping.
func (c *Config) finish(frame int, prs [2]*PlaneResult, keep bool) *FrameResult {
	d := &c.dim
	r := &FrameResult{Frame: frame}
	for _, pr := range prs {
		okRef, okDis := pr.ok[0], pr.ok[1]
		if okRef != okDis {
			pr.Score = 0 // libvmaf computes no block terms here
		} else {
			if keep {
				pr.Contribution = make([]float32, d.nb)
			}
			pr.Score = score(d, &pr.Ref, &pr.Dis, c.SigmaNN, c.NNFloor, c.WeightMode, pr.Contribution)
		}
		pr.Err = !okRef || !okDis
	}
	r.U, r.V, r.UV = c.combine(prs[0].Score, prs[1].Score, prs[0].Err, prs[1].Err)
	if keep {
		r.Planes = prs
	}
	return r
}

// combine is extract_chroma's ending: the UV score and the clipping to
// speed_max_val (MIN(score, max_val) in double).
func (c *Config) combine(u, v float32, errU, errV bool) (fu, fv, fuv float64) {
	var uv float32
	switch {
	case errU && !errV:
		uv = v
	case errV && !errU:
		uv = u
	default:
		uv = float32(float64(u+v) / 2.0)
	}
	clip := func(x float32) float64 {
		if float64(x) < c.MaxVal {
			return float64(x)
		}
		return c.MaxVal
	}
	return clip(u), clip(v), clip(uv)
}

// load is picture_copy: samples to float, minus 128 after scaling high bit
// depths to 8 bits (a float division by 4, 16 or 256).
func (c *Config) load(pic *yuv.Picture, plane int, dst []float32, stride int) {
	w, h := c.dim.origW, c.dim.origH
	pl := pic.Plane(plane)
	row := make([]uint16, pl.Width)
	var scaler float32
	switch c.BitDepth {
	case 10:
		scaler = 4
	case 12:
		scaler = 16
	case 16:
		scaler = 256
	}
	for i := 0; i < h; i++ {
		srow := pl.Row(i, row)[:w]
		drow := dst[i*stride : i*stride+w]
		if scaler == 0 {
			for j, v := range srow {
				drow[j] = float32(v) + -128
			}
		} else {
			for j, v := range srow {
				drow[j] = float32(v)/scaler + -128
			}
		}
	}
}

// filterDownscale is filter_and_downscale as libvmaf runs it: prescale,
// the antialias filter over the whole scaled plane, decimation by 16, the
// scale-4 filter and the subtraction of that local mean.
func (c *Config) filterDownscale(pw *planeWork) {
	d := &c.dim
	st := pw.stride
	if !almostOne(c.Prescale) {
		copy(pw.tmp, pw.buf)
		scalePlane(c.Method, pw.tmp, d.origW, d.origH, pw.buf, d.scaledW, d.scaledH, st)
	}
	filter1d(c.antialias, pw.buf, st, pw.cur, st, d.scaledW, d.scaledH, pw.tmpRow)
	for i := 0; i < d.opH; i++ {
		for j := 0; j < d.opW; j++ {
			pw.buf[i*st+j] = pw.cur[(i*16)*st+j*16]
		}
	}
	c.localMean(pw)
}

// localMean filters the operating-size plane with the scale-4 Gaussian and
// subtracts the result (subtract_image).
func (c *Config) localMean(pw *planeWork) {
	d := &c.dim
	st := pw.stride
	filter1d(c.local, pw.buf, st, pw.cur, st, d.opW, d.opH, pw.tmpRow)
	for i := 0; i < d.opH; i++ {
		row := pw.buf[i*st : i*st+d.opW]
		for j := range row {
			row[j] -= pw.cur[i*st+j]
		}
	}
}
