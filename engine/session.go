package engine

import (
	"context"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/bandscope/bandscope/engine/clip"
	"github.com/bandscope/bandscope/engine/feature"
	"github.com/bandscope/bandscope/engine/yuv"
	"github.com/bandscope/bandscope/kernels/cambi"
)

// extractor is one feature on one backend.
type extractor interface {
	// score computes the feature for one frame, fills its part of fr and
	// appends its metrics in libvmaf's order.
	score(fr *FrameResult, keepMaps bool) error
	// finish completes output files once every frame is scored.
	finish() error
	// abort removes partial output files.
	abort()
	close() error
}

// Session is an open pair of clips with the features built for them.
type Session struct {
	req        Request
	ref, dist  clip.Reader
	sameClip   bool // no reference given: the distorted clip is its own reference
	backend    *backend
	extractors []extractor
	frames     int
}

// Open opens the clips, checks that they can be scored together and builds
// every requested feature on the requested backend.
func Open(ctx context.Context, req Request) (_ *Session, err error) {
	if req.Distorted == "" {
		return nil, errors.New("no distorted clip given")
	}
	if len(req.Features) == 0 {
		return nil, errors.New("no feature given (e.g. --feature cambi)")
	}
	s := &Session{req: req}
	defer func() {
		if err != nil {
			s.Close()
		}
	}()
	if s.dist, err = clip.OpenContext(ctx, req.Distorted, req.Raw); err != nil {
		return nil, err
	}
	if req.Reference == "" || req.Reference == req.Distorted {
		s.sameClip = true
	} else if s.ref, err = clip.OpenContext(ctx, req.Reference, req.Raw); err != nil {
		return nil, err
	}
	di := s.dist.Info()
	ri := di
	s.frames = di.Frames
	if !s.sameClip {
		ri = s.ref.Info()
		if err := clip.CheckPair(ri, di); err != nil && !errors.Is(err, clip.ErrFrameCount) && !refMayDiffer(req.Features) {
			return nil, err
		}
		// libvmaf scores the frames both clips have.
		if ri.Frames >= 0 && (s.frames < 0 || ri.Frames < s.frames) {
			s.frames = ri.Frames
		}
	}
	if req.Frames > 0 && (s.frames < 0 || req.Frames < s.frames) {
		s.frames = req.Frames
	}
	if err = checkMemory(req, Geometry{Dist: di.Format, Ref: ri.Format, SameClip: s.sameClip, DistContainer: di.Container, RefContainer: ri.Container}); err != nil {
		return nil, err
	}
	if s.backend, err = openBackend(req.Backend, req.Threads); err != nil {
		return nil, err
	}
	s.backend.planFrames(di.Format, ri.Format, req.Features, s.sameClip)
	for _, sp := range req.Features {
		x, err := s.newExtractor(sp, ri.Format, di.Format)
		if err != nil {
			return nil, extractorError(req, sp, err)
		}
		s.extractors = append(s.extractors, x)
	}
	return s, nil
}

// refMayDiffer reports whether the reference may have another size or
// format than the distorted clip: only CAMBI in full-reference mode reads
// the reference, and it resamples it to the source size.
func refMayDiffer(features []feature.Spec) bool {
	for _, sp := range features {
		if sp.Name != "cambi" {
			return false
		}
		o := cambi.NewOptions()
		if o.SetAll(sp.Opts) != nil || !o.Bool("full_ref") {
			return false
		}
	}
	return true
}

func (s *Session) newExtractor(sp feature.Spec, ref, dist yuv.Format) (extractor, error) {
	switch sp.Name {
	case "cambi":
		return newCAMBIExtractor(s.backend, sp, ref, dist, s.req.Outputs, s.req.Reference, s.req.Distorted)
	case "adm", "integer_adm":
		if ref != dist {
			return nil, fmt.Errorf("adm: reference %dx%d %d-bit and distorted %dx%d %d-bit clips must have the same size and bit depth",
				ref.Width, ref.Height, ref.BitDepth, dist.Width, dist.Height, dist.BitDepth)
		}
		return newADMExtractor(s.backend, sp, dist)
	}
	return nil, fmt.Errorf("--feature %s: unknown feature (Bandscope computes cambi and adm)", sp.Name)
}

// Info describes the clips; ref equals dist when no reference was given.
func (s *Session) Info() (ref, dist clip.Info) {
	dist = s.dist.Info()
	if s.sameClip {
		return dist, dist
	}
	return s.ref.Info(), dist
}

// Frames is the number of frames a run scores, or -1 when the clip does not
// say (a stream that is read to its end).
func (s *Session) Frames() int { return s.frames }

// Backend is the backend's ID.
func (s *Session) Backend() string { return s.backend.id }

// Frame scores frame n keeping every intermediate map, for inspection.
func (s *Session) Frame(ctx context.Context, n int) (*FrameResult, error) {
	fr, err := s.read(n, nil, false)
	if err != nil {
		return nil, err
	}
	for _, x := range s.extractors {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if err := x.score(fr, true); err != nil {
			return nil, s.frameError(n, err)
		}
	}
	return fr, nil
}

func (s *Session) frameError(n int, err error) error {
	var ce *clip.Error
	if errors.As(err, &ce) {
		return err
	}
	return &clip.Error{Path: s.req.Distorted, Frame: n, Err: err}
}

// read decodes frame n of both clips, reusing the pictures of prev.
// read decodes frame n of both clips, into prev's pictures when given.
// lumaOnly (scoring runs, whose results keep no pictures) asks readers
// that can for the luma plane alone: every feature scores luma.
func (s *Session) read(n int, prev *FrameResult, lumaOnly bool) (*FrameResult, error) {
	fr := &FrameResult{Frame: n}
	var dist, ref *yuv.Picture
	if prev != nil {
		dist, ref = prev.Dist, prev.Ref
	}
	dist = yuv.Reuse(dist, s.dist.Info().Format)
	if err := readFrame(s.dist, n, dist, lumaOnly); err != nil {
		return nil, err
	}
	fr.Dist = dist
	if s.sameClip {
		fr.Ref = dist
		return fr, nil
	}
	if ref == dist {
		ref = nil
	}
	ref = yuv.Reuse(ref, s.ref.Info().Format)
	if err := readFrame(s.ref, n, ref, lumaOnly); err != nil {
		return nil, err
	}
	fr.Ref = ref
	return fr, nil
}

func readFrame(r clip.Reader, n int, dst *yuv.Picture, lumaOnly bool) error {
	if lr, ok := r.(clip.LumaReader); ok && lumaOnly {
		return lr.ReadLuma(n, dst)
	}
	return r.ReadFrame(n, dst)
}

// Run scores every frame in order. progress, when not nil, is called after
// each frame. On error or cancellation, output files the features were
// writing are removed.
func (s *Session) Run(ctx context.Context, progress func(Progress)) (res *Results, err error) {
	di := s.dist.Info()
	res = &Results{Width: di.Width, Height: di.Height}
	defer func() {
		if err != nil {
			for _, x := range s.extractors {
				x.abort()
			}
			res = nil
		}
	}()
	if s.pipelined() {
		return s.runPipelined(ctx, progress, res)
	}
	start := time.Now()
	var prev *FrameResult
	for n := 0; s.frames < 0 || n < s.frames; n++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		fr, err := s.read(n, prev, true)
		if err != nil {
			if s.frames < 0 && errors.Is(err, io.EOF) {
				break
			}
			return nil, err
		}
		prev = fr
		for _, x := range s.extractors {
			if err := x.score(fr, false); err != nil {
				return nil, s.frameError(n, err)
			}
		}
		res.add(n, fr.Metrics)
		if progress != nil {
			el := time.Since(start).Seconds()
			fps := 0.0
			if el > 0 {
				fps = float64(n+1) / el
			}
			progress(Progress{Done: n + 1, Total: s.frames, FPS: fps})
		}
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

// Close releases the clips, the scorers and the backend.
func (s *Session) Close() error {
	var errs []error
	for _, x := range s.extractors {
		errs = append(errs, x.close())
	}
	if s.backend != nil {
		errs = append(errs, s.backend.close())
	}
	if s.dist != nil {
		errs = append(errs, s.dist.Close())
	}
	if s.ref != nil {
		errs = append(errs, s.ref.Close())
	}
	return errors.Join(errs...)
}
