package ui

import (
	"context"
	"fmt"
	"slices"
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
	wg     *pendingWork // shared by every worker; tests wait on it
	fail   func(error)  // shows an error on the UI goroutine
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
// rest of that frame, frames ahead of it, whole-clip runs, the per-scale
// scores, exports, the banding events), and the wait group they share:
// tests and benchmarks wait on it. The framer, the completer and the
// prefetcher may score frames of one session at once, which engine
// sessions allow (Session.Frame).
type jobs struct {
	wg                                                                      pendingWork
	opener, framer, completer, prefetcher, runner, scaler, exporter, bander worker
}

// pendingWork counts the jobs, UI callbacks and timers under way, for
// tests and benchmarks to wait on: a sync.WaitGroup that may grow from
// zero while someone waits. Playback's timer starts the next step's jobs
// whenever it fires, so a test's Wait can meet that Add, which a
// WaitGroup forbids (it panics: "WaitGroup is reused before previous Wait
// has returned"). Wait returns once the count has been zero.
type pendingWork struct {
	mu   sync.Mutex
	zero *sync.Cond // on mu, made by the first call
	n    int
}

func (p *pendingWork) lock() {
	p.mu.Lock()
	if p.zero == nil {
		p.zero = sync.NewCond(&p.mu)
	}
}

// Add adds d (possibly negative) to the count.
func (p *pendingWork) Add(d int) {
	p.lock()
	defer p.mu.Unlock()
	p.n += d
	switch {
	case p.n < 0:
		panic("ui: negative pendingWork count")
	case p.n == 0:
		p.zero.Broadcast()
	}
}

// Done is Add(-1).
func (p *pendingWork) Done() { p.Add(-1) }

// Wait blocks until the count is zero.
func (p *pendingWork) Wait() {
	p.lock()
	defer p.mu.Unlock()
	for p.n != 0 {
		p.zero.Wait()
	}
}

func (j *jobs) all() []*worker {
	return []*worker{&j.opener, &j.framer, &j.completer, &j.prefetcher, &j.runner, &j.scaler, &j.exporter, &j.bander}
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
	j.prefetcher.stop()
}

func (j *jobs) lockFrames() {
	j.framer.run.Lock()
	j.completer.run.Lock()
	j.prefetcher.run.Lock()
}

func (j *jobs) unlockFrames() {
	j.prefetcher.run.Unlock()
	j.completer.run.Unlock()
	j.framer.run.Unlock()
}

// lookahead holds the frames the prefetcher scores ahead of a step
// (lookAhead): which frames of which session were asked for, and their
// results once scored: while playing, up to aheadDepth+1 of them, else
// one. want, pending and
// drop run on the UI goroutine, keep in prefetcher jobs, wait in framer
// jobs.
type lookahead struct {
	prev int // the frame last asked for: the direction of travel
	gen  int // bumped by every step: a delayed look-ahead that sees it changed does nothing

	mu      sync.Mutex
	entries []*aheadFrame
}

// aheadFrame is one frame asked for ahead: done is closed once its
// scoring ended, with res nil when it failed or never ran.
type aheadFrame struct {
	sess Session
	n    int
	res  *engine.FrameResult
	done chan struct{}
	once sync.Once
}

func (e *aheadFrame) finish(r *engine.FrameResult) {
	e.once.Do(func() {
		e.res = r
		close(e.done)
	})
}

// aheadDepth is how many frames playback scores ahead of the one shown:
// with two, the next frame is scored while the one after waits to be
// shown, so that scoring never waits for a frame to be drawn.
const aheadDepth = 2

// want records that frame n of s is being scored ahead and returns its
// entry, dropping frames of other sessions and all others but the last
// keep.
func (a *lookahead) want(s Session, n, keep int) *aheadFrame {
	a.mu.Lock()
	defer a.mu.Unlock()
	e := &aheadFrame{sess: s, n: n, done: make(chan struct{})}
	kept := a.entries[:0]
	for _, o := range a.entries {
		if o.sess == s && o.n != n {
			kept = append(kept, o)
		} else {
			o.finish(nil)
		}
	}
	if len(kept) > keep {
		for _, o := range kept[:len(kept)-keep] {
			o.finish(nil)
		}
		kept = append(kept[:0], kept[len(kept)-keep:]...)
	}
	a.entries = append(kept, e)
	return e
}

// find is frame n of s's entry, or nil; a.mu is held.
func (a *lookahead) find(s Session, n int) *aheadFrame {
	for _, e := range a.entries {
		if e.sess == s && e.n == n && s != nil {
			return e
		}
	}
	return nil
}

// pending reports whether frame n of s was asked for ahead and is being
// scored or was scored.
func (a *lookahead) pending(s Session, n int) bool {
	a.mu.Lock()
	defer a.mu.Unlock()
	e := a.find(s, n)
	if e == nil {
		return false
	}
	select {
	case <-e.done:
		return e.res != nil
	default:
		return true
	}
}

// drop gives up the frames still being scored (the prefetcher was
// stopped): a step waiting for one scores it itself.
func (a *lookahead) drop() {
	a.mu.Lock()
	defer a.mu.Unlock()
	kept := a.entries[:0]
	for _, e := range a.entries {
		select {
		case <-e.done:
			if e.res != nil {
				kept = append(kept, e)
			}
		default:
			e.finish(nil)
		}
	}
	a.entries = kept
}

// forget drops every frame asked for ahead: the sessions they belong to
// are being closed, and their maps go with them.
func (a *lookahead) forget() {
	a.mu.Lock()
	defer a.mu.Unlock()
	for _, e := range a.entries {
		e.finish(nil)
	}
	a.entries = nil
}

// wait returns frame n of s's result scored ahead, once: at once when it
// was scored, when its scoring ends when it is being scored; nil when it
// was not asked for, failed, or ctx ended first.
func (a *lookahead) wait(ctx context.Context, s Session, n int) *engine.FrameResult {
	a.mu.Lock()
	e := a.find(s, n)
	a.mu.Unlock()
	if e == nil {
		return nil
	}
	select {
	case <-e.done:
	case <-ctx.Done():
		return nil
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	if i := slices.Index(a.entries, e); i >= 0 {
		a.entries = slices.Delete(a.entries, i, i+1)
	}
	return e.res
}
