package adm

import (
	"fmt"
	"math"
	"testing"

	"github.com/bandscope/bandscope/kernels/cpu"
	"github.com/bandscope/bandscope/kernels/feature"
)

// fastVariants are the fast scorer's kernel sets and thread counts under
// test: every set the host runs, on one goroutine and on several with
// uneven row bands (one set under the race detector).
func fastVariants() []Options {
	sets := cpu.Supported()
	if raceEnabled {
		sets = sets[len(sets)-1:]
	}
	var o []Options
	for _, s := range sets {
		for _, th := range []int{1, 3} {
			o = append(o, Options{Kernels: s, Threads: th})
		}
	}
	return o
}

// allScorers are the reference scorer and the fast one in every variant
// of fastVariants, by name.
func allScorers(cfg *Config) map[string]Scorer {
	s := map[string]Scorer{"reference": New(cfg)}
	for _, o := range fastVariants() {
		s[fmt.Sprintf("%s/%d", o.Kernels, o.Threads)] = NewCPU(cfg, o)
	}
	return s
}

// sameResult compares two frame results bit for bit, maps included.
func sameResult(a, b *FrameResult) error {
	f := func(name string, x, y float64) error {
		if math.Float64bits(x) != math.Float64bits(y) {
			return fmt.Errorf("%s: %.17g, want %.17g", name, x, y)
		}
		return nil
	}
	if err := f("adm2", a.ADM2, b.ADM2); err != nil {
		return err
	}
	if err := f("aim", a.AIM, b.AIM); err != nil {
		return err
	}
	if err := f("adm3", a.ADM3, b.ADM3); err != nil {
		return err
	}
	if err := f("num", a.Num, b.Num); err != nil {
		return err
	}
	if err := f("den", a.Den, b.Den); err != nil {
		return err
	}
	for s := 0; s < NumScales; s++ {
		for _, e := range []error{
			f(fmt.Sprintf("scale%d", s), a.Scale[s], b.Scale[s]),
			f(fmt.Sprintf("num%d", s), a.NumScale[s], b.NumScale[s]),
			f(fmt.Sprintf("den%d", s), a.DenScale[s], b.DenScale[s]),
			f(fmt.Sprintf("aim%d", s), a.AIMScale[s], b.AIMScale[s]),
		} {
			if e != nil {
				return e
			}
		}
		for bd := 0; bd < NumBands; bd++ {
			x, y := &a.Bands[s][bd], &b.Bands[s][bd]
			for _, e := range []error{f("band num", x.Num, y.Num), f("band den", x.Den, y.Den), f("band aim", x.AIM, y.AIM)} {
				if e != nil {
					return fmt.Errorf("scale %d band %d: %w", s, bd, e)
				}
			}
			if x.W != y.W || x.H != y.H {
				return fmt.Errorf("scale %d band %d: map size %dx%d, want %dx%d", s, bd, x.W, x.H, y.W, y.H)
			}
			for name, m := range map[string][2][]float32{"restored": {x.Restored, y.Restored}, "additive": {x.Additive, y.Additive}, "threshold": {x.Threshold, y.Threshold}} {
				if len(m[0]) != len(m[1]) {
					return fmt.Errorf("scale %d band %d %s: %d values, want %d", s, bd, name, len(m[0]), len(m[1]))
				}
				for i := range m[0] {
					if math.Float32bits(m[0][i]) != math.Float32bits(m[1][i]) {
						return fmt.Errorf("scale %d band %d %s[%d]: %v, want %v", s, bd, name, i, m[0][i], m[1][i])
					}
				}
			}
		}
	}
	return nil
}

// TestFastParity scores the generated pairs of every size, bit depth and
// option of the libvmaf cross-checks (and a few odd sizes) with the fast
// scorer under every kernel set and thread count and compares every field
// and map with the reference scorer's.
func TestFastParity(t *testing.T) {
	type tc struct {
		pat     string
		w, h    int
		bd      int
		feature string
	}
	var cases []tc
	for _, c := range extraCases() {
		if c.Feature[:4] == "adm=" {
			cases = append(cases, tc{c.Pattern, c.W, c.H, c.BD, c.Feature})
		}
	}
	for _, sz := range [][2]int{{33, 35}, {34, 33}, {37, 41}, {70, 39}, {216, 121}, {1001, 57}} {
		for _, pat := range []string{"noise", "extreme"} {
			cases = append(cases, tc{pat, sz[0], sz[1], 10, "adm=debug=true"})
		}
	}
	cases = append(cases, tc{"noise", 640, 360, 8, "adm=debug=true"}, tc{"checker", 640, 360, 16, "adm=debug=true"})
	// Barten runs its own DWT and decouple (precise.go).
	cases = append(cases, tc{"noise", 640, 360, 8, "adm=adm_csf_mode=1"},
		tc{"noise", 37, 41, 8, "adm=adm_csf_mode=1:debug=true"}, tc{"noise", 33, 35, 12, "adm=adm_csf_mode=1"},
		tc{"extreme", 1001, 57, 16, "adm=adm_csf_mode=1:adm_skip_scale0=true"},
		tc{"checker", 216, 121, 10, "adm=adm_csf_mode=1:adm_skip_aim=true"}, tc{"ramp", 70, 39, 12, "adm=adm_csf_mode=1"})
	if testing.Short() || raceEnabled {
		cases = cases[len(cases)-12:]
	}
	for _, c := range cases {
		t.Run(fmt.Sprintf("%s_%dx%d_%db/%s", c.pat, c.w, c.h, c.bd, c.feature), func(t *testing.T) {
			ref, dist := extraPair(c.pat, c.w, c.h, c.bd)
			cfg, _ := specConfig(t, c.feature, c.w, c.h, c.bd)
			for _, maps := range []bool{false, true} {
				want, err := New(cfg).Score(0, ref.Luma(), dist.Luma(), maps)
				if err != nil {
					t.Fatal(err)
				}
				for _, v := range fastVariants() {
					s := NewCPU(cfg, v)
					for rep := 0; rep < 2; rep++ { // the second frame reuses the workspace
						got, err := s.Score(0, ref.Luma(), dist.Luma(), maps)
						if err != nil {
							t.Fatal(err)
						}
						if err := sameResult(got, want); err != nil {
							t.Fatalf("%s, %d threads, maps %v: %v", v.Kernels, v.Threads, maps, err)
						}
					}
				}
			}
		})
	}
}

// TestOutOfRange puts one sample over the bit depth's range anywhere (the
// first and last rows and columns, odd heights) and expects both scorers
// to refuse the frame naming the picture, the sample and its position,
// then to score the next, clean frame normally.
func TestOutOfRange(t *testing.T) {
	barten := NewOptions()
	if err := barten.Set("adm_csf_mode", "1"); err != nil {
		t.Fatal(err)
	}
	for _, sz := range [][3]int{{64, 48, 0}, {71, 37, 0}, {71, 37, 1}} {
		w, h := sz[0], sz[1]
		ref, dist := extraPair("noise", w, h, 10)
		var o *feature.Values
		if sz[2] == 1 {
			o = barten
		}
		cfg, err := NewConfig(o, w, h, 10)
		if err != nil {
			t.Fatal(err)
		}
		want, err := New(cfg).Score(0, ref.Luma(), dist.Luma(), false)
		if err != nil {
			t.Fatal(err)
		}
		scorers := allScorers(cfg)
		for name, s := range scorers {
			for _, at := range [][2]int{{0, 0}, {w - 1, h - 1}, {w / 2, h - 2}, {3, h / 2}} {
				for pi, pic := range []string{"reference", "distorted"} {
					pl := ref.Luma()
					if pi == 1 {
						pl = dist.Luma()
					}
					k := at[1]*pl.Stride + at[0]
					old := pl.Pix[k]
					pl.Pix[k] = 1024
					_, err := s.Score(0, ref.Luma(), dist.Luma(), false)
					pl.Pix[k] = old
					msg := fmt.Sprintf("adm: %s sample 1024 at (%d, %d) is out of range for 10-bit input", pic, at[0], at[1])
					if err == nil || err.Error() != msg {
						t.Fatalf("%s %dx%d: err %v, want %q", name, w, h, err, msg)
					}
					got, err := s.Score(1, ref.Luma(), dist.Luma(), false)
					if err != nil {
						t.Fatal(err)
					}
					if e := sameResult(got, want); e != nil {
						t.Fatalf("%s after a refused frame: %v", name, e)
					}
				}
			}
		}
	}
}
