package engine

import "github.com/bandscope/bandscope/kernels/feature"

// extractor is one feature instance on one backend.
//
// A frame goes through it in two steps. score computes the feature on the
// frame's pictures and returns its result; it may run at the same time as
// the other extractors on the same frame and, on the CPU, as itself on
// other frames. emit then takes the results in frame order and returns the
// metrics that became final: a stateless feature returns the frame's own,
// a temporal one may return earlier frames' (motion needs the next frame),
// and per-frame output files are written here, in order.
type extractor interface {
	score(fr *FrameResult, keepMaps bool) (any, error)
	// metrics are one frame's metrics from its result alone, for the
	// inspector's random access.
	metrics(r any) []feature.Metric
	emit(fr *FrameResult, r any) ([]frameMetrics, error)
	// flush returns what is still pending once the last frame is emitted.
	flush() ([]frameMetrics, error)
	// finish publishes output files once every frame is scored.
	finish() error
	// abort removes partial output files.
	abort()
	close() error
}

// frameMetrics are metrics that became final for one frame.
type frameMetrics struct {
	frame   int
	metrics []feature.Metric
}

// stateless provides emit and flush for a feature whose metrics depend on
// its frame alone, and no-op output hooks.
type stateless struct {
	self interface{ metrics(any) []feature.Metric }
}

func (s stateless) emit(fr *FrameResult, r any) ([]frameMetrics, error) {
	return []frameMetrics{{fr.Frame, s.self.metrics(r)}}, nil
}
func (stateless) flush() ([]frameMetrics, error) { return nil, nil }
func (stateless) finish() error                  { return nil }
func (stateless) abort()                         {}
