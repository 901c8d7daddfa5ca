package regions

import (
	"errors"
	"fmt"
)

// MaxGap is how many frames in a row an event's region may dip below the
// threshold (or out of the mask) and still be the same event.
const MaxGap = 2

// track is an event being followed: an entry per frame from its first to
// its last.
type track struct {
	seq     int // creation order: ties go to the older track
	first   int
	entries []*entry
	// found is the last entry with pixels; kept: the track lasts
	// MinFrames or more; closed: it can no longer grow.
	found        *entry
	kept, closed bool
}

func (t *track) last() int { return t.first + len(t.entries) - 1 }

// entry is a track's region on one frame: its components there, or on a
// frame it was not found (held), the last region found, in place.
type entry struct {
	frame int
	held  bool
	box   Box // CAMBI pixels
	area  int // CAMBI pixels
	darea int // the clip's pixels (geometry.area)
	sum   float64
	top   float64
	spans []span
}

// pending is a frame whose mask is not written yet: the tracks that hold
// it may still be dropped, or may still reach back into it (a gap).
type pending struct {
	frame int
	of    []*track
	at    []*entry
}

// tracker links frames' regions into events, in frame order, and writes
// each frame's mask once every event on it is decided.
type tracker struct {
	minFrames int
	keepSpans bool
	open      []*track
	kept      []*track
	queue     []*pending
	next      int // the frame Add expects
	seq       int
	margin    int // pixels a region may move per frame and still link
	frameSize int // CAMBI's pixels per frame
	geo       geometry

	// emit receives each final frame's kept entries, in frame order.
	emit func(frame int, at []*entry) error
}

// add links frame f's regions (f.N must be the next frame).
func (t *tracker) add(f Frame) error {
	if f.N != t.next {
		return fmt.Errorf("regions: frame %d came after frame %d", f.N, t.next-1)
	}
	t.next++
	if t.frameSize == 0 {
		t.frameSize = f.Width * f.Height
		t.margin = f.Window
	} else if f.Width*f.Height != t.frameSize {
		return errors.New("regions: CAMBI's picture size changed mid-clip")
	}
	grown := map[*track]*entry{}
	var order []*track
	for k := range f.Regions {
		r := &f.Regions[k]
		tr := t.match(r.Box, grown)
		if tr == nil {
			t.seq++
			tr = &track{seq: t.seq, first: f.N}
			t.open = append(t.open, tr)
		}
		e := grown[tr]
		if e == nil {
			e = &entry{frame: f.N}
			grown[tr] = e
			order = append(order, tr)
		}
		e.box = e.box.Union(r.Box)
		e.area += r.Area
		e.sum += r.Sum
		e.top = max(e.top, r.Max)
		if e.spans == nil {
			e.spans = r.spans // the frame's block, capped at the region's end
		} else {
			e.spans = append(e.spans, r.spans...)
		}
	}
	p := &pending{frame: f.N}
	for _, tr := range order {
		e := grown[tr]
		e.darea = t.geo.area(e.spans)
		// A gap: the last region found holds the frames in between.
		for g := tr.last() + 1; g < f.N && tr.found != nil; g++ {
			h := *tr.found
			h.frame, h.held = g, true
			h.sum, h.top = 0, 0
			tr.entries = append(tr.entries, &h)
			gp, err := t.pendingAt(g)
			if err != nil {
				return err
			}
			gp.add(tr, &h)
		}
		if old := tr.found; old != nil && t.written(old.frame) {
			t.release(old)
		}
		tr.entries = append(tr.entries, e)
		tr.found = e
		p.add(tr, e)
		if len(tr.entries) >= t.minFrames {
			tr.kept = true
		}
	}
	t.queue = append(t.queue, p)
	// A track not found for MaxGap frames after its last can grow no more.
	open := t.open[:0]
	for _, tr := range t.open {
		if tr.last() < f.N-MaxGap {
			t.close(tr)
		} else {
			open = append(open, tr)
		}
	}
	t.open = open
	return t.flush(false)
}

func (p *pending) add(tr *track, e *entry) {
	p.of = append(p.of, tr)
	p.at = append(p.at, e)
}

// pendingAt is frame g's pending entry (a gap's frames are still queued:
// flush waits for every open track that may reach back into them).
func (t *tracker) pendingAt(g int) (*pending, error) {
	for _, p := range t.queue {
		if p.frame == g {
			return p, nil
		}
	}
	return nil, fmt.Errorf("regions: internal error: frame %d was written while an open track could reach it", g)
}

// written reports whether frame g's mask is written (it left the queue).
func (t *tracker) written(g int) bool { return len(t.queue) == 0 || g < t.queue[0].frame }

// release drops an entry's pixels once its frame is written, unless the
// report keeps them (keepSpans).
func (t *tracker) release(e *entry) {
	if !t.keepSpans {
		e.spans = nil
	}
}

// match is the open track whose last region found (for a track this
// frame starts, its region so far: grown), grown by the margin, overlaps
// box most (the older of equals), or nil.
func (t *tracker) match(box Box, grown map[*track]*entry) *track {
	var best *track
	bestArea := 0
	for _, tr := range t.open {
		last := tr.found
		if last == nil {
			last = grown[tr]
		}
		if last == nil {
			continue
		}
		a := box.Intersect(last.box.Grow(t.margin)).Area()
		if a > bestArea || (a == bestArea && a > 0 && tr.seq < best.seq) {
			best, bestArea = tr, a
		}
	}
	return best
}

// close ends a track: kept when it lasted MinFrames, else dropped.
func (t *tracker) close(tr *track) {
	tr.closed = true
	tr.kept = len(tr.entries) >= t.minFrames
	if tr.kept {
		t.kept = append(t.kept, tr)
	}
	if tr.found != nil && t.written(tr.found.frame) {
		t.release(tr.found)
	}
}

// decided reports whether a track is known to be kept or dropped.
func decided(tr *track) bool { return tr.kept || tr.closed }

// flush hands the final frames at the queue's head on (all of them at the
// end): a frame is final when every track on it is decided and no open
// track could still reach back into it through a gap.
func (t *tracker) flush(all bool) error {
	for len(t.queue) > 0 {
		p := t.queue[0]
		if !all && !t.final(p) {
			return nil
		}
		var at []*entry
		for k, tr := range p.of {
			if tr.kept {
				at = append(at, p.at[k])
			}
		}
		if t.emit != nil {
			if err := t.emit(p.frame, at); err != nil {
				return err
			}
		}
		for k, e := range p.at {
			// An open track's last region found may still fill a gap.
			if tr := p.of[k]; e != tr.found || tr.closed {
				t.release(e)
			}
		}
		t.queue[0] = nil
		t.queue = t.queue[1:]
	}
	return nil
}

// final reports whether pending frame p is final (flush).
func (t *tracker) final(p *pending) bool {
	for _, tr := range p.of {
		if !decided(tr) {
			return false
		}
	}
	for _, tr := range t.open {
		if tr.last() < p.frame {
			return false
		}
	}
	return true
}

// finish closes every track and flushes every frame.
func (t *tracker) finish() error {
	for _, tr := range t.open {
		t.close(tr)
	}
	t.open = nil
	return t.flush(true)
}
