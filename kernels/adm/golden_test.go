package adm

import (
	"math"
	"sort"
	"testing"

	"github.com/bandscope/bandscope/kernels/cpu"
	"github.com/bandscope/bandscope/kernels/feature"
	"github.com/bandscope/bandscope/kernels/golden"
)

// TestGolden scores every integer-ADM run of the reference corpus (libvmaf
// `--feature adm=debug=true`) and compares every per-frame value with
// libvmaf's, float64 bit for float64 bit. It also checks, on every frame,
// that each scale's numerator and denominator are rebuilt exactly from the
// per-band terms.
func TestGolden(t *testing.T) {
	cases, err := golden.Cases()
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, c := range cases {
		for _, run := range c.Runs {
			if run != "adm_debug" {
				continue
			}
			n++
			t.Run(c.Name, func(t *testing.T) {
				t.Parallel()
				frames := c.N
				if testing.Short() || raceEnabled {
					frames = 1
				}
				checkGolden(t, c, run, "adm=debug=true", frames)
			})
		}
	}
	if n == 0 {
		t.Fatal("no adm_debug runs in testdata/golden")
	}
}

func checkGolden(t *testing.T, c *golden.Case, run, spec string, frames int) {
	want, err := c.Output(run)
	if err != nil {
		t.Fatal(err)
	}
	cfg, o := specConfig(t, spec, c.W, c.H, c.BD)
	// The reference scorer and the fast one with the best kernel set on
	// several threads (TestFastParity covers the other sets).
	for si, s := range []Scorer{New(cfg), NewCPU(cfg, Options{Kernels: cpu.Best(), Threads: 3})} {
		defer s.Close()
		if testing.Short() && si > 0 {
			frames = 1
		}
		checkGoldenFrames(t, s, c, o, want, frames)
	}
}

func checkGoldenFrames(t *testing.T, s Scorer, c *golden.Case, o *feature.Values, want *golden.Output, frames int) {
	for fi := 0; fi < frames && fi < len(want.Frames); fi++ {
		ref, dist, err := c.Pictures(fi)
		if err != nil {
			t.Fatal(err)
		}
		r, err := s.Score(fi, ref.Luma(), dist.Luma(), false)
		if err != nil {
			t.Fatal(err)
		}
		checkBandSums(t, r)
		got := map[string]float64{}
		for _, m := range r.Metrics(o) {
			got[m.Name] = m.Value
		}
		wm := want.Frames[fi].Metrics
		var keys []string
		for k := range wm {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		if len(keys) != len(got) {
			t.Errorf("frame %d: %d metrics, libvmaf has %d (%v)", fi, len(got), len(keys), keys)
		}
		for _, k := range keys {
			g, ok := got[k]
			if !ok {
				t.Errorf("frame %d: no %s", fi, k)
				continue
			}
			if math.Float64bits(g) != math.Float64bits(wm[k]) {
				t.Errorf("frame %d: %s = %.17g, libvmaf %.17g", fi, k, g, wm[k])
			}
		}
	}
}

// checkBandSums asserts that each scale's numerator and denominator are
// the float sums (h + v) + d of the band terms, bit for bit.
func checkBandSums(t *testing.T, r *FrameResult) {
	t.Helper()
	for s := 0; s < NumScales; s++ {
		b := &r.Bands[s]
		num := float32(b[BandH].Num) + float32(b[BandV].Num) + float32(b[BandD].Num)
		den := float32(b[BandH].Den) + float32(b[BandV].Den) + float32(b[BandD].Den)
		if math.Float64bits(float64(num)) != math.Float64bits(r.NumScale[s]) {
			t.Errorf("scale %d: band numerators sum to %v, scale numerator %v", s, num, r.NumScale[s])
		}
		if r.DenScale[s] != 1e-10*0+float64(float32(1e-10)) || den != 0 {
			if math.Float64bits(float64(den)) != math.Float64bits(r.DenScale[s]) {
				t.Errorf("scale %d: band denominators sum to %v, scale denominator %v", s, den, r.DenScale[s])
			}
		}
	}
}

// TestGoldenBarten scores the corpus's Barten runs (adm_csf_mode=1): libvmaf's
// integer ADM overflows there, so the reference is its float ADM.
func TestGoldenBarten(t *testing.T) {
	cases, err := golden.Cases()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		want, err := c.Output("float_adm_debug_csf1")
		if err != nil {
			continue
		}
		broken, err := c.Output("adm_debug_csf1")
		if err != nil {
			t.Fatal(err)
		}
		o := NewOptions()
		if err := o.Set("adm_csf_mode", "1"); err != nil {
			t.Fatal(err)
		}
		cfg, err := NewConfig(o, c.W, c.H, c.BD)
		if err != nil {
			t.Fatal(err)
		}
		ref, dist, err := c.Pictures(0)
		if err != nil {
			t.Fatal(err)
		}
		r, err := New(cfg).Score(0, ref.Luma(), dist.Luma(), false)
		if err != nil {
			t.Fatal(err)
		}
		f := want.Frames[0].Metrics["adm2_csf_1"]
		u := broken.Frames[0].Metrics["integer_adm2_csf_1"]
		d := math.Abs(r.ADM2 - f)
		t.Logf("%s: integer_adm2_csf_1 %.9f, float_adm %.9f (diff %.2e); libvmaf's integer %.9f", c.Name, r.ADM2, f, d, u)
		// A smooth gradient with a one-level dither: integer Barten
		// tracks float ADM to 3.1e-5 here (libvmaf's integer Watson
		// tracks its float Watson to 4.8e-5); libvmaf's own integer
		// Barten score is 0.17.
		if d > 1e-4 {
			t.Errorf("%s: integer_adm2_csf_1 %.9f is %.2e from float_adm %.9f", c.Name, r.ADM2, d, f)
		}
	}
}
