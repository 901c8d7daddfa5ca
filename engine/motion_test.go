package engine

import (
	"context"
	"math"
	"path/filepath"
	"slices"
	"testing"

	"github.com/bandscope/bandscope/kernels/feature"
	"github.com/bandscope/bandscope/kernels/synth"
	"github.com/bandscope/bandscope/kernels/yuv"
)

// TestMotionBackends: integer motion on every GPU backend (the device's
// blur and SAD under kernels/motion's temporal recipe) writes every key of
// every frame with the CPU backend's bits, on its own (default and HFR
// options) and inside a whole model, says it ran on the GPU, and
// Session.Frame's random access on the GPU gives the run's keys.
func TestMotionBackends(t *testing.T) {
	var gpus []string
	for _, b := range Backends() {
		if b.Kind == "gpu" {
			gpus = append(gpus, b.ID)
		}
	}
	if len(gpus) == 0 {
		t.Skip("no GPU adapter: motion on the GPU is not checked")
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "c.yuv")
	const frames = 7
	raw := writeRaw(t, path, synth.Spec{Pattern: "noise8", Format: yuv.Format{Width: 241, Height: 181, Chroma: yuv.C420, BitDepth: 10}}, frames)
	cases := []struct {
		name    string
		feature string
		model   string
		key     string // must be clearly non-zero on frame 3
	}{
		{"motion", "motion", "", "integer_motion2"},
		{"hfr options", "motion=motion_five_frame_window=true:motion_moving_average=true:debug=true", "", "integer_motion3_mffw_mma"},
		{"vmaf_v0.6.1", "", "version=vmaf_v0.6.1", "integer_motion2"},
		{"vmaf_v1.0.16_3d0h", "", "version=vmaf_v1.0.16_3d0h", "integer_motion2_mmxv_18"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			req := Request{Distorted: path, Raw: raw}
			if tc.feature != "" {
				sp, err := feature.ParseSpec(tc.feature)
				if err != nil {
					t.Fatal(err)
				}
				req.Features = []feature.Spec{sp}
			} else {
				req.Models = []string{tc.model}
			}
			want, _ := runOn(t, req, "cpu")
			if v, ok := want.Value(3, tc.key); !ok || !(v > 1) {
				t.Fatalf("CPU %s on frame 3 = %v (%v): the clip does not move", tc.key, v, ok)
			}
			for _, id := range gpus {
				got, s := runOn(t, req, id)
				if !slices.Contains(got.Placement, Placement{"motion", id}) {
					t.Errorf("%s: placement %v does not say motion ran on %s", id, got.Placement, id)
				}
				sameFrames(t, id+" run", want.Frames, got.Frames)
				for _, n := range []int{frames - 1, 0, 3, 1, frames - 2} {
					fr, err := s.Frame(context.Background(), n)
					if err != nil {
						t.Fatal(err)
					}
					if m := resultOf[*MotionResult](fr); m == nil || (n >= 2 && m.Diff == nil) {
						t.Fatalf("%s: Frame(%d) has no motion map", id, n)
					}
					if len(fr.Metrics) != len(want.Frames[n]) {
						t.Errorf("%s Frame(%d): %d keys, the run has %d", id, n, len(fr.Metrics), len(want.Frames[n]))
					}
					for _, m := range want.Frames[n] {
						v, ok := FindMetric(fr.Metrics, m.Name)
						if !ok || math.Float64bits(v) != math.Float64bits(m.Value) {
							t.Errorf("%s Frame(%d) %s = %.17g (%v), the CPU run %.17g", id, n, m.Name, v, ok, m.Value)
						}
					}
				}
				s.Close()
			}
		})
	}
}

// runOn scores req on a backend; the session stays open for random
// access (the caller closes it; a test cleanup does too).
func runOn(t *testing.T, req Request, backend string) (*Results, *Session) {
	t.Helper()
	req.Backend = backend
	s, err := Open(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	res, err := s.Run(context.Background(), nil)
	if err != nil {
		t.Fatalf("%s: %v", backend, err)
	}
	return res, s
}

// sameFrames compares every key of every frame, float64 bits.
func sameFrames(t *testing.T, what string, want, got [][]feature.Metric) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%s: %d frames, want %d", what, len(got), len(want))
	}
	for n := range want {
		if len(got[n]) != len(want[n]) {
			t.Errorf("%s frame %d: %d keys, want %d", what, n, len(got[n]), len(want[n]))
			continue
		}
		for i, m := range want[n] {
			g := got[n][i]
			if g.Name != m.Name || math.Float64bits(g.Value) != math.Float64bits(m.Value) {
				t.Errorf("%s frame %d: %s = %.17g, want %s = %.17g", what, n, g.Name, g.Value, m.Name, m.Value)
			}
		}
	}
}
