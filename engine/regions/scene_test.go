package regions

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/bandscope/bandscope/engine"
	"github.com/bandscope/bandscope/engine/clip"
	"github.com/bandscope/bandscope/kernels/synth"
)

var sceneFormat = engine.Format{Width: 640, Height: 360, Chroma: engine.C420, BitDepth: 8}

// sceneRequest writes frames of a scene as a raw clip in dir and returns
// the request that searches it with CAMBI at its defaults.
func sceneRequest(t testing.TB, dir string, sc synth.Scene, frames int) engine.Request {
	t.Helper()
	sc.Format = sceneFormat
	b, err := sc.Raw(frames)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "scene.yuv")
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	f := sceneFormat
	return engine.Request{Distorted: path, Features: []engine.Spec{{Name: "cambi"}},
		Raw: clip.RawOptions{Width: f.Width, Height: f.Height, Chroma: f.Chroma, ChromaSet: true, BitDepth: f.BitDepth}}
}

// scenes are clips with known banding on noise that CAMBI's mask leaves
// out: static, moving, appearing and disappearing, two at once, none.
var scenes = []struct {
	name    string
	patches []synth.Patch
}{
	{"static", []synth.Patch{{X: 200, Y: 100, W: 240, H: 140, Last: 15, Base: 60}}},
	{"moving", []synth.Patch{{X: 40, Y: 120, W: 200, H: 120, Last: 15, DX: 8, DY: 2, Base: 60}}},
	{"appearing", []synth.Patch{{X: 200, Y: 100, W: 240, H: 140, First: 4, Last: 11, Base: 60}}},
	{"two at once", []synth.Patch{{X: 30, Y: 30, W: 220, H: 130, Last: 15, Base: 40},
		{X: 380, Y: 190, W: 220, H: 140, First: 2, Last: 13, Base: 120, Step: 24}}},
	{"texture alone", nil},
}

const sceneFrames = 16

// TestScenes: each banded patch of a scene is one event over exactly its
// frames, each frame's box on the patch's (most of it, none of the noise
// around beyond CAMBI's window), and the noise alone has no event.
func TestScenes(t *testing.T) {
	for _, tc := range scenes {
		t.Run(tc.name, func(t *testing.T) {
			sc := synth.Scene{Patches: tc.patches}
			req := sceneRequest(t, t.TempDir(), sc, sceneFrames)
			r, _, err := Find(context.Background(), req, Options{MinFrames: 2}, nil)
			if err != nil {
				t.Fatal(err)
			}
			sc.Format = sceneFormat
			if len(r.Events) != len(tc.patches) {
				t.Fatalf("%d events (%s), want %d", len(r.Events), spansOf(r), len(tc.patches))
			}
			seen := map[int]bool{}
			for k := range r.Events {
				e := &r.Events[k]
				p := patchOf(sc, e)
				if p < 0 || seen[p] {
					t.Fatalf("event %d (frames %d-%d, box %v) is on no patch of its own", e.ID, e.FirstFrame, e.LastFrame, e.BBox)
				}
				seen[p] = true
				pt := tc.patches[p]
				if e.FirstFrame != pt.First || e.LastFrame != pt.Last {
					t.Errorf("event %d: frames %d-%d, patch %d shows in %d-%d", e.ID, e.FirstFrame, e.LastFrame, p, pt.First, pt.Last)
				}
				for _, f := range e.Frames {
					x, y, w, h, _ := sc.Box(p, f.Frame)
					truth := Box{x, y, w, h}
					if iou := float64(f.BBox.Intersect(truth).Area()) / float64(f.BBox.Union(truth).Area()); iou < 0.6 {
						t.Errorf("event %d frame %d: box %v on patch %v: overlap %.2f", e.ID, f.Frame, f.BBox, truth, iou)
					}
					if f.BBox.Intersect(truth.Grow(11)) != f.BBox {
						t.Errorf("event %d frame %d: box %v reaches the noise beyond patch %v", e.ID, f.Frame, f.BBox, truth)
					}
				}
			}
		})
	}
}

// patchOf is the patch an event's boxes lie on most, or -1.
func patchOf(sc synth.Scene, e *Event) int {
	best, bestArea := -1, 0
	for p := range sc.Patches {
		a := 0
		for _, f := range e.Frames {
			if x, y, w, h, ok := sc.Box(p, f.Frame); ok {
				a += f.BBox.Intersect(Box{x, y, w, h}).Area()
			}
		}
		if a > bestArea {
			best, bestArea = p, a
		}
	}
	return best
}

// TestFramesMatchRun: events found from frames scored one at a time with
// every map (the inspector's way, AddFrame) are a run's (Find, whose
// search reads scale 0's rows as CAMBI pools them, in as many bands as
// threads), and so is the mask, streamed or written from kept pixels.
func TestFramesMatchRun(t *testing.T) {
	dir := t.TempDir()
	for _, threads := range []int{1, 3} {
		t.Run(fmt.Sprintf("threads=%d", threads), func(t *testing.T) {
			req := sceneRequest(t, dir, synth.Scene{Patches: scenes[3].patches}, sceneFrames)
			req.Threads = threads
			framesMatchRun(t, req)
		})
	}
}

func framesMatchRun(t *testing.T, req engine.Request) {
	ctx := context.Background()
	var streamed bytes.Buffer
	run, _, err := Find(ctx, req, Options{Masks: &streamed}, nil)
	if err != nil {
		t.Fatal(err)
	}
	s, err := engine.Open(ctx, req)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	frames, err := FindFrames(ctx, s, req, Options{KeepPixels: true}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if a, b := writeJSON(t, run), writeJSON(t, frames); !bytes.Equal(a, b) {
		t.Errorf("a run found\n%s\nframe by frame\n%s", a, b)
	}
	var kept bytes.Buffer
	if err := frames.WriteMask(&kept); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(kept.Bytes(), streamed.Bytes()) {
		t.Error("the mask written from kept pixels differs from the run's")
	}
	if len(run.Events) == 0 {
		t.Error("no events")
	}
}

// TestCost: with a model that reads CAMBI, an event's vmaf_cost is the
// mean over its frames of what --explain says CAMBI costs the model, in a
// run and frame by frame alike.
func TestCost(t *testing.T) {
	// The reference is the noise alone: CAMBI 0 there.
	req := sceneRequest(t, t.TempDir(), synth.Scene{Patches: scenes[0].patches}, 4)
	req.Reference = sceneRequest(t, t.TempDir(), synth.Scene{}, 4).Distorted
	key, err := CostKey("version=vmaf_v1.0.16_3d0h")
	if err != nil {
		t.Fatal(err)
	}
	req.Models, req.Explain = []string{"version=vmaf_v1.0.16_3d0h"}, true
	r, res, err := Find(context.Background(), req, Options{CostKey: key, MinFrames: 1}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Events) != 1 {
		t.Fatalf("events %s", spansOf(r))
	}
	e := r.Events[0]
	var sum float64
	for n := e.FirstFrame; n <= e.LastFrame; n++ {
		v, ok := res.Value(n, key)
		if !ok {
			t.Fatalf("no %s on frame %d", key, n)
		}
		sum += v
	}
	if want := sum / float64(e.Length()); e.VMAFCost != want || !(e.VMAFCost > 0) {
		t.Errorf("vmaf_cost %v, want %v (and above 0)", e.VMAFCost, want)
	}
	// Frame by frame (the inspector's way) the costs are the run's.
	s, err := engine.Open(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	frames, err := FindFrames(context.Background(), s, req, Options{CostKey: key, MinFrames: 1}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if a, b := writeJSON(t, r), writeJSON(t, frames); !bytes.Equal(a, b) {
		t.Errorf("a run found\n%s\nframe by frame\n%s", a, b)
	}
	if _, err := CostKey("version=vmaf_v0.6.1"); err == nil {
		t.Error("vmaf_v0.6.1 reads no CAMBI: want an error")
	}
}

// TestBackendsAgree: every backend finds the same events and writes the
// same mask as the CPU, bit for bit (the CPU's search reads the rows as
// CAMBI pools them, a GPU's reads the c-values and spatial mask it keeps
// for the finder); skipped where there is no GPU adapter.
func TestBackendsAgree(t *testing.T) {
	var gpus []string
	for _, b := range engine.Backends() {
		if b.Kind == "gpu" {
			gpus = append(gpus, b.ID)
		}
	}
	if len(gpus) == 0 {
		t.Skip("no GPU adapter")
	}
	ctx := context.Background()
	req := sceneRequest(t, t.TempDir(), synth.Scene{Patches: scenes[1].patches}, 6)
	find := func(backend string) ([]byte, []byte) {
		req := req
		req.Backend = backend
		var mask bytes.Buffer
		r, _, err := Find(ctx, req, Options{Masks: &mask, MinFrames: 1}, nil)
		if err != nil {
			t.Fatalf("%s: %v", backend, err)
		}
		return writeJSON(t, r), mask.Bytes()
	}
	cpuJSON, cpuMask := find("cpu")
	for _, g := range gpus {
		j, m := find(g)
		if !bytes.Equal(j, cpuJSON) || !bytes.Equal(m, cpuMask) {
			t.Errorf("%s: events or mask differ from the CPU's:\n%s\nCPU:\n%s", g, j, cpuJSON)
		}
	}
}
