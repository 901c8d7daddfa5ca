package ui

import (
	"context"
	"errors"
	"io"

	"github.com/bandscope/bandscope/engine"
)

// defaultEngine is package engine behind the Engine interface.
func defaultEngine() Engine { return realEngine{} }

type realEngine struct{}

func (realEngine) Backends() []Backend {
	var out []Backend
	for _, b := range engine.Backends() {
		out = append(out, Backend{ID: b.ID, Name: b.Name, Kind: b.Kind})
	}
	return out
}

func (realEngine) Open(ctx context.Context, req engine.Request) (Session, error) {
	s, err := engine.Open(ctx, req)
	if err != nil {
		return nil, err
	}
	return realSession{s}, nil
}

type realSession struct{ *engine.Session }

func (s realSession) Run(ctx context.Context, progress func(engine.Progress)) (ClipScores, error) {
	r, err := s.Session.Run(ctx, progress)
	var stopped *engine.Stopped
	if errors.As(err, &stopped) {
		return realScores{stopped.Partial}, err
	}
	if err != nil {
		return nil, err
	}
	return realScores{r}, nil
}

// realScores writes with libvmaf's default precision, as its CLI does.
type realScores struct{ r *engine.Results }

func (s realScores) PerFrame() [][]engine.Metric { return s.r.Frames }
func (s realScores) WriteJSON(w io.Writer) error { return s.r.WriteJSON(w, engine.DefaultPrecision) }
func (s realScores) WriteCSV(w io.Writer) error  { return s.r.WriteCSV(w, engine.DefaultPrecision) }
