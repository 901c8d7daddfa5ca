package summary

import (
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/bandscope/bandscope/engine"
)

// WriteJSON writes runs side by side (both backends of a compare run, a
// log beside a run), each with its frames, its summary and each metric's
// ten worst frames.
func WriteJSON(w io.Writer, runs []Run) error {
	type frame struct {
		FrameNum int                `json:"frameNum"`
		Metrics  map[string]float64 `json:"metrics"`
	}
	type run struct {
		Name    string           `json:"name,omitempty"`
		Frames  []frame          `json:"frames"`
		Summary []Stats          `json:"summary"`
		Worst   map[string][]int `json:"worst_frames"`
	}
	var out struct {
		Runs []run `json:"runs"`
	}
	for _, r := range runs {
		pf := r.Frames
		x := run{Name: r.Name, Summary: Summarise(pf), Worst: map[string][]int{}}
		for n, ms := range pf {
			m := map[string]float64{}
			for _, v := range ms {
				m[v.Name] = v.Value
			}
			x.Frames = append(x.Frames, frame{n, m})
		}
		for _, st := range x.Summary {
			x.Worst[st.Metric] = Worst(pf, st.Metric, 10)
		}
		out.Runs = append(out.Runs, x)
	}
	e := json.NewEncoder(w)
	e.SetIndent("", "  ")
	return e.Encode(out)
}

// WriteCSV writes one row per frame, one column per run and metric
// ("cpu: cambi"), then the summary rows (mean, min, max, harmonic mean,
// 1% low, 1% high; Stats) under a blank line.
func WriteCSV(w io.Writer, runs []Run) error {
	type col struct {
		run  int
		name string
	}
	var cols []col
	n := 0
	var stats [][]Stats
	for k, r := range runs {
		pf := r.Frames
		n = max(n, len(pf))
		st := Summarise(pf)
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
			pf := runs[c.run].Frames
			cell := ""
			if f < len(pf) {
				if v, ok := engine.FindMetric(pf[f], c.name); ok {
					cell = strconv.FormatFloat(v, 'g', 17, 64)
				}
			}
			row = append(row, cell)
		}
		fmt.Fprintln(w, strings.Join(row, ","))
	}
	fmt.Fprintln(w)
	// A statistic that means nothing for a metric (Stats) leaves its cell
	// empty: the harmonic mean of a signed series, the 1% low of a metric
	// whose worst frames are its highest (which has a 1% high instead).
	for _, what := range []string{"mean", "min", "max", "harmonic_mean", "low_1pct", "high_1pct"} {
		row := []string{what}
		for _, c := range cols {
			for _, s := range stats[c.run] {
				if s.Metric != c.name {
					continue
				}
				v, ok := map[string]float64{"mean": s.Mean, "min": s.Min, "max": s.Max}[what], true
				switch what {
				case "harmonic_mean":
					v, ok = s.Harmonic, s.HasHarmonic()
				case "low_1pct", "high_1pct":
					v, ok = s.Worst1, what == s.Worst1Key()
				}
				cell := ""
				if ok {
					cell = strconv.FormatFloat(v, 'g', 17, 64)
				}
				row = append(row, cell)
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
