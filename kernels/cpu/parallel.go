package cpu

import (
	"sync"
	"sync/atomic"
)

// Limiter caps how many helper goroutines the parallel loops of one run
// use together. Several frames scored at once share one Limiter so that
// --threads N means at most N busy goroutines: each frame's own goroutine
// always works, helpers only start while a token is free.
//
// The limiter is a counter, not a channel of tokens: it costs nothing to
// allow many helpers, and a helper goroutine exists only while it works.
type Limiter struct{ free atomic.Int64 }

// NewLimiter allows helpers extra goroutines (0: every loop runs on its
// caller alone).
func NewLimiter(helpers int) *Limiter {
	l := &Limiter{}
	l.free.Store(int64(max(helpers, 0)))
	return l
}

func (l *Limiter) tryAcquire() bool {
	if l == nil {
		return false
	}
	for {
		n := l.free.Load()
		if n <= 0 {
			return false
		}
		if l.free.CompareAndSwap(n, n-1) {
			return true
		}
	}
}

func (l *Limiter) release() { l.free.Add(1) }

// For calls fn(i) for every i in [0, n), on the calling goroutine and on as
// many helpers as l lends (never more than n-1). Items are handed out in
// order from a shared counter; fn must write only what item i owns.
func For(l *Limiter, n int, fn func(i int)) {
	if n <= 0 {
		return
	}
	var next atomic.Int64
	work := func() {
		for {
			i := int(next.Add(1)) - 1
			if i >= n {
				return
			}
			fn(i)
		}
	}
	var wg sync.WaitGroup
	// A panic in a helper is carried to the caller's goroutine, where the
	// program can recover it: a panic on a bare goroutine ends the process.
	var panicked atomic.Pointer[any]
	for h := 0; h < n-1 && l.tryAcquire(); h++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer l.release()
			defer func() {
				if p := recover(); p != nil {
					panicked.CompareAndSwap(nil, &p)
					next.Store(int64(n)) // stop handing out items
				}
			}()
			work()
		}()
	}
	func() {
		defer wg.Wait()
		work()
	}()
	if p := panicked.Load(); p != nil {
		panic(*p)
	}
}

// Split cuts [0, n) into parts contiguous ranges of nearly equal length
// (part i is [lo, hi)); parts is clipped to [1, n].
func Split(n, parts, i int) (lo, hi int) {
	parts = min(max(parts, 1), max(n, 1))
	return n * i / parts, n * (i + 1) / parts
}

// Parts is how many pieces to cut n units of work into for threads
// goroutines: a few per thread for balance, each at least minSize units.
func Parts(n, threads, minSize int) int {
	p := min(4*threads, n/max(minSize, 1))
	return max(p, 1)
}

// Options choose how a feature's CPU scorer runs; none of them changes a
// bit of the results.
type Options struct {
	Kernels Set      // kernel set (Scalar is portable Go)
	Threads int      // goroutines per frame; 0: every core
	Limiter *Limiter // shared by scorers that run at once; nil: Threads-1 helpers of its own
	// InRange says the caller guarantees every sample is within the bit
	// depth (the engine's clip readers refuse others), so a scorer may skip
	// its own range check; results do not change.
	InRange bool
}

// Resolve fills in the defaults: a set the host cannot run becomes
// Scalar, Threads 0 every core, a nil Limiter one of Threads-1 helpers.
func (o Options) Resolve() Options {
	if !o.Kernels.Supported() {
		o.Kernels = Scalar
	}
	o.Threads = Threads(o.Threads)
	if o.Limiter == nil {
		o.Limiter = NewLimiter(o.Threads - 1)
	}
	return o
}
