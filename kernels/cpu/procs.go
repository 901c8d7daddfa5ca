package cpu

import (
	"os"
	"runtime"
	"slices"
	"sync"
)

// procs holds the processors (Go's Ps) that runs asked for above the
// process's own count: a CPU run at --threads n has n workers and a reader
// that decodes ahead of them, as libvmaf's CLI has n worker threads and
// its main thread reading pictures. With only n Ps, Go runs the reader
// when a worker blocks or is preempted, and a worker that finds no frame
// ready parks its thread; on a 2-core VM that left a core idle for 7-10%
// of a 1080p run at --threads 2 (the cores' idle time sampled over the
// run, from start to end: spread evenly, not at the start or the end).
// One P more for the reader let the kernel share the cores between the
// three as libvmaf's threads share them.
var procs struct {
	mu    sync.Mutex
	base  int   // GOMAXPROCS before any hold: Threads' default
	holds []int // the counts asked for, one per hold
}

// baseProcs returns the process's own GOMAXPROCS, not raised by a hold.
func baseProcs() int {
	procs.mu.Lock()
	defer procs.mu.Unlock()
	if len(procs.holds) > 0 {
		return procs.base
	}
	return runtime.GOMAXPROCS(0)
}

// HoldProcs raises GOMAXPROCS to at least n until release is called
// (once); holds nest, and the last release restores the count from before
// the first: Go's default, which follows the CPU limit, when GOMAXPROCS is
// not set in the environment (setting the count stops the runtime's own
// updates), the count itself otherwise. It never lowers the count.
func HoldProcs(n int) (release func()) {
	procs.mu.Lock()
	defer procs.mu.Unlock()
	if len(procs.holds) == 0 {
		procs.base = runtime.GOMAXPROCS(0)
	}
	procs.holds = append(procs.holds, n)
	applyProcs()
	var once sync.Once
	return func() {
		once.Do(func() {
			procs.mu.Lock()
			defer procs.mu.Unlock()
			i := slices.Index(procs.holds, n)
			procs.holds = slices.Delete(procs.holds, i, i+1)
			applyProcs()
		})
	}
}

// applyProcs sets GOMAXPROCS for the holds; procs.mu is held.
func applyProcs() {
	want := procs.base
	for _, n := range procs.holds {
		want = max(want, n)
	}
	if len(procs.holds) == 0 && os.Getenv("GOMAXPROCS") == "" {
		runtime.SetDefaultGOMAXPROCS()
		return
	}
	if runtime.GOMAXPROCS(0) != want {
		runtime.GOMAXPROCS(want)
	}
}
