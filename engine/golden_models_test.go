package engine

import (
	"compress/gzip"
	"context"
	"encoding/json"
	"io"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bandscope/bandscope/engine/clip"
	"github.com/bandscope/bandscope/kernels/golden"
)

// TestGoldenModels scores every --model run of the corpus that the
// repository holds the clips of, through the engine and its JSON writer,
// and compares every per-frame key libvmaf printed (every feature and the
// model's scores, bootstrap keys included) and the pooled mean of each
// model's score, bit for bit. -short scores one small case.
func TestGoldenModels(t *testing.T) {
	cases, err := golden.Cases()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		if len(c.ModelRuns) == 0 || (testing.Short() && c.Name != "syn_grad10_640x480_10b420") {
			continue
		}
		t.Run(c.Name, func(t *testing.T) {
			req := Request{}
			if c.Container == "y4m" {
				req.Reference, req.Distorted = unzipClip(t, c.Ref), unzipClip(t, c.Dist)
			} else {
				req.Reference, req.Distorted = writeClips(t, c, c.N)
				f := c.Format()
				req.Raw = clip.RawOptions{Width: f.Width, Height: f.Height, Chroma: f.Chroma, ChromaSet: true, BitDepth: f.BitDepth}
			}
			for _, run := range c.ModelRuns {
				t.Run(run.Name, func(t *testing.T) {
					r := req
					r.Models = []string{run.Model}
					res := runRequest(t, r)
					var buf strings.Builder
					if err := res.WriteJSON(&buf, Precision{Max: true}); err != nil {
						t.Fatal(err)
					}
					var got golden.Output
					if err := json.Unmarshal([]byte(buf.String()), &got); err != nil {
						t.Fatalf("our JSON does not parse: %v", err)
					}
					want, err := c.Output(run.Name)
					if err != nil {
						t.Fatal(err)
					}
					compareOutputs(t, &got, want, c.N)
				})
			}
		})
	}
}

// unzipClip writes a testdata clip, unpacked, to a temporary file.
func unzipClip(t *testing.T, file string) string {
	t.Helper()
	src, err := golden.ClipPath(file)
	if err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(src)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	dst := filepath.Join(t.TempDir(), file)
	out, err := os.Create(dst)
	if err != nil {
		t.Fatal(err)
	}
	defer out.Close()
	if _, err := io.Copy(out, zr); err != nil {
		t.Fatal(err)
	}
	return dst
}

// TestFrameMatchesRun: the inspector's random access (Session.Frame, in
// any order, with the neighbouring pictures motion needs) gives every key
// of a whole run bit for bit, model scores and --explain costs included.
func TestFrameMatchesRun(t *testing.T) {
	cases, err := golden.Cases()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		if c.Name != "real_grad_720p_8b_aomcrf50" {
			continue
		}
		frames := 8
		if testing.Short() {
			frames = 4
		}
		ref, dist := writeClips(t, c, frames)
		f := c.Format()
		models := []string{"version=vmaf_v1.0.16_3d0h", "version=vmaf_v1.0.16_hfr_3d0h"}
		if testing.Short() {
			models = models[1:] // the widest motion window
		}
		for _, model := range models {
			req := Request{Reference: ref, Distorted: dist, Models: []string{model}, Explain: true,
				Raw: clip.RawOptions{Width: f.Width, Height: f.Height, Chroma: f.Chroma, ChromaSet: true, BitDepth: f.BitDepth}}
			s, err := Open(context.Background(), req)
			if err != nil {
				t.Fatal(err)
			}
			res, err := s.Run(context.Background(), nil)
			if err != nil {
				t.Fatal(err)
			}
			// The fixture must score clearly non-perfect, with motion, or
			// a broken twin could pass 0 == 0.
			if v, _ := res.Value(3, "vmaf"); !(v > 20 && v < 90) {
				t.Fatalf("fixture vmaf %v: not clearly imperfect", v)
			}
			if v, _ := res.Value(3, "integer_motion2_mmxv_18"); model == "version=vmaf_v1.0.16_3d0h" && !(v > 0) {
				t.Fatalf("fixture motion2 %v: no motion", v)
			}
			for _, n := range []int{frames - 3, 0, frames - 1, frames - 2, 1, 2} {
				fr, err := s.Frame(context.Background(), n)
				if err != nil {
					t.Fatal(err)
				}
				if len(fr.VMAF) != 1 || resultOf[*MotionResult](fr) == nil {
					t.Fatalf("frame %d: no VMAF or motion result", n)
				}
				if len(fr.Metrics) != len(res.Frames[n]) {
					t.Errorf("%s frame %d: %d keys, the run has %d", model, n, len(fr.Metrics), len(res.Frames[n]))
				}
				for _, m := range res.Frames[n] {
					v, ok := FindMetric(fr.Metrics, m.Name)
					if !ok || math.Float64bits(v) != math.Float64bits(m.Value) {
						t.Errorf("%s frame %d %s: Frame gives %v (%v), the run %v", model, n, m.Name, v, ok, m.Value)
					}
				}
			}
			s.Close()
		}
	}
}

// TestExplainScoresWhatModelsRead: --explain scores on the reference
// against itself only the feature instances a model reads, and not motion,
// whose perfect-copy values are the run's own (it reads the reference
// alone); the inspector's own CAMBI and ADM options cost nothing there.
func TestExplainScoresWhatModelsRead(t *testing.T) {
	cases, err := golden.Cases()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		if c.Name != "real_grad_720p_8b_aomcrf50" {
			continue
		}
		ref, dist := writeClips(t, c, 3)
		f := c.Format()
		req := Request{Reference: ref, Distorted: dist, Models: []string{"version=vmaf_v1.0.16_3d0h"}, Explain: true,
			Features: specs(t, "cambi=topk=0.5", "adm"),
			Raw:      clip.RawOptions{Width: f.Width, Height: f.Height, Chroma: f.Chroma, ChromaSet: true, BitDepth: f.BitDepth}}
		s, err := Open(context.Background(), req)
		if err != nil {
			t.Fatal(err)
		}
		defer s.Close()
		if got := strings.Join(s.perfect.names, " "); got != "cambi speed_chroma adm" {
			t.Errorf("the perfect copy scores %q, want the model's cambi, speed_chroma and adm", got)
		}
		fr, err := s.Frame(context.Background(), 1)
		if err != nil {
			t.Fatal(err)
		}
		var motion *ModelInput
		for i, in := range fr.VMAF[0].Inputs {
			if in.Base == "integer_motion3" {
				motion = &fr.VMAF[0].Inputs[i]
			}
			if math.IsNaN(in.Cost) {
				t.Errorf("%s: no cost", in.Key)
			}
		}
		if motion == nil || motion.Perfect != motion.Value || motion.Cost != 0 {
			t.Errorf("motion input %+v: its perfect value is the frame's own, at no cost", motion)
		}
		// A second visit reuses the perfect copy's metrics, to the bit.
		if _, ok := s.perfects.Get(1); !ok {
			t.Error("frame 1's perfect-copy metrics were not kept")
		}
		again, err := s.Frame(context.Background(), 1)
		if err != nil {
			t.Fatal(err)
		}
		for i, in := range again.VMAF[0].Inputs {
			if was := fr.VMAF[0].Inputs[i]; math.Float64bits(in.Cost) != math.Float64bits(was.Cost) || math.Float64bits(in.Perfect) != math.Float64bits(was.Perfect) {
				t.Errorf("%s: second visit %+v, first %+v", in.Key, in, was)
			}
		}
	}
}
