package ui

import (
	"io"

	"github.com/bandscope/bandscope/engine"
	"github.com/bandscope/bandscope/engine/logs"
	"github.com/bandscope/bandscope/engine/model"
	"github.com/bandscope/bandscope/engine/summary"
)

// dropMetrics removes the metrics stale says yes to from every frame; nil
// when nothing is left.
func dropMetrics(s ClipScores, stale func(string) bool) ClipScores {
	if s == nil {
		return nil
	}
	frames := s.PerFrame()
	out := make([][]engine.Metric, len(frames))
	n := 0
	for f, ms := range frames {
		for _, m := range ms {
			if !stale(m.Name) {
				out[f] = append(out[f], m)
				n++
			}
		}
	}
	if n == 0 {
		return nil
	}
	return keptScores(out)
}

// keptScores are per-frame metrics the inspector holds itself (a run with
// some metrics cleared, or a log read from a file).
type keptScores [][]engine.Metric

func (k keptScores) PerFrame() [][]engine.Metric { return k }

func (k keptScores) WriteJSON(w io.Writer) error {
	return summary.WriteJSON(w, []summary.Run{{Frames: k}})
}

func (k keptScores) WriteCSV(w io.Writer) error {
	return summary.WriteCSV(w, []summary.Run{{Frames: k}})
}

// scoreRun is one named run: a backend's, or a log's.
type scoreRun struct {
	Name   string
	Scores ClipScores
	// keys are a log's metric keys (logs.KeySet), read once when it is
	// opened: the VMAF plots bind its model scores on every redraw.
	keys map[string]bool
	log  *logs.Log // a log's values as it printed them, for the check
}

// modelKeys says which of a log's keys holds each model's score
// (logs.ModelKeys).
func (r scoreRun) modelKeys(models []*model.Model) map[string]string {
	keys := r.keys
	if keys == nil {
		keys = logs.KeySet(r.Scores.PerFrame())
	}
	return logs.ModelKeys(keys, models)
}

// summaryRuns are the runs that have scores, as package summary reads them.
func summaryRuns(runs []scoreRun) []summary.Run {
	var out []summary.Run
	for _, r := range runs {
		if r.Scores != nil {
			out = append(out, summary.Run{Name: r.Name, Frames: r.Scores.PerFrame()})
		}
	}
	return out
}
