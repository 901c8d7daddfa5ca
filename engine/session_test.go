package engine

import (
	"context"
	"errors"
	"fmt"
	"math"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/bandscope/bandscope/engine/clip"
	"github.com/bandscope/bandscope/kernels/adm"
	"github.com/bandscope/bandscope/kernels/feature"
	"github.com/bandscope/bandscope/kernels/speed"
	"github.com/bandscope/bandscope/kernels/synth"
	"github.com/bandscope/bandscope/kernels/vif"
	"github.com/bandscope/bandscope/kernels/yuv"
)

// countingReader counts the frames a clip decodes.
type countingReader struct {
	clip.Reader
	mu    sync.Mutex
	reads map[int]int
}

func (c *countingReader) ReadFrame(n int, dst *yuv.Picture) error {
	c.mu.Lock()
	c.reads[n]++
	c.mu.Unlock()
	return c.Reader.ReadFrame(n, dst)
}

// countReads makes every clip the engine opens count its reads, by path.
func countReads(t *testing.T) map[string]*countingReader {
	t.Helper()
	counters := map[string]*countingReader{}
	old := openClip
	openClip = func(ctx context.Context, path string, raw clip.RawOptions) (clip.Reader, error) {
		r, err := old(ctx, path, raw)
		if err != nil {
			return nil, err
		}
		c := &countingReader{Reader: r, reads: map[int]int{}}
		counters[filepath.Base(path)] = c
		return c, nil
	}
	t.Cleanup(func() { openClip = old })
	return counters
}

func pairRequest(t *testing.T, features ...string) Request {
	t.Helper()
	dir := t.TempDir()
	f := yuv.Format{Width: 230, Height: 217, Chroma: yuv.C420, BitDepth: 8}
	raw := writeRaw(t, filepath.Join(dir, "ref.yuv"), synth.Spec{Pattern: "diagramp", Format: f}, 3)
	writeRaw(t, filepath.Join(dir, "dist.yuv"), synth.Spec{Pattern: "diagramp", Format: f, Dist: true}, 3)
	req := Request{Reference: filepath.Join(dir, "ref.yuv"), Distorted: filepath.Join(dir, "dist.yuv"), Raw: raw}
	for _, s := range features {
		sp, err := feature.ParseSpec(s)
		if err != nil {
			t.Fatal(err)
		}
		req.Features = append(req.Features, sp)
	}
	return req
}

// TestOneDecodePerFrame: a frame step decodes each picture once whatever
// the number of features, and compare mode scores both backends from the
// same decoded pictures.
func TestOneDecodePerFrame(t *testing.T) {
	counts := countReads(t)
	req := pairRequest(t, "cambi=full_ref=true", "adm")
	req.Compare = "cpu:scalar"
	s, err := Open(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	fr, err := s.Frame(context.Background(), 1)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"ref.yuv", "dist.yuv"} {
		if got := counts[name].reads[1]; got != 1 {
			t.Errorf("%s: frame 1 decoded %d times, want 1", name, got)
		}
	}
	if resultOf[*CAMBIResult](fr) == nil || resultOf[*ADMResult](fr) == nil || fr.Compare == nil ||
		resultOf[*ADMResult](fr.Compare) == nil || resultOf[*CAMBIResult](fr.Compare) == nil {
		t.Fatalf("missing results: %+v", fr)
	}
	if fr.Compare.Dist != fr.Dist || fr.Compare.Ref != fr.Ref {
		t.Error("the compare backend scored other pictures")
	}
	if len(fr.Metrics) != 3+7 || len(fr.Compare.Metrics) != len(fr.Metrics) {
		t.Errorf("metrics: %d and %d", len(fr.Metrics), len(fr.Compare.Metrics))
	}
	for i := range fr.Metrics {
		if fr.Metrics[i] != fr.Compare.Metrics[i] {
			t.Errorf("%s: %v on cpu, %v on cpu:scalar", fr.Metrics[i].Name, fr.Metrics[i].Value, fr.Compare.Metrics[i].Value)
		}
	}
	// A whole run decodes every frame once too.
	res, err := s.Run(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"ref.yuv", "dist.yuv"} {
		for n := 0; n < 3; n++ {
			if got := counts[name].reads[n] - map[bool]int{true: 1}[n == 1]; got != 1 {
				t.Errorf("%s: run decoded frame %d %d times", name, n, got)
			}
		}
	}
	if len(res.Frames) != 3 || len(res.Names) != 10 {
		t.Errorf("run: %d frames, names %v", len(res.Frames), res.Names)
	}
}

// TestDuplicateFeature: the same feature with the same keys twice would
// write every key twice; it is refused before anything is opened.
func TestDuplicateFeature(t *testing.T) {
	for _, feats := range [][]string{
		{"cambi", "cambi"},
		{"adm", "integer_adm"},
		{"cambi=window_size=65", "cambi"}, // 65 is the default: the same keys
		{"cambi", "cambi=full_ref=true"},  // both write "cambi"
	} {
		_, err := Open(context.Background(), pairRequest(t, feats...))
		if err == nil || !strings.Contains(err.Error(), "same feature and options") {
			t.Errorf("%v: %v", feats, err)
		}
	}
	s, err := Open(context.Background(), pairRequest(t, "cambi", "cambi=window_size=35"))
	if err != nil {
		t.Fatalf("two option sets: %v", err)
	}
	s.Close()
}

// TestSkipUnavailable: a feature that cannot be built is named, not
// silently dropped, and the others still score.
func TestSkipUnavailable(t *testing.T) {
	req := pairRequest(t, "cambi", "adm=adm_csf_mode=2:adm_norm_view_dist=7")
	if _, err := Open(context.Background(), req); err == nil {
		t.Fatal("want the adm error without SkipUnavailable")
	}
	req.SkipUnavailable = true
	s, err := Open(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if s.Skipped()["adm"] == nil {
		t.Errorf("skipped: %v", s.Skipped())
	}
	fr, err := s.Frame(context.Background(), 0)
	if err != nil || resultOf[*CAMBIResult](fr) == nil || resultOf[*ADMResult](fr) != nil {
		t.Errorf("frame: %v %+v", err, fr)
	}
}

// TestResultOf: every feature's result is reached by its type, VIF's
// (through the generic luma adapter) as CAMBI's.
func TestResultOf(t *testing.T) {
	s, err := Open(context.Background(), pairRequest(t, "vif", "adm"))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	fr, err := s.Frame(context.Background(), 0)
	if err != nil {
		t.Fatal(err)
	}
	v, ok := ResultOf[*vif.FrameResult](fr)
	if !ok || v.Frame != 0 || !(v.Scale[0] > 0 && v.Scale[0] < 1) {
		t.Fatalf("vif result %v %+v", ok, v)
	}
	if _, ok := ResultOf[*speed.FrameResult](fr); ok {
		t.Error("a speed_chroma result without the feature")
	}
}

// TestFeatures: a feature requested with the caller's options and again
// by a model with its own gives two results, the caller's first (ResultOf's),
// each with its own metrics; the model's input is found by its key.
func TestFeatures(t *testing.T) {
	req := pairRequest(t, "adm")
	req.Models = []string{"version=vmaf_v1.0.16_3d0h"}
	s, err := Open(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	fr, err := s.Frame(context.Background(), 1)
	if err != nil {
		t.Fatal(err)
	}
	var all []*adm.FrameResult
	for _, f := range fr.Features {
		if a, ok := f.Result.(*adm.FrameResult); ok {
			all = append(all, a)
			if f.Feature != "adm" || len(f.Metrics) == 0 {
				t.Errorf("ADM result named %q with %d metrics", f.Feature, len(f.Metrics))
			}
		}
	}
	if len(all) != 2 || all[0] != resultOf[*adm.FrameResult](fr) {
		t.Fatalf("%d ADM results, want the caller's (ResultOf's) then the model's", len(all))
	}
	in := fr.VMAF[0].Inputs[2] // integer_adm3, with the model's options
	if in.Base != "integer_adm3" || in.Feature != "adm" || all[1].ADM3 != in.Value {
		t.Errorf("the model's ADM gives adm3 %v, its input %s (%s) is %v", all[1].ADM3, in.Base, in.Feature, in.Value)
	}
	if w, ok := fr.Writing(in.Key); !ok || w.Result != any(all[1]) {
		t.Errorf("Writing(%s) = %v, %v: want the model's ADM", in.Key, w, ok)
	}
}

// TestPackedRun: a scoring run of 8-bit clips whose features all read
// packed pictures reads them so, and its metrics are the bits of the same
// run on widened pictures; with a feature that does not, it widens.
func TestPackedRun(t *testing.T) {
	for _, c := range []struct {
		features []string
		packed   bool
	}{{[]string{"motion", "motion=motion_five_frame_window=true"}, true}, {[]string{"vif", "motion"}, true}, {[]string{"cambi=full_ref=true", "speed_chroma", "motion"}, true}, {[]string{"adm", "vif", "motion"}, true}, {[]string{"adm=adm_csf_mode=1"}, true}} {
		run := func(packed bool) (*Results, bool) {
			old := packedRuns
			packedRuns = packed
			defer func() { packedRuns = old }()
			req := pairRequest(t, c.features...)
			// noise8's frames differ, so motion is not 0.
			f := yuv.Format{Width: 230, Height: 217, Chroma: yuv.C420, BitDepth: 8}
			writeRaw(t, req.Reference, synth.Spec{Pattern: "noise8", Format: f}, 3)
			writeRaw(t, req.Distorted, synth.Spec{Pattern: "noise8", Format: f, Dist: true}, 3)
			s, err := Open(context.Background(), req)
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			res, err := s.Run(context.Background(), nil)
			if err != nil {
				t.Fatal(err)
			}
			return res, s.packed
		}
		got, gotPacked := run(true)
		want, wantPacked := run(false)
		if gotPacked != c.packed || wantPacked {
			t.Fatalf("%v: packed %v (want %v), with packed runs off %v", c.features, gotPacked, c.packed, wantPacked)
		}
		if fmt.Sprint(got.Frames) != fmt.Sprint(want.Frames) {
			t.Fatalf("%v: packed run differs:\n%v\n%v", c.features, got.Frames, want.Frames)
		}
		nonzero := false
		for _, fr := range got.Frames {
			for _, m := range fr {
				nonzero = nonzero || m.Value != 0
			}
		}
		if !nonzero {
			t.Fatalf("%v: every metric is 0: the comparison proves nothing", c.features)
		}
	}
}

// resultOf is ResultOf's result, or R's zero value.
func resultOf[R any](fr *FrameResult) R {
	r, _ := ResultOf[R](fr)
	return r
}

// TestFramePart: a frame scored in two parts, the request's CAMBI first
// (FramePart) and the rest after (Complete), is the frame Frame scores:
// the same features in the same order, every metric and model score with
// the same bits; the part alone holds CAMBI and nothing of the models,
// and Complete leaves it as it was.
func TestFramePart(t *testing.T) {
	s := openExplained(t)
	ctx := context.Background()
	whole, err := s.Frame(ctx, 1)
	if err != nil {
		t.Fatal(err)
	}
	part, err := s.FramePart(ctx, 1, "cambi")
	if err != nil {
		t.Fatal(err)
	}
	if !part.Partial || len(part.Features) != 1 || part.Features[0].Feature != "cambi" || len(part.VMAF) != 0 {
		t.Fatalf("part: partial %v, %d features, %d models", part.Partial, len(part.Features), len(part.VMAF))
	}
	got, err := s.Complete(ctx, part)
	if err != nil {
		t.Fatal(err)
	}
	if got.Partial || len(part.Features) != 1 || part.Partial != true {
		t.Fatalf("complete: partial %v; the part changed to %d features", got.Partial, len(part.Features))
	}
	if len(got.Features) != len(whole.Features) {
		t.Fatalf("%d features, Frame has %d", len(got.Features), len(whole.Features))
	}
	for k := range got.Features {
		if got.Features[k].Feature != whole.Features[k].Feature {
			t.Errorf("feature %d: %s, Frame's %s", k, got.Features[k].Feature, whole.Features[k].Feature)
		}
	}
	if len(got.Metrics) != len(whole.Metrics) {
		t.Fatalf("%d metrics, Frame has %d", len(got.Metrics), len(whole.Metrics))
	}
	for k, m := range whole.Metrics {
		if g := got.Metrics[k]; g.Name != m.Name || math.Float64bits(g.Value) != math.Float64bits(m.Value) {
			t.Errorf("metric %d: %s %v, Frame's %s %v", k, g.Name, g.Value, m.Name, m.Value)
		}
	}
	if len(got.VMAF) != 1 || math.Float64bits(got.VMAF[0].Score) != math.Float64bits(whole.VMAF[0].Score) {
		t.Errorf("model scores %v, Frame's %v", got.VMAF, whole.VMAF)
	}
	// Nothing asked for: the pictures alone, the rest by Complete.
	none, err := s.FramePart(ctx, 2, "speed_chroma")
	if err != nil || len(none.Features) != 0 || none.Dist == nil {
		t.Fatalf("a part of a feature the request lacks: %v, %d features", err, len(none.Features))
	}
	if got, err := s.Complete(ctx, none); err != nil || len(got.VMAF) != 1 {
		t.Errorf("completing an empty part: %v", err)
	}
}

// TestStoppedRunKeepsFrames: a run cancelled after two frames returns its
// error as a *Stopped holding those two frames' metrics, in order.
func TestStoppedRunKeepsFrames(t *testing.T) {
	req := pairRequest(t, "cambi", "adm")
	s, err := Open(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	res, err := s.Run(ctx, func(p Progress) {
		if p.Done == 2 {
			cancel()
		}
	})
	var st *Stopped
	if res != nil || !errors.As(err, &st) || !errors.Is(err, context.Canceled) {
		t.Fatalf("run: %v, %v", res, err)
	}
	if len(st.Partial.Frames) != 2 {
		t.Fatalf("%d frames kept, want 2", len(st.Partial.Frames))
	}
	for f, ms := range st.Partial.Frames {
		if _, ok := FindMetric(ms, "cambi"); !ok {
			t.Errorf("frame %d: no cambi in %v", f, ms)
		}
	}
}

// TestFramePartsConcurrently: the inspector scores the next frame's part
// while it completes the one shown, on one session; both equal Frame's
// (go test -race checks they share nothing unguarded).
func TestFramePartsConcurrently(t *testing.T) {
	s := openExplained(t)
	ctx := context.Background()
	var want [3]float64
	for n := range want {
		fr, err := s.Frame(ctx, n)
		if err != nil {
			t.Fatal(err)
		}
		want[n] = fr.VMAF[0].Score
	}
	var got [3]float64
	var errs [3]error
	var wg sync.WaitGroup
	for n := range got {
		wg.Add(1)
		go func() {
			defer wg.Done()
			part, err := s.FramePart(ctx, n, "cambi")
			if err == nil {
				part, err = s.Complete(ctx, part)
			}
			if errs[n] = err; err == nil {
				got[n] = part.VMAF[0].Score
			}
		}()
	}
	wg.Wait()
	for n := range got {
		if errs[n] != nil || math.Float64bits(got[n]) != math.Float64bits(want[n]) {
			t.Errorf("frame %d: %v, %v; Frame's %v", n, got[n], errs[n], want[n])
		}
	}
}

// openExplained opens the pair with CAMBI, ADM and vmaf_v1.0.16_3d0h with
// its costs, closed when the test ends.
func openExplained(t *testing.T) *Session {
	t.Helper()
	req := pairRequest(t, "cambi", "adm")
	req.Models = []string{"version=vmaf_v1.0.16_3d0h"}
	req.Explain = true
	s, err := Open(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}
