package engine

import (
	"bytes"
	"context"
	"fmt"
	"math"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bandscope/bandscope/kernels/feature"
	"github.com/bandscope/bandscope/kernels/synth"
	"github.com/bandscope/bandscope/kernels/vif"
	"github.com/bandscope/bandscope/kernels/yuv"
)

// TestVIFBackendGPU: integer VIF on every GPU backend the host has gives
// the CPU backend's bits for every metric of every frame (debug keys and a
// non-default gain limit included), the results and the JSON say it ran on
// the GPU, and Session.Frame's maps in compare mode are the CPU's.
func TestVIFBackendGPU(t *testing.T) {
	var gpus []BackendInfo
	for _, b := range Backends() {
		if b.Kind == "gpu" {
			gpus = append(gpus, b)
		}
	}
	if len(gpus) == 0 {
		t.Skip("no GPU backend on this host")
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "d.yuv")
	ref := filepath.Join(dir, "r.yuv")
	f := yuv.Format{Width: 97, Height: 55, Chroma: yuv.C420, BitDepth: 10}
	raw := writeRaw(t, path, synth.Spec{Pattern: "noise8", Format: f, Dist: true}, 3)
	writeRaw(t, ref, synth.Spec{Pattern: "noise8", Format: f}, 3)
	specs := []feature.Spec{
		{Name: "vif", Opts: []feature.KV{{Key: "debug", Value: "true"}}},
		{Name: "vif", Opts: []feature.KV{{Key: "vif_enhn_gain_limit", Value: "1.2"}}},
	}
	run := func(backend string) *Results {
		t.Helper()
		s, err := Open(context.Background(), Request{Reference: ref, Distorted: path, Raw: raw, Features: specs, Backend: backend})
		if err != nil {
			t.Fatal(err)
		}
		defer s.Close()
		res, err := s.Run(context.Background(), nil)
		if err != nil {
			t.Fatalf("%s: %v", backend, err)
		}
		return res
	}
	want := run("cpu")
	if v, _ := want.Value(0, "integer_vif_scale0"); v == 1 || math.IsNaN(v) {
		t.Fatalf("CPU integer_vif_scale0 = %v: the clip does not exercise VIF", v)
	}
	for _, b := range gpus {
		t.Run(b.ID, func(t *testing.T) {
			got := run(b.ID)
			if fmt.Sprint(got.Names) != fmt.Sprint(want.Names) || len(got.Frames) != len(want.Frames) {
				t.Fatalf("keys %v over %d frames, want %v over %d", got.Names, len(got.Frames), want.Names, len(want.Frames))
			}
			for n := range want.Frames {
				for _, name := range want.Names {
					w, _ := want.Value(n, name)
					g, ok := got.Value(n, name)
					if !ok || math.Float64bits(g) != math.Float64bits(w) {
						t.Errorf("frame %d %s = %.17g, want %.17g", n, name, g, w)
					}
				}
			}
			if fmt.Sprint(got.Placement) != fmt.Sprint([]Placement{{"vif", b.ID}}) { // once, though asked twice
				t.Errorf("placement %v, want vif on %s", got.Placement, b.ID)
			}
			var js bytes.Buffer
			if err := got.WriteJSON(&js, Precision{}); err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(js.String(), fmt.Sprintf(`"backends": { "vif": %q },`, b.ID)) {
				t.Errorf("JSON does not say vif ran on %s:\n%.300s", b.ID, js.String())
			}

			// The inspector's path: one frame with maps, the CPU as twin.
			s, err := Open(context.Background(), Request{Reference: ref, Distorted: path, Raw: raw, Features: specs[:1], Backend: b.ID, Compare: "cpu"})
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			fr, err := s.Frame(context.Background(), 1)
			if err != nil {
				t.Fatal(err)
			}
			g, ok1 := ResultOf[*vif.FrameResult](fr)
			c, ok2 := ResultOf[*vif.FrameResult](fr.Compare)
			if !ok1 || !ok2 {
				t.Fatalf("no VIF result (%v, %v)", ok1, ok2)
			}
			for sc := 0; sc < vif.NumScales; sc++ {
				gm, cm := g.Maps[sc], c.Maps[sc]
				if gm == nil || cm == nil || gm.W != cm.W || gm.H != cm.H {
					t.Fatalf("scale %d maps %v, want %v", sc, gm, cm)
				}
				for i := range cm.Num {
					if math.Float32bits(gm.Num[i]) != math.Float32bits(cm.Num[i]) || math.Float32bits(gm.Den[i]) != math.Float32bits(cm.Den[i]) {
						t.Fatalf("scale %d map pixel %d: (%v, %v), want (%v, %v)", sc, i, gm.Num[i], gm.Den[i], cm.Num[i], cm.Den[i])
					}
				}
			}
		})
	}
}
