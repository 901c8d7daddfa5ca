package engine

import "fmt"

// Watch follows a whole-clip run frame by frame, for work that needs more
// of each frame than its metrics (engine/regions reads CAMBI's c-value
// maps) without a whole clip's maps in memory: each frame's results are
// handed to Scored on the worker that scored them, then dropped, and
// Scored's value reaches Collected in frame order.
type Watch struct {
	// CAMBIMaps keeps, in the request's own CAMBI instances (not those a
	// model adds), every scale's c-values and the spatial mask
	// (CAMBIScale.CValues, CAMBIPicture.SpatialMask), which a run
	// otherwise does not keep.
	CAMBIMaps bool
	// CAMBIRows, when not nil, reads the distorted picture's c-values of
	// the request's own CAMBI instances as CAMBI pools them, on the CPU
	// backend, and keeps no map for it: each frame's CAMBIPicture.Rows
	// holds what it read (cambi.RowReader). On the GPU backend, which
	// cannot, the maps are kept as with CAMBIMaps, and Rows is nil. With
	// CAMBIMaps too, both happen.
	CAMBIRows CAMBIRowReader
	// Scored is called once per frame on the worker that scored it, after
	// every feature is done with the frame: concurrently with other
	// frames' calls and in any order. fr holds the main backend's results
	// (FrameResult.Features, with each instance's metrics); its maps are
	// not kept after Scored returns. May be nil.
	Scored func(fr *FrameResult) (any, error)
	// Collected is called on Run's goroutine in frame order, once the
	// frame's metrics are collected, with what Scored returned for it.
	// May be nil.
	Collected func(frame int, v any) error
}

// watchFrame hands a scored frame to the run's Watch.Scored, its results
// attached as Session.Frame attaches them; a panic is the frame's error.
func (r *run) watchFrame(sl *slot) (err error) {
	w := r.s.req.Watch
	if w == nil || w.Scored == nil {
		return nil
	}
	fr := sl.fr
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("internal error: %v", p)
		}
		fr.Features = nil // the maps go with the results
		recycleCAMBIMaps(fr.results)
	}()
	for k, x := range r.set.extractors {
		fr.Features = append(fr.Features, FeatureResult{Feature: r.set.names[k], Result: fr.results[k], Metrics: x.metrics(fr.results[k])})
	}
	sl.watched, err = w.Scored(fr)
	return err
}

// collectWatched hands what Scored returned for a frame to
// Watch.Collected, in frame order.
func (r *run) collectWatched(sl *slot) error {
	w := r.s.req.Watch
	if w == nil || w.Collected == nil {
		return nil
	}
	v := sl.watched
	sl.watched = nil
	return w.Collected(sl.n, v)
}

// cambiWatch is what the request's Watch asks of CAMBI instance k of a
// set's features: whether it keeps its c-value maps (Watch.CAMBIMaps, or
// CAMBIRows on a device backend, which cannot read them as it pools) and
// the reader of its rows (CAMBIRows on the CPU). Only the watched set's
// own instances (k < requested) serve the Watch.
func (req *Request) cambiWatch(watched bool, k, requested int, device bool) (keepMaps bool, rows CAMBIRowReader) {
	w := req.Watch
	if !watched || w == nil || k >= requested {
		return false, nil
	}
	if !device {
		rows = w.CAMBIRows
	}
	return w.CAMBIMaps || w.CAMBIRows != nil && device, rows
}
