package ui

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/bandscope/bandscope/engine"
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
	return writeRunsJSON(w, []scoreRun{{Name: "", Scores: k}})
}

func (k keptScores) WriteCSV(w io.Writer) error {
	return writeRunsCSV(w, []scoreRun{{Name: "", Scores: k}})
}

// scoreRun is one named run: a backend's, or a log's.
type scoreRun struct {
	Name   string
	Scores ClipScores
	// keys are a log's metric keys (logKeySet), read once when it is
	// opened: the VMAF plots bind its model scores on every redraw.
	keys map[string]bool
}

// modelKeys is logModelKeys for a log, from its keys read once.
func (r scoreRun) modelKeys(models []pickedModel) map[string]string {
	if r.keys == nil {
		return logModelKeys(r.Scores, models)
	}
	return logModelKeysFrom(r.keys, models)
}

// metricStats summarise one metric over a clip.
type metricStats struct {
	Metric   string  `json:"metric"`
	Frames   int     `json:"frames"`
	Mean     float64 `json:"mean"`
	Min      float64 `json:"min"`
	Max      float64 `json:"max"`
	Harmonic float64 `json:"harmonic_mean"`
	Low1     float64 `json:"low_1pct"`
}

// summarise computes, per metric in first-seen order: the mean, minimum,
// maximum, libvmaf's harmonic mean (1/mean(1/(1+x)) - 1, defined for
// x > -1) and the 1% low: the mean of the lowest 1% of frames (at least
// one), as frame-rate reports use it.
func summarise(frames [][]engine.Metric) []metricStats {
	var out []metricStats
	for _, s := range metricSeries(frames, func(string) bool { return true }, "") {
		var vals []float64
		for _, v := range s.Values {
			if !math.IsNaN(v) {
				vals = append(vals, v)
			}
		}
		if len(vals) == 0 {
			continue
		}
		st := metricStats{Metric: s.Name, Frames: len(vals), Min: math.Inf(1), Max: math.Inf(-1)}
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

// higherIsWorse: CAMBI counts banding and a model's NAME_cost_FEATURE
// the points a feature takes off, so their worst frames are their highest;
// every other metric here is a quality, worst when lowest.
func higherIsWorse(metric string) bool { return isCAMBI(metric) || engine.IsCostKey(metric) }

// worstFrames are the n worst frames by metric, worst first (ties: the
// earlier frame first).
func worstFrames(frames [][]engine.Metric, metric string, n int) []int {
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
	hi := higherIsWorse(metric)
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

// summaryText is the Scores view's table of a run's statistics.
func summaryText(runs []scoreRun) string {
	var b strings.Builder
	for _, r := range runs {
		if r.Scores == nil {
			continue
		}
		if r.Name != "" {
			fmt.Fprintf(&b, "%s\n", r.Name)
		}
		fmt.Fprintf(&b, "%-16s %10s %10s %10s %10s %10s\n", "metric", "mean", "min", "max", "harm.mean", "1% low")
		for _, st := range summarise(r.Scores.PerFrame()) {
			fmt.Fprintf(&b, "%-16s %10.6g %10.6g %10.6g %10.6g %10.6g\n", shortMetric(st.Metric), st.Mean, st.Min, st.Max, st.Harmonic, st.Low1)
		}
	}
	return strings.TrimRight(b.String(), "\n")
}

// shortMetric drops libvmaf's "integer_" prefix so the table stays narrow.
func shortMetric(s string) string { return strings.TrimPrefix(s, "integer_") }

// exportRuns writes runs (one, or both backends of a compare run, or a log
// beside a run) with their summaries and worst frames: JSON or CSV by the
// extension. A single run without extras keeps libvmaf's own layout.
func writeRunsJSON(w io.Writer, runs []scoreRun) error {
	type frame struct {
		FrameNum int                `json:"frameNum"`
		Metrics  map[string]float64 `json:"metrics"`
	}
	type run struct {
		Name    string           `json:"name,omitempty"`
		Frames  []frame          `json:"frames"`
		Summary []metricStats    `json:"summary"`
		Worst   map[string][]int `json:"worst_frames"`
	}
	var out struct {
		Runs []run `json:"runs"`
	}
	for _, r := range runs {
		if r.Scores == nil {
			continue
		}
		pf := r.Scores.PerFrame()
		x := run{Name: r.Name, Summary: summarise(pf), Worst: map[string][]int{}}
		for n, ms := range pf {
			m := map[string]float64{}
			for _, v := range ms {
				m[v.Name] = v.Value
			}
			x.Frames = append(x.Frames, frame{n, m})
		}
		for _, st := range x.Summary {
			x.Worst[st.Metric] = worstFrames(pf, st.Metric, 10)
		}
		out.Runs = append(out.Runs, x)
	}
	e := json.NewEncoder(w)
	e.SetIndent("", "  ")
	return e.Encode(out)
}

// writeRunsCSV writes one row per frame, one column per run and metric
// ("cpu: cambi"), then the summary rows (mean, min, max, harmonic mean,
// 1% low) under a blank line.
func writeRunsCSV(w io.Writer, runs []scoreRun) error {
	type col struct {
		run  int
		name string
	}
	var cols []col
	n := 0
	var stats [][]metricStats
	for k, r := range runs {
		if r.Scores == nil {
			stats = append(stats, nil)
			continue
		}
		pf := r.Scores.PerFrame()
		n = max(n, len(pf))
		st := summarise(pf)
		stats = append(stats, st)
		for _, s := range st {
			cols = append(cols, col{k, s.Metric})
		}
	}
	head := []string{"Frame"}
	for _, c := range cols {
		name := c.name
		if runs[c.run].Name != "" {
			name = runs[c.run].Name + ": " + name
		}
		head = append(head, csvQuote(name))
	}
	fmt.Fprintln(w, strings.Join(head, ","))
	for f := 0; f < n; f++ {
		row := []string{strconv.Itoa(f)}
		for _, c := range cols {
			pf := runs[c.run].Scores.PerFrame()
			cell := ""
			if f < len(pf) {
				if v, ok := findMetric(pf[f], c.name); ok {
					cell = strconv.FormatFloat(v, 'g', 17, 64)
				}
			}
			row = append(row, cell)
		}
		fmt.Fprintln(w, strings.Join(row, ","))
	}
	fmt.Fprintln(w)
	for _, what := range []string{"mean", "min", "max", "harmonic_mean", "low_1pct"} {
		row := []string{what}
		for _, c := range cols {
			for _, s := range stats[c.run] {
				if s.Metric == c.name {
					v := map[string]float64{"mean": s.Mean, "min": s.Min, "max": s.Max, "harmonic_mean": s.Harmonic, "low_1pct": s.Low1}[what]
					row = append(row, strconv.FormatFloat(v, 'g', 17, 64))
				}
			}
		}
		fmt.Fprintln(w, strings.Join(row, ","))
	}
	return nil
}

func csvQuote(s string) string {
	if strings.ContainsAny(s, ",\"\n") {
		return `"` + strings.ReplaceAll(s, `"`, `""`) + `"`
	}
	return s
}

func findMetric(ms []engine.Metric, name string) (float64, bool) {
	for _, m := range ms {
		if m.Name == name {
			return m.Value, true
		}
	}
	return 0, false
}
