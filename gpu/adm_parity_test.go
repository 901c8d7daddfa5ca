//go:build cgo && !js

package gpu

import (
	"fmt"
	"math"
	"testing"

	"github.com/bandscope/bandscope/kernels/adm"
	"github.com/bandscope/bandscope/kernels/golden"
	"github.com/bandscope/bandscope/kernels/synth"
	"github.com/bandscope/bandscope/kernels/yuv"
)

// The ADM parity test scores every case with the CPU scalar reference and
// with every WebGPU adapter and compares every score, every band term and
// every map bit for bit.

type admBackend struct {
	name   string
	scorer func(*adm.Config) (adm.Scorer, error)
}

func admBackends(t testing.TB) []admBackend {
	bs := []admBackend{{"cpu-scalar", func(c *adm.Config) (adm.Scorer, error) { return adm.New(c), nil }}}
	for _, d := range openAll(t) {
		bs = append(bs, admBackend{"gpu:" + d.Info().Name, func(c *adm.Config) (adm.Scorer, error) { return NewADM(d, c) }})
	}
	return bs
}

type admCase struct {
	name    string
	pattern string // kernels/synth pattern, or "clip:<golden case>"
	w, h    int
	depth   int
	opts    []string
	long    bool // skipped with -short
	large   bool // only with BANDSCOPE_GPU_LARGE=1 (skipUnlessLarge)
}

var admCases = []admCase{
	{name: "33x33 noise8", pattern: "noise8", w: 33, h: 33, depth: 8},
	{name: "37x41 checker 10-bit", pattern: "checker", w: 37, h: 41, depth: 10},
	{name: "216x216 diag8 8-bit", pattern: "diag8", w: 216, h: 216, depth: 8},
	{name: "216x216 noise8 10-bit", pattern: "noise8", w: 216, h: 216, depth: 10},
	{name: "216x216 noise8 12-bit", pattern: "noise8", w: 216, h: 216, depth: 12},
	{name: "216x216 noise8 16-bit", pattern: "noise8", w: 216, h: 216, depth: 16},
	{name: "216x216 checker 16-bit", pattern: "checker", w: 216, h: 216, depth: 16},
	{name: "216x216 extreme 16-bit", pattern: "extreme", w: 216, h: 216, depth: 16},
	{name: "216x216 fullnoise 16-bit", pattern: "fullnoise", w: 216, h: 216, depth: 16},
	{name: "100x75 fullnoise 12-bit", pattern: "fullnoise", w: 100, h: 75, depth: 12},
	{name: "1000x562 noise8 8-bit", pattern: "noise8", w: 1000, h: 562, depth: 8},
	{name: "1000x562 diag8 10-bit", pattern: "diag8", w: 1000, h: 562, depth: 10},
	{name: "barten", pattern: "noise8", w: 216, h: 216, depth: 10, opts: []string{"adm_csf_mode", "1"}},
	{name: "barten 8-bit diag8", pattern: "diag8", w: 333, h: 217, depth: 8, opts: []string{"adm_csf_mode", "1"}},
	{name: "barten 33x35 noise8 12-bit", pattern: "noise8", w: 33, h: 35, depth: 12, opts: []string{"adm_csf_mode", "1"}},
	{name: "barten 216x216 extreme 16-bit", pattern: "extreme", w: 216, h: 216, depth: 16, opts: []string{"adm_csf_mode", "1"}},
	{name: "barten 100x75 fullnoise 16-bit", pattern: "fullnoise", w: 100, h: 75, depth: 16, opts: []string{"adm_csf_mode", "1"}},
	{name: "barten skip scale0", pattern: "checker", w: 217, h: 99, depth: 10, opts: []string{"adm_csf_mode", "1", "adm_skip_scale0", "true"}},
	{name: "blend", pattern: "noise8", w: 216, h: 216, depth: 10, opts: []string{"adm_csf_mode", "2"}},
	{name: "blend mae 2160@3", pattern: "noise8", w: 216, h: 216, depth: 8, opts: []string{"adm_csf_mode", "3", "adm_ref_display_height", "2160"}},
	{name: "egl 1", pattern: "noise8", w: 216, h: 216, depth: 8, opts: []string{"adm_enhn_gain_limit", "1"}},
	{name: "egl 1.2", pattern: "diag8", w: 216, h: 216, depth: 10, opts: []string{"adm_enhn_gain_limit", "1.2"}},
	{name: "egl 37.3", pattern: "noise8", w: 216, h: 216, depth: 12, opts: []string{"adm_enhn_gain_limit", "37.3"}},
	{name: "view 5H 2160", pattern: "noise8", w: 216, h: 216, depth: 10, opts: []string{"adm_norm_view_dist", "5", "adm_ref_display_height", "2160"}},
	{name: "view 4.5H 720", pattern: "checker", w: 216, h: 216, depth: 8, opts: []string{"adm_norm_view_dist", "4.5", "adm_ref_display_height", "720"}},
	{name: "csf scales", pattern: "noise8", w: 216, h: 216, depth: 8, opts: []string{"adm_csf_scale", "0.7", "adm_csf_diag_scale", "1.9"}},
	{name: "skip aim", pattern: "noise8", w: 216, h: 216, depth: 8, opts: []string{"adm_skip_aim", "true"}},
	{name: "skip scale0", pattern: "noise8", w: 216, h: 216, depth: 10, opts: []string{"adm_skip_scale0", "true"}},
	{name: "noise weight, dlm, min", pattern: "noise8", w: 216, h: 216, depth: 8, opts: []string{"adm_noise_weight", "0.5", "adm_dlm_weight", "0.8", "adm_min_val", "0.3"}},
	{name: "debug", pattern: "diag8", w: 216, h: 216, depth: 8, opts: []string{"debug", "true"}},
	{name: "clip grad 720p aom", pattern: "clip:real_grad_720p_8b_aomcrf50", long: true},
	{name: "clip ramp 1080p 10-bit", pattern: "clip:real_ramp_1080p_10b_x264crf40", long: true},
	{name: "1920x1080 noise8 10-bit", pattern: "noise8", w: 1920, h: 1080, depth: 10, long: true},
	{name: "3840x2160 fullnoise 16-bit", pattern: "fullnoise", w: 3840, h: 2160, depth: 16, large: true},
	{name: "barten 3840x2160 fullnoise 16-bit", pattern: "fullnoise", w: 3840, h: 2160, depth: 16, opts: []string{"adm_csf_mode", "1"}, large: true},
}

// admPictures draws a case's reference and distorted lumas (with a
// stride wider than the picture, to check the padding is never read).
func admPictures(t testing.TB, tc *admCase) (ref, dist yuv.Plane, depth int) {
	t.Helper()
	if name, ok := cutPrefix(tc.pattern, "clip:"); ok {
		cases, err := golden.Cases()
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range cases {
			if c.Name == name {
				r, d, err := c.Pictures(0)
				if err != nil {
					t.Fatal(err)
				}
				return r.Luma(), d.Luma(), c.BD
			}
		}
		t.Fatalf("no golden case %s", name)
	}
	if tc.pattern == "extreme" || tc.pattern == "fullnoise" {
		r, d := extremePlanes(tc.pattern, tc.w, tc.h, tc.depth)
		return padded(r), padded(d), tc.depth
	}
	f := yuv.Format{Width: tc.w, Height: tc.h, Chroma: yuv.C420, BitDepth: tc.depth}
	r, err := synth.Frame(synth.Spec{Pattern: tc.pattern, Format: f}, 0)
	if err != nil {
		t.Fatal(err)
	}
	d, err := synth.Frame(synth.Spec{Pattern: tc.pattern, Format: f, Dist: true}, 0)
	if err != nil {
		t.Fatal(err)
	}
	return padded(r.Luma()), padded(d.Luma()), tc.depth
}

// extremePlanes are full-scale contents where the first DWT level's int32
// arithmetic wraps at 16 bits: "extreme", a 10-pixel checkerboard of 0 and
// the maximum whose distorted version inverts one cell in three, and
// "fullnoise", uniform noise over the whole range with the distorted
// version off by up to 1/16 of it.
func extremePlanes(pattern string, w, h, depth int) (ref, dist yuv.Plane) {
	maxv := 1<<depth - 1
	r, d := make([]uint16, w*h), make([]uint16, w*h)
	seed := uint64(0x9E3779B97F4A7C15)
	next := func() uint64 {
		seed ^= seed << 13
		seed ^= seed >> 7
		seed ^= seed << 17
		return seed
	}
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			var rv, dv int
			if pattern == "extreme" {
				c := (x/10 + y/10) % 2
				rv = c * maxv
				dv = rv
				if (x/10+3*(y/10))%3 == 0 {
					dv = maxv - rv
				}
			} else {
				rv = int(next() % uint64(maxv+1))
				dv = rv + int(next()%uint64(maxv/8+1)) - maxv/16
			}
			r[y*w+x], d[y*w+x] = uint16(rv), uint16(min(max(dv, 0), maxv))
		}
	}
	return yuv.Plane{Width: w, Height: h, Stride: w, Pix: r}, yuv.Plane{Width: w, Height: h, Stride: w, Pix: d}
}

func cutPrefix(s, p string) (string, bool) {
	if len(s) >= len(p) && s[:len(p)] == p {
		return s[len(p):], true
	}
	return s, false
}

// padded copies a plane into rows 5 samples wider, the padding filled with
// values out of range for any depth below 16 bits.
func padded(p yuv.Plane) yuv.Plane {
	stride := p.Width + 5
	pix := make([]uint16, stride*p.Height)
	for y := 0; y < p.Height; y++ {
		copy(pix[y*stride:], p.Pix[y*p.Stride:y*p.Stride+p.Width])
		for x := p.Width; x < stride; x++ {
			pix[y*stride+x] = 0xffff
		}
	}
	return yuv.Plane{Width: p.Width, Height: p.Height, Stride: stride, Pix: pix}
}

func sameADM(t *testing.T, want, got *adm.FrameResult, maps bool) {
	t.Helper()
	if want.Frame != got.Frame {
		t.Errorf("frame %d, want %d", got.Frame, want.Frame)
	}
	sameF64(t, "adm2", want.ADM2, got.ADM2)
	sameF64(t, "aim", want.AIM, got.AIM)
	sameF64(t, "adm3", want.ADM3, got.ADM3)
	sameF64(t, "num", want.Num, got.Num)
	sameF64(t, "den", want.Den, got.Den)
	for s := 0; s < adm.NumScales; s++ {
		sameF64(t, fmt.Sprintf("scale %d", s), want.Scale[s], got.Scale[s])
		sameF64(t, fmt.Sprintf("num scale %d", s), want.NumScale[s], got.NumScale[s])
		sameF64(t, fmt.Sprintf("den scale %d", s), want.DenScale[s], got.DenScale[s])
		sameF64(t, fmt.Sprintf("aim scale %d", s), want.AIMScale[s], got.AIMScale[s])
		for b := 0; b < adm.NumBands; b++ {
			wb, gb := &want.Bands[s][b], &got.Bands[s][b]
			n := fmt.Sprintf("scale %d band %s", s, adm.BandNames[b])
			sameF64(t, n+" num", wb.Num, gb.Num)
			sameF64(t, n+" den", wb.Den, gb.Den)
			sameF64(t, n+" aim", wb.AIM, gb.AIM)
			if !maps {
				if gb.Restored != nil || gb.Additive != nil || gb.Threshold != nil {
					t.Errorf("%s: maps returned without keepMaps", n)
				}
				continue
			}
			if wb.W != gb.W || wb.H != gb.H {
				t.Errorf("%s: map size %dx%d, want %dx%d", n, gb.W, gb.H, wb.W, wb.H)
			}
			for _, d := range []string{
				diff(n+" restored", bits32(wb.Restored), bits32(gb.Restored), wb.W),
				diff(n+" additive", bits32(wb.Additive), bits32(gb.Additive), wb.W),
				diff(n+" threshold", bits32(wb.Threshold), bits32(gb.Threshold), wb.W),
			} {
				if d != "" {
					t.Error(d)
				}
			}
		}
	}
}

// TestADMParity scores every case with every backend and compares every
// field of the frame result with the CPU scalar reference.
func TestADMParity(t *testing.T) {
	backends := admBackends(t)
	for _, tc := range admCases {
		t.Run(tc.name, func(t *testing.T) {
			if tc.long && testing.Short() {
				t.Skip("long case skipped with -short")
			}
			if tc.large {
				skipUnlessLarge(t)
			}
			ref, dist, depth := admPictures(t, &tc)
			o := adm.NewOptions()
			for i := 0; i+1 < len(tc.opts); i += 2 {
				if err := o.Set(tc.opts[i], tc.opts[i+1]); err != nil {
					t.Fatal(err)
				}
			}
			cfg, err := adm.NewConfig(o, ref.Width, ref.Height, depth)
			if err != nil {
				t.Fatal(err)
			}
			want, err := adm.New(cfg).Score(3, ref, dist, true)
			if err != nil {
				t.Fatal(err)
			}
			// Content that scores exactly 0 or 1 could hide a broken twin.
			if want.ADM2 == 1 || want.ADM2 == 0 || math.IsNaN(want.ADM2) {
				t.Fatalf("CPU adm2 = %v: the test content does not exercise ADM", want.ADM2)
			}
			for _, b := range backends[1:] {
				t.Run(b.name, func(t *testing.T) {
					s, err := b.scorer(cfg)
					if err != nil {
						t.Fatal(err)
					}
					defer s.Close()
					got, err := s.Score(3, ref, dist, true)
					if err != nil {
						t.Fatal(err)
					}
					sameADM(t, want, got, true)
					// Scores alone take the cheaper path; same bits.
					want2, err := adm.New(cfg).Score(4, ref, dist, false)
					if err != nil {
						t.Fatal(err)
					}
					got2, err := s.Score(4, ref, dist, false)
					if err != nil {
						t.Fatal(err)
					}
					sameADM(t, want2, got2, false)
				})
			}
		})
	}
}
