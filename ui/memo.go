package ui

import "sync"

// memo keeps the values computed from the last max keys, most recent
// last: the views of one frame ask for the same derived values (a map's
// colour-scale top, a result's conversion), each costly to compute, and a
// frame's results are immutable once scored. Keys are pointers to results
// the inspector holds anyway, so a memo keeps nothing alive for long. It
// is safe for concurrent use.
type memo[K comparable, V any] struct {
	max  int
	mu   sync.Mutex
	keys []K
	vals []V
}

// get returns the value kept for k, or make's, which it keeps.
func (m *memo[K, V]) get(k K, make func() V) V {
	m.mu.Lock()
	for i, key := range m.keys {
		if key == k {
			v := m.vals[i]
			m.mu.Unlock()
			return v
		}
	}
	m.mu.Unlock()
	v := make() // outside the lock: it may take milliseconds
	m.mu.Lock()
	defer m.mu.Unlock()
	m.keys, m.vals = append(m.keys, k), append(m.vals, v)
	if len(m.keys) > m.max {
		m.keys, m.vals = m.keys[1:], m.vals[1:]
	}
	return v
}
