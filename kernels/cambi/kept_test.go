package cambi

import (
	"slices"
	"testing"

	"github.com/bandscope/bandscope/kernels/cpu"
	"github.com/bandscope/bandscope/kernels/synth"
	"github.com/bandscope/bandscope/kernels/yuv"
)

// TestKeptMapsRecycled: with KeepCValues alone a picture keeps its
// c-values and spatial mask, and Recycle gives them back for the next
// picture, whose maps are those of a picture that reused nothing; maps
// kept with every map (keepMaps) stay after Recycle. Both kernel paths.
func TestKeptMapsRecycled(t *testing.T) {
	f := yuv.Format{Width: 320, Height: 240, Chroma: yuv.C420, BitDepth: 8}
	var pics []yuv.Plane
	for n, pattern := range []string{"grad10", "hramp8"} {
		p, err := synth.Frame(synth.Spec{Pattern: pattern, Format: f}, n)
		if err != nil {
			t.Fatal(err)
		}
		pics = append(pics, p.Luma())
	}
	cfg, err := NewConfig(nil, f.Width, f.Height, f.BitDepth)
	if err != nil {
		t.Fatal(err)
	}
	for name, mk := range map[string]func(*Config) Scorer{
		"scalar": New,
		"fast":   func(c *Config) Scorer { return NewCPU(c, Options{Kernels: cpu.Default(), Threads: 1}) },
	} {
		t.Run(name, func(t *testing.T) {
			kept := *cfg
			kept.KeepCValues = true
			s := mk(&kept)
			defer s.Close()
			want, err := mk(cfg).Score(1, yuv.Plane{}, pics[1], true) // every map, nothing reused
			if err != nil {
				t.Fatal(err)
			}
			first, err := s.Score(0, yuv.Plane{}, pics[0], false)
			if err != nil {
				t.Fatal(err)
			}
			if first.Dist.SpatialMask == nil || first.Dist.Scales[0].CValues == nil || first.Dist.Preprocessed != nil {
				t.Fatal("KeepCValues alone: want the c-values and spatial mask, not the other maps")
			}
			first.Dist.Recycle()
			if first.Dist.SpatialMask != nil || first.Dist.Scales[0].CValues != nil {
				t.Error("Recycle left the maps in place")
			}
			got, err := s.Score(1, yuv.Plane{}, pics[1], false)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(got.Dist.SpatialMask, want.Dist.SpatialMask) {
				t.Error("spatial mask differs after recycling")
			}
			for k := range got.Dist.Scales {
				if !slices.Equal(got.Dist.Scales[k].CValues, want.Dist.Scales[k].CValues) {
					t.Errorf("scale %d: c-values differ after recycling", k)
				}
			}
			want.Dist.Recycle()
			if want.Dist.Scales[0].CValues == nil {
				t.Error("Recycle dropped maps kept with every map")
			}
		})
	}
}
