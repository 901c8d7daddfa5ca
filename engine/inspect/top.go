package inspect

import (
	"fmt"
	"math"
	"runtime"
	"sync"

	"github.com/bandscope/bandscope/engine"
)

// Top is the top of a signed or spread map's colour scale (ADM's bands,
// VIF's, motion's and SpEED's maps): the 99.5th percentile of |value|, so
// that a few large values do not turn the rest dark.
func (m *Map) Top() float64 {
	t, _ := m.TopOK()
	return t
}

// TopOK is Top; ok is false when the map has no non-zero value (the top
// is then 1), and for a nil map.
func (m *Map) TopOK() (float64, bool) {
	if m == nil {
		return 1, false
	}
	m.topOnce.Do(func() { m.top, m.topOK = sampledTop(m) })
	return m.top, m.topOK
}

// WarmTops computes the tops of maps on every core: the ADM view shows
// twelve at once, each a few hundred microseconds of cache misses on one
// goroutine otherwise.
func WarmTops(maps []*Map) {
	n := min(runtime.GOMAXPROCS(0), len(maps))
	var wg sync.WaitGroup
	for k := 0; k < n; k++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for _, m := range maps[len(maps)*k/n : len(maps)*(k+1)/n] {
				m.TopOK()
			}
		}()
	}
	wg.Wait()
}

// sampledTop is TopOK's value, from about 20000 of the map's values.
func sampledTop(m *Map) (float64, bool) {
	var vals []float64
	n := m.W * m.H
	step := max(n/20000, 1)
	for k := 0; k < n; k += step {
		if v := math.Abs(m.At(k)); v > 0 {
			vals = append(vals, v)
		}
	}
	if len(vals) == 0 {
		return 1, false
	}
	return nthSmallest(vals, min(len(vals)-1, len(vals)*995/1000)), true
}

// nthSmallest is the value sort.Float64s would put at index k (no NaN in
// vals), found by selection in linear time: a frame step computes some
// thirty band tops, and sorting each sample was a fifth of the inspector's
// share of the step. vals is reordered.
func nthSmallest(vals []float64, k int) float64 {
	lo, hi := 0, len(vals)-1
	for lo < hi {
		// Median of three as the pivot, then a three-way partition:
		// [lo, lt) < pivot, [lt, gt] == pivot, (gt, hi] > pivot.
		mid := lo + (hi-lo)/2
		a, b, c := vals[lo], vals[mid], vals[hi]
		pivot := max(min(a, b), min(max(a, b), c))
		lt, i, gt := lo, lo, hi
		for i <= gt {
			switch v := vals[i]; {
			case v < pivot:
				vals[lt], vals[i] = vals[i], vals[lt]
				lt++
				i++
			case v > pivot:
				vals[gt], vals[i] = vals[i], vals[gt]
				gt--
			default:
				i++
			}
		}
		switch {
		case k < lt:
			hi = lt - 1
		case k > gt:
			lo = gt + 1
		default:
			return pivot
		}
	}
	return vals[k]
}

// CValueTop is the top of the colour scale shared by a picture's five
// c-value maps, so that colours compare across scales: its largest
// c-value, and the scale that holds it (-1: every c-value is 0 and the top
// is 1). Each scale's largest comes with its c-values
// (CAMBIScale.MaxCValue): nothing is read again for it.
func CValueTop(p *engine.CAMBIPicture) (top float64, at int) {
	top, at = 0, -1
	for k, s := range p.Scales {
		if v := float64(s.MaxCValue); s.CValues != nil && v > top {
			top, at = v, k
		}
	}
	if top <= 0 {
		return 1, -1
	}
	return top, at
}

// TopLabel says what the top of the c-value colour scale is.
func TopLabel(top float64, at int) string {
	if at < 0 {
		return "1 (no c-value above 0 on this frame)"
	}
	return fmt.Sprintf("%.4g = this frame's largest c-value (scale %d)", top, at)
}
