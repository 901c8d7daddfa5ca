package engine

import (
	"context"
	"errors"
	"io"
	"sync"
	"sync/atomic"
	"time"

	"github.com/bandscope/bandscope/engine/clip"
	"github.com/bandscope/bandscope/gpu"
	"github.com/bandscope/bandscope/kernels/cpu"
	"github.com/bandscope/bandscope/kernels/yuv"
)

// frameBudget bounds the memory of the frames a run holds at once
// (decoded pictures plus every feature's buffers), so that a 4K clip stays
// within a few hundred megabytes whatever its length.
const frameBudget = 256 << 20

// cpuFrameBudget bounds a CPU run's frames in flight by the features'
// memory estimates (Feature.Memory), which are upper bounds for the
// memory check and run 3-5x over what a frame takes: a 4K 10-bit frame of
// vmaf_v1.0.16_3d0h is estimated at 548 MB and took 166 MB (peak RSS 204
// MB with one frame in flight, 370 MB with two; libvmaf peaks at 614 MB).
// One frame per thread keeps both cores of a 2-thread run busy where the
// loops and features inside one frame do not: at 4K --threads 2 (2-core
// AVX-512 Xeon, GNU time) vmaf_v1.0.16_3d0h took 2.2 s wall with two
// frames against 2.7 s with one, vmaf_v0.6.1 4.9 s against 5.6-6.1 s, a
// CAMBI run 2.4-2.7 s against 2.7-3.1 s. A machine short of memory gets
// fewer: the run's spare memory bounds them too (planFrames).
const cpuFrameBudget = 2048 << 20

// planFrames decides how many frames a CPU run scores at once (at most one
// per thread, within cpuFrameBudget) and gives the rest of the threads to the
// parallel loops inside each frame. Scores do not depend on either choice.
// A GPU's device halves take one frame at a time, with the next frame
// decoded and the previous one's host halves finishing meanwhile (at 4K
// decoding a pair costs more host time than every GPU feature's host share
// together).
func (b *backend) planFrames(dist, ref yuv.Format, specs []parsedSpec, sameClip, explain bool) {
	pix := int64(dist.Width * dist.Height)
	pics := pix * 3 // the decoded pictures of 16-bit samples (4:2:0 and up)
	if !sameClip {
		pics += int64(ref.Width*ref.Height) * 3
	}
	if b.dev != nil {
		b.inflight = 1
		b.pipeline = 2*pics <= frameBudget
		// One frame finishing on the host (Run), one on the device, one
		// being decoded: the third picture set within the same budget.
		b.finishAhead = 3*pics <= frameBudget && (b.spare < 0 || pics <= b.spare)
		return
	}
	var work int64
	for _, p := range specs {
		if p.def.Memory != nil {
			work += p.def.Memory(Geometry{Dist: dist, Ref: ref, SameClip: sameClip}, p.opts)
		}
	}
	if explain {
		work *= 2 // the perfect set scores each frame too (estimateMemory)
	}
	per := pics + work
	room := int64(cpuFrameBudget)
	if b.spare >= 0 {
		// The run's budget covers one frame (its estimate); each frame
		// more in flight takes per of what it leaves.
		room = min(room, per+b.spare)
	}
	b.inflight = min(b.threads, max(1, int(room/max(per, 1))))
	b.limiter = cpu.NewLimiter(b.threads - b.inflight)
	// The pipeline holds one more frame's pictures than it scores at once:
	// with one frame in flight that is worth it only within the budget.
	b.pipeline = b.inflight >= 2 || 2*pics+work <= cpuFrameBudget
	// The reader decodes one frame ahead, beside the workers on a P of its
	// own (cpu.HoldProcs). Before it had one, it ran only when a worker
	// blocked or was preempted, and had to decode a round of frames ahead
	// (up to 64 MB of them); with its own P those frames cost memory to
	// fault in and saved nothing: a 10-bit 1080p vmaf_v1.0.16_3d0h run at
	// --threads 2 took 7% less CPU and wall time without them, a 1080p
	// CAMBI run the same.
}

// slot is one frame on its way through the pipeline.
type slot struct {
	n       int
	fr      *FrameResult
	perfect *FrameResult // the reference against itself (Request.Explain)
	watched any          // what Watch.Scored returned for the frame
	err     error
	done    chan struct{}
}

// Run scores every frame in order, once per Session. progress, when not nil, is called after
// each frame. On error or cancellation, output files the features were
// writing are removed, and the error is a *Stopped holding the frames
// scored before it, when there are any.
//
// One goroutine decodes frames in order (ahead of scoring when the frame
// budget allows, as libvmaf's CLI reads pictures on its main thread while
// its workers extract features: run.read), inflight workers score them
// (each frame's features concurrently on the CPU: run.work), and the
// caller's goroutine collects the results in frame order (run.collect):
// it emits each feature's metrics and per-frame files, so progress,
// results, files and errors are those of a sequential run. Then the
// features flush, the models predict (run.finish).
//
// On a GPU the one worker drives the device: it commits a frame the
// reader decoded (both clips at once) and staged for the device, runs
// every device half (startFrame: the features side by side, each one's
// submission recorded while another's passes run), then hands the frame's host halves
// (SpEED's est_params, the set's CPU features) to a goroutine of their
// own and takes the next frame. The device's critical path is then the
// uploads' device copies and the device halves alone; BenchmarkGPURun
// measures each share.
func (s *Session) Run(ctx context.Context, progress func(Progress)) (res *Results, err error) {
	if !s.ran.CompareAndSwap(false, true) {
		return nil, errors.New("engine: a Session runs once (open another for a second run)")
	}
	s.running.Lock() // waits for Frames in progress; refuses later ones
	defer s.running.Unlock()
	set := s.main
	defer func() {
		if err != nil {
			for _, x := range set.extractors {
				x.abort()
			}
			res = nil
		}
	}()
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	r := s.newRun(ctx)
	if set.backend.dev == nil {
		// The reader decodes beside the workers on a P of its own, as
		// libvmaf's main thread reads beside its worker threads
		// (cpu.HoldProcs says what one P less cost).
		defer cpu.HoldProcs(set.backend.threads + 1)()
	}
	var wg sync.WaitGroup
	wg.Add(1 + r.workers)
	go func() { defer wg.Done(); r.read() }()
	for range r.workers {
		go func() { defer wg.Done(); r.work() }()
	}
	// On every return the reader and the workers stop before the session
	// can be closed.
	defer wg.Wait()
	defer cancel()
	if err := r.collect(progress); err != nil {
		return nil, r.stopped(err)
	}
	return r.finish()
}

// Stopped is Run's error when it stopped (cancelled, or at a frame that
// failed) after scoring some frames, so that an inspector can still show
// what was scored; the command line publishes nothing either way.
type Stopped struct {
	Err error
	// Partial holds the frames scored before the stop, in order, each
	// with the metrics that were final by then (a temporal feature holds
	// back its last frames' values, which are missing), and each model's
	// score on the frames that have all of its inputs. Nothing is pooled.
	Partial *Results
}

func (e *Stopped) Error() string { return e.Err.Error() }
func (e *Stopped) Unwrap() error { return e.Err }

// stopped wraps a run's error with the frames it scored (Stopped), when it
// scored any.
func (r *run) stopped(err error) error {
	if r.scored == 0 || len(r.res.Frames) == 0 {
		return err
	}
	part := &Results{Width: r.res.Width, Height: r.res.Height, Scaled: r.res.Scaled,
		Names: append([]string(nil), r.res.Names...), Frames: r.res.Frames}
	if !r.s.req.NoPrediction {
		// Frames that miss an input are left without the model's score.
		predictFrames(part, r.perfect, r.s.models, r.s.req.Explain, false)
	}
	part.sortKeys(r.s.keys)
	return &Stopped{Err: err, Partial: part}
}

// run is one Run's pipeline: the channels between its reader, workers
// and collector, and what the collector gathers.
type run struct {
	s       *Session
	set     *featureSet
	ctx     context.Context
	workers int
	lag     int // frames whose pictures the collector holds back (refLag)

	free  chan *FrameResult // pictures to decode into
	jobs  chan *slot        // reader -> workers
	order chan *slot        // reader -> collector, in frame order
	// stageFree holds a GPU set's free stage sets when the reader stages
	// frames for the device (gpu.Frame.Prepare); nil otherwise.
	stageFree chan int

	res, perfect *Results
	scored       int
	start        time.Time
}

// newRun sizes a run's pipeline: its workers, and the picture buffers
// that let the reader decode ahead, the workers score and temporal
// features read earlier frames' pictures at once.
func (s *Session) newRun(ctx context.Context) *run {
	set := s.main
	di := s.dist.Info()
	r := &run{s: s, set: set, ctx: ctx, workers: max(set.backend.inflight, 1)}
	r.res = &Results{Width: di.Width, Height: di.Height, Scaled: di.Scaled}
	if set.backend.dev != nil {
		// One entry per feature: a feature asked for twice (with two
		// option sets) runs twice on one backend, and JSON keys are unique.
		seen := map[string]bool{}
		for i, name := range set.names {
			if !seen[name] {
				seen[name] = true
				r.res.Placement = append(r.res.Placement, Placement{name, set.where[i]})
			}
		}
	}
	if s.perfect != nil {
		r.perfect = &Results{}
	}
	buffers := r.workers
	if set.backend.pipeline {
		buffers++
	}
	// Temporal features' workers compare frame n's reference with frame
	// n-lag's: the collector gives a frame's pictures back lag frames
	// late, so that they stay decoded until every frame that reads them
	// is scored, and the reader gets lag more buffers to keep its pace.
	r.lag = set.refLag()
	if s.perfect != nil {
		r.lag = max(r.lag, s.perfect.refLag())
	}
	buffers += r.lag
	if set.frame != nil && set.backend.finishAhead {
		// A GPU set finishes a frame on the host while the next is
		// scored on the device and a third decoded.
		buffers++
	}
	r.free = make(chan *FrameResult, buffers)
	for range buffers {
		r.free <- nil
	}
	r.jobs = make(chan *slot, r.workers)
	r.order = make(chan *slot, buffers)
	// A GPU set that decodes ahead also stages the decoded frames for the
	// device on the reader's side (gpu.Frame.Prepare), in the Frame's
	// stage sets 1 and up, each back in stageFree once its frame was
	// committed: the worker's startFrame then only hands them to the
	// device, and filling the stages (most of an upload's host time)
	// overlaps the device's work on the frame before.
	if set.frame != nil && set.backend.pipeline {
		r.stageFree = make(chan int, gpu.StageSets-1)
		for k := 1; k < gpu.StageSets; k++ {
			r.stageFree <- k
		}
	}
	return r
}

// read decodes the frames in order into free pictures and hands each to
// the collector (order) and to a worker (jobs); a frame that fails to
// decode goes to the collector alone, which reports it, and ends the
// reading.
func (r *run) read() {
	defer close(r.jobs)
	defer close(r.order)
	s := r.s
	var recent [2]*yuv.Picture // the reference pictures of frames n-1, n-2
	for n := 0; s.frames < 0 || n < s.frames; n++ {
		var prev *FrameResult
		select {
		case prev = <-r.free:
		case <-r.ctx.Done():
			return
		}
		t := runClock.start()
		fr, err := s.read(n, prev, true)
		runClock.add(clockRead, t)
		if err == nil {
			fr.prevRefs = recent
			recent = [2]*yuv.Picture{fr.Ref, recent[0]}
			if r.stageFree != nil {
				err = r.stage(fr)
			}
		}
		sl := &slot{n: n, fr: fr, err: err, done: make(chan struct{})}
		if err != nil {
			close(sl.done)
		}
		select {
		case r.order <- sl:
		case <-r.ctx.Done():
			return
		}
		if err != nil {
			return
		}
		select {
		case r.jobs <- sl:
		case <-r.ctx.Done():
			return
		}
	}
}

// stage fills a free stage set with a GPU set's frame (Prepare) on the
// reader's side; the worker's commit gives the set back.
func (r *run) stage(fr *FrameResult) error {
	var k int
	select {
	case k = <-r.stageFree:
	case <-r.ctx.Done():
		return r.ctx.Err()
	}
	t := runClock.start()
	p, err := r.set.frame.Prepare(k, fr.Ref, fr.Dist, r.set.refPlanes, r.set.distPlanes, true)
	runClock.add(clockStage, t)
	if err != nil {
		r.stageFree <- k
		return r.s.frameError(fr.Frame, err)
	}
	fr.prepared = p
	fr.committed = func() { r.stageFree <- k }
	return nil
}

// work scores the frames it takes from jobs: the set's (and the perfect
// copy's) startFrame, then the rest of each frame, here on the CPU, on a
// goroutine of its own on a GPU so that the device's next frame starts.
// It returns when jobs is closed and its frames are done.
func (r *run) work() {
	s, set := r.s, r.set
	var finishing sync.WaitGroup // GPU: frames whose host halves are running
	defer finishing.Wait()
	for sl := range r.jobs {
		t := runClock.start()
		rest, err := set.startFrame(r.ctx, sl.fr, false, nil, s.frameError)
		var perfectRest func(bool) error
		if err == nil && s.perfect != nil {
			sl.perfect = &FrameResult{Frame: sl.n, Dist: sl.fr.Ref, Ref: sl.fr.Ref, prevRefs: sl.fr.prevRefs}
			if set.frame != nil && s.perfect.frame != nil && set.backend.dev == s.perfect.backend.dev && r.workers == 1 {
				// The reference the main set just uploaded serves
				// the perfect copy too (one worker: the main set's
				// next upload comes after; Session.Frame, which
				// would upload in between, waits for the run).
				sl.perfect.onDevice = set.frame.RefView()
			}
			perfectRest, err = s.perfect.startFrame(r.ctx, sl.perfect, false, nil, s.frameError)
		}
		runClock.add(clockDevice, t)
		if err != nil {
			sl.err = err
			close(sl.done)
			continue
		}
		finish := func() {
			defer close(sl.done)
			defer runClock.add(clockFinish, runClock.start())
			if sl.err = rest(false); sl.err == nil && perfectRest != nil {
				sl.err = perfectRest(false)
			}
			if sl.err == nil {
				if err := r.watchFrame(sl); err != nil {
					sl.err = s.frameError(sl.n, err)
				}
			}
		}
		if set.frame == nil {
			finish()
			continue
		}
		// A GPU set's device is done with the frame: its host
		// halves finish while the worker uploads the next one.
		finishing.Add(1)
		go func() { defer finishing.Done(); finish() }()
	}
}

// collect takes the frames in order as they are scored, emits their
// metrics (and per-frame files) and reports progress; it gives each
// frame's pictures back to the reader once no later frame reads them.
// A clip of unknown length ends at its first frame that does not decode.
func (r *run) collect(progress func(Progress)) error {
	s, set := r.s, r.set
	r.start = time.Now()
	var held []*FrameResult // scored frames whose pictures later frames still read
	for sl := range r.order {
		if err := r.ctx.Err(); err != nil {
			return err
		}
		<-sl.done
		if sl.err != nil {
			if s.frames < 0 && errors.Is(sl.err, io.EOF) {
				break
			}
			return sl.err
		}
		if err := emitFrame(r.res, set, sl.fr); err != nil {
			return s.frameError(sl.n, err)
		}
		if r.perfect != nil {
			if err := emitFrame(r.perfect, s.perfect, sl.perfect); err != nil {
				return s.frameError(sl.n, err)
			}
		}
		if err := r.collectWatched(sl); err != nil {
			return s.frameError(sl.n, err)
		}
		r.scored++
		if progress != nil {
			el := time.Since(r.start).Seconds()
			fps := 0.0
			if el > 0 {
				fps = float64(r.scored) / el
			}
			progress(Progress{Done: r.scored, Total: s.frames, FPS: fps})
		}
		sl.fr.results = nil
		held = append(held, sl.fr)
		if len(held) > r.lag {
			r.free <- held[0]
			held = held[1:]
		}
	}
	return r.ctx.Err()
}

// emitFrame adds one scored frame's metrics from every extractor of set.
func emitFrame(res *Results, set *featureSet, fr *FrameResult) error {
	for i, x := range set.extractors {
		fms, err := x.emit(fr, fr.results[i])
		if err != nil {
			return err
		}
		res.add(fms)
	}
	return nil
}

// finish ends a run whose frames were all collected: the extractors
// flush what they hold back (temporal features), the models predict and
// the extractors publish their files.
func (r *run) finish() (*Results, error) {
	s, set := r.s, r.set
	if r.scored == 0 {
		return nil, &clip.Error{Path: s.req.Distorted, Frame: -1, Err: errors.New("no frames to score")}
	}
	if err := flushAll(r.res, set); err != nil {
		return nil, s.frameError(r.scored-1, err)
	}
	if r.perfect != nil {
		if err := flushAll(r.perfect, s.perfect); err != nil {
			return nil, s.frameError(r.scored-1, err)
		}
	}
	if !s.req.NoPrediction {
		if err := predictFrames(r.res, r.perfect, s.models, s.req.Explain, true); err != nil {
			return nil, s.frameError(-1, err)
		}
	}
	if el := time.Since(r.start).Seconds(); el > 0 {
		r.res.FPS = float64(r.scored) / el
	}
	for _, x := range set.extractors {
		if err := x.finish(); err != nil {
			return nil, err
		}
	}
	r.res.sortKeys(s.keys)
	return r.res, nil
}

// flushAll adds what every extractor of set holds back to res.
func flushAll(res *Results, set *featureSet) error {
	for _, x := range set.extractors {
		fms, err := x.flush()
		if err != nil {
			return err
		}
		res.add(fms)
	}
	return nil
}

// refLag is how many frames back the set's workers read reference pictures
// (integer motion: 1, or 2 with motion_five_frame_window), 0 when no
// feature does.
func (set *featureSet) refLag() int {
	lag := 0
	for _, x := range set.extractors {
		if l, ok := x.(interface{ refLag() int }); ok {
			lag = max(lag, l.refLag())
		}
	}
	return lag
}

// runClock, when a benchmark sets it, adds up where a run's time goes: in
// the reader (decoding, and on a GPU staging the frame for the device;
// off the workers' path when it decodes ahead), in
// the workers' startFrame (on a GPU: the upload and every device half, the
// run's critical path) and in the rest of each frame (on a GPU: the host
// halves, concurrent with the next frame). A nil clock costs a nil check.
var runClock *stageClock

// stageClock is runClock's sums, in nanoseconds, by clockRead,
// clockStage, clockDevice and clockFinish.
type stageClock [4]atomic.Int64

const (
	clockRead = iota
	clockStage
	clockDevice
	clockFinish
)

func (c *stageClock) start() time.Time {
	if c == nil {
		return time.Time{}
	}
	return time.Now()
}

func (c *stageClock) add(which int, t time.Time) {
	if c != nil {
		c[which].Add(int64(time.Since(t)))
	}
}
