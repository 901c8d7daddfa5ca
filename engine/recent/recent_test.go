package recent

import (
	"runtime"
	"sync"
	"testing"
	"time"
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

// TestWeakLetsKeysGo: a Weak cache finds a value while its key lives and
// does not keep the key alive (a big result is collected once no one else
// holds it); Set replaces a value, and the oldest key goes beyond Max.
func TestWeakLetsKeysGo(t *testing.T) {
	type result struct{ maps []byte }
	c := Weak[result, int]{Max: 2}
	collected := make(chan struct{})
	func() {
		r := &result{maps: make([]byte, 64<<20)}
		runtime.AddCleanup(r, func(struct{}) { close(collected) }, struct{}{})
		if v := c.Do(r, func() int { return 1 }); v != 1 {
			t.Fatalf("Do = %d", v)
		}
		if v := c.Do(r, func() int { t.Error("a kept key's value made again"); return 2 }); v != 1 {
			t.Fatalf("Do again = %d", v)
		}
		c.Set(r, 3)
		if v, ok := c.Get(r); !ok || v != 3 {
			t.Fatalf("Get after Set = %d, %v", v, ok)
		}
		runtime.KeepAlive(r)
	}()
	for range 20 {
		runtime.GC()
		select {
		case <-collected:
			a, b, d := &result{}, &result{}, &result{}
			c.Set(a, 1)
			c.Set(b, 2)
			c.Set(d, 3)
			if _, ok := c.Get(a); ok {
				t.Error("key a kept beyond Max")
			}
			if v, ok := c.Get(d); !ok || v != 3 {
				t.Errorf("Get(d) = %d, %v", v, ok)
			}
			return
		case <-time.After(10 * time.Millisecond):
		}
	}
	t.Fatal("the cache kept its key alive")
}
