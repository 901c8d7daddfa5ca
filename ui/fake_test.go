package ui

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/bandscope/bandscope/engine"
	"github.com/bandscope/bandscope/engine/clip"
	"github.com/bandscope/bandscope/kernels/adm"
	"github.com/bandscope/bandscope/kernels/cambi"
	"github.com/bandscope/bandscope/kernels/feature"
	"github.com/bandscope/bandscope/kernels/synth"
	"github.com/bandscope/bandscope/kernels/yuv"
)

// fakeEngine scores synthetic frames with the real CAMBI kernel, so that
// the numbers the views show are real; its "gpu:0" backend can be told to
// differ from the CPU in one c-value, to test compare mode.
type fakeEngine struct {
	format  yuv.Format
	frames  int
	differ  atomic.Bool // gpu:0 changes one c-value of scale 2
	opened  atomic.Int32
	openErr error
	noADM   bool          // Open refuses the adm feature, as a backend without it
	running chan struct{} // when set, Run signals here after frame 0 and waits for cancellation
	gpuName string        // the GPU backend's name; "" is "Fake GPU"
	// shapes overrides the size and frame count of a distorted clip by
	// path (runs_test.go: a run B that cannot be compared).
	shapes map[string]clip.Info
	// scored counts Session.Frame calls by frame (the look-ahead's test).
	scoredMu sync.Mutex
	scored   map[int]int
	parts    map[int]int // FramePart calls per frame
	// decodes, when set, is how many of the frames decode: the file lists
	// more (cut short, its index intact).
	decodes int
}

// scoredCount is how many times frame n was scored.
func (e *fakeEngine) scoredCount(n int) int {
	e.scoredMu.Lock()
	defer e.scoredMu.Unlock()
	return e.scored[n]
}

// partCount is how many times frame n was scored in part (FramePart).
func (e *fakeEngine) partCount(n int) int {
	e.scoredMu.Lock()
	defer e.scoredMu.Unlock()
	return e.parts[n]
}

// The fixture patterns, one per frame in turn: all of them band.
var fixturePatterns = []string{"hramp8", "diag8", "wide_hramp", "grad10", "diagramp", "vramp8"}

func newFakeEngine() *fakeEngine {
	return &fakeEngine{format: yuv.Format{Width: 320, Height: 240, Chroma: yuv.C420, BitDepth: 8}, frames: 6}
}

func (e *fakeEngine) Backends() []Backend {
	name := e.gpuName
	if name == "" {
		name = "Fake GPU"
	}
	return []Backend{{ID: "cpu", Name: "CPU (scalar)", Kind: "cpu"}, {ID: "gpu:0", Name: name, Kind: "gpu"}}
}

func (e *fakeEngine) Open(ctx context.Context, req engine.Request) (Session, error) {
	if e.openErr != nil {
		return nil, e.openErr
	}
	opts := cambi.NewOptions()
	var skipped map[string]error
	for _, f := range req.Features {
		if f.Name == "adm" && e.noADM {
			err := errors.New("--feature adm: not on this backend")
			if !req.SkipUnavailable {
				return nil, err
			}
			skipped = map[string]error{"adm": err}
		}
		if f.Name == "cambi" {
			if err := opts.SetAll(f.Opts); err != nil {
				return nil, err
			}
		}
	}
	cfg, err := cambi.NewConfig(opts, e.format.Width, e.format.Height, e.format.BitDepth)
	if err != nil {
		return nil, err
	}
	e.opened.Add(1)
	admCfg, err := adm.NewConfig(adm.NewOptions(), e.format.Width, e.format.Height, e.format.BitDepth)
	if err != nil {
		return nil, err
	}
	return &fakeSession{e: e, req: req, cfg: cfg, opts: opts, admCfg: admCfg, skipped: skipped}, nil
}

type fakeSession struct {
	e       *fakeEngine
	req     engine.Request
	cfg     *cambi.Config
	admCfg  *adm.Config
	opts    *feature.Values
	skipped map[string]error
}

func (s *fakeSession) Skipped() map[string]error { return s.skipped }

func (s *fakeSession) CAMBIOptions() (*engine.Options, string) { return s.opts.Clone(), "cambi" }

func (s *fakeSession) Info() (ref, dist clip.Info) {
	dist = clip.Info{Path: s.req.Distorted, Container: "yuv", Format: s.e.format, Frames: s.e.frames}
	ref = dist
	ref.Path = s.req.Reference
	if o, ok := s.e.shapes[s.req.Distorted]; ok {
		dist.Format.Width, dist.Format.Height, dist.Frames = o.Width, o.Height, o.Frames
	}
	return ref, dist
}

func (s *fakeSession) Frames() int {
	if o, ok := s.e.shapes[s.req.Distorted]; ok {
		return o.Frames
	}
	return s.e.frames
}

func (s *fakeSession) pictures(n int) (dist, ref *yuv.Picture, err error) {
	sp := synth.Spec{Pattern: fixturePatterns[n%len(fixturePatterns)], Format: s.e.format}
	if ref, err = synth.Frame(sp, n); err != nil {
		return nil, nil, err
	}
	sp.Dist = true
	dist, err = synth.Frame(sp, n)
	if err == nil && strings.Contains(s.req.Distorted, "coarse") {
		// A second encode of the same reference: its luma quantised to
		// steps of 8 on odd frames, so that it scores otherwise there.
		coarsen(dist, n)
	}
	return dist, ref, err
}

// coarsen quantises odd frames' luma to multiples of 8 (a coarser encode);
// even frames stay as they are.
func coarsen(p *yuv.Picture, n int) {
	if n%2 == 0 {
		return
	}
	for k, v := range p.Planes[0] {
		p.Planes[0][k] = v &^ 7
	}
}

// Frame scores frame n whole; scoredCount counts it.
func (s *fakeSession) Frame(ctx context.Context, n int) (*engine.FrameResult, error) {
	if n < 0 || n >= s.e.frames {
		return nil, &clip.Error{Path: s.req.Distorted, Frame: n, Err: io.EOF}
	}
	s.e.scoredMu.Lock()
	if s.e.scored == nil {
		s.e.scored = map[int]int{}
	}
	s.e.scored[n]++
	s.e.scoredMu.Unlock()
	return s.frame(n)
}

// FramePart is Frame's result with the features named alone, counted by
// partCount (scoredCount counts Complete's whole frame).
func (s *fakeSession) FramePart(ctx context.Context, n int, features ...string) (*engine.FrameResult, error) {
	if n < 0 || n >= s.e.frames {
		return nil, &clip.Error{Path: s.req.Distorted, Frame: n, Err: io.EOF}
	}
	s.e.scoredMu.Lock()
	if s.e.parts == nil {
		s.e.parts = map[int]int{}
	}
	s.e.parts[n]++
	s.e.scoredMu.Unlock()
	fr, err := s.frame(n)
	if err != nil {
		return nil, err
	}
	part := &engine.FrameResult{Frame: n, Dist: fr.Dist, Ref: fr.Ref, Partial: true}
	for _, f := range fr.Features {
		if slices.Contains(features, f.Feature) {
			part.Features = append(part.Features, f)
			part.Metrics = append(part.Metrics, f.Metrics...)
		}
	}
	return part, nil
}

// Complete scores the frame again, whole.
func (s *fakeSession) Complete(ctx context.Context, part *engine.FrameResult) (*engine.FrameResult, error) {
	if !part.Partial {
		return part, nil
	}
	return s.Frame(ctx, part.Frame)
}

func (s *fakeSession) frame(n int) (*engine.FrameResult, error) {
	if d := s.e.decodes; d > 0 && n >= d {
		return nil, &clip.Error{Path: s.req.Distorted, Frame: d,
			Err: fmt.Errorf("%w: ffmpeg decodes frames 0 to %d, %d of the %d the file lists", clip.ErrFewerFrames, d-1, d, s.e.frames)}
	}
	dist, ref, err := s.pictures(n)
	if err != nil {
		return nil, err
	}
	fr, err := s.score(n, s.req.Backend, dist, ref)
	if err != nil || s.req.Compare == "" {
		return fr, err
	}
	// Compare mode: the second backend scores the same pictures.
	fr.Compare, err = s.score(n, s.req.Compare, dist, ref)
	return fr, err
}

// score is one backend's result for one frame: real CAMBI and ADM kernels.
func (s *fakeSession) score(n int, backend string, dist, ref *yuv.Picture) (*engine.FrameResult, error) {
	c, err := cambi.New(s.cfg).Score(n, ref.Luma(), dist.Luma(), true)
	if err != nil {
		return nil, err
	}
	if backend == "gpu:0" && s.e.differ.Load() {
		sc := &c.Dist.Scales[2]
		sc.CValues[len(sc.CValues)/2+7] += 0.25
		sc.MaxCValue = cambi.MaxCValue(sc.CValues)
	}
	fr := &engine.FrameResult{Frame: n, Dist: dist, Ref: ref}
	for _, f := range s.req.Features {
		switch f.Name {
		case "cambi":
			ms := []feature.Metric{{Name: "cambi", Value: c.CAMBI}}
			fr.Features = append(fr.Features, engine.FeatureResult{Feature: "cambi", Result: c, Metrics: ms})
			fr.Metrics = append(fr.Metrics, ms...)
		case "adm":
			if s.skipped["adm"] != nil {
				continue
			}
			a, err := adm.New(s.admCfg).Score(n, ref.Luma(), dist.Luma(), true)
			if err != nil {
				return nil, err
			}
			ms := []feature.Metric{{Name: "integer_adm2", Value: a.ADM2}}
			fr.Features = append(fr.Features, engine.FeatureResult{Feature: "adm", Result: a, Metrics: ms})
			fr.Metrics = append(fr.Metrics, ms...)
		}
	}
	return fr, nil
}

// Run scores every frame; stopped early (cancelled, or a frame that
// fails), it returns the frames scored before, as the engine does.
func (s *fakeSession) Run(ctx context.Context, progress func(engine.Progress)) (ClipScores, error) {
	var out fakeScores
	partial := func(err error) (ClipScores, error) {
		if len(out) == 0 {
			return nil, err
		}
		return out, err
	}
	for n := 0; n < s.Frames(); n++ {
		if err := ctx.Err(); err != nil {
			return partial(err)
		}
		fr, err := s.Frame(ctx, n)
		if err != nil {
			return partial(err)
		}
		out = append(out, fr.Metrics)
		if progress != nil {
			progress(engine.Progress{Done: n + 1, Total: s.e.frames, FPS: 100})
		}
		if s.e.running != nil {
			s.e.running <- struct{}{}
			<-ctx.Done()
			return partial(ctx.Err())
		}
	}
	return out, nil
}

func (s *fakeSession) Close() error { return nil }

type fakeScores [][]feature.Metric

func (f fakeScores) PerFrame() [][]feature.Metric { return f }

func (f fakeScores) WriteJSON(w io.Writer) error {
	var frames []map[string]any
	for n, ms := range f {
		m := map[string]float64{}
		for _, x := range ms {
			m[x.Name] = x.Value
		}
		frames = append(frames, map[string]any{"frameNum": n, "metrics": m})
	}
	return json.NewEncoder(w).Encode(map[string]any{"frames": frames})
}

func (f fakeScores) WriteCSV(w io.Writer) error {
	names := metricNames(f)
	fmt.Fprintf(w, "Frame,%s,\n", strings.Join(names, ","))
	for n, ms := range f {
		fmt.Fprintf(w, "%d,", n)
		for _, name := range names {
			v, _ := metric(ms, name)
			fmt.Fprintf(w, "%s,", fmtScore(v))
		}
		fmt.Fprintln(w)
	}
	return nil
}

var _ = math.NaN

// metricNames lists the names in a run, sorted, for exports.
func metricNames(frames [][]feature.Metric) []string {
	seen := map[string]bool{}
	for _, ms := range frames {
		for _, m := range ms {
			seen[m.Name] = true
		}
	}
	var s []string
	for n := range seen {
		s = append(s, n)
	}
	sort.Strings(s)
	return s
}

// metric finds a metric by name in one frame's list.
func metric(ms []feature.Metric, name string) (float64, bool) {
	for _, m := range ms {
		if m.Name == name {
			return m.Value, true
		}
	}
	return 0, false
}
