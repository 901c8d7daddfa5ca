package model

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"sort"

	"github.com/bandscope/bandscope/kernels/feature"
	"github.com/bandscope/bandscope/kernels/libm"
)

// subFeature is one feature of one model.
type subFeature struct {
	name             string // as in the model file
	extractor        string
	slope, intercept float64 // linear_rescale: normalised = slope*raw + intercept
	opts             []feature.KV
	input            int // index into Model.inputs
}

// point is a knot of the piecewise-linear score transform.
type point struct{ x, y float64 }

// submodel is one libvmaf VmafModel: a libsvm regression with its
// normalisation, chroma correction, score transform and clip.
type submodel struct {
	modelType        string
	feats            []subFeature
	linear           bool    // norm_type linear_rescale (else none)
	slope, intercept float64 // the score's: raw = (svm - intercept) / slope

	clip             bool
	clipMin, clipMax float64

	chroma          bool // chroma_correction_parameter present
	chromaParam     float64
	guiding, guided int // the "adm3" and "speed_chroma" features

	transform    bool // score_transform.enabled (or --model enable_transform)
	poly         [3]bool
	polyCoef     [3]float64
	knotsEnabled bool
	knots        []point
	outLTEIn     bool
	outGTEIn     bool

	svm *svm
}

// parseTransform reads score_transform (parse_score_transform): "enabled",
// p0..p2 (number or null), knots (null or [[x, y], ...], at most 10),
// out_lte_in / out_gte_in (the string "true" sets them).
func (sm *submodel) parseTransform(raw json.RawMessage, enable bool) error {
	ms, err := members(raw)
	if err != nil {
		return fmt.Errorf("score_transform: %v", err)
	}
	sm.transform = false
	for _, mb := range ms {
		switch mb.key {
		case "enabled":
			if jsonKind(mb.val) != "bool" {
				return errors.New("score_transform.enabled is not a boolean")
			}
			sm.transform = string(mb.val) == "true"
		case "p0", "p1", "p2":
			i := int(mb.key[1] - '0')
			if jsonKind(mb.val) == "null" {
				sm.poly[i] = false
				continue
			}
			f, err := number(mb.val, "score_transform."+mb.key)
			if err != nil {
				return err
			}
			sm.poly[i], sm.polyCoef[i] = true, f
		case "knots":
			if jsonKind(mb.val) == "null" {
				sm.knotsEnabled, sm.knots = false, nil
				continue
			}
			var list []json.RawMessage
			if jsonKind(mb.val) != "array" || json.Unmarshal(mb.val, &list) != nil {
				return errors.New("score_transform.knots is not an array")
			}
			if len(list) > 10 {
				return fmt.Errorf("score_transform.knots: %d knots, libvmaf reads at most 10", len(list))
			}
			sm.knots = nil
			for i, k := range list {
				xy, err := numbers(k, fmt.Sprintf("score_transform.knots[%d]", i))
				if err != nil {
					return err
				}
				if len(xy) > 2 {
					return fmt.Errorf("score_transform.knots[%d] has %d numbers, want [x, y]", i, len(xy))
				}
				var p point
				if len(xy) > 0 {
					p.x = xy[0]
				}
				if len(xy) > 1 {
					p.y = xy[1]
				}
				sm.knots = append(sm.knots, p)
			}
			sm.knotsEnabled = true
		case "out_lte_in", "out_gte_in":
			s, err := str(mb.val, "score_transform."+mb.key)
			if err != nil {
				return err
			}
			if s == "true" {
				if mb.key == "out_lte_in" {
					sm.outLTEIn = true
				} else {
					sm.outGTEIn = true
				}
			}
		}
	}
	if enable {
		sm.transform = true
	}
	return nil
}

// Prediction is what one frame's prediction prints.
type Prediction struct {
	// Metrics: the score under the model's name; for a bootstrap model then
	// NAME_0001..NAME_NNNN, NAME_bagging, NAME_stddev, NAME_ci_p95_lo and
	// NAME_ci_p95_hi, in the order libvmaf first writes them.
	Metrics []feature.Metric
}

// Predict scores one frame from its feature values, one per Inputs() entry
// in that order. It is safe for concurrent use.
func (m *Model) Predict(features []float64) (Prediction, error) {
	if len(features) != len(m.inputs) {
		return Prediction{}, fmt.Errorf("model %s: %d feature values for %d inputs", printable(m.label), len(features), len(m.inputs))
	}
	score := m.main.predict(features, false)
	out := []feature.Metric{{Name: m.Name, Value: score}}
	if m.boot == nil {
		return Prediction{Metrics: out}, nil
	}
	// vmaf_bootstrap_predict_score_at_index: each bootstrap model's raw
	// score (neither transformed nor clipped) for the statistics, and its
	// finished score for its own key.
	n := len(m.boot)
	scores := make([]float64, n)
	for i, sm := range m.boot {
		// libvmaf predicts twice, with and without the flags; the SVM part
		// is the same both times, so finishing the raw score is the same.
		scores[i] = sm.predict(features, true)
		out = append(out, feature.Metric{Name: fmt.Sprintf("%s_%04d", m.Name, i+1), Value: sm.finish(scores[i])})
	}
	sum := 0.0
	for _, s := range scores {
		sum += s
	}
	mean := sum / float64(n)
	bagging := mean
	const delta = 0.01
	plus, minus := mean+delta, mean-delta
	ssd := 0.0
	for _, s := range scores {
		ssd += libm.Pow(s-mean, 2)
	}
	stddev := math.Sqrt(ssd / float64(n))
	sort.Float64s(scores)
	lo, hi := percentile(scores, 2.5), percentile(scores, 97.5)
	// The first bootstrap model's transform and clip finish the statistics;
	// the standard deviation scales by the transform's slope at the mean.
	first := m.boot[0]
	bagging = first.finish(bagging)
	lo = first.finish(lo)
	hi = first.finish(hi)
	plus = first.finish(plus)
	minus = first.finish(minus)
	stddev *= (plus - minus) / (2.0 * delta)
	out = append(out,
		feature.Metric{Name: m.Name + "_bagging", Value: bagging},
		feature.Metric{Name: m.Name + "_stddev", Value: stddev},
		feature.Metric{Name: m.Name + "_ci_p95_lo", Value: lo},
		feature.Metric{Name: m.Name + "_ci_p95_hi", Value: hi})
	return Prediction{Metrics: out}, nil
}

// percentile is predict.c's: linear interpolation between sorted scores.
func percentile(s []float64, perc float64) float64 {
	p := perc * float64(len(s)-1) / 100.
	l, r := int(math.Floor(p)), int(math.Ceil(p))
	if l == r {
		return s[l]
	}
	return float64(s[l]*(float64(r)-p)) + float64(s[r]*(p-float64(l)))
}

// predict is vmaf_predict_score_at_index: normalise, chroma correction,
// libsvm, denormalise, then (unless raw) transform and clip.
func (sm *submodel) predict(features []float64, raw bool) float64 {
	var buf [16]float64
	node := buf[:0]
	for _, f := range sm.feats {
		node = append(node, sm.normalize(f, features[f.input]))
	}
	if sm.chroma {
		sm.correctChroma(node)
	}
	y := sm.svm.predict(node)
	if sm.linear {
		y = (y - sm.intercept) / sm.slope
	}
	if raw {
		return y
	}
	return sm.finish(y)
}

func (sm *submodel) normalize(f subFeature, v float64) float64 {
	if sm.linear {
		return float64(f.slope*v) + f.intercept
	}
	return v
}

func (sm *submodel) denormalize(f subFeature, v float64) float64 {
	if sm.linear {
		return (v - f.intercept) / f.slope
	}
	return v
}

// correctChroma is post_process_feature_from_another(node, parameter, 0.0,
// "adm3", "speed_chroma"): when the chroma feature is 0 after a round trip
// through its normalisation, it is replaced by parameter*(1 - adm3), both
// denormalised from the nodes and the result normalised back. The walk
// follows libvmaf's (it stops at a chroma feature that is not 0), so the
// features may come in either order.
func (sm *submodel) correctChroma(node []float64) {
	var guiding float64
	for i, f := range sm.feats {
		if i == sm.guiding {
			guiding = sm.denormalize(f, node[i])
		}
		if i == sm.guided && sm.denormalize(f, node[i]) != 0.0 {
			return
		}
	}
	c := sm.chromaParam
	corrected := float64(-c*guiding) + c
	node[sm.guided] = sm.normalize(sm.feats[sm.guided], corrected)
}

// finish applies the score transform and the clip, as transform() and clip()
// do with no flags (the model's own settings, already adjusted by
// disable_clip and enable_transform when it was read).
func (sm *submodel) finish(y float64) float64 {
	if sm.transform {
		y = sm.transformScore(y)
	}
	if sm.clip {
		if y < sm.clipMin {
			y = sm.clipMin
		}
		if y > sm.clipMax {
			y = sm.clipMax
		}
	}
	return y
}

// transformScore is predict.c's transform(): polynomial, piecewise-linear
// knots, then rectification against the input.
func (sm *submodel) transformScore(in float64) float64 {
	out := in
	if sm.poly[0] || sm.poly[1] || sm.poly[2] {
		out = 0.
		if sm.poly[0] {
			out += sm.polyCoef[0]
		}
		if sm.poly[1] {
			out += float64(sm.polyCoef[1] * in)
		}
		if sm.poly[2] {
			out += float64(float64(sm.polyCoef[2]*in) * in)
		}
	}
	if sm.knotsEnabled {
		out = piecewiseLinear(out, sm.knots)
	}
	if sm.outLTEIn && out > in {
		out = in
	}
	if sm.outGTEIn && out < in {
		out = in
	}
	return out
}

// piecewiseLinear is predict.c's piecewise_linear_mapping, including what it
// leaves behind when the knots are not increasing (it stops there; libvmaf
// ignores the error) or are fewer than two (x unchanged).
func piecewiseLinear(x float64, knots []point) float64 {
	if len(knots) <= 1 {
		return x
	}
	nSeg := len(knots) - 1
	y := 0.0
	slope, offset := 0.0, 0.0
	for i := 0; i < nSeg; i++ {
		a, b := knots[i], knots[i+1]
		if !(a.x < b.x && a.y <= b.y) {
			return y
		}
		in := a.x <= x && x <= b.x
		if a.y == b.y {
			if in {
				y = a.y
			}
			if i == 0 && x < a.x {
				y = a.y
			}
			if i == nSeg-1 && x > b.x {
				y = a.y
			}
			continue
		}
		slope, offset = linearParams(a, b, slope, offset)
		line := float64(slope*x) + offset
		if in {
			y = line
		}
		if i == 0 && x < a.x {
			y = line
		}
		if i == nSeg-1 && x > b.x {
			y = line
		}
	}
	return y
}

// linearParams is find_linear_function_parameters for two knots with
// increasing x and y (the only calls piecewiseLinear makes); on the cases it
// refuses, the previous slope and offset stay.
func linearParams(p1, p2 point, slope, offset float64) (float64, float64) {
	if !(p1.x <= p2.x && p1.y <= p2.y) {
		return slope, offset
	}
	if p2.x-p1.x == 0 || p2.y-p1.y == 0 {
		if !(p1.x == p2.x && p1.y == p2.y) {
			return slope, offset
		}
		return 1.0, 0.0
	}
	if p1.x == 0 {
		beta := p1.y
		return (p2.y - beta) / p2.x, beta
	}
	alpha := (p2.y - p1.y) / (p2.x - p1.x)
	return alpha, p1.y - float64(p1.x*alpha)
}
