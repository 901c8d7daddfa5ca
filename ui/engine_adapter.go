package ui

import (
	"context"
	"errors"

	"github.com/bandscope/bandscope/engine"
)

// defaultEngine is package engine behind the Engine interface.
func defaultEngine() Engine { return stubEngine{} }

type stubEngine struct{}

func (stubEngine) Backends() []Backend { return []Backend{{ID: "cpu", Name: "CPU", Kind: "cpu"}} }
func (stubEngine) Open(context.Context, engine.Request) (Session, error) {
	return nil, errors.New("engine not ready")
}
