package regions

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"

	"github.com/bandscope/bandscope/engine"
	"github.com/bandscope/bandscope/engine/clip"
	"github.com/bandscope/bandscope/engine/model"
)

// Defaults of the region rules (doc.go).
const (
	// DefaultThreshold is the c-value a pixel reaches to band.
	DefaultThreshold = 1.0
	// DefaultMinFrames is the fewest frames an event lasts: shorter ones
	// are flickers.
	DefaultMinFrames = 3
)

// Options are a search's settings.
type Options struct {
	Threshold float64 // 0: DefaultThreshold
	MinFrames int     // 0: DefaultMinFrames
	// CostKey is the key of what CAMBI costs a model (CostKey), whose
	// mean over an event's frames is its VMAFCost; "" for none. The
	// request must score that model with Explain.
	CostKey string
	// Masks, when not nil, receives the mask Y4M as its frames become
	// final (a few frames behind the run).
	Masks io.Writer
	// KeepPixels keeps every event's pixels in the report, for
	// Report.WriteMask: memory then grows with the clip, which a search
	// writing Masks does not need.
	KeepPixels bool
}

// Source is what a search reports of its clips: the paths as given, the
// distorted clip's own size and frame rate, and CAMBI's options as used.
type Source struct {
	Distorted, Reference string // Reference "": none
	Width, Height        int
	FrameRate            [2]int
	CAMBI                *engine.Options
}

// Session is what a search reads of an open session (engine.Session,
// or the inspector's view of one).
type Session interface {
	Info() (ref, dist clip.Info)
	Frames() int
	CAMBIOptions() (*engine.Options, string)
}

// FrameSession is a Session that scores frames one at a time with their
// maps (engine.Session.Frame).
type FrameSession interface {
	Session
	Frame(ctx context.Context, n int) (*engine.FrameResult, error)
}

// SourceOf describes an open session's clips for a request.
func SourceOf(s Session, req engine.Request) (Source, error) {
	_, di := s.Info()
	src := Source{Distorted: req.Distorted, Width: di.Width, Height: di.Height, FrameRate: di.FrameRate}
	if req.Reference != "" && req.Reference != req.Distorted {
		src.Reference = req.Reference
	}
	if sc := di.Scaled; sc != nil {
		// A rendition's events are in its own pixels.
		src.Width, src.Height = sc.Width, sc.Height
	}
	src.CAMBI, _ = s.CAMBIOptions()
	if src.CAMBI == nil {
		return src, errors.New("regions: the request scores no CAMBI of its own")
	}
	return src, nil
}

// FindFrames searches an open session frame by frame (Session.Frame,
// every map kept: the inspector's way, which gives a run's events), every
// frame from the first; progress, when not nil, is told after each frame.
func FindFrames(ctx context.Context, s FrameSession, req engine.Request, opt Options, progress func(done, total int)) (*Report, error) {
	f, err := NewFinder(opt)
	if err != nil {
		return nil, err
	}
	src, err := SourceOf(s, req)
	if err != nil {
		return nil, err
	}
	if err := f.Start(src); err != nil {
		return nil, err
	}
	n := s.Frames()
	for k := 0; n < 0 || k < n; k++ {
		fr, err := s.Frame(ctx, k)
		if err != nil {
			if n < 0 && errors.Is(err, io.EOF) {
				break
			}
			return nil, err
		}
		if err := f.AddFrame(fr); err != nil {
			return nil, err
		}
		if progress != nil {
			progress(k+1, n)
		}
	}
	return f.Finish(nil)
}

// CostKey is the metric key of what CAMBI costs the model a --model
// string names (with Request.Explain), or an error when the model reads
// no CAMBI.
func CostKey(modelFlag string) (string, error) {
	m, err := model.ParseFlag(modelFlag)
	if err != nil {
		return "", err
	}
	for _, in := range m.Inputs() {
		if in.Extractor == "cambi" {
			return engine.CostKey(m.Name, in.Key), nil
		}
	}
	return "", fmt.Errorf("--model %s reads no CAMBI, so CAMBI costs it nothing (vmaf_v1.0.16_3d0h and its family read CAMBI)", modelFlag)
}

// Finder finds a clip's banding events frame by frame: through a run's
// Watch (Watch, then Finish with the run's results), or from frames
// scored one at a time (AddFrame, then Finish). Its memory does not grow
// with the clip but for a few numbers a frame, unless it keeps pixels.
type Finder struct {
	opt    Options
	report *Report
	geo    geometry
	t      tracker
	mask   *maskWriter
	scores []float64 // each frame's CAMBI score
	costs  []float64 // what CAMBI costs the model on each frame

	costKey string
}

// NewFinder makes a search with opt's settings; Start gives it its clips.
func NewFinder(opt Options) (*Finder, error) {
	if opt.Threshold == 0 {
		opt.Threshold = DefaultThreshold
	}
	if opt.MinFrames == 0 {
		opt.MinFrames = DefaultMinFrames
	}
	if !(opt.Threshold > 0) || math.IsInf(opt.Threshold, 0) || opt.MinFrames < 1 {
		return nil, fmt.Errorf("regions: threshold %g and min frames %d: want a positive threshold and at least 1 frame", opt.Threshold, opt.MinFrames)
	}
	f := &Finder{opt: opt, costKey: opt.CostKey}
	f.t = tracker{minFrames: opt.MinFrames, keepSpans: opt.KeepPixels}
	return f, nil
}

// Start gives the search its clips, before the first frame.
func (f *Finder) Start(src Source) error {
	if src.Width <= 0 || src.Height <= 0 || src.CAMBI == nil {
		return errors.New("regions: a source needs its size and CAMBI's options")
	}
	f.report = &Report{Distorted: src.Distorted, Reference: src.Reference, Width: src.Width, Height: src.Height,
		CAMBI: ParamsOf(src.CAMBI), Threshold: f.opt.Threshold, frameRate: src.FrameRate}
	f.geo = geometry{dw: src.Width, dh: src.Height}
	if f.opt.Masks != nil {
		f.mask = &maskWriter{w: f.opt.Masks, rate: src.FrameRate}
		f.t.emit = func(_ int, at []*entry) error { return f.mask.frame(at) }
	}
	return nil
}

// Find scores req's clips once (Session.Run, with the finder's Watch)
// and returns their events with the run's results. A request with a
// CostKey must score that model with Explain.
func Find(ctx context.Context, req engine.Request, opt Options, progress func(engine.Progress)) (*Report, *engine.Results, error) {
	f, err := NewFinder(opt)
	if err != nil {
		return nil, nil, err
	}
	req.Watch = f.Watch()
	s, err := engine.Open(ctx, req)
	if err != nil {
		return nil, nil, err
	}
	defer s.Close()
	src, err := SourceOf(s, req)
	if err != nil {
		return nil, nil, err
	}
	if err := f.Start(src); err != nil {
		return nil, nil, err
	}
	res, err := s.Run(ctx, progress)
	if err != nil {
		return nil, nil, err
	}
	rep, err := f.Finish(res)
	return rep, res, err
}

// Watch is the engine hook that feeds a run's frames to the finder: each
// frame's regions are found on the worker that scored it, and linked in
// frame order.
func (f *Finder) Watch() *engine.Watch {
	return &engine.Watch{
		// The CPU finds each frame's runs as CAMBI pools scale 0, the GPU
		// keeps the maps for Extract.
		CAMBIRows: rowReader{f.opt.Threshold},
		Scored: func(fr *engine.FrameResult) (any, error) {
			return Extract(fr, f.opt.Threshold)
		},
		Collected: func(_ int, v any) error { return f.add(v.(Frame), math.NaN()) },
	}
}

// AddFrame finds and links the regions of the next frame, scored with its
// maps (engine.Session.Frame); with a CostKey its metrics carry the cost.
func (f *Finder) AddFrame(fr *engine.FrameResult) error {
	fm, err := Extract(fr, f.opt.Threshold)
	if err != nil {
		return err
	}
	cost := math.NaN()
	if f.costKey != "" {
		if v, ok := engine.FindMetric(fr.Metrics, f.costKey); ok {
			cost = v
		}
	}
	return f.add(fm, cost)
}

func (f *Finder) add(fm Frame, cost float64) error {
	if f.report == nil {
		return errors.New("regions: a frame before Start")
	}
	if f.geo.cw == 0 {
		f.geo.cw, f.geo.ch = fm.Width, fm.Height
		f.t.geo = f.geo
		if f.mask != nil {
			f.mask.geo = f.geo
		}
	}
	f.scores = append(f.scores, fm.CAMBI)
	f.costs = append(f.costs, cost)
	return f.t.add(fm)
}

// Finish links the last frames, writes the rest of the mask and returns
// the report; res, a run's results, carries the costs (nil after
// AddFrame).
func (f *Finder) Finish(res *engine.Results) (*Report, error) {
	if f.report == nil {
		return nil, errors.New("regions: Finish before Start")
	}
	if err := f.t.finish(); err != nil {
		return nil, err
	}
	if res != nil && f.costKey != "" {
		for n := range f.costs {
			if v, ok := res.Value(n, f.costKey); ok {
				f.costs[n] = v
			}
		}
	}
	r := f.report
	r.Frames = len(f.scores)
	r.geo = f.geo
	r.Events = f.events(f.t.kept)
	return r, nil
}
