// Package recent keeps values computed for the last few keys: the
// inspector asks for the same derived values again and again (a frame's
// reference picture, its perfect-copy metrics and motion SADs in the
// engine; a map's colour-scale top and a result's conversion in the
// views), each costly to make, and what a key stands for does not change
// once scored.
package recent

import (
	"sync"
	"weak"
)

// Cache keeps the values of the last Max keys put, oldest dropped first;
// the first value put for a key stays. A Cache with Max set is ready; it
// is safe for concurrent use. Keys are compared with ==: frame numbers,
// say; a key that is a pointer to a result is kept alive with it (Weak
// keeps none).
type Cache[K comparable, V any] struct {
	Max int

	mu   sync.Mutex
	keys []K // oldest first
	vals []V
}

// Get returns k's value, if kept.
func (c *Cache[K, V]) Get(k K) (V, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.find(k)
}

// Put keeps make's value for k unless one is kept already; make runs
// under the lock, only when its value is kept.
func (c *Cache[K, V]) Put(k K, make func() V) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.find(k); !ok {
		c.add(k, make())
	}
}

// Do returns k's value, making and keeping it first when none is kept.
// make runs outside the lock (it may take milliseconds); when two calls
// make k's value at once, both return the one kept first.
func (c *Cache[K, V]) Do(k K, make func() V) V {
	if v, ok := c.Get(k); ok {
		return v
	}
	v := make()
	c.mu.Lock()
	defer c.mu.Unlock()
	if kept, ok := c.find(k); ok {
		return kept
	}
	c.add(k, v)
	return v
}

// Set keeps v for k, in place of a value kept for it.
func (c *Cache[K, V]) Set(k K, v V) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for i := len(c.keys) - 1; i >= 0; i-- {
		if c.keys[i] == k {
			c.vals[i] = v
			return
		}
	}
	c.add(k, v)
}

func (c *Cache[K, V]) find(k K) (V, bool) {
	for i := len(c.keys) - 1; i >= 0; i-- { // the newest are asked for most
		if c.keys[i] == k {
			return c.vals[i], true
		}
	}
	var zero V
	return zero, false
}

func (c *Cache[K, V]) add(k K, v V) {
	c.keys, c.vals = append(c.keys, k), append(c.vals, v)
	if len(c.keys) > c.Max {
		c.keys, c.vals = c.keys[1:], c.vals[1:]
	}
}

// Weak is Cache keyed by pointers it does not keep alive: an entry is
// found while its key is reachable from elsewhere (a frame on screen, a
// result kept) and never once the key was collected. A derived value kept
// with Cache keyed by the pointer would keep the whole result alive, maps
// and all, until Max newer keys pushed it out: four frames' maps held by
// a colour-scale top. Its keys are weak pointers, which differ for
// distinct objects even when one was collected and the other took its
// address. A Weak with Max set is ready; it is safe for concurrent use.
type Weak[K any, V any] Cache[weak.Pointer[K], V]

func (c *Weak[K, V]) cache() *Cache[weak.Pointer[K], V] { return (*Cache[weak.Pointer[K], V])(c) }

// Get returns k's value, if kept.
func (c *Weak[K, V]) Get(k *K) (V, bool) { return c.cache().Get(weak.Make(k)) }

// Set keeps v for k, in place of a value kept for it.
func (c *Weak[K, V]) Set(k *K, v V) { c.cache().Set(weak.Make(k), v) }

// Do returns k's value, made by make (outside the lock) when not kept.
func (c *Weak[K, V]) Do(k *K, make func() V) V { return c.cache().Do(weak.Make(k), make) }
