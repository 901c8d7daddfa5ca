package engine

import (
	"context"
	"errors"
	"io"
	"sync"
	"time"

	"github.com/bandscope/bandscope/engine/clip"
	"github.com/bandscope/bandscope/engine/feature"
	"github.com/bandscope/bandscope/engine/yuv"
	"github.com/bandscope/bandscope/kernels/cpu"
)

// frameBudget bounds the memory of the frames a CPU run scores at once
// (decoded pictures plus every feature's buffers), so that a 4K clip stays
// within a few hundred megabytes whatever its length.
const frameBudget = 256 << 20

// planFrames decides how many frames a CPU run scores at once (at most one
// per thread, within frameBudget) and gives the rest of the threads to the
// parallel loops inside each frame. Scores do not depend on either choice.
func (b *backend) planFrames(dist, ref yuv.Format, features []feature.Spec, sameClip bool) {
	if b.dev != nil {
		return
	}
	pix := int64(dist.Width * dist.Height)
	pics := pix * 3 // the decoded pictures of 16-bit samples (4:2:0 and up)
	if !sameClip {
		pics += int64(ref.Width*ref.Height) * 3
	}
	var work int64
	for _, sp := range features {
		switch sp.Name {
		case "cambi":
			work += pix * 10 * 2 // two images, masks, c-values; twice in full reference
		case "adm", "integer_adm":
			work += pix * 15 // the CPU scorer's bands (int16 at scale 0, scale 1 reused below)
		}
	}
	per := pics + work
	b.inflight = min(b.threads, max(1, int(frameBudget/max(per, 1))))
	b.limiter = cpu.NewLimiter(b.threads - b.inflight)
	// The pipeline holds one more frame's pictures than it scores at once:
	// with one frame in flight that is worth it only within the budget.
	b.pipeline = b.inflight >= 2 || 2*pics+work <= frameBudget
}

// pipelined reports whether Run may score frames concurrently: on the CPU,
// when no feature writes per-frame output that must come in order. With
// one frame in flight the pipeline still decodes the next frame while
// this one is scored, as libvmaf's CLI reads pictures on its main thread
// while its --threads workers extract features, when the extra pictures
// fit the frame budget (planFrames).
func (s *Session) pipelined() bool {
	if s.backend.dev != nil || !s.backend.pipeline {
		return false
	}
	for _, x := range s.extractors {
		if c, ok := x.(*cambiExtractor); ok && c.heatmap != nil {
			return false
		}
	}
	return true
}

// slot is one frame on its way through the pipeline.
type slot struct {
	n    int
	fr   *FrameResult
	err  error
	done chan struct{}
}

// runPipelined is Run with a bounded pipeline: one goroutine decodes frames
// in order, inflight workers score them, and results are collected in
// order, so progress, results and errors are those of the sequential run.
func (s *Session) runPipelined(ctx context.Context, progress func(Progress), res *Results) (*Results, error) {
	k := s.backend.inflight
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	free := make(chan *FrameResult, k+1) // pictures to decode into
	for range k + 1 {
		free <- nil
	}
	jobs := make(chan *slot, k)
	order := make(chan *slot, k+1)
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		defer close(jobs)
		defer close(order)
		for n := 0; s.frames < 0 || n < s.frames; n++ {
			var prev *FrameResult
			select {
			case prev = <-free:
			case <-ctx.Done():
				return
			}
			fr, err := s.read(n, prev, true)
			sl := &slot{n: n, fr: fr, err: err, done: make(chan struct{})}
			if err != nil {
				close(sl.done)
			}
			select {
			case order <- sl:
			case <-ctx.Done():
				return
			}
			if err != nil {
				return
			}
			select {
			case jobs <- sl:
			case <-ctx.Done():
				return
			}
		}
	}()
	for range k {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for sl := range jobs {
				for _, x := range s.extractors {
					if err := scoreRecovered(x, sl.fr); err != nil {
						sl.err = s.frameError(sl.n, err)
						break
					}
				}
				close(sl.done)
			}
		}()
	}
	// On every return the reader and the workers stop before the session
	// can be closed.
	defer wg.Wait()
	defer cancel()

	start := time.Now()
	for sl := range order {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		<-sl.done
		if sl.err != nil {
			if s.frames < 0 && errors.Is(sl.err, io.EOF) {
				break
			}
			return nil, sl.err
		}
		res.add(sl.n, sl.fr.Metrics)
		if progress != nil {
			el := time.Since(start).Seconds()
			fps := 0.0
			if el > 0 {
				fps = float64(sl.n+1) / el
			}
			progress(Progress{Done: sl.n + 1, Total: s.frames, FPS: fps})
		}
		free <- sl.fr
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if len(res.Frames) == 0 {
		return nil, &clip.Error{Path: s.req.Distorted, Frame: -1, Err: errors.New("no frames to score")}
	}
	if el := time.Since(start).Seconds(); el > 0 {
		res.FPS = float64(len(res.Frames)) / el
	}
	for _, x := range s.extractors {
		if err := x.finish(); err != nil {
			return nil, err
		}
	}
	return res, nil
}
