package engine

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/bandscope/bandscope/engine/clip"
	"github.com/bandscope/bandscope/engine/recent"
	"github.com/bandscope/bandscope/gpu"
	"github.com/bandscope/bandscope/kernels/feature"
	"github.com/bandscope/bandscope/kernels/yuv"
)

// Session is an open pair of clips with the features built for them, on
// one backend and, in compare mode, a second one. It decodes each frame
// once, whatever the number of features and backends.
type Session struct {
	req       Request
	ref, dist clip.Reader
	sameClip  bool // no reference given: the distorted clip is its own reference
	lumaOnly  bool // no feature reads chroma: scoring runs decode luma alone
	// chromaOnly: no feature reads luma: scoring runs decode chroma alone
	chromaOnly bool
	// refOnly: every feature reads the reference alone (motion) and the
	// distorted clip is a raw file, which holds nothing but samples:
	// scoring runs decode the reference alone.
	refOnly bool
	// packed: both clips are 8-bit and every feature's CPU scorers read
	// packed pictures (Feature.Packed): scoring runs decode the samples
	// a byte each, widening nothing.
	packed bool
	frames int
	// requested counts the request's own features, which come first in
	// the sets; the models add the rest.
	requested int

	main, twin *featureSet // twin: the compare backend's, or nil
	// ran: Run was called. A session runs once: temporal features (motion)
	// keep a run's state, and files are published at its end.
	ran atomic.Bool
	// running is held by Run for its whole length and read-held by each
	// Frame: a Frame during the Run of the same session is refused, since
	// the run's GPU uploads, --explain's view of them and its temporal
	// state are not shared with an inspector's random access (the
	// inspector opens a session per run).
	running sync.RWMutex
	// perfect scores the reference against itself (Request.Explain).
	perfect *featureSet
	models  []scoredModel
	keys    []string // every output key, in libvmaf's order (outputKeys)
	spare   int64    // the memory budget beyond the run's estimate (checkMemory)

	// refs keeps recently decoded reference luma planes by frame, for the
	// temporal features of Session.Frame (a step forward reuses them).
	refs recent.Cache[int, *yuv.Picture]
	// perfects keeps Session.Frame's perfect-copy metrics by frame: they
	// depend on the reference alone, and an inspector steps back and forth.
	perfects recent.Cache[int, []feature.Metric]
}

// ErrRunning is Session.Frame's error while the session's Run is in
// progress: open a second session to inspect frames meanwhile.
var ErrRunning = errors.New("engine: Session.Frame during the same session's Run (open another session to inspect meanwhile)")

// maxPerfect bounds the frames whose perfect-copy metrics Session.Frame
// keeps (a few dozen numbers each).
const maxPerfect = 256

// maxRefs bounds the reference pictures Session.Frame keeps: the widest
// motion window (the HFR models') spans six.
const maxRefs = 8

// featureSet is every requested feature built on one backend.
type featureSet struct {
	backend    *backend
	extractors []extractor
	names      []string         // each extractor's feature name
	where      []string         // the backend each extractor runs on
	own        []bool           // the extractor is one the request asked for, not one only a model added
	skipped    map[string]error // features that could not be built (Request.SkipUnavailable)

	// GPU: the frame's pictures on the device, uploaded once per frame
	// with the planes the extractors read (deviceReader) and shared by
	// them; frameMu keeps a set's frames one at a time.
	frameMu    sync.Mutex
	frame      *gpu.Frame
	refPlanes  gpu.Planes
	distPlanes gpu.Planes
}

// deviceReader is a GPU extractor that scores from the frame's pictures on
// the device (FrameResult.onDevice) and says which planes it reads.
type deviceReader interface {
	devicePlanes() (ref, dist gpu.Planes)
}

// openClip opens one clip; tests wrap it to count reads.
var openClip = clip.OpenContext

// Open opens the clips, checks that they can be scored together and builds
// every requested feature on the requested backend.
func Open(ctx context.Context, req Request) (_ *Session, err error) {
	if req.Distorted == "" {
		return nil, errors.New("no distorted clip given")
	}
	if len(req.Features) == 0 && len(req.Models) == 0 {
		return nil, fmt.Errorf("no feature or model given (e.g. --feature cambi or --model version=vmaf_v0.6.1; Bandscope computes %s)", strings.Join(FeatureNames(), ", "))
	}
	if req.Explain && len(req.Models) == 0 {
		return nil, errors.New("--explain needs a --model")
	}
	if req.Explain && req.NoPrediction {
		return nil, usagef("--explain needs the models' scores: leave out -n/--no_prediction")
	}
	specs, err := parseSpecs(req.Features, req.SkipUnavailable)
	if err != nil {
		return nil, err
	}
	s := &Session{req: req, lumaOnly: true, refs: recent.Cache[int, *yuv.Picture]{Max: maxRefs}, perfects: recent.Cache[int, []feature.Metric]{Max: maxPerfect}}
	requested := len(specs)
	s.requested = requested
	if s.models, specs, err = openModels(req.Models, specs); err != nil {
		return nil, err
	}
	defer func() {
		if err != nil {
			s.Close()
		}
	}()
	s.chromaOnly = len(specs) > 0
	s.refOnly = len(specs) > 0
	for _, p := range specs {
		if !p.def.RefOnly {
			s.refOnly = false
		}
		if p.def.Chroma {
			s.lumaOnly = false
		}
		if !p.def.NoLuma {
			s.chromaOnly = false
		}
	}
	if s.dist, err = openClip(ctx, req.Distorted, req.Raw); err != nil {
		return nil, err
	}
	if req.Reference == "" || req.Reference == req.Distorted {
		s.sameClip = true
	} else if s.ref, err = openClip(ctx, req.Reference, req.Raw); err != nil {
		return nil, err
	}
	di := s.dist.Info()
	ri := di
	s.frames = di.Frames
	if !s.sameClip {
		ri = s.ref.Info()
		if !req.NoScale && !refMayDiffer(specs) {
			up, err := upscaleRendition(ctx, s.dist, ri)
			if err != nil {
				return nil, err // s.dist still open: Close closes it
			}
			s.dist, di = up, up.Info()
		}
		if err := clip.CheckPair(ri, di); err != nil && !errors.Is(err, clip.ErrFrameCount) && !refMayDiffer(specs) {
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
	// A raw distorted clip's frames hold nothing to check but their
	// samples' range, which no feature of a refOnly run reads; any other
	// container is decoded, as libvmaf decodes it, so that its errors and
	// its frame count are the run's.
	s.refOnly = s.refOnly && !s.sameClip && di.Container == "yuv" && di.Scaled == nil
	if req.Watch != nil {
		// A Watch sees the frame's pictures: they are whole.
		s.chromaOnly, s.refOnly = false, false
	}
	for i := range s.models {
		if err := s.models[i].rekey(s.dist.Info().Scaled); err != nil {
			return nil, err
		}
	}
	if s.keys, err = outputKeys(specs, requested, s.models, req.Explain, req.NoPrediction, s.dist.Info().Scaled); err != nil {
		return nil, err
	}
	g := Geometry{Dist: di.Format, Ref: ri.Format, SameClip: s.sameClip, DistContainer: di.Container, RefContainer: ri.Container}
	if s.spare, err = checkMemory(req, specs, g); err != nil {
		return nil, err
	}
	if s.main, err = s.openSet(req.Backend, specs, ri.Format, di.Format, false, true); err != nil {
		return nil, err
	}
	if s.main.backend.dev != nil {
		// A GPU run's host decodes each frame on several cores: at 4K one
		// core per clip would cap the run near the GPU goal's rate. Two
		// clips, each on a quarter of the run's threads, at most 4.
		w := min(4, max(1, s.main.backend.threads/4))
		for _, r := range []clip.Reader{s.dist, s.ref} {
			if pr, ok := r.(clip.ParallelReader); ok {
				pr.SetReadWorkers(w)
			}
		}
	}
	s.packed = packedRuns && di.BitDepth == 8 && ri.BitDepth == 8 && s.main.backend.dev == nil && allPacked(specs)
	if ps := explainSpecs(s.models, specs); req.Explain && len(ps) > 0 {
		if s.perfect, err = s.openSet(req.Backend, ps, ri.Format, ri.Format, true, false); err != nil {
			return nil, fmt.Errorf("--explain: %w", err)
		}
	}
	if req.Compare != "" {
		if s.twin, err = s.openSet(req.Compare, specs, ri.Format, di.Format, false, false); err != nil {
			return nil, fmt.Errorf("%s: %w", req.Compare, err)
		}
	}
	return s, nil
}

// packedRuns lets scoring runs read packed pictures (a test turns it off
// to compare).
var packedRuns = true

// allPacked reports whether every feature of specs reads packed pictures.
func allPacked(specs []parsedSpec) bool {
	for _, p := range specs {
		if !p.def.Packed {
			return false
		}
	}
	return true
}

// openSet builds every feature on one backend; perfect sets score the
// reference against itself and write no files; the watched set's results
// go to the request's Watch (the main set's: not --explain's perfect copy
// nor a compared backend's).
func (s *Session) openSet(id string, specs []parsedSpec, ref, dist yuv.Format, perfect, watched bool) (*featureSet, error) {
	b, err := openBackend(id, s.req.Threads)
	if err != nil {
		return nil, err
	}
	b.spare = s.spare
	b.planFrames(dist, ref, specs, s.sameClip, s.req.Explain)
	set := &featureSet{backend: b, skipped: map[string]error{}}
	// A rendition's CAMBI measures banding at the rendition's own size
	// (its encode size); the perfect copy is judged at that size too, so
	// --explain's costs compare like with like (and the keys match).
	scaled := s.dist.Info().Scaled
	for k, p := range specs {
		keepMaps, rows := s.req.cambiWatch(watched, k, s.requested, b.dev != nil)
		x, err := p.def.open(opening{b: b, opts: p.opts, ref: ref, dist: dist, perfect: perfect, scaled: scaled,
			own: k < s.requested, keepCValues: keepMaps, rows: rows,
			outputs: s.req.Outputs, inputs: []string{s.req.Reference, s.req.Distorted}})
		if err != nil {
			err = extractorError(s.req, err)
			if s.req.SkipUnavailable && len(specs) > 1 {
				set.skipped[p.def.Name] = err
				continue
			}
			set.close()
			return nil, err
		}
		set.extractors = append(set.extractors, x)
		set.names = append(set.names, p.def.Name)
		set.own = append(set.own, k < s.requested)
		where := b.id
		if b.dev != nil && !p.def.GPU {
			where = "cpu"
		}
		set.where = append(set.where, where)
	}
	if b.dev != nil {
		for _, x := range set.extractors {
			if r, ok := x.(deviceReader); ok {
				rp, dp := r.devicePlanes()
				set.refPlanes |= rp
				set.distPlanes |= dp
			}
		}
		if set.refPlanes|set.distPlanes != 0 {
			if set.frame, err = b.dev.NewFrame(); err != nil {
				set.close()
				return nil, err
			}
			set.frame.SetUploadWorkers(min(8, b.threads))
		}
	}
	if len(set.extractors) == 0 {
		err := errors.New("no feature can run")
		for _, e := range set.skipped {
			err = e
		}
		return nil, err
	}
	return set, nil
}

// explainSpecs are the features --explain scores on the reference against
// itself: those a model reads, less those that read the reference alone
// (their values on the perfect copy are the run's own). The inspector's own
// CAMBI and ADM, which no model reads, cost nothing there.
func explainSpecs(models []scoredModel, specs []parsedSpec) []parsedSpec {
	var out []parsedSpec
	for _, p := range specs {
		if p.def.RefOnly {
			continue
		}
		for i := range models {
			if models[i].reads(p) {
				out = append(out, p)
				break
			}
		}
	}
	return out
}

// refMayDiffer reports whether the reference may have another size or
// format than the distorted clip: only when every feature accepts that.
func refMayDiffer(specs []parsedSpec) bool {
	for _, p := range specs {
		if p.def.OtherReference == nil || !p.def.OtherReference(p.opts) {
			return false
		}
	}
	return true
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
func (s *Session) Backend() string { return s.main.backend.id }

// GPUProfile is the device time of every pass the session's GPU ran
// since it was opened, as a table (gpu.FormatProfile), when the
// environment asks for it (gpu.ProfileEnv); "" on the CPU or when not
// asked for. A GPU is opened once per process and shared by its sessions.
func (s *Session) GPUProfile() string {
	d := s.main.backend.dev
	if d == nil || !gpu.ProfileWanted() {
		return ""
	}
	pts, why := d.Profile()
	out := "device time per pass on " + d.Info().Name + ":\n" + gpu.FormatProfile(pts)
	if why != "" {
		out += "profile: " + why + "\n"
	}
	return out
}

// Skipped names the features that could not be built on the session's
// backends (with Request.SkipUnavailable) and why; a feature the compare
// backend lacks is named "BACKEND: feature".
func (s *Session) Skipped() map[string]error {
	out := map[string]error{}
	for k, v := range s.main.skipped {
		out[k] = v
	}
	if s.twin != nil {
		for k, v := range s.twin.skipped {
			out[s.req.Compare+": "+k] = v
		}
	}
	return out
}

// Frame scores frame n keeping every intermediate map, for inspection. The
// pictures are decoded once and every feature, on both backends in compare
// mode, scores them concurrently. A feature that fails is named in the
// result's Errors; Frame fails only when nothing could be scored. Frames
// may be scored concurrently; during the session's Run, Frame returns
// ErrRunning.
func (s *Session) Frame(ctx context.Context, n int) (*FrameResult, error) {
	// Decoded, nothing scored yet: Complete scores every feature, the
	// compare backend and the perfect copy at once.
	fr, err := s.part(ctx, n, func(int) bool { return false })
	if err != nil {
		return nil, err
	}
	return s.Complete(ctx, fr)
}

// FramePart scores frame n with only the features named (the request's
// own instances of them; none named: every feature but the models'),
// keeping their maps: what one view shows, first. The result lacks the
// other features, the compare backend's result and the models' scores
// (FrameResult.Partial) until Complete scores them.
func (s *Session) FramePart(ctx context.Context, n int, features ...string) (*FrameResult, error) {
	set := s.main
	return s.part(ctx, n, func(k int) bool {
		return set.own[k] && (len(features) == 0 || slices.Contains(features, set.names[k]))
	})
}

// part decodes frame n and scores the main set's extractors want says
// yes to: a Partial result.
func (s *Session) part(ctx context.Context, n int, want func(k int) bool) (*FrameResult, error) {
	if !s.running.TryRLock() {
		return nil, ErrRunning
	}
	defer s.running.RUnlock()
	fr, err := s.read(n, nil, false)
	if err != nil {
		return nil, err
	}
	s.keepRef(n, fr.Ref)
	fr.refAt, fr.frames = s.refAt, s.frames
	set := s.main
	m := len(set.extractors)
	fr.results, fr.errs, fr.scored = make([]any, m), make([]error, m), make([]bool, m)
	fr.Partial = true
	which := make([]bool, m)
	some := false
	for k := range which {
		which[k] = want(k)
		some = some || which[k]
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if !some {
		return fr, nil
	}
	if err := set.scoreSome(ctx, fr, which, s.frameError); err != nil {
		return nil, err
	}
	return fr, nil
}

// Complete scores what FramePart left out of part: the other features,
// the compare backend and the models with their costs. The result is a new
// FrameResult, equal to Frame's; part is not changed (a view may still be
// showing it) and shares its pictures and results with it.
func (s *Session) Complete(ctx context.Context, part *FrameResult) (*FrameResult, error) {
	if !part.Partial {
		return part, nil
	}
	if !s.running.TryRLock() {
		return nil, ErrRunning
	}
	defer s.running.RUnlock()
	n := part.Frame
	fr := &FrameResult{Frame: n, Dist: part.Dist, Ref: part.Ref, refAt: part.refAt, frames: part.frames,
		results: slices.Clone(part.results), errs: slices.Clone(part.errs), scored: slices.Clone(part.scored)}
	rest := make([]bool, len(part.scored))
	for k, done := range part.scored {
		rest[k] = !done
	}
	var perfect, tw *FrameResult
	var perr, terr error
	var wg sync.WaitGroup
	if s.twin != nil {
		tw = &FrameResult{Frame: n, Dist: fr.Dist, Ref: fr.Ref, refAt: fr.refAt, frames: fr.frames}
		wg.Add(1)
		go func() {
			defer wg.Done()
			terr = s.twin.scoreFrame(ctx, tw, true, true, s.frameError)
		}()
	}
	pm, cached := s.perfects.Get(n)
	if s.perfect != nil && !cached {
		perfect = &FrameResult{Frame: n, Dist: fr.Ref, Ref: fr.Ref, refAt: fr.refAt, frames: fr.frames}
		wg.Add(1)
		go func() {
			defer wg.Done()
			perr = s.perfect.scoreFrame(ctx, perfect, false, true, s.frameError)
		}()
	}
	err := s.main.scoreSome(ctx, fr, rest, s.frameError)
	wg.Wait()
	if err != nil {
		return nil, err
	}
	if terr != nil {
		return nil, fmt.Errorf("%s: %w", s.req.Compare, terr)
	}
	if perr != nil {
		return nil, fmt.Errorf("--explain: %w", perr)
	}
	if len(s.models) > 0 && len(fr.Errors) == 0 && !s.req.NoPrediction {
		if perfect != nil {
			pm = perfect.Metrics
			if len(perfect.Errors) == 0 {
				s.perfects.Put(n, func() []feature.Metric { return pm })
			}
		}
		if s.req.Explain && pm == nil {
			pm = []feature.Metric{} // non-nil: costs wanted
		}
		if fr.VMAF, err = predictFrame(s.models, fr.Metrics, pm); err != nil {
			return nil, s.frameError(n, err)
		}
		for i := range fr.VMAF {
			fr.Metrics = append(fr.Metrics, fr.VMAF[i].Metrics...)
			fr.Metrics = append(fr.Metrics, fr.VMAF[i].costMetrics()...)
		}
	}
	fr.Compare = tw
	return fr, nil
}

// keepRef remembers frame n's reference luma for later steps. It keeps
// the picture's own luma plane, copying nothing (a 1080p step copied 4 MB
// here): the pictures of a frame a step reads are its own (Session.read
// with no pictures to reuse), and nothing writes them afterwards.
func (s *Session) keepRef(n int, ref *yuv.Picture) {
	s.refs.Put(n, func() *yuv.Picture {
		f := ref.Format
		f.Chroma = yuv.C400
		return &yuv.Picture{Format: f, Planes: [3][]uint16{ref.Planes[0]}, Packed: [3][]uint8{ref.Packed[0]}}
	})
}

// refAt returns frame j's reference luma, decoding it (luma only) unless a
// recent step kept it.
func (s *Session) refAt(j int) (yuv.Plane, error) {
	if p, ok := s.refs.Get(j); ok {
		return p.Luma(), nil
	}
	r := s.ref
	if s.sameClip {
		r = s.dist
	}
	pic := yuv.NewPicture(r.Info().Format)
	if err := clip.ReadPart(r, j, pic, clip.LumaPlane); err != nil {
		return yuv.Plane{}, err
	}
	s.keepRef(j, pic)
	return pic.Luma(), nil
}

// scoreFrame runs every extractor of the set on fr, then attaches the
// results and, with metrics (Session.Frame: a run emits them in frame
// order instead), the metrics in registration order; keepMaps keeps each
// feature's intermediate maps. With metrics a frame some features fail is
// still a result (FrameResult.Errors). It is startFrame and its rest.
func (set *featureSet) scoreFrame(ctx context.Context, fr *FrameResult, keepMaps, metrics bool, wrap func(int, error) error) error {
	rest, err := set.startFrame(ctx, fr, keepMaps, nil, wrap)
	if err != nil {
		return err
	}
	return rest(metrics)
}

// scoreSome is scoreFrame of the extractors which marks, with their maps,
// added to what fr holds already (FramePart, Complete): fr's features,
// metrics and errors are then every scored extractor's, in the set's
// order.
func (set *featureSet) scoreSome(ctx context.Context, fr *FrameResult, which []bool, wrap func(int, error) error) error {
	rest, err := set.startFrame(ctx, fr, true, which, wrap)
	if err != nil {
		return err
	}
	return rest(true)
}

// splitter is an extractor whose device work ends before its host work
// (speed_chroma on a GPU): scoreSplit does the device half, and finish the
// host half, which needs nothing on the device.
type splitter interface {
	scoreSplit(fr *FrameResult, keepMaps bool) (finish func() (any, error), err error)
}

// startFrame does the part of a frame's scoring that needs the set's
// pictures on the device, and returns the rest. On a GPU set it uploads
// the frame (each plane once) and runs every extractor that reads it,
// each on a goroutine of its own: one records and submits its passes while
// another's run on the device (the device queues them; none reads
// another's buffers), so the device does not idle through each
// submission's round trip and the next one's recording; when it returns,
// the device is done with the frame, so a run can upload the next one
// while rest finishes this one: the host halves of splitters and the
// extractors that do not read the device (CPU features of a GPU set), all
// concurrently, as every extractor of a CPU set.
//
// which, when not nil, marks the extractors to run (scoreSome): the others
// keep what fr holds for them.
func (set *featureSet) startFrame(ctx context.Context, fr *FrameResult, keepMaps bool, which []bool, wrap func(int, error) error) (rest func(metrics bool) error, err error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	n := len(set.extractors)
	res := make([]any, n)
	errs := make([]error, n)
	if which != nil {
		res, errs = fr.results, fr.errs
		if fr.scored == nil {
			fr.scored = make([]bool, n)
		}
		for k, w := range which {
			fr.scored[k] = fr.scored[k] || w
		}
	}
	st := &frameSteps{names: set.names, res: res, errs: errs, later: make([]func() (any, error), n)}
	for k, x := range set.extractors {
		if which == nil || which[k] {
			st.later[k] = func() (any, error) { return x.score(fr, keepMaps) }
		}
	}
	if set.frame != nil {
		if err := set.deviceHalves(fr, keepMaps, st, wrap); err != nil {
			return nil, err
		}
	}
	return func(metrics bool) error {
		var wg sync.WaitGroup
		for k, f := range st.later {
			if f == nil {
				continue
			}
			wg.Add(1)
			go func() { defer wg.Done(); st.guarded(k, f) }()
		}
		wg.Wait()
		done := fr.scored
		if which == nil {
			done = nil // every extractor
		}
		return set.attachFrame(fr, res, errs, metrics, done, wrap)
	}, nil
}

// frameSteps is one frame's extractor steps and their results: later[k]
// is what is left of extractor k (nil once run, or when not asked for).
type frameSteps struct {
	names []string
	res   []any
	errs  []error
	later []func() (any, error)
}

// guarded runs one extractor's step, a panic becoming its error.
func (st *frameSteps) guarded(k int, f func() (any, error)) {
	defer func() {
		if p := recover(); p != nil {
			st.res[k], st.errs[k] = nil, fmt.Errorf("%s: internal error: %v", st.names[k], p)
		}
	}()
	st.res[k], st.errs[k] = f()
}

// deviceHalves puts the frame's planes on the device once (the GPU
// extractors copy from them there; a run's perfect copy comes with the
// main set's view of the reference already on the device, when it holds
// every plane this set reads) and runs the device halves of the asked
// extractors that read them, side by side; a splitter's host half is left
// in st.later.
func (set *featureSet) deviceHalves(fr *FrameResult, keepMaps bool, st *frameSteps, wrap func(int, error) error) error {
	set.frameMu.Lock()
	defer set.frameMu.Unlock()
	if v := fr.onDevice; v == nil || !v.Holds(set.refPlanes, set.distPlanes) {
		// The clip readers refused any sample above the bit depth.
		var err error
		if p := fr.prepared; p != nil {
			// Staged by the run's reader: only the device copy is left.
			// Its stage set goes back to the reader once the device halves
			// below have run (and with them the copy): a set filled again
			// sooner would wait for it.
			fr.prepared = nil
			defer fr.committed()
			err = set.frame.Commit(p)
		} else {
			err = set.frame.UploadChecked(fr.Ref, fr.Dist, set.refPlanes, set.distPlanes)
		}
		if err != nil {
			return wrap(fr.Frame, err)
		}
		fr.onDevice = set.frame
	}
	defer func() { fr.onDevice = nil }()
	var onDevice []int
	for k, x := range set.extractors {
		if st.later[k] == nil {
			continue // not asked for (scoreSome)
		}
		if dr, ok := x.(deviceReader); ok {
			if rp, dp := dr.devicePlanes(); rp|dp != 0 {
				onDevice = append(onDevice, k)
			}
		}
	}
	deviceHalf := func(k int) {
		if sp, ok := set.extractors[k].(splitter); ok {
			var finish func() (any, error)
			st.guarded(k, func() (any, error) {
				f, err := sp.scoreSplit(fr, keepMaps)
				finish = f
				return nil, err
			})
			st.later[k] = finish // nil after an error
			return
		}
		st.guarded(k, st.later[k])
		st.later[k] = nil
	}
	if len(onDevice) == 1 {
		deviceHalf(onDevice[0])
		return nil
	}
	var wg sync.WaitGroup
	for _, k := range onDevice {
		wg.Add(1)
		go func() { defer wg.Done(); deviceHalf(k) }()
	}
	wg.Wait()
	return nil
}

// attachFrame attaches a frame's results (and with metrics, for
// Session.Frame, each feature's result with its metrics, built anew from
// every result) and returns its error: the first extractor's that failed,
// unless with metrics some succeeded (FrameResult.Errors names the
// others). done, when not nil, marks the extractors that were run
// (scoreSome); the others are left out.
func (set *featureSet) attachFrame(fr *FrameResult, res []any, errs []error, metrics bool, done []bool, wrap func(int, error) error) error {
	fr.results = res
	if metrics {
		fr.Features, fr.Metrics, fr.Errors = nil, nil, nil
	}
	failed, tried := 0, 0
	for k, x := range set.extractors {
		if done != nil && !done[k] {
			continue
		}
		tried++
		if errs[k] != nil {
			failed++
			if fr.Errors == nil {
				fr.Errors = map[string]error{}
			}
			fr.Errors[set.names[k]] = wrap(fr.Frame, errs[k])
			continue
		}
		if metrics {
			ms := x.metrics(res[k])
			fr.Metrics = append(fr.Metrics, ms...)
			fr.Features = append(fr.Features, FeatureResult{Feature: set.names[k], Result: res[k], Metrics: ms})
		}
	}
	if !metrics || failed == tried {
		for k := range errs {
			if errs[k] != nil && (done == nil || done[k]) {
				return wrap(fr.Frame, errs[k])
			}
		}
	}
	return nil
}

func (s *Session) frameError(n int, err error) error {
	var ce *clip.Error
	if errors.As(err, &ce) || errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return err
	}
	return &clip.Error{Path: s.req.Distorted, Frame: n, Err: err}
}

// read decodes frame n of both clips, into prev's pictures when given.
// Scoring runs, whose results keep no pictures, ask readers that can for
// the luma plane alone when no feature reads chroma, and for packed
// pictures when every feature reads them (Session.packed).
func (s *Session) read(n int, prev *FrameResult, scoring bool) (*FrameResult, error) {
	fr := &FrameResult{Frame: n}
	part := clip.AllPlanes
	switch {
	case scoring && s.lumaOnly:
		part = clip.LumaPlane
	case scoring && s.chromaOnly:
		part = clip.ChromaPlanes
	}
	reuse := yuv.Reuse
	if scoring && s.packed {
		reuse = yuv.ReusePacked
	}
	var dist, ref *yuv.Picture
	if prev != nil {
		dist, ref = prev.Dist, prev.Ref
	}
	if s.sameClip || (scoring && s.refOnly) {
		// One clip read, both pictures: the distorted clip is its own
		// reference, or no feature reads the distorted pictures.
		r := s.dist
		if !s.sameClip {
			r = s.ref
		}
		dist = reuse(dist, r.Info().Format)
		if err := clip.ReadPart(r, n, dist, part); err != nil {
			return nil, err
		}
		fr.Dist, fr.Ref = dist, dist
		return fr, nil
	}
	dist = reuse(dist, s.dist.Info().Format)
	if ref == dist {
		ref = nil
	}
	ref = reuse(ref, s.ref.Info().Format)
	// The two clips decode side by side (two readers, two goroutines): at
	// 4K a pair is tens of milliseconds of copying and range checks, the
	// host's largest share of a GPU run. The distorted clip's error comes
	// first, as when they were read in turn.
	refErr := make(chan error, 1)
	go func() { refErr <- clip.ReadPart(s.ref, n, ref, part) }()
	err := clip.ReadPart(s.dist, n, dist, part)
	if rerr := <-refErr; err == nil {
		err = rerr
	}
	if err != nil {
		return nil, err
	}
	fr.Dist, fr.Ref = dist, ref
	return fr, nil
}

func (set *featureSet) close() error {
	if set == nil {
		return nil
	}
	var errs []error
	for _, x := range set.extractors {
		errs = append(errs, x.close())
	}
	if set.frame != nil {
		errs = append(errs, set.frame.Close())
	}
	errs = append(errs, set.backend.close())
	return errors.Join(errs...)
}

// Close releases the clips, the scorers and the backends.
func (s *Session) Close() error {
	errs := []error{s.main.close(), s.twin.close(), s.perfect.close()}
	if s.dist != nil {
		errs = append(errs, s.dist.Close())
	}
	if s.ref != nil {
		errs = append(errs, s.ref.Close())
	}
	return errors.Join(errs...)
}
