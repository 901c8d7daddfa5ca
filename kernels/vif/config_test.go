package vif

import (
	"fmt"
	"strings"
	"testing"

	"github.com/bandscope/bandscope/kernels/feature"
	"github.com/bandscope/bandscope/kernels/yuv"
)

// TestSmallFrames tries every size from 1x1 to 40x40: below MinSize
// NewConfig refuses with an error naming vif, the minimum and the size;
// from MinSize on every scorer scores without panicking, and they agree.
func TestSmallFrames(t *testing.T) {
	for h := 1; h <= 40; h++ {
		for w := 1; w <= 40; w++ {
			cfg, err := NewConfig(nil, w, h, 10)
			if w < MinSize || h < MinSize {
				if err == nil {
					t.Fatalf("%dx%d: no error", w, h)
				}
				msg := err.Error()
				for _, s := range []string{"vif", fmt.Sprint(MinSize), fmt.Sprintf("%dx%d", w, h)} {
					if !strings.Contains(msg, s) {
						t.Errorf("%dx%d: error %q does not name %q", w, h, msg, s)
					}
				}
				continue
			}
			if err != nil {
				t.Fatalf("%dx%d: %v", w, h, err)
			}
			if (testing.Short() || raceEnabled) && w%7 != 0 && h%7 != 0 {
				continue
			}
			ref, dist := vifPair("blur", w, h, 10, 0)
			var first *FrameResult
			for _, s := range scorers(cfg) {
				r, err := s.Score(0, ref.Luma(), dist.Luma(), true)
				if err != nil {
					t.Fatalf("%dx%d %T: %v", w, h, s, err)
				}
				if first == nil {
					first = r
				} else {
					compareResults(t, fmt.Sprintf("%dx%d %T", w, h, s), r, first)
				}
			}
		}
	}
}

func TestConfigErrors(t *testing.T) {
	for _, c := range []struct{ w, h, bd int }{{MaxSize + 1, 64, 8}, {64, 64, 7}, {64, 64, 17}} {
		if _, err := NewConfig(nil, c.w, c.h, c.bd); err == nil || !strings.HasPrefix(err.Error(), "vif: ") {
			t.Errorf("%+v: error %v", c, err)
		}
	}
	o := NewOptions()
	for _, kv := range [][2]string{{"vif_enhn_gain_limit", "0.5"}, {"egl", "101"}, {"vif_skip_scale0", "maybe"}, {"nope", "1"}} {
		if err := o.Set(kv[0], kv[1]); err == nil {
			t.Errorf("%s=%s accepted", kv[0], kv[1])
		}
	}
}

// TestScoreErrors: planes of the wrong size or with out-of-range samples
// are refused with an error, never a panic.
func TestScoreErrors(t *testing.T) {
	cfg, err := NewConfig(nil, 32, 32, 8)
	if err != nil {
		t.Fatal(err)
	}
	ref, dist := vifPair("noise", 32, 32, 8, 0)
	small, _ := vifPair("noise", 31, 32, 8, 0)
	hot, _ := vifPair("noise", 32, 32, 8, 0)
	hot.Planes[0][100] = 256
	short := yuv.Plane{Width: 32, Height: 32, Stride: 32, Pix: ref.Planes[0][:500]}
	for _, s := range scorers(cfg) {
		for _, c := range []struct {
			name   string
			r, d   yuv.Plane
			substr string
		}{
			{"size", small.Luma(), dist.Luma(), "31x32"},
			{"range", ref.Luma(), hot.Luma(), "out of range"},
			{"short", short, dist.Luma(), "shorter"},
		} {
			if _, err := s.Score(0, c.r, c.d, false); err == nil || !strings.Contains(err.Error(), c.substr) {
				t.Errorf("%T %s: error %v", s, c.name, err)
			}
		}
	}
}

// TestRangeEveryRow: a sample beyond the bit depth anywhere (first, last,
// odd last row) is refused by every scorer, with and without scale 0.
func TestRangeEveryRow(t *testing.T) {
	const w, h = 300, 301
	for _, skip := range []string{"false", "true"} {
		o := NewOptions()
		if err := o.Set("vif_skip_scale0", skip); err != nil {
			t.Fatal(err)
		}
		cfg, err := NewConfig(o, w, h, 10)
		if err != nil {
			t.Fatal(err)
		}
		for _, y := range []int{0, 150, h - 1} {
			ref, dist := vifPair("noise", w, h, 10, 0)
			dist.Planes[0][y*w+w-1] = 1024
			for _, s := range scorers(cfg) {
				_, err := s.Score(0, ref.Luma(), dist.Luma(), false)
				if err == nil || !strings.Contains(err.Error(), fmt.Sprintf("sample 1024 at (%d, %d)", w-1, y)) {
					t.Errorf("skip %s, row %d, %T: error %v", skip, y, s, err)
				}
				// The scorer is still good for the next frame.
				ref2, dist2 := vifPair("noise", w, h, 10, 1)
				if _, err := s.Score(1, ref2.Luma(), dist2.Luma(), false); err != nil {
					t.Errorf("skip %s, %T: next frame: %v", skip, s, err)
				}
			}
		}
	}
}

// TestMetricNames checks libvmaf's keys and their option suffixes.
func TestMetricNames(t *testing.T) {
	o := NewOptions()
	if got := strings.Join(feature.MetricNames(new(FrameResult), o), " "); got != "integer_vif_scale0 integer_vif_scale1 integer_vif_scale2 integer_vif_scale3" {
		t.Errorf("default names: %s", got)
	}
	for _, kv := range []feature.KV{{Key: "debug", Value: "true"}, {Key: "egl", Value: "1.5"}, {Key: "vif_skip_scale0", Value: "true"}} {
		if err := o.Set(kv.Key, kv.Value); err != nil {
			t.Fatal(err)
		}
	}
	names := feature.MetricNames(new(FrameResult), o)
	if len(names) != 15 || names[0] != "integer_vif_scale0_egl_1.5_ssclz" || names[4] != "integer_vif_egl_1.5_ssclz" ||
		names[14] != "integer_vif_den_scale3_egl_1.5_ssclz" {
		t.Errorf("debug names: %v", names)
	}
}

// compareResults requires two results to be identical, maps included.
func compareResults(t *testing.T, what string, got, want *FrameResult) {
	t.Helper()
	if got.Scale != want.Scale || got.Num != want.Num || got.Den != want.Den || got.Sums != want.Sums ||
		got.VIF != want.VIF || got.TotalNum != want.TotalNum || got.TotalDen != want.TotalDen {
		t.Errorf("%s: scores differ:\n%+v\n%+v", what, got, want)
		return
	}
	for s := 0; s < NumScales; s++ {
		g, w := got.Maps[s], want.Maps[s]
		if (g == nil) != (w == nil) {
			t.Errorf("%s: scale %d map presence differs", what, s)
			continue
		}
		if g == nil {
			continue
		}
		if g.W != w.W || g.H != w.H || len(g.Num) != len(w.Num) || len(g.Den) != len(w.Den) {
			t.Errorf("%s: scale %d map sizes differ", what, s)
			continue
		}
		for i := range g.Num {
			if g.Num[i] != w.Num[i] || g.Den[i] != w.Den[i] {
				t.Errorf("%s: scale %d map differs at %d: %v/%v vs %v/%v", what, s, i, g.Num[i], g.Den[i], w.Num[i], w.Den[i])
				break
			}
		}
	}
}
