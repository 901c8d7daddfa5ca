package summary

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/bandscope/bandscope/engine"
)

// Banding says which of two whole-clip runs bands more, by how much, and
// on which frames (CompareBanding).
type Banding struct {
	NameA, NameB   string
	Metric         string  // the CAMBI metric compared (options may rename it)
	MeanA, MeanB   float64 // over the frames both runs scored
	Frames         int
	MoreA, MoreB   [][2]int // frame ranges (first, last) where that run bands more
	Same           int      // frames with equal scores, bit for bit
	WorstA, WorstB []int    // each run's three worst frames, worst first
	ValA, ValB     []float64
}

// CAMBIKey is a run's CAMBI score metric: "cambi", or its
// option-suffixed name; never the source or full-reference scores.
func CAMBIKey(frames [][]engine.Metric) string {
	for _, ms := range frames {
		for _, m := range ms {
			if f, base, _ := engine.MetricFeature(m.Name); f == "cambi" && base == engine.CAMBIScoreKey {
				return m.Name
			}
		}
	}
	return ""
}

// CompareBanding compares two runs' CAMBI scores frame by frame, over the
// frames both scored; ok is false when either has no CAMBI score.
func CompareBanding(nameA, nameB string, a, b [][]engine.Metric) (c Banding, ok bool) {
	ma, mb := CAMBIKey(a), CAMBIKey(b)
	if ma == "" || mb == "" {
		return c, false
	}
	c = Banding{NameA: nameA, NameB: nameB, Metric: ma}
	if mb != ma {
		c.Metric = ma + " / " + mb
	}
	n := min(len(a), len(b))
	c.ValA, c.ValB = make([]float64, n), make([]float64, n)
	sumA, sumB := 0.0, 0.0
	var side []int // per frame: 1 A bands more, -1 B, 0 the same, 2 not scored
	for f := 0; f < n; f++ {
		x, okA := engine.FindMetric(a[f], ma)
		y, okB := engine.FindMetric(b[f], mb)
		c.ValA[f], c.ValB[f] = x, y
		switch {
		case !okA || !okB || math.IsNaN(x) || math.IsNaN(y):
			c.ValA[f], c.ValB[f] = math.NaN(), math.NaN()
			side = append(side, 2)
			continue
		case x > y:
			side = append(side, 1)
		case y > x:
			side = append(side, -1)
		default:
			side = append(side, 0)
			c.Same++
		}
		sumA += x
		sumB += y
		c.Frames++
	}
	if c.Frames == 0 {
		return c, false
	}
	c.MeanA, c.MeanB = sumA/float64(c.Frames), sumB/float64(c.Frames)
	for f := 0; f < n; {
		g := f
		for g+1 < n && side[g+1] == side[f] {
			g++
		}
		switch side[f] {
		case 1:
			c.MoreA = append(c.MoreA, [2]int{f, g})
		case -1:
			c.MoreB = append(c.MoreB, [2]int{f, g})
		}
		f = g + 1
	}
	c.WorstA, c.WorstB = worstOf(c.ValA, 3), worstOf(c.ValB, 3)
	return c, true
}

// worstOf is the n frames with the highest values, highest first (ties:
// the earlier frame first).
func worstOf(vals []float64, n int) []int {
	var idx []int
	for f, v := range vals {
		if !math.IsNaN(v) {
			idx = append(idx, f)
		}
	}
	sort.SliceStable(idx, func(x, y int) bool { return vals[idx[x]] > vals[idx[y]] })
	return idx[:min(n, len(idx))]
}

// frameRanges writes ranges as "0–4, 7, 9–12", at most max of them.
func frameRanges(rs [][2]int, max int) string {
	var parts []string
	for k, r := range rs {
		if k == max {
			parts = append(parts, fmt.Sprintf("and %d more ranges", len(rs)-max))
			break
		}
		if r[0] == r[1] {
			parts = append(parts, strconv.Itoa(r[0]))
		} else {
			parts = append(parts, fmt.Sprintf("%d–%d", r[0], r[1]))
		}
	}
	return strings.Join(parts, ", ")
}

// rangeFrames counts the frames of ranges.
func rangeFrames(rs [][2]int) int {
	n := 0
	for _, r := range rs {
		n += r[1] - r[0] + 1
	}
	return n
}

// String is the summary's verdict: which run bands more, by its mean CAMBI
// and worst frames, and where.
func (c Banding) String() string {
	var b strings.Builder
	switch {
	case c.MeanA > c.MeanB:
		fmt.Fprintf(&b, "%s bands more: mean %s %.6g against %.6g for %s.\n", c.NameA, c.Metric, c.MeanA, c.MeanB, c.NameB)
	case c.MeanB > c.MeanA:
		fmt.Fprintf(&b, "%s bands more: mean %s %.6g against %.6g for %s.\n", c.NameB, c.Metric, c.MeanB, c.MeanA, c.NameA)
	default:
		fmt.Fprintf(&b, "Both runs band as much: mean %s %.6g.\n", c.Metric, c.MeanA)
	}
	where := func(name string, rs [][2]int) {
		if len(rs) == 0 {
			fmt.Fprintf(&b, "%s bands more on no frame.\n", name)
			return
		}
		fmt.Fprintf(&b, "%s bands more on %d of %d frames: %s.\n", name, rangeFrames(rs), c.Frames, frameRanges(rs, 8))
	}
	where(c.NameA, c.MoreA)
	where(c.NameB, c.MoreB)
	if c.Same > 0 {
		fmt.Fprintf(&b, "The same score, bit for bit, on %d frames.\n", c.Same)
	}
	worst := func(name string, fs []int, vals []float64) {
		var s []string
		for _, f := range fs {
			s = append(s, fmt.Sprintf("%d (%.4g)", f, vals[f]))
		}
		fmt.Fprintf(&b, "Worst frames of %s: %s.\n", name, strings.Join(s, ", "))
	}
	worst(c.NameA, c.WorstA, c.ValA)
	worst(c.NameB, c.WorstB, c.ValB)
	return strings.TrimRight(b.String(), "\n")
}
