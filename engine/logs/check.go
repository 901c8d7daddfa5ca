package logs

import (
	"math"
	"path/filepath"
	"slices"
	"strings"

	"github.com/bandscope/bandscope/engine"
	"github.com/bandscope/bandscope/engine/model"
)

// MetricCheck is one metric of a frame, the log's value against ours.
type MetricCheck struct {
	Name      string
	Log, Ours float64
	HaveOurs  bool
}

// Same reports equal bits (NaN equals NaN).
func (c MetricCheck) Same() bool {
	return c.HaveOurs && math.Float64bits(c.Log) == math.Float64bits(c.Ours)
}

// CheckFrame compares a log's metrics of a frame with ours. as renames a
// log key to ours where they differ: libvmaf's unnamed "vmaf" to the
// model it is (ModelKeys, Renames); the name shown says both.
func CheckFrame(log, ours []engine.Metric, as map[string]string) []MetricCheck {
	var out []MetricCheck
	for _, m := range log {
		name, shown := m.Name, m.Name
		if o, ok := as[m.Name]; ok {
			name, shown = o, m.Name+" ("+o+")"
		}
		v, ok := engine.FindMetric(ours, name)
		out = append(out, MetricCheck{Name: shown, Log: m.Value, Ours: v, HaveOurs: ok})
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
