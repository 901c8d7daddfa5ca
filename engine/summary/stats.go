package summary

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/bandscope/bandscope/engine"
)

// Stats summarise one metric over a clip.
type Stats struct {
	Metric   string  `json:"metric"`
	Frames   int     `json:"frames"`
	Mean     float64 `json:"mean"`
	Min      float64 `json:"min"`
	Max      float64 `json:"max"`
	Harmonic float64 `json:"harmonic_mean"`
	Low1     float64 `json:"low_1pct"`
}

// Summarise computes, per metric in first-seen order: the mean, minimum,
// maximum, libvmaf's harmonic mean (1/mean(1/(1+x)) - 1, defined for
// x > -1) and the 1% low: the mean of the lowest 1% of frames (at least
// one), as frame-rate reports use it. NaN values are left out.
func Summarise(frames [][]engine.Metric) []Stats {
	var out []Stats
	for _, s := range Collect(frames, func(string) bool { return true }, "") {
		var vals []float64
		for _, v := range s.Values {
			if !math.IsNaN(v) {
				vals = append(vals, v)
			}
		}
		if len(vals) == 0 {
			continue
		}
		st := Stats{Metric: s.Name, Frames: len(vals), Min: math.Inf(1), Max: math.Inf(-1)}
		sum, inv := 0.0, 0.0
		for _, v := range vals {
			sum += v
			inv += 1 / (1 + v)
			st.Min, st.Max = math.Min(st.Min, v), math.Max(st.Max, v)
		}
		st.Mean = sum / float64(len(vals))
		st.Harmonic = float64(len(vals))/inv - 1
		sorted := append([]float64(nil), vals...)
		sort.Float64s(sorted)
		k := max(1, (len(sorted)+99)/100)
		low := 0.0
		for _, v := range sorted[:k] {
			low += v
		}
		st.Low1 = low / float64(k)
		out = append(out, st)
	}
	return out
}

// HigherIsWorse says whether a metric's worst frames are its highest:
// CAMBI's keys count banding and a model's cost keys (engine.CostKey) the
// points an input takes off; every other metric here is a quality, worst
// when lowest.
func HigherIsWorse(metric string) bool {
	f, _, _ := engine.MetricFeature(metric)
	return f == "cambi" || engine.IsCostKey(metric)
}

// Worst are the n worst frames by metric, worst first (ties: the earlier
// frame first).
func Worst(frames [][]engine.Metric, metric string, n int) []int {
	type fv struct {
		f int
		v float64
	}
	var all []fv
	for f, ms := range frames {
		for _, m := range ms {
			if m.Name == metric && !math.IsNaN(m.Value) {
				all = append(all, fv{f, m.Value})
			}
		}
	}
	hi := HigherIsWorse(metric)
	sort.SliceStable(all, func(a, b int) bool {
		if hi {
			return all[a].v > all[b].v
		}
		return all[a].v < all[b].v
	})
	var out []int
	for _, x := range all[:min(n, len(all))] {
		out = append(out, x.f)
	}
	return out
}

// ShortName drops libvmaf's "integer_" prefix from a key, so that a table
// stays narrow.
func ShortName(key string) string { return strings.TrimPrefix(key, "integer_") }

// Run is one named run's per-frame metrics: a run of the engine, or a log.
type Run struct {
	Name   string // "" for a run alone
	Frames [][]engine.Metric
}

// Table is the runs' statistics as text, a row per metric, each run under
// its name.
func Table(runs []Run) string {
	var b strings.Builder
	for _, r := range runs {
		if r.Name != "" {
			fmt.Fprintf(&b, "%s\n", r.Name)
		}
		fmt.Fprintf(&b, "%-16s %10s %10s %10s %10s %10s\n", "metric", "mean", "min", "max", "harm.mean", "1% low")
		for _, st := range Summarise(r.Frames) {
			fmt.Fprintf(&b, "%-16s %10.6g %10.6g %10.6g %10.6g %10.6g\n", ShortName(st.Metric), st.Mean, st.Min, st.Max, st.Harmonic, st.Low1)
		}
	}
	return strings.TrimRight(b.String(), "\n")
}
