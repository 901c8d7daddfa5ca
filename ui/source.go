package ui

import (
	"context"
	"io"

	"github.com/bandscope/bandscope/engine"
	"github.com/bandscope/bandscope/engine/clip"
)

// Engine is what the inspector needs from package engine. Tests substitute
// a fake; engineAdapter wraps the real one.
type Engine interface {
	Backends() []Backend
	Open(ctx context.Context, req engine.Request) (Session, error)
}

// Backend is one place a run can happen: "cpu", "gpu:0", ...
type Backend struct {
	ID, Name, Kind string
}

// Session is one open pair of clips with one feature configuration on one
// backend. Frames may be scored from two goroutines at once (the framer's
// and the completer's jobs), as engine sessions allow; Run is called alone.
type Session interface {
	Info() (ref, dist clip.Info)
	Frames() int
	// Frame scores frame n keeping every intermediate map.
	Frame(ctx context.Context, n int) (*engine.FrameResult, error)
	// FramePart scores frame n with only the features named (its result
	// is Partial), and Complete scores the rest of such a result.
	FramePart(ctx context.Context, n int, features ...string) (*engine.FrameResult, error)
	Complete(ctx context.Context, part *engine.FrameResult) (*engine.FrameResult, error)
	// Skipped names the features left out (engine.Request.SkipUnavailable)
	// and why.
	Skipped() map[string]error
	// Run scores every frame, reporting progress as it goes. When it stops
	// early (cancelled, or at a frame that fails) it returns the frames
	// scored before, if any, with the error.
	Run(ctx context.Context, progress func(engine.Progress)) (ClipScores, error)
	// CAMBIOptions are the options the request's own CAMBI scores with,
	// and its score's key (engine.Session.CAMBIOptions).
	CAMBIOptions() (*engine.Options, string)
	Close() error
}

// ClipScores are the per-frame metrics of a whole-clip run.
type ClipScores interface {
	// PerFrame gives each frame's metrics, libvmaf's names and order.
	PerFrame() [][]engine.Metric
	WriteJSON(w io.Writer) error
	WriteCSV(w io.Writer) error
}

// backendCache answers Backends from a list made once.
type backendCache struct {
	Engine
	list []Backend
}

func cachedBackends(e Engine) Engine { return backendCache{e, e.Backends()} }

func (c backendCache) Backends() []Backend { return c.list }
