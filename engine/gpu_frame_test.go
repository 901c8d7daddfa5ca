package engine

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/bandscope/bandscope/kernels/synth"
	"github.com/bandscope/bandscope/kernels/yuv"
)

// TestGPUUploadsOncePerFrame: on a GPU backend a model's frame reaches the
// device once: each plane the GPU features read (both lumas; both
// pictures' chroma when speed_chroma runs) is written once per frame
// however many features read it, and nothing else is written per frame
// (a few first-use uniforms at most), --explain's perfect copy included
// (it scores the reference the run already uploaded); the scores are the
// CPU backend's bits.
func TestGPUUploadsOncePerFrame(t *testing.T) {
	var gpus []string
	for _, b := range Backends() {
		if b.Kind == "gpu" {
			gpus = append(gpus, b.ID)
		}
	}
	if len(gpus) == 0 {
		t.Skip("no GPU adapter: the GPU's uploads are not counted")
	}
	dir := t.TempDir()
	ref, dist := filepath.Join(dir, "r.yuv"), filepath.Join(dir, "d.yuv")
	f := yuv.Format{Width: 217, Height: 163, Chroma: yuv.C420, BitDepth: 8}
	const frames = 3
	raw := writeRaw(t, ref, synth.Spec{Pattern: "noise8", Format: f}, frames)
	writeRaw(t, dist, synth.Spec{Pattern: "noise8", Format: f, Dist: true}, frames)
	plane := func(p int) uint64 {
		w, h := f.PlaneSize(p)
		return uint64(2*w*h+3) &^ 3
	}
	for _, tc := range []struct {
		model   string
		explain bool
	}{{"version=vmaf_v0.6.1", false}, {"version=vmaf_v1.0.16_3d0h", false}, {"version=vmaf_v0.6.1", true}, {"version=vmaf_v1.0.16_3d0h", true}} {
		t.Run(fmt.Sprintf("%s explain=%v", tc.model, tc.explain), func(t *testing.T) {
			req := Request{Reference: ref, Distorted: dist, Raw: raw, Models: []string{tc.model}, Explain: tc.explain}
			want, _ := runOn(t, req, "cpu")
			for _, id := range gpus {
				dev, err := openDevice(id)
				if err != nil {
					t.Fatal(err)
				}
				req.Backend = id
				s, err := Open(context.Background(), req)
				if err != nil {
					t.Fatal(err)
				}
				defer s.Close()
				before := dev.BytesWritten()
				got, err := s.Run(context.Background(), nil)
				if err != nil {
					t.Fatal(err)
				}
				written := dev.BytesWritten() - before
				sameFrames(t, id, want.Frames, got.Frames)
				perFrame := 2 * plane(0)
				chroma := slices.ContainsFunc(want.Names, func(n string) bool { return strings.HasPrefix(n, "speed_chroma") })
				if chroma {
					perFrame += 2 * (plane(1) + plane(2))
				}
				for _, p := range got.Placement {
					if p.Backend != id {
						t.Errorf("placement %v: every feature should run on %s", got.Placement, id)
					}
				}
				t.Logf("%s: %v; %d bytes written over %d frames (%d a frame for the planes)", id, got.Placement, written, frames, perFrame)
				if written < frames*perFrame || written-frames*perFrame >= 256 {
					t.Errorf("%s: %d frames wrote %d bytes to the device, want %d a frame (each plane once, chroma %v) and under 256 more",
						id, frames, written, perFrame, chroma)
				}
			}
		})
	}
}
