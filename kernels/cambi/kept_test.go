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

// TestKeptMapsStay: the maps a picture keeps are its own: scoring later
// pictures (keeping their maps or not) changes none of them, with the
// anti-dithering pass or without, and with the high-resolution speed-up,
// whose first decimation reads the kept preprocessed picture.
func TestKeptMapsStay(t *testing.T) {
	f := yuv.Format{Width: 1921, Height: 1081, Chroma: yuv.C420, BitDepth: 10}
	var pics []yuv.Plane
	for n, pattern := range []string{"grad10", "grad10", "hramp8"} {
		p, err := synth.Frame(synth.Spec{Pattern: pattern, Format: f}, n)
		if err != nil {
			t.Fatal(err)
		}
		pics = append(pics, p.Luma())
	}
	snapshot := func(r *PictureResult) PictureResult {
		c := *r
		c.Preprocessed, c.SpatialMask = slices.Clone(r.Preprocessed), slices.Clone(r.SpatialMask)
		for s := range c.Scales {
			sc := &c.Scales[s]
			sc.Image, sc.Mask, sc.CValues = slices.Clone(sc.Image), slices.Clone(sc.Mask), slices.Clone(sc.CValues)
		}
		return c
	}
	for _, c := range []struct {
		name string
		opts map[string]string
	}{
		{"enc10", nil},
		{"enc8_dither", map[string]string{"enc_bitdepth": "8"}},
		{"speedup", map[string]string{"cambi_high_res_speedup": "1080"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			cfg, err := configOf(t, c.opts, f.Width, f.Height, f.BitDepth)
			if err != nil {
				t.Fatal(err)
			}
			if c.name == "speedup" && !cfg.HighResSpeedup {
				t.Fatal("no speed-up at this size")
			}
			for _, threads := range []int{1, 2} {
				s := NewCPU(cfg, Options{Kernels: cpu.Default(), Threads: threads})
				first, err := s.Score(0, yuv.Plane{}, pics[0], true)
				if err != nil {
					t.Fatal(err)
				}
				before := snapshot(&first.Dist)
				if before.Preprocessed == nil || before.Scales[4].Image == nil || before.Scales[4].CValues == nil {
					t.Fatal("keepMaps: a map is missing")
				}
				for n, keep := range []bool{true, false} {
					if _, err := s.Score(n+1, yuv.Plane{}, pics[n+1], keep); err != nil {
						t.Fatal(err)
					}
				}
				s.Close()
				comparePictures(t, c.name, &first.Dist, &before)
			}
		})
	}
}
