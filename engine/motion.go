package engine

import (
	"fmt"

	"github.com/bandscope/bandscope/engine/feature"
	"github.com/bandscope/bandscope/engine/yuv"
	"github.com/bandscope/bandscope/kernels/motion"
)

// motionExtractor is integer motion: temporal, on the reference's luma. In
// a run, the worker scoring frame n computes its SAD (the run keeps the
// reference pictures it compares with decoded, refLag); the ordered
// collector only pushes the SADs, in frame order, through the temporal
// recipe (motion.Sums), so no picture is copied and the collector does no
// per-pixel work.
type motionExtractor struct {
	opts *feature.Values
	cfg  *motion.Config
	sums *motion.Sums
	fast *motion.FastSAD // every SAD: the run's workers and Session.Frame's random access
}

// motionSAD is a run's per-frame result: the frame's raw SAD.
type motionSAD uint64

func openMotion(o opening) (extractor, error) {
	cfg, err := motion.NewConfig(o.opts, o.ref.Width, o.ref.Height, o.ref.BitDepth)
	if err != nil {
		return nil, err
	}
	// No GPU twin yet: motion runs on the CPU on every backend.
	mo := motion.Options{Kernels: o.cpuKernels(), Threads: o.b.threads, Limiter: o.b.limiter}
	return &motionExtractor{opts: o.opts, cfg: cfg, sums: motion.NewSums(cfg), fast: motion.NewFastSAD(cfg, mo)}, nil
}

// refLag is how many frames back a run must keep the reference pictures
// for this feature's workers: the SAD's stride (0 with motion_force_zero,
// which computes nothing).
func (x *motionExtractor) refLag() int {
	if x.cfg.ForceZero {
		return 0
	}
	return x.cfg.Stride()
}

// score computes, in a run, frame n's raw SAD from the reference picture
// the run kept (prevRefs); the temporal recipe runs in emit, in frame
// order. Session.Frame (keepMaps) scores frame n by random access to the
// reference pictures it needs.
func (x *motionExtractor) score(fr *FrameResult, keepMaps bool) (any, error) {
	if !keepMaps || fr.refAt == nil {
		n := fr.Frame
		if !x.sums.Needed(n) {
			return motionSAD(0), nil
		}
		prev := fr.prevRefs[n-x.sums.Compared(n)-1]
		if prev == nil {
			return nil, fmt.Errorf("motion: frame %d: the reference picture of frame %d was not kept", n, x.sums.Compared(n))
		}
		return motionSAD(x.fast.SAD(prev.Luma(), fr.Ref.Luma(), nil)), nil
	}
	n, total := fr.Frame, fr.frames
	if total < 0 {
		total = n + 2 // a stream of unknown length: assume it goes on
	}
	var err error
	plane := func(j int) yuv.Plane {
		if err != nil {
			return yuv.Plane{}
		}
		var p yuv.Plane
		p, err = fr.refAt(j)
		return p
	}
	res := &motion.FrameResult{Frame: n, Compared: -1}
	sad := func(j int) float64 {
		if j < x.cfg.MinIndex() || x.cfg.ForceZero {
			return 0
		}
		prev, cur := plane(j-x.cfg.Stride()), plane(j)
		if err != nil {
			return 0
		}
		var diff []int32
		if j == n {
			res.W, res.H = x.cfg.Width, x.cfg.Height
			diff = make([]int32, res.W*res.H)
			res.Diff, res.Compared = diff, j-x.cfg.Stride()
		}
		raw := x.fast.SAD(prev, cur, diff)
		if j == n {
			res.RawSAD = raw
		}
		return x.cfg.Score(raw)
	}
	res.SAD = sad(n)
	res.Motion2, res.Motion3 = x.cfg.At(n, total, sad)
	if err != nil {
		return nil, err
	}
	return res, nil
}

func (x *motionExtractor) attach(fr *FrameResult, r any) {
	if m, ok := r.(*motion.FrameResult); ok && fr.Motion == nil {
		fr.Motion = m
	}
}

func (x *motionExtractor) metrics(r any) []feature.Metric {
	if m, ok := r.(*motion.FrameResult); ok {
		return m.Metrics(x.opts)
	}
	return nil
}

func (x *motionExtractor) emit(fr *FrameResult, r any) ([]frameMetrics, error) {
	raw, ok := r.(motionSAD)
	if !ok {
		return nil, fmt.Errorf("motion: frame %d has no SAD", fr.Frame)
	}
	rs, err := x.sums.Push(fr.Frame, uint64(raw))
	if err != nil {
		return nil, err
	}
	return x.final(rs), nil
}

func (x *motionExtractor) final(rs []*motion.FrameResult) []frameMetrics {
	out := make([]frameMetrics, len(rs))
	for i, r := range rs {
		out[i] = frameMetrics{r.Frame, r.Metrics(x.opts)}
	}
	return out
}

func (x *motionExtractor) flush() ([]frameMetrics, error) {
	rs, err := x.sums.Flush()
	return x.final(rs), err
}

func (x *motionExtractor) finish() error { return nil }
func (x *motionExtractor) abort()        {}
func (x *motionExtractor) close() error  { return x.sums.Close() }
