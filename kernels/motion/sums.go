package motion

import (
	"errors"
	"fmt"
)

// Sums is the temporal half of a Scorer, for callers that compute the
// frames' raw SADs themselves, out of order and in parallel (the engine's
// workers each call FastSAD.SAD on the reference pictures of their frame
// and the one it compares with, which the run keeps decoded): Push takes
// the raw SADs in frame order and returns the results as they become
// final, Flush the rest, exactly as a Scorer's Push and Flush would on
// the same pictures. Sums keeps no picture and checks no sample: the
// caller's pictures must hold samples within the bit depth (the engine's
// clip readers refuse others). Results carry no map. A Sums is not safe
// for concurrent use.
type Sums struct {
	s *stream
}

// NewSums returns the temporal bookkeeping of cfg's clip.
func NewSums(cfg *Config) *Sums { return &Sums{s: &stream{cfg: cfg}} }

// Needed reports whether frame n has a SAD to compute: frames from
// MinIndex on, unless motion_force_zero.
func (u *Sums) Needed(n int) bool {
	return !u.s.cfg.ForceZero && n >= u.s.cfg.MinIndex()
}

// Compared is the picture frame n's SAD compares with (n - Stride).
func (u *Sums) Compared(n int) int { return n - u.s.cfg.Stride() }

// Push takes frame n's raw SAD, libvmaf's integer sum
// SAD(picture n-Stride, picture n) (ignored where Needed is false);
// frames arrive in order 0, 1, 2, ... It returns the results that became
// final with this frame, in frame order.
func (u *Sums) Push(frame int, raw uint64) ([]*FrameResult, error) {
	s, cfg := u.s, u.s.cfg
	switch {
	case s.closed:
		return nil, errClosed
	case s.flushed:
		return nil, errors.New("motion: Push after Flush")
	case frame != len(s.scores):
		return nil, fmt.Errorf("motion: frame %d pushed, expected frame %d (frames must arrive in order from 0)", frame, len(s.scores))
	}
	r := &FrameResult{Frame: frame, Compared: -1, W: cfg.Width, H: cfg.Height}
	if u.Needed(frame) {
		r.RawSAD = raw
		r.SAD = cfg.Score(raw)
		r.Compared = u.Compared(frame)
	}
	s.scores = append(s.scores, r.SAD)
	s.pending = append(s.pending, r)
	// As in stream.Push: frame i is final once frame i+1 and frame
	// MinIndex exist.
	if frame < cfg.MinIndex() {
		return nil, nil
	}
	return s.emit(frame, frame+1), nil
}

// Flush ends the clip and returns the remaining results.
func (u *Sums) Flush() ([]*FrameResult, error) { return u.s.Flush() }

// Close releases the pending results; Push and Flush fail afterwards.
func (u *Sums) Close() error { return u.s.Close() }
