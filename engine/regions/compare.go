package regions

import (
	"cmp"
	"slices"
)

// Pair is an event of report A and its counterpart in report B; A or B is
// nil when the other report has no event there.
type Pair struct{ A, B *Event }

// Match pairs the events of two encodes of one clip: an event of A and
// one of B are the same banding when they share frames and their boxes,
// each as a fraction of its clip's size (renditions of a ladder differ in
// size), overlap. Pairs are made best first, by the product of the shared
// share of frames (frames in both over frames in either) and of area
// (intersection over union); each event is in one pair. The pairs come in
// A's order (unmatched events of A with B nil), then B's events that A
// does not have, in B's order.
func Match(a, b *Report) []Pair {
	type cand struct {
		i, j  int
		score float64
	}
	var cs []cand
	for i := range a.Events {
		for j := range b.Events {
			if s := likeness(a, &a.Events[i], b, &b.Events[j]); s > 0 {
				cs = append(cs, cand{i, j, s})
			}
		}
	}
	slices.SortStableFunc(cs, func(x, y cand) int {
		if c := cmp.Compare(y.score, x.score); c != 0 {
			return c
		}
		if c := cmp.Compare(x.i, y.i); c != 0 {
			return c
		}
		return cmp.Compare(x.j, y.j)
	})
	ofA := make([]int, len(a.Events))
	usedB := make([]bool, len(b.Events))
	for i := range ofA {
		ofA[i] = -1
	}
	for _, c := range cs {
		if ofA[c.i] < 0 && !usedB[c.j] {
			ofA[c.i], usedB[c.j] = c.j, true
		}
	}
	var out []Pair
	for i := range a.Events {
		p := Pair{A: &a.Events[i]}
		if j := ofA[i]; j >= 0 {
			p.B = &b.Events[j]
		}
		out = append(out, p)
	}
	for j := range b.Events {
		if !usedB[j] {
			out = append(out, Pair{B: &b.Events[j]})
		}
	}
	return out
}

// likeness is how alike two events are (Match), 0 when they share no
// frame or no area.
func likeness(ra *Report, a *Event, rb *Report, b *Event) float64 {
	shared := min(a.LastFrame, b.LastFrame) - max(a.FirstFrame, b.FirstFrame) + 1
	if shared <= 0 {
		return 0
	}
	either := max(a.LastFrame, b.LastFrame) - min(a.FirstFrame, b.FirstFrame) + 1
	type rect struct{ x0, y0, x1, y1 float64 }
	norm := func(r *Report, bb Box) rect {
		w, h := float64(r.Width), float64(r.Height)
		return rect{float64(bb.X) / w, float64(bb.Y) / h, float64(bb.X+bb.W) / w, float64(bb.Y+bb.H) / h}
	}
	p, q := norm(ra, a.BBox), norm(rb, b.BBox)
	iw, ih := min(p.x1, q.x1)-max(p.x0, q.x0), min(p.y1, q.y1)-max(p.y0, q.y0)
	if iw <= 0 || ih <= 0 {
		return 0
	}
	inter := iw * ih
	union := (p.x1-p.x0)*(p.y1-p.y0) + (q.x1-q.x0)*(q.y1-q.y0) - inter
	return float64(shared) / float64(either) * inter / union
}
