package adm

import (
	"math"
	"sync"
	"testing"

	"github.com/bandscope/bandscope/kernels/synth"
	"github.com/bandscope/bandscope/kernels/yuv"
)

// TestConcurrent scores frames at once through one concurrent scorer and
// compares every result with the reference scorer's.
func TestConcurrent(t *testing.T) {
	f := yuv.Format{Width: 320, Height: 240, Chroma: yuv.C420, BitDepth: 8}
	cfg, err := NewConfig(nil, f.Width, f.Height, f.BitDepth)
	if err != nil {
		t.Fatal(err)
	}
	ref, _ := synth.Frame(synth.Spec{Pattern: "noise8", Format: f}, 0)
	s := NewConcurrent(cfg)
	defer s.Close()
	want := make([]*FrameResult, 6)
	got := make([]*FrameResult, 6)
	var wg sync.WaitGroup
	for i := range want {
		dist, _ := synth.Frame(synth.Spec{Pattern: "noise8", Format: f, Dist: true, Seed: i + 1}, 0)
		if want[i], err = New(cfg).Score(i, ref.Luma(), dist.Luma(), false); err != nil {
			t.Fatal(err)
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			got[i], _ = s.Score(i, ref.Luma(), dist.Luma(), false)
		}()
	}
	wg.Wait()
	for i := range want {
		if got[i] == nil || math.Float64bits(got[i].ADM2) != math.Float64bits(want[i].ADM2) ||
			math.Float64bits(got[i].AIM) != math.Float64bits(want[i].AIM) || got[i].Scale != want[i].Scale {
			t.Errorf("frame %d: got %+v, want %+v", i, got[i], want[i])
		}
	}
}
