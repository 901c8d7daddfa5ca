package engine

import (
	"errors"
	"fmt"
	"sync"

	"github.com/bandscope/bandscope/engine/recent"
	"github.com/bandscope/bandscope/gpu"
	"github.com/bandscope/bandscope/kernels/feature"
	"github.com/bandscope/bandscope/kernels/motion"
	"github.com/bandscope/bandscope/kernels/yuv"
)

// motionExtractor is integer motion: temporal, on the reference's luma.
//
// The worker scoring frame n of a run computes its SAD; the ordered
// collector only pushes the SADs, in frame order, through the temporal
// recipe (motion.Sums), so the collector does no per-pixel work. On the
// CPU the run keeps the reference pictures the workers compare with
// decoded (refLag). On a GPU the device keeps them (gpu.MotionFrames' ring):
// the one worker takes frames in order, and each frame's reference luma is
// copied into the ring from the frame's pictures on the device (uploaded
// once for every GPU feature), nothing uploaded for motion alone.
type motionExtractor struct {
	opts *feature.Values
	cfg  *motion.Config

	sums *motion.Sums    // the temporal recipe over the workers' SADs
	fast *motion.FastSAD // CPU: every SAD, the run's and Session.Frame's

	ring *gpu.MotionFrames // GPU: a run's SADs, the pictures kept on the device
	// GPU: Session.Frame's random access, the device's pair SAD, made on
	// the first random access (a run never needs it).
	dev    *gpu.Device
	pairMu sync.Mutex
	pair   *gpu.MotionSAD

	// Session.Frame's raw SADs by frame: a step forward needs its frame's
	// and the next one's, and the next step needs that one again.
	sads recent.Cache[int, uint64]
}

// maxSADs bounds the raw SADs a motion extractor keeps for Session.Frame.
const maxSADs = 64

// motionSAD is a CPU run's per-frame result: the frame's raw SAD.
type motionSAD uint64

func openMotion(o opening) (extractor, error) {
	cfg, err := motion.NewConfig(o.opts, o.ref.Width, o.ref.Height, o.ref.BitDepth)
	if err != nil {
		return nil, err
	}
	if o.b.dev != nil {
		// The blur and the SAD run on the device, the temporal recipe on
		// the host (kernels/motion's, over the device's SADs).
		r, err := gpu.NewMotionFrames(o.b.dev, cfg)
		if err != nil {
			return nil, err
		}
		return &motionExtractor{opts: o.opts, cfg: cfg, sums: motion.NewSums(cfg), ring: r, dev: o.b.dev, sads: recent.Cache[int, uint64]{Max: maxSADs}}, nil
	}
	mo := motion.Options{Kernels: o.cpuKernels(), Threads: o.b.threads, Limiter: o.b.limiter}
	return &motionExtractor{opts: o.opts, cfg: cfg, sums: motion.NewSums(cfg), fast: motion.NewFastSAD(cfg, mo), sads: recent.Cache[int, uint64]{Max: maxSADs}}, nil
}

// pairSAD is the SAD of two pictures for random access, with the run's
// bits on either backend.
func (x *motionExtractor) pairSAD(prev, cur yuv.Plane, diff []int32) (uint64, error) {
	if x.dev == nil {
		return x.fast.SAD(prev, cur, diff), nil
	}
	x.pairMu.Lock()
	if x.pair == nil {
		p, err := gpu.NewMotionSAD(x.dev, x.cfg)
		if err != nil {
			x.pairMu.Unlock()
			return 0, err
		}
		x.pair = p
	}
	p := x.pair
	x.pairMu.Unlock()
	return p.SAD(prev, cur, diff)
}

// refLag is how many frames back a CPU run must keep the reference
// pictures for this feature's workers: the SAD's stride (0 with
// motion_force_zero, which computes nothing, and on a GPU, which keeps its
// own).
func (x *motionExtractor) refLag() int {
	if x.cfg.ForceZero || x.ring != nil {
		return 0
	}
	return x.cfg.Stride()
}

// devicePlanes: the reference's luma, which a GPU run copies into the
// ring.
func (x *motionExtractor) devicePlanes() (ref, dist gpu.Planes) {
	if x.ring == nil || x.cfg.ForceZero {
		return 0, 0
	}
	return gpu.Luma, 0
}

// score computes, in a CPU run, frame n's raw SAD from the reference
// picture the run kept (prevRefs); the temporal recipe runs in emit, in
// frame order (on a GPU, emit does it all). Session.Frame (keepMaps) scores
// frame n by random access to the reference pictures it needs.
func (x *motionExtractor) score(fr *FrameResult, keepMaps bool) (any, error) {
	if !keepMaps || fr.refAt == nil {
		n := fr.Frame
		if x.ring != nil {
			// Every frame's picture goes into the ring (later frames
			// compare with it); frames arrive in order (one worker).
			if x.cfg.ForceZero {
				return motionSAD(0), nil
			}
			if fr.onDevice == nil {
				return nil, fmt.Errorf("motion: frame %d: the pictures are not on the device", n)
			}
			raw, err := x.ring.Push(n, fr.onDevice)
			if err != nil {
				return nil, err
			}
			return motionSAD(raw), nil
		}
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
		// Frame n's SAD comes with its map, once; the others may have
		// been computed by an earlier step.
		if raw, ok := x.sads.Get(j); ok && (j != n || res.Diff != nil) {
			return x.cfg.Score(raw)
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
		raw, e := x.pairSAD(prev, cur, diff)
		if e != nil {
			err = e
			return 0
		}
		if j == n {
			res.RawSAD = raw
		}
		x.sads.Put(j, func() uint64 { return raw })
		return x.cfg.Score(raw)
	}
	res.SAD = sad(n)
	res.Motion2, res.Motion3 = x.cfg.At(n, total, sad)
	if err != nil {
		return nil, err
	}
	return res, nil
}

// motionFlushed lists the keys libvmaf's integer motion appends only when
// the run is flushed (motion2 and motion3 need the frames after): its
// outputs list them after every other feature's keys.
func motionFlushed(o *feature.Values) []string {
	return []string{o.MetricName("integer_motion2"), o.MetricName("integer_motion3")}
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
func (x *motionExtractor) close() error {
	err := x.sums.Close()
	if x.ring != nil {
		err = errors.Join(err, x.ring.Close())
	}
	x.pairMu.Lock()
	defer x.pairMu.Unlock()
	if x.pair != nil {
		if e := x.pair.Close(); err == nil {
			err = e
		}
		x.pair = nil
	}
	return err
}
