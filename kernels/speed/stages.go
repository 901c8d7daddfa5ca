package speed

import (
	"fmt"
	"sync"

	"github.com/bandscope/bandscope/kernels/cpu"
	"github.com/bandscope/bandscope/kernels/yuv"
)

// This file splits SpEED at the operating-size planes for a twin that
// computes them elsewhere (the GPU's speed_*.wgsl): Downscale describes
// picture_copy, the prescaler and filter_and_downscale with the CPU's own
// tables and taps, and Estimator runs everything after (est_params,
// get_speed_score, extract_chroma) with the CPU's code.

// Downscale is what a twin of picture_copy, the prescaler and
// filter_and_downscale needs, built by the same functions the CPU scorers
// use.
type Downscale struct {
	PlaneW, PlaneH   int // the chroma area read (Config.PlaneSize)
	ScaledW, ScaledH int // after speed_prescale
	OpW, OpH         int // after the decimation by 16
	// Prescale: the prescaler runs (the antialias filter then reads its
	// output); otherwise the filter reads picture_copy's floats directly.
	Prescale bool
	Method   Method
	X, Y     []ScaleTap // the prescaler's columns (ScaledW) and rows (ScaledH); nil without Prescale
	// Antialias and Local are the two Gaussian filters' taps.
	Antialias, Local []float32
	// Samples is picture_copy's float for every uint16 sample value.
	Samples []float32
	// Kept lists, increasing, the scaled plane's columns whose vertical
	// antialias output the horizontal taps at columns 0, 16, 32... read.
	Kept []int
}

// Downscale describes this configuration's first stages for a twin.
func (c *Config) Downscale() *Downscale {
	d := &c.dim
	ds := &Downscale{
		PlaneW: d.origW, PlaneH: d.origH, ScaledW: d.scaledW, ScaledH: d.scaledH, OpW: d.opW, OpH: d.opH,
		Method:    c.Method,
		Antialias: append([]float32(nil), c.antialias...),
		Local:     append([]float32(nil), c.local...),
		Samples:   append([]float32(nil), c.lut...),
		Kept:      keptColumns(d.scaledW, d.opW, len(c.antialias)/2),
	}
	// filterDownscale scales unless the prescale is almost 1, and
	// scalePlane copies equal sizes.
	if !almostOne(c.Prescale) && (d.origW != d.scaledW || d.origH != d.scaledH) {
		ds.Prescale = true
		ds.X = scaleAxis(c.Method, d.origW, d.scaledW)
		ds.Y = scaleAxis(c.Method, d.origH, d.scaledH)
	}
	return ds
}

// keptColumns lists the vertical-pass columns that the horizontal
// antialias taps (radius r) around columns 0, 16, 32, ... of a w-wide
// plane read, for opW kept columns.
func keptColumns(w, opW, r int) []int {
	mark := make([]bool, w)
	for jo := 0; jo < opW; jo++ {
		for k := -r; k <= r; k++ {
			mark[mirrorIdx(jo*16+k, w)] = true
		}
	}
	var cols []int
	for j, m := range mark {
		if m {
			cols = append(cols, j)
		}
	}
	return cols
}

// Estimator finishes frames from operating-size planes computed elsewhere:
// est_params on each of the four pictures (in parallel, with the fast
// scorer's code), then get_speed_score and extract_chroma. Its results are
// NewCPU's bits for the same planes. It is safe for concurrent use.
type Estimator struct {
	cfg  *Config
	opt  Options
	mu   sync.Mutex
	free []*[4]*estimator
}

// NewEstimator returns an Estimator for cfg.
func NewEstimator(cfg *Config, o Options) *Estimator {
	o = o.Resolve()
	return &Estimator{cfg: cfg, opt: o}
}

// Score finishes one frame. local[p][k] is plane p's (0 U, 1 V) picture k
// (0 reference, 1 distorted) after the local mean subtraction: OpW x OpH
// floats, row-major. With keepMaps they are copied into the maps.
func (e *Estimator) Score(frame int, local *[2][2][]float32, keepMaps bool) (*FrameResult, error) {
	c := e.cfg
	n := c.dim.opW * c.dim.opH
	for p := range local {
		for k := range local[p] {
			if len(local[p][k]) != n {
				return nil, fmt.Errorf("speed_chroma: plane %d picture %d has %d samples, want %dx%d", p, k, len(local[p][k]), c.dim.opW, c.dim.opH)
			}
		}
	}
	e.mu.Lock()
	var ws *[4]*estimator
	if m := len(e.free); m > 0 {
		ws, e.free = e.free[m-1], e.free[:m-1]
	}
	e.mu.Unlock()
	if ws == nil {
		ws = new([4]*estimator)
		for i := range ws {
			ws[i] = newEstimator(&c.dim, true)
		}
	}
	prs := [2]*PlaneResult{c.newPlaneResult(), c.newPlaneResult()}
	cpu.For(e.opt.Limiter, 4, func(i int) {
		p, k := i/2, i%2
		c.estimate(ws[i], local[p][k], c.dim.opW, keepMaps, prs[p], k)
	})
	e.mu.Lock()
	e.free = append(e.free, ws)
	e.mu.Unlock()
	return c.finish(frame, prs, keepMaps), nil
}

// Check refuses pictures that do not match the configuration, as every
// scorer does before scoring.
func (c *Config) Check(ref, dist *yuv.Picture) error { return c.check(ref, dist) }
