package logs

import (
	"math"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/bandscope/bandscope/engine"
	"github.com/bandscope/bandscope/engine/model"
)

// MetricCheck is one metric of a frame, the log's value against ours.
type MetricCheck struct {
	Name      string
	Log, Ours float64
	LogText   string // the log's value as it printed it
	HaveOurs  bool
	// Rounded: the log prints its values rounded (Log.Rounds), so ours
	// printed the same way is all it can confirm (Agreement).
	Rounded bool
}

// Agreement is how far a log's value and ours agree.
type Agreement int

const (
	// Differ: the values differ, even as the log prints them.
	Differ Agreement = iota
	// EqualPrinted: ours, printed as the log printed its value (the same
	// decimals, or the same digits in exponent form), reads the same; the
	// log printed too few digits to say more (libvmaf's default %.6f).
	EqualPrinted
	// EqualBits: the same float64, bit for bit.
	EqualBits
)

// Same reports equal bits (NaN equals NaN).
func (c MetricCheck) Same() bool {
	return c.HaveOurs && math.Float64bits(c.Log) == math.Float64bits(c.Ours)
}

// Agreement says whether the values have equal bits, are equal as a
// rounded log prints them, or differ; ok is false when we have no value.
func (c MetricCheck) Agreement() (a Agreement, ok bool) {
	switch {
	case !c.HaveOurs:
		return Differ, false
	case c.Same():
		return EqualBits, true
	case c.Rounded && c.LogText != "" && PrintedLike(c.Ours, c.LogText) == c.LogText:
		return EqualPrinted, true
	}
	return Differ, true
}

// PrintedLike prints v as text was printed: with as many decimals, in
// fixed or exponent form, as C's printf prints "%.Nf" or "%.Ne" (Go's
// strconv rounds correctly, as glibc does).
func PrintedLike(v float64, text string) string {
	mant, _, exp := strings.Cut(strings.ToLower(text), "e")
	decimals := 0
	if _, frac, ok := strings.Cut(mant, "."); ok {
		decimals = len(frac)
	}
	if exp {
		return strconv.FormatFloat(v, 'e', decimals, 64)
	}
	return strconv.FormatFloat(v, 'f', decimals, 64)
}

// CheckFrame compares frame n of the log with ours. as renames a log key
// to ours where they differ: libvmaf's unnamed "vmaf" to the model it is
// (ModelKeys, Renames); the name shown says both.
func (l *Log) CheckFrame(n int, ours []engine.Metric, as map[string]string) []MetricCheck {
	if n < 0 || n >= len(l.Frames) {
		return nil
	}
	var out []MetricCheck
	for k, m := range l.Frames[n] {
		name, shown := m.Name, m.Name
		if o, ok := as[m.Name]; ok {
			name, shown = o, m.Name+" ("+o+")"
		}
		text := ""
		if k < len(l.Text[n]) {
			text = l.Text[n][k]
		}
		v, ok := engine.FindMetric(ours, name)
		out = append(out, MetricCheck{Name: shown, Log: m.Value, LogText: text, Ours: v, HaveOurs: ok, Rounded: l.Rounds()})
	}
	return out
}

// LibvmafModelKey is the key libvmaf gives a model's score when --model
// has no name= (its command line and ffmpeg's filter alike).
const LibvmafModelKey = "vmaf"

// KeySet is every metric key a log has on any frame.
func KeySet(frames [][]engine.Metric) map[string]bool {
	keys := map[string]bool{}
	for _, ms := range frames {
		for _, m := range ms {
			keys[m.Name] = true
		}
	}
	return keys
}

// ModelKeys says which key of a log (its KeySet) holds each model's score
// (model name -> log key). A model's own name is its key (a log written
// with --model version=V:name=V, or one of Bandscope's exports). libvmaf's
// unnamed "vmaf" cannot say which model wrote it, so it is bound to one
// model the log has no named key for: the only one; else the only one
// whose inputs' keys the log all has (libvmaf writes a model's features
// beside its score); else the first. It is not guessed when every model
// has its own key.
func ModelKeys(keys map[string]bool, models []*model.Model) map[string]string {
	out := map[string]string{}
	if len(models) == 0 {
		return out
	}
	var free []*model.Model
	for _, m := range models {
		if keys[m.Name] {
			out[m.Name] = m.Name
		} else {
			free = append(free, m)
		}
	}
	if !keys[LibvmafModelKey] || len(free) == 0 {
		return out
	}
	pick := free[0]
	if len(free) > 1 {
		var full []*model.Model
		for _, m := range free {
			all := true
			for _, in := range m.Inputs() {
				all = all && keys[in.Key]
			}
			if all {
				full = append(full, m)
			}
		}
		if len(full) == 1 {
			pick = full[0]
		}
	}
	out[pick.Name] = LibvmafModelKey
	return out
}

// Renames inverts ModelKeys for CheckFrame: log key -> our key, where
// they differ.
func Renames(keys map[string]string) map[string]string {
	as := map[string]string{}
	for m, k := range keys {
		if m != k {
			as[k] = m
		}
	}
	return as
}

// Extensions are the file name extensions of the logs and dumps Parse and
// ParseHeatmap read, as open dialogs offer them.
var Extensions = []string{".json", ".xml", ".csv", ".gray", ".log", ".txt"}

// IsLogName says whether a file's name is a log's or a dump's (one of
// Extensions) rather than a clip's.
func IsLogName(path string) bool {
	return slices.Contains(Extensions, strings.ToLower(filepath.Ext(path)))
}
