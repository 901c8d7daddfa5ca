package ui

import (
	"sync"
	"testing"
	"time"
)

// TestPendingWork: the count may grow from zero while waiters wait, as
// playback's timer makes it grow under a test's wait (a sync.WaitGroup
// panics there); Wait returns once the count has been zero, and a count
// below zero is a bug that panics.
func TestPendingWork(t *testing.T) {
	var p pendingWork
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			for {
				select {
				case <-stop:
					return
				default:
				}
				p.Add(1)
				p.Done()
			}
		})
	}
	waits := 0
	for deadline := time.Now().Add(200 * time.Millisecond); time.Now().Before(deadline); waits++ {
		p.Wait()
	}
	close(stop)
	wg.Wait()
	p.Wait()
	if waits == 0 {
		t.Fatal("no wait returned")
	}
	p.Add(2)
	done := make(chan struct{})
	go func() { p.Wait(); close(done) }()
	p.Done()
	select {
	case <-done:
		t.Fatal("Wait returned with one job left")
	case <-time.After(20 * time.Millisecond):
	}
	p.Done()
	<-done
	defer func() {
		if recover() == nil {
			t.Error("a negative count did not panic")
		}
	}()
	p.Done()
}
