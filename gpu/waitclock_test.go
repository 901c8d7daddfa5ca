//go:build cgo && !js

package gpu

import (
	"testing"
	"time"
)

// TestWaitClockCountsOverlapsOnce: two goroutines waiting at once add the
// time once (the union of the waits), so Waited stays within wall time
// when a frame's features wait side by side.
func TestWaitClockCountsOverlapsOnce(t *testing.T) {
	var c waitClock
	start := time.Now()
	c.begin()
	c.begin()
	time.Sleep(20 * time.Millisecond)
	c.end()
	time.Sleep(20 * time.Millisecond)
	c.end()
	wall := time.Since(start)
	time.Sleep(10 * time.Millisecond) // no one waits: nothing added
	if got := c.waited(); got < 40*time.Millisecond || got > wall {
		t.Errorf("waited %v over %v of wall time with two overlapping waiters, want at least 40ms and at most the wall time", got, wall)
	}
}
