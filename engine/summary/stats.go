package summary

import (
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"

	"github.com/bandscope/bandscope/engine"
)

// Stats summarise one metric over a clip.
type Stats struct {
	Metric string  `json:"metric"`
	Frames int     `json:"frames"`
	Mean   float64 `json:"mean"`
	Min    float64 `json:"min"`
	Max    float64 `json:"max"`
	// Harmonic is libvmaf's harmonic mean, 1/mean(1/(1+x)) - 1, for a
	// score that is never negative; NaN for a signed series (a model
	// input's cost: its terms 1/(1+x) change sign or blow up) and for
	// costs, which are not scores (HasHarmonic).
	Harmonic float64 `json:"-"`
	// Worst1 is the mean of the worst 1% of frames (at least one), as
	// frame-rate reports use it: the lowest for a quality ("1% low"), the
	// highest where higher is worse (CAMBI, costs: "1% high").
	Worst1 float64 `json:"-"`
}

// HasHarmonic says whether the harmonic mean means something here.
func (s Stats) HasHarmonic() bool { return !math.IsNaN(s.Harmonic) }

// Worst1Key names Worst1 in exports: "low_1pct" or "high_1pct".
func (s Stats) Worst1Key() string {
	if HigherIsWorse(s.Metric) {
		return "high_1pct"
	}
	return "low_1pct"
}

// MarshalJSON writes the statistics that mean something for the metric:
// the harmonic mean only where HasHarmonic, the worst 1% under Worst1Key.
func (s Stats) MarshalJSON() ([]byte, error) {
	m := map[string]any{"metric": s.Metric, "frames": s.Frames, "mean": s.Mean, "min": s.Min, "max": s.Max, s.Worst1Key(): s.Worst1}
	if s.HasHarmonic() {
		m["harmonic_mean"] = s.Harmonic
	}
	return json.Marshal(m)
}

// Summarise computes, per metric in first-seen order: the mean, minimum,
// maximum, the harmonic mean where it means something (HasHarmonic) and
// the worst 1% (Worst1). NaN values are left out.
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
		st.Harmonic = math.NaN()
		if st.Min >= 0 && !engine.IsCostKey(st.Metric) {
			st.Harmonic = float64(len(vals))/inv - 1
		}
		sorted := append([]float64(nil), vals...)
		sort.Float64s(sorted)
		if HigherIsWorse(st.Metric) {
			slices.Reverse(sorted)
		}
		k := max(1, (len(sorted)+99)/100)
		worst := 0.0
		for _, v := range sorted[:k] {
			worst += v
		}
		st.Worst1 = worst / float64(k)
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
// its name: "-" where a statistic means nothing for the metric (the
// harmonic mean of a signed series), and the worst 1% of frames, the
// lowest ("low") or the highest ("high") as the metric goes.
func Table(runs []Run) string {
	var b strings.Builder
	for _, r := range runs {
		if r.Name != "" {
			fmt.Fprintf(&b, "%s\n", r.Name)
		}
		st := Summarise(r.Frames)
		w := len("metric")
		for _, s := range st {
			w = max(w, len(ShortName(s.Metric)))
		}
		fmt.Fprintf(&b, "%-*s %10s %10s %10s %10s %10s\n", w, "metric", "mean", "min", "max", "harm.mean", "worst 1%")
		for _, s := range st {
			harm := "-"
			if s.HasHarmonic() {
				harm = fmt.Sprintf("%.6g", s.Harmonic)
			}
			worst := fmt.Sprintf("%.5g low", s.Worst1)
			if HigherIsWorse(s.Metric) {
				worst = fmt.Sprintf("%.5g high", s.Worst1)
			}
			fmt.Fprintf(&b, "%-*s %10.6g %10.6g %10.6g %10s %10s\n", w, ShortName(s.Metric), s.Mean, s.Min, s.Max, harm, worst)
		}
	}
	return strings.TrimRight(b.String(), "\n")
}
