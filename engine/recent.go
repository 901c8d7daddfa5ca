package engine

import "sync"

// recent keeps values by frame for Session.Frame's random access, the
// last max frames put: an inspector steps back and forth over a few
// frames, and each value costs a feature's work to make again. It is safe
// for concurrent use; the zero value with max set is ready.
type recent[V any] struct {
	max   int
	mu    sync.Mutex
	at    map[int]V
	order []int // oldest first
}

// get returns frame n's value, if kept.
func (r *recent[V]) get(n int) (V, bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	v, ok := r.at[n]
	return v, ok
}

// put keeps v for frame n unless a value is kept already (the first
// stays: a frame's values do not change), dropping the oldest beyond max.
// make builds the value to keep, under the lock and only when kept.
func (r *recent[V]) put(n int, make func() V) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if _, ok := r.at[n]; ok {
		return
	}
	if r.at == nil {
		r.at = map[int]V{}
	}
	r.at[n] = make()
	r.order = append(r.order, n)
	if len(r.order) > r.max {
		delete(r.at, r.order[0])
		r.order = r.order[1:]
	}
}
