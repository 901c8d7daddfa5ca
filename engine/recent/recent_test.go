package recent

import (
	"sync"
	"testing"
)

// TestCache: the first value put stays, the oldest key goes beyond Max,
// and Do makes a value once per key.
func TestCache(t *testing.T) {
	c := Cache[int, string]{Max: 2}
	c.Put(1, func() string { return "a" })
	c.Put(1, func() string { t.Error("a kept key's value made again"); return "x" })
	if v, ok := c.Get(1); !ok || v != "a" {
		t.Fatalf("Get(1) = %q, %v", v, ok)
	}
	c.Put(2, func() string { return "b" })
	c.Put(3, func() string { return "c" })
	if _, ok := c.Get(1); ok {
		t.Error("key 1 kept beyond Max")
	}
	made := 0
	for range 3 {
		if v := c.Do(4, func() string { made++; return "d" }); v != "d" {
			t.Fatalf("Do(4) = %q", v)
		}
	}
	if made != 1 {
		t.Errorf("Do made key 4's value %d times", made)
	}
	for _, k := range []int{3, 4} {
		if _, ok := c.Get(k); !ok {
			t.Errorf("key %d not kept", k)
		}
	}
}

// TestCacheConcurrent: calls from many goroutines agree on one value per
// key (go test -race).
func TestCacheConcurrent(t *testing.T) {
	c := Cache[int, *int]{Max: 4}
	var wg sync.WaitGroup
	got := make([]*int, 16)
	for g := range got {
		wg.Add(1)
		go func() {
			defer wg.Done()
			got[g] = c.Do(7, func() *int { return new(int) })
		}()
	}
	wg.Wait()
	for _, p := range got {
		if p != got[0] {
			t.Fatal("Do returned two values for one key")
		}
	}
}
