package summary

import (
	"math"
	"strings"

	"github.com/bandscope/bandscope/engine"
)

// Series is one metric over the frames of a clip.
type Series struct {
	Name   string
	Values []float64 // NaN where a frame lacks the metric
}

// HasValues reports whether a series has any value.
func (s Series) HasValues() bool {
	for _, v := range s.Values {
		if !math.IsNaN(v) {
			return true
		}
	}
	return false
}

// Collect gathers the metrics keep says yes to, in first-seen order, from
// per-frame metrics; prefix goes before each series' name.
func Collect(frames [][]engine.Metric, keep func(string) bool, prefix string) []Series {
	idx := map[string]int{}
	var out []Series
	for f, ms := range frames {
		for _, m := range ms {
			if !keep(m.Name) {
				continue
			}
			k, ok := idx[m.Name]
			if !ok {
				k = len(out)
				idx[m.Name] = k
				vals := make([]float64, len(frames))
				for j := range vals {
					vals[j] = math.NaN()
				}
				out = append(out, Series{Name: prefix + m.Name, Values: vals})
			}
			out[k].Values[f] = m.Value
		}
	}
	return out
}

// Column is one metric over the frames (NaN where a frame lacks it).
func Column(frames [][]engine.Metric, name string) Series {
	s := Series{Name: name, Values: make([]float64, len(frames))}
	for f, ms := range frames {
		v, ok := engine.FindMetric(ms, name)
		if !ok {
			v = math.NaN()
		}
		s.Values[f] = v
	}
	return s
}

// Frames turns series back into per-frame metrics, each named after its
// series with spaces as underscores.
func Frames(ss []Series) [][]engine.Metric {
	n := 0
	for _, s := range ss {
		n = max(n, len(s.Values))
	}
	out := make([][]engine.Metric, n)
	for _, s := range ss {
		name := strings.ReplaceAll(s.Name, " ", "_")
		for f, v := range s.Values {
			if !math.IsNaN(v) {
				out[f] = append(out[f], engine.Metric{Name: name, Value: v})
			}
		}
	}
	return out
}
