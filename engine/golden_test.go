package engine

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bandscope/bandscope/engine/clip"
	"github.com/bandscope/bandscope/kernels/feature"
	"github.com/bandscope/bandscope/kernels/golden"
	"github.com/bandscope/bandscope/kernels/synth"
)

// writeClips writes a case's clips as raw .yuv files.
func writeClips(t *testing.T, c *golden.Case, frames int) (ref, dist string) {
	t.Helper()
	dir := t.TempDir()
	ref, dist = filepath.Join(dir, "ref.yuv"), filepath.Join(dir, "dist.yuv")
	var rb, db []byte
	for fi := 0; fi < frames; fi++ {
		r, d, err := c.Pictures(fi)
		if err != nil {
			t.Fatal(err)
		}
		rb, db = synth.AppendRaw(rb, r), synth.AppendRaw(db, d)
	}
	if err := os.WriteFile(ref, rb, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(dist, db, 0o644); err != nil {
		t.Fatal(err)
	}
	return ref, dist
}

// TestGoldenEndToEnd runs whole cases through the engine and its JSON
// writer at --precision max, and compares every per-frame and pooled value
// with libvmaf's output, bit for bit, and the heatmap files byte for byte.
// The kernels' own tests cover every case and option; this one covers the
// path from files to the output file.
func TestGoldenEndToEnd(t *testing.T) {
	cases, err := golden.Cases()
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]bool{"syn_grad10_640x480_10b420": true, "syn_wide_hramp_3840x128_8b420": true, "real_grad_720p_8b_aomcrf50": true}
	for _, c := range cases {
		if !want[c.Name] {
			continue
		}
		frames := c.N
		if testing.Short() {
			frames = min(frames, 2)
		}
		ref, dist := writeClips(t, c, frames)
		for _, run := range c.Runs {
			spec, ok := golden.CAMBIFeature[run]
			if run == "adm_debug" {
				spec, ok = "adm=debug=true", true
			}
			if !ok {
				continue
			}
			t.Run(c.Name+"/"+run, func(t *testing.T) {
				hdir := t.TempDir()
				sp, err := feature.ParseSpec(strings.ReplaceAll(spec, "DIR", hdir))
				if err != nil {
					t.Fatal(err)
				}
				f := c.Format()
				req := Request{Reference: ref, Distorted: dist, Features: []feature.Spec{sp},
					Raw: clip.RawOptions{Width: f.Width, Height: f.Height, Chroma: f.Chroma, ChromaSet: true, BitDepth: f.BitDepth}}
				res := runRequest(t, req)
				var buf strings.Builder
				if err := res.WriteJSON(&buf, Precision{Max: true}); err != nil {
					t.Fatal(err)
				}
				var got golden.Output
				if err := json.Unmarshal([]byte(buf.String()), &got); err != nil {
					t.Fatalf("our JSON does not parse: %v\n%s", err, buf.String())
				}
				exp, err := c.Output(run)
				if err != nil {
					t.Fatal(err)
				}
				compareOutputs(t, &got, exp, frames)
				for name, sum := range c.Heatmap[run] {
					b, err := os.ReadFile(filepath.Join(hdir, name))
					if err != nil {
						t.Fatalf("heatmap %s: %v", name, err)
					}
					if frames < c.N {
						continue // the golden hash covers every frame
					}
					h := sha256.Sum256(b)
					if hex.EncodeToString(h[:]) != sum {
						t.Errorf("heatmap %s differs from libvmaf's", name)
					}
				}
			})
		}
	}
}

func compareOutputs(t *testing.T, got, want *golden.Output, frames int) {
	t.Helper()
	if len(got.Frames) != frames {
		t.Fatalf("%d frames, want %d", len(got.Frames), frames)
	}
	for i := 0; i < frames; i++ {
		for k, v := range want.Frames[i].Metrics {
			g, ok := got.Frames[i].Metrics[k]
			if !ok {
				t.Fatalf("frame %d: no %s", i, k)
			}
			if math.Float64bits(g) != math.Float64bits(v) {
				t.Errorf("frame %d %s: got %.17g want %.17g", i, k, g, v)
			}
		}
		if len(got.Frames[i].Metrics) != len(want.Frames[i].Metrics) {
			t.Errorf("frame %d: %d metrics, want %d", i, len(got.Frames[i].Metrics), len(want.Frames[i].Metrics))
		}
	}
	if frames < len(want.Frames) {
		return // pooled values cover every frame
	}
	for k, pool := range want.Pooled {
		for stat, v := range pool {
			g := got.Pooled[k][stat]
			if math.Float64bits(g) != math.Float64bits(v) {
				t.Errorf("pooled %s %s: got %.17g want %.17g", k, stat, g, v)
			}
		}
	}
}
