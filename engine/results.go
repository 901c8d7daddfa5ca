package engine

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/bandscope/bandscope/engine/clip"
	"github.com/bandscope/bandscope/kernels/feature"
)

// Version is Bandscope's version, printed in output files.
const Version = "0.1.0"

// Results are the per-frame metrics of a whole-clip run.
type Results struct {
	Width, Height int
	FPS           float64            // frames scored per second
	Names         []string           // metric names in libvmaf's order
	Frames        [][]feature.Metric // by frame index
	// Scaled is not nil when the distorted clip was upscaled to Width x
	// Height (a ladder rendition); the writers name the scaler.
	Scaled *clip.Scaling
	// Placement says where each feature ran when a GPU backend was asked
	// for: "cambi" -> "gpu:0", or "cpu" for a feature without a GPU twin;
	// nil on the CPU backend.
	Placement []Placement
}

// add records metrics that became final, keeping the order in which names
// first appear, as libvmaf's feature collector does.
func (r *Results) add(fms []frameMetrics) {
	for _, fm := range fms {
		for len(r.Frames) <= fm.frame {
			r.Frames = append(r.Frames, nil)
		}
		r.Frames[fm.frame] = append(r.Frames[fm.frame], fm.metrics...)
		for _, x := range fm.metrics {
			if !contains(r.Names, x.Name) {
				r.Names = append(r.Names, x.Name)
			}
		}
	}
}

func contains(s []string, v string) bool {
	for _, x := range s {
		if x == v {
			return true
		}
	}
	return false
}

// Value returns a frame's metric.
func (r *Results) Value(frame int, name string) (float64, bool) {
	if frame < 0 || frame >= len(r.Frames) {
		return 0, false
	}
	return FindMetric(r.Frames[frame], name)
}

// Pool is a metric pooled over the frames, as libvmaf pools it.
type Pool struct {
	Min, Max, Mean, HarmonicMean float64
}

// Pooled pools one metric over every frame that has it, in frame order:
// the sums run in the same order as libvmaf's, so the last bits agree.
func (r *Results) Pooled(name string) (Pool, bool) {
	var p Pool
	var n int
	var sum, isum float64
	for i := range r.Frames {
		s, ok := r.Value(i, name)
		if !ok {
			continue
		}
		sum += s
		isum += 1 / (s + 1)
		if n == 0 || s < p.Min {
			p.Min = s
		}
		if n == 0 || s > p.Max {
			p.Max = s
		}
		n++
	}
	if n == 0 {
		return p, false
	}
	p.Mean = sum / float64(n)
	p.HarmonicMean = float64(n)/isum - 1
	return p, true
}

// Precision says how values are printed: Digits decimals as libvmaf does
// (6 by default), or with Max the shortest text that reads back as the same
// float64. Either way values with more than 6 zeros after the decimal point
// print with 16 decimals, as libvmaf prints them, so that files agree with
// libvmaf's to the last character.
type Precision struct {
	Digits int
	Max    bool
}

// ParsePrecision reads --precision: a number of decimals (1..17) or "max".
func ParsePrecision(s string) (Precision, error) {
	if s == "max" {
		return Precision{Max: true}, nil
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 || n > 17 {
		return Precision{}, fmt.Errorf("--precision %q: want a number of decimals from 1 to 17, or max", s)
	}
	return Precision{Digits: n}, nil
}

// DefaultPrecision is libvmaf's.
var DefaultPrecision = Precision{Digits: 6}

// Format prints one value.
func (p Precision) Format(v float64) string {
	if p.Max && leadingZeros(v) <= 6 {
		return strconv.FormatFloat(v, 'g', -1, 64)
	}
	digits := p.Digits
	if digits == 0 {
		digits = 6
	}
	if leadingZeros(v) > 6 {
		digits = max(digits, 16)
	}
	return strconv.FormatFloat(v, 'f', digits, 64)
}

// leadingZeros counts the zeros after the decimal point before the first
// significant digit, as libvmaf's output code does to pick a format.
func leadingZeros(x float64) int {
	x = math.Abs(x)
	if x >= 1<<31 || math.IsNaN(x) {
		return 0
	}
	frac := x - float64(int64(x))
	n := 0
	for frac < 1 && frac != 0 {
		frac *= 10
		n++
	}
	return n
}

func jsonValue(p Precision, v float64) string {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return "null"
	}
	return p.Format(v)
}

// Placement is where one feature ran.
type Placement struct{ Feature, Backend string }

// placementText is "cambi on gpu:0, vif on cpu".
func (r *Results) placementText() string {
	var parts []string
	for _, p := range r.Placement {
		parts = append(parts, p.Feature+" on "+p.Backend)
	}
	return strings.Join(parts, ", ")
}

// WriteJSON writes libvmaf's JSON layout.
func (r *Results) WriteJSON(w io.Writer, p Precision) error {
	b := bufio.NewWriter(w)
	fmt.Fprintf(b, "{\n  \"version\": \"bandscope %s\",\n", Version)
	fmt.Fprintf(b, "  \"fps\": %.2f,\n", r.FPS)
	if s := r.Scaled; s != nil {
		// Not in libvmaf's layout: readers that look keys up skip it.
		fmt.Fprintf(b, "  \"scaled\": {\n    \"from\": \"%dx%d\",\n    \"to\": \"%dx%d\",\n    \"scaler\": %q,\n    \"filter\": %q\n  },\n",
			s.Width, s.Height, r.Width, r.Height, s.Scaler, s.Filter)
	}
	if len(r.Placement) > 0 {
		b.WriteString("  \"backends\": {")
		for i, pl := range r.Placement {
			if i > 0 {
				b.WriteString(",")
			}
			fmt.Fprintf(b, " %q: %q", pl.Feature, pl.Backend)
		}
		b.WriteString(" },\n")
	}
	b.WriteString("  \"frames\": [")
	first := true
	for i, f := range r.Frames {
		if len(f) == 0 {
			continue
		}
		if !first {
			b.WriteString(",")
		}
		first = false
		fmt.Fprintf(b, "\n    {\n      \"frameNum\": %d,\n      \"metrics\": {\n", i)
		for j, m := range f {
			sep := ","
			if j == len(f)-1 {
				sep = ""
			}
			fmt.Fprintf(b, "        %q: %s%s\n", m.Name, jsonValue(p, m.Value), sep)
		}
		b.WriteString("      }\n    }")
	}
	b.WriteString("\n  ],\n  \"pooled_metrics\": {")
	for i, name := range r.Names {
		if i > 0 {
			b.WriteString(",")
		}
		pl, _ := r.Pooled(name)
		fmt.Fprintf(b, "\n    %q: {\n      \"min\": %s,\n      \"max\": %s,\n      \"mean\": %s,\n      \"harmonic_mean\": %s\n    }",
			name, jsonValue(p, pl.Min), jsonValue(p, pl.Max), jsonValue(p, pl.Mean), jsonValue(p, pl.HarmonicMean))
	}
	b.WriteString("\n  },\n  \"aggregate_metrics\": {\n  }\n}\n")
	return b.Flush()
}

// WriteCSV writes libvmaf's CSV layout (a trailing comma on every line).
func (r *Results) WriteCSV(w io.Writer, p Precision) error {
	b := bufio.NewWriter(w)
	b.WriteString("Frame,")
	for _, n := range r.Names {
		b.WriteString(n + ",")
	}
	b.WriteString("\n")
	for i, f := range r.Frames {
		if len(f) == 0 {
			continue
		}
		fmt.Fprintf(b, "%d,", i)
		for _, n := range r.Names {
			v, _ := r.Value(i, n)
			b.WriteString(p.Format(v) + ",")
		}
		b.WriteString("\n")
	}
	return b.Flush()
}

// WriteXML writes libvmaf's XML layout.
func (r *Results) WriteXML(w io.Writer, p Precision) error {
	b := bufio.NewWriter(w)
	fmt.Fprintf(b, "<VMAF version=\"bandscope %s\">\n", Version)
	if s := r.Scaled; s != nil {
		fmt.Fprintf(b, "  <params qualityWidth=\"%d\" qualityHeight=\"%d\" scaledFrom=\"%dx%d\" scaler=\"%s\" scaleFilter=\"%s\" />\n",
			r.Width, r.Height, s.Width, s.Height, s.Scaler, s.Filter)
	} else {
		fmt.Fprintf(b, "  <params qualityWidth=\"%d\" qualityHeight=\"%d\" />\n", r.Width, r.Height)
	}
	if len(r.Placement) > 0 {
		fmt.Fprintf(b, "  <fyi fps=\"%.2f\" backends=\"%s\" />\n  <frames>\n", r.FPS, r.placementText())
	} else {
		fmt.Fprintf(b, "  <fyi fps=\"%.2f\" />\n  <frames>\n", r.FPS)
	}
	for i, f := range r.Frames {
		if len(f) == 0 {
			continue
		}
		fmt.Fprintf(b, "    <frame frameNum=\"%d\" ", i)
		for _, m := range f {
			fmt.Fprintf(b, "%s=\"%s\" ", m.Name, p.Format(m.Value))
		}
		b.WriteString("/>\n")
	}
	b.WriteString("  </frames>\n  <pooled_metrics>\n")
	for _, name := range r.Names {
		pl, _ := r.Pooled(name)
		fmt.Fprintf(b, "    <metric name=\"%s\" min=\"%s\" max=\"%s\" mean=\"%s\" harmonic_mean=\"%s\" />\n",
			name, p.Format(pl.Min), p.Format(pl.Max), p.Format(pl.Mean), p.Format(pl.HarmonicMean))
	}
	b.WriteString("  </pooled_metrics>\n  <aggregate_metrics />\n</VMAF>\n")
	return b.Flush()
}

// WriteTable writes a readable per-frame table for a terminal.
func (r *Results) WriteTable(w io.Writer, p Precision) error {
	b := bufio.NewWriter(w)
	if len(r.Placement) > 0 {
		fmt.Fprintf(b, "ran %s\n", r.placementText())
	}
	if s := r.Scaled; s != nil {
		fmt.Fprintf(b, "distorted upscaled from %dx%d to %dx%d (%s: %s)\n", s.Width, s.Height, r.Width, r.Height, s.Scaler, s.Filter)
	}
	widths := make([]int, len(r.Names))
	for i, n := range r.Names {
		widths[i] = max(len(n), 12)
	}
	b.WriteString(fmt.Sprintf("%6s", "frame"))
	for i, n := range r.Names {
		b.WriteString("  " + pad(n, widths[i]))
	}
	b.WriteString("\n")
	for fi, f := range r.Frames {
		if len(f) == 0 {
			continue
		}
		b.WriteString(fmt.Sprintf("%6d", fi))
		for i, n := range r.Names {
			v, _ := r.Value(fi, n)
			b.WriteString("  " + pad(p.Format(v), widths[i]))
		}
		b.WriteString("\n")
	}
	for _, stat := range []string{"min", "max", "mean", "harmonic_mean"} {
		b.WriteString(fmt.Sprintf("%6s", map[string]string{"min": "min", "max": "max", "mean": "mean", "harmonic_mean": "hmean"}[stat]))
		for i, n := range r.Names {
			pl, _ := r.Pooled(n)
			v := map[string]float64{"min": pl.Min, "max": pl.Max, "mean": pl.Mean, "harmonic_mean": pl.HarmonicMean}[stat]
			b.WriteString("  " + pad(p.Format(v), widths[i]))
		}
		b.WriteString("\n")
	}
	return b.Flush()
}

func pad(s string, n int) string {
	if len(s) >= n {
		return s
	}
	return strings.Repeat(" ", n-len(s)) + s
}
