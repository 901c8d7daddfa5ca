// Package cpubench times benchmark loops in the CPU time of the thread that
// runs them, as well as in wall time: on a loaded machine (two cores shared
// with builds) the thread's CPU time counts the work alone, not the waits
// for a core, so before/after comparisons of one kernel stay steady.
package cpubench

import (
	"runtime"
	"testing"
)

// Loop runs step for every iteration of b.Loop on one locked OS thread and
// reports cpu-ms/op and fps/cpu-s (one op is one frame) from the thread's
// CPU time where the system gives it (Linux), nothing more elsewhere.
func Loop(b *testing.B, step func()) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	t0, ok := threadCPU()
	for b.Loop() {
		step()
	}
	t1, _ := threadCPU()
	if !ok || t1 <= t0 {
		return
	}
	ct := (t1 - t0).Seconds()
	b.ReportMetric(ct*1000/float64(b.N), "cpu-ms/op")
	b.ReportMetric(float64(b.N)/ct, "fps/cpu-s")
}
