package ui

import (
	"context"
	"errors"
	"sync"

	"github.com/bandscope/bandscope/engine"
	"github.com/bandscope/bandscope/engine/clip"
	"github.com/bandscope/bandscope/engine/feature"
)

// featureSessions scores one frame's features concurrently, one session
// per feature, and merges the results: a frame step then costs the slowest
// feature rather than their sum. Whole-clip runs do not use it: they go
// through one session so that the engine pools and writes every metric.
type featureSessions struct {
	parts []Session
}

// openPerFeature opens one session per feature of req. A feature that
// cannot be opened (a backend without ADM) is left out and its error
// returned as skipped; CAMBI, the first feature, must open.
func openPerFeature(ctx context.Context, eng Engine, req engine.Request) (s Session, skipped error, err error) {
	if len(req.Features) < 2 {
		s, err := safeOpen(ctx, eng, req)
		return s, nil, err
	}
	var parts []Session
	for k := range req.Features {
		one := req
		one.Features = req.Features[k : k+1]
		p, err := safeOpen(ctx, eng, one)
		if err != nil {
			if k == 0 {
				closeSessions(parts...)
				return nil, nil, err
			}
			skipped = errors.Join(skipped, err)
			continue
		}
		parts = append(parts, p)
	}
	if len(parts) == 1 {
		return parts[0], skipped, nil
	}
	return &featureSessions{parts: parts}, skipped, nil
}

func (f *featureSessions) Info() (ref, dist clip.Info) { return f.parts[0].Info() }
func (f *featureSessions) Frames() int                 { return f.parts[0].Frames() }

func (f *featureSessions) Frame(ctx context.Context, n int) (*engine.FrameResult, error) {
	res := make([]*engine.FrameResult, len(f.parts))
	errs := make([]error, len(f.parts))
	var wg sync.WaitGroup
	for k, p := range f.parts {
		wg.Add(1)
		go func() {
			defer wg.Done()
			res[k], errs[k] = p.Frame(ctx, n)
		}()
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	out := *res[0]
	out.Metrics = append([]feature.Metric(nil), out.Metrics...)
	for _, r := range res[1:] {
		if out.CAMBI == nil {
			out.CAMBI = r.CAMBI
		}
		if out.ADM == nil {
			out.ADM = r.ADM
		}
		out.Metrics = append(out.Metrics, r.Metrics...)
	}
	return &out, nil
}

func (f *featureSessions) Run(context.Context, func(engine.Progress)) (ClipScores, error) {
	return nil, errors.New("internal error: whole-clip runs use one session")
}

func (f *featureSessions) Close() error {
	var errs []error
	for _, p := range f.parts {
		errs = append(errs, p.Close())
	}
	return errors.Join(errs...)
}
