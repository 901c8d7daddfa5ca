package ui

import (
	"context"
	"fmt"
	"sync"

	"fyne.io/fyne/v2"

	"github.com/bandscope/bandscope/engine"
)

// worker runs engine calls off the UI goroutine. Submitting a job cancels
// the one before it; a worker runs its jobs one at a time (the framer and
// the completer, two workers, may score frames of one session at once,
// which engine sessions allow; nothing else shares a session), and only
// the newest job's result reaches the UI, through fyne.Do. This is the one
// place where engine goroutines meet Fyne.
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
func (w *worker) submit(job func(ctx context.Context) func()) { w.start(job, true) }

// follow is submit without cancelling the job that runs: job runs after it
// (a worker runs its jobs one at a time), and a later submit or stop
// cancels both.
func (w *worker) follow(job func(ctx context.Context) func()) { w.start(job, false) }

func (w *worker) start(job func(ctx context.Context) func(), cancelRunning bool) {
	w.mu.Lock()
	ctx, cancel := context.WithCancel(context.Background())
	switch prev := w.cancel; {
	case prev == nil:
	case cancelRunning:
		prev()
	default:
		own := cancel
		cancel = func() { prev(); own() }
	}
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

// interrupt cancels the running job but still shows what it returns (a
// whole-clip run's frames scored before Esc).
func (w *worker) interrupt() {
	w.mu.Lock()
	if w.cancel != nil {
		w.cancel()
	}
	w.mu.Unlock()
}

// stop cancels the running job, if any.
func (w *worker) stop() {
	w.mu.Lock()
	if w.cancel != nil {
		w.cancel()
	}
	w.seq++
	w.mu.Unlock()
}

// jobs are the inspector's workers, one per kind of engine work (opening
// sessions, scoring what the visible view of the shown frame needs, the
// rest of that frame, whole-clip runs, the per-scale scores, exports, the
// banding events), and the wait group they share: tests and benchmarks
// wait on it. The framer and the completer may score frames of one session
// at once, which engine sessions allow (Session.Frame).
type jobs struct {
	wg                                                          sync.WaitGroup
	opener, framer, completer, runner, scaler, exporter, bander worker
}

func (j *jobs) all() []*worker {
	return []*worker{&j.opener, &j.framer, &j.completer, &j.runner, &j.scaler, &j.exporter, &j.bander}
}

// init gives every worker the group and the way to show an error.
func (j *jobs) init(fail func(error)) {
	for _, wk := range j.all() {
		wk.wg = &j.wg
		wk.fail = fail
	}
}

// stopAll cancels every job.
func (j *jobs) stopAll() {
	for _, wk := range j.all() {
		wk.stop()
	}
}

// stopFrames cancels the frame jobs, and lockFrames waits for any still
// running (a session is closed only then).
func (j *jobs) stopFrames() {
	j.framer.stop()
	j.completer.stop()
}

func (j *jobs) lockFrames() {
	j.framer.run.Lock()
	j.completer.run.Lock()
}

func (j *jobs) unlockFrames() {
	j.completer.run.Unlock()
	j.framer.run.Unlock()
}

// lookahead is the frame the inspector scores ahead of a step (lookAhead):
// which frame of which session was asked for, and its result once scored.
// want and pending run on the UI goroutine; keep and take in framer jobs,
// which run one at a time, after the job that asked.
type lookahead struct {
	prev int // the frame last asked for: the direction of travel
	gen  int // bumped by every step: a delayed look-ahead that sees it changed does nothing

	mu   sync.Mutex
	sess Session
	n    int
	res  *engine.FrameResult
}

// want records that frame n of s is being scored ahead, dropping any
// earlier result.
func (a *lookahead) want(s Session, n int) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.sess, a.n, a.res = s, n, nil
}

// pending reports whether frame n of s was asked for ahead.
func (a *lookahead) pending(s Session, n int) bool {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.sess == s && a.n == n && s != nil
}

// keep stores frame n's result if it is still the one wanted.
func (a *lookahead) keep(s Session, n int, r *engine.FrameResult) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.sess == s && a.n == n {
		a.res = r
	}
}

// take returns frame n's result scored ahead, once, or nil.
func (a *lookahead) take(s Session, n int) *engine.FrameResult {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.sess != s || a.n != n || a.res == nil {
		return nil
	}
	r := a.res
	a.sess, a.res = nil, nil
	return r
}
