package ui

import (
	"context"
	"fmt"
	"sync"

	"fyne.io/fyne/v2"
)

// worker runs engine calls off the UI goroutine. Submitting a job cancels
// the one before it; jobs run one at a time (sessions are not safe for
// concurrent use), and only the newest job's result reaches the UI, through
// fyne.Do. This is the one place where engine goroutines meet Fyne.
type worker struct {
	mu     sync.Mutex
	run    sync.Mutex // held while a job runs
	seq    int
	cancel context.CancelFunc
	wg     *sync.WaitGroup // shared by every worker; tests wait on it
	fail   func(error)     // shows an error on the UI goroutine
}

// protect runs a job, turning a panic in the engine into an error shown
// to the user rather than a crash of the whole inspector.
func (w *worker) protect(ctx context.Context, job func(context.Context) func()) (done func()) {
	defer func() {
		if p := recover(); p != nil {
			err := fmt.Errorf("internal error: %v", p)
			done = func() {
				if w.fail != nil {
					w.fail(err)
				}
			}
		}
	}()
	return job(ctx)
}

// submit runs job in a goroutine; the func it returns runs on the UI
// goroutine unless a newer job was submitted meanwhile.
func (w *worker) submit(job func(ctx context.Context) func()) {
	w.mu.Lock()
	if w.cancel != nil {
		w.cancel()
	}
	ctx, cancel := context.WithCancel(context.Background())
	w.cancel = cancel
	w.seq++
	seq := w.seq
	w.mu.Unlock()
	w.wg.Add(1)
	go func() {
		defer w.wg.Done()
		w.run.Lock()
		var done func()
		if ctx.Err() == nil {
			done = w.protect(ctx, job)
		}
		w.run.Unlock()
		if done == nil {
			return
		}
		// The wait group covers the UI callback too, so that a test that
		// waits sees its effects.
		w.wg.Add(1)
		uiDo(func() {
			defer w.wg.Done()
			w.mu.Lock()
			current := seq == w.seq
			w.mu.Unlock()
			if current {
				done()
			}
		})
	}()
}

// uiDo runs f on the UI goroutine. Tests replace it to run callbacks one
// at a time under a lock, as the real driver does on its one goroutine.
var uiDo = fyne.Do

// stop cancels the running job, if any.
func (w *worker) stop() {
	w.mu.Lock()
	if w.cancel != nil {
		w.cancel()
	}
	w.seq++
	w.mu.Unlock()
}
