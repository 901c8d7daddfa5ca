package summary

import (
	"fmt"
	"math"
	"strings"

	"github.com/bandscope/bandscope/engine"
	"github.com/bandscope/bandscope/engine/model"
)

// ModelCurves are one model's curves over a clip: its score, and per input
// the points that input costs (NaN where a frame lacks the key).
type ModelCurves struct {
	Model string
	Score Series
	Costs []Series // one per input, named by the input's base key (ShortName)
}

// ModelSeries reads a model's curves from a run's per-frame metrics: its
// score's key is the model's name, its costs' keys engine.CostKey.
func ModelSeries(m *model.Model, frames [][]engine.Metric) ModelCurves {
	mc := ModelCurves{Model: m.Name, Score: Column(frames, m.Name)}
	for _, in := range m.Inputs() {
		c := Column(frames, engine.CostKey(m.Name, in.Key))
		c.Name = ShortName(in.Key)
		mc.Costs = append(mc.Costs, c)
	}
	return mc
}

// ModelsText says, per model, its score over a run (mean and minimum) and
// the input that costs it most on average, with its worst frame: what a
// reader of two models' scores asks first. "" when no model has a score
// in the run.
func ModelsText(models []*model.Model, frames [][]engine.Metric) string {
	var b strings.Builder
	for _, m := range models {
		mc := ModelSeries(m, frames)
		mean, lo, n := 0.0, math.Inf(1), 0
		for _, v := range mc.Score.Values {
			if !math.IsNaN(v) {
				mean += v
				lo = math.Min(lo, v)
				n++
			}
		}
		if n == 0 {
			continue
		}
		fmt.Fprintf(&b, "%s  mean %.4f  min %.4f", m.Name, mean/float64(n), lo)
		if c, avg, ok := costliest(mc.Costs); ok {
			f, worst := peak(c)
			fmt.Fprintf(&b, "  costs most: %s, %.3f points on average, %.3f on frame %d", c.Name, avg, worst, f)
		}
		b.WriteString("\n")
	}
	return b.String()
}

// costliest is the cost series with the highest mean, and that mean.
func costliest(costs []Series) (best Series, mean float64, ok bool) {
	mean = math.Inf(-1)
	for _, c := range costs {
		sum, n := 0.0, 0
		for _, v := range c.Values {
			if !math.IsNaN(v) {
				sum += v
				n++
			}
		}
		if n > 0 && sum/float64(n) > mean {
			best, mean, ok = c, sum/float64(n), true
		}
	}
	return best, mean, ok
}

// peak is a series' highest value and its frame (the first of equals).
func peak(s Series) (frame int, v float64) {
	frame = -1
	for f, x := range s.Values {
		if !math.IsNaN(x) && (frame < 0 || x > v) {
			frame, v = f, x
		}
	}
	return frame, v
}
