package cambi

import (
	"fmt"
	"math"
	"testing"

	"github.com/bandscope/bandscope/kernels/cpu"
	"github.com/bandscope/bandscope/kernels/yuv"
)

// parityPlane is a w x h plane of bd bits with bands (a slow diagonal
// ramp), flat areas, noisy patches that the spatial mask drops, and runs of
// every length, stored with a stride and at an odd offset so no row
// starts aligned.
func parityPlane(w, h, bd int, seed uint64) yuv.Plane {
	stride := w + 3
	pix := make([]uint16, 5+stride*h)[5:]
	z := seed*0x9E3779B97F4A7C15 + 1
	rnd := func() uint64 {
		z ^= z << 13
		z ^= z >> 7
		z ^= z << 17
		return z
	}
	maxv := 1<<bd - 1
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			v := 60 + (x/3+y/5)%50 + ((x/97+y/61)%3)*70
			switch {
			case (x/23+y/19)%7 == 3: // noise: unmasked
				v += int(rnd() % 9)
			case (x/11)%13 == 5: // short runs of other values
				v += int(rnd() % 3)
			}
			v <<= max(bd-8, 0)
			pix[y*stride+x] = uint16(min(max(v, 0), maxv))
		}
	}
	return yuv.Plane{Width: w, Height: h, Stride: stride, Pix: pix}
}

type paritySize struct{ w, h int }

func paritySizes() []paritySize {
	var s []paritySize
	for w := 1; w <= 70; w += 3 {
		s = append(s, paritySize{w, 216})
	}
	s = append(s, paritySize{70, 216}, paritySize{216, 1}, paritySize{217, 7}, paritySize{1000, 217},
		paritySize{3840, 64}, paritySize{48, 1080}, paritySize{640, 480}, paritySize{1919, 301})
	return s
}

// TestFastParity scores the same pictures with the scalar reference and with
// the CPU scorer in every kernel set the host supports at several thread
// counts, and compares every score and every map bit for bit.
func TestFastParity(t *testing.T) {
	type variant struct {
		name string
		opts map[string]string
		bd   int
	}
	variants := []variant{
		{"default10", nil, 10},
		{"encbd8", map[string]string{"enc_bitdepth": "8"}, 8},
		{"in9", nil, 9},
		{"in10_encbd8", map[string]string{"enc_bitdepth": "8"}, 10},
		{"mlc3_ws35", map[string]string{"max_log_contrast": "3", "window_size": "35"}, 10},
		{"fullref", map[string]string{"full_ref": "true"}, 10},
	}
	sizes := paritySizes()
	if testing.Short() || raceEnabled {
		sizes = []paritySize{{7, 216}, {70, 216}, {217, 7}, {640, 480}}
	}
	sets, threadCounts := cpu.Supported(), []int{1, 2, 5}
	if raceEnabled {
		sets, threadCounts = []cpu.Set{cpu.Best()}, []int{5}
	}
	for _, set := range sets {
		for _, threads := range threadCounts {
			for _, v := range variants {
				for _, sz := range sizes {
					name := fmt.Sprintf("%s/t%d/%s/%dx%d", set, threads, v.name, sz.w, sz.h)
					t.Run(name, func(t *testing.T) {
						cfg, err := configOf(t, v.opts, sz.w, sz.h, v.bd)
						if err != nil {
							t.Skipf("this option set has no configuration at %dx%d: %v", sz.w, sz.h, err)
						}
						dist := parityPlane(sz.w, sz.h, v.bd, 1)
						ref := parityPlane(sz.w, sz.h, v.bd, 2)
						want, err := New(cfg).Score(0, ref, dist, true)
						if err != nil {
							t.Fatal(err)
						}
						got, err := NewCPU(cfg, Options{Kernels: set, Threads: threads}).Score(0, ref, dist, true)
						if err != nil {
							t.Fatal(err)
						}
						compareFrames(t, got, want)
					})
				}
			}
		}
	}
}

// TestFastParityResample covers the resampling paths: encode and source sizes
// below the input, the high-resolution speed-up, and a reference of another
// size and bit depth.
func TestFastParityResample(t *testing.T) {
	cases := []struct {
		name        string
		w, h, bd    int
		opts        map[string]string
		rw, rh, rbd int
	}{
		{"enc", 1000, 600, 10, map[string]string{"enc_width": "777", "enc_height": "411"}, 0, 0, 0},
		{"hrs", 1920, 1080, 8, map[string]string{"cambi_high_res_speedup": "1080"}, 0, 0, 0},
		{"src", 900, 500, 10, map[string]string{"full_ref": "true", "src_width": "640", "src_height": "360"}, 0, 0, 0},
		{"refsize", 640, 360, 10, map[string]string{"full_ref": "true"}, 1280, 720, 8},
	}
	for _, set := range cpu.Supported() {
		for _, threads := range []int{1, 3} {
			for _, c := range cases {
				t.Run(fmt.Sprintf("%s/t%d/%s", set, threads, c.name), func(t *testing.T) {
					cfg, err := configOf(t, c.opts, c.w, c.h, c.bd)
					if err != nil {
						t.Fatal(err)
					}
					ref := parityPlane(c.w, c.h, c.bd, 2)
					if c.rw != 0 {
						if err := cfg.SetReference(c.rw, c.rh, c.rbd); err != nil {
							t.Fatal(err)
						}
						ref = parityPlane(c.rw, c.rh, c.rbd, 2)
					}
					dist := parityPlane(c.w, c.h, c.bd, 1)
					want, err := New(cfg).Score(3, ref, dist, true)
					if err != nil {
						t.Fatal(err)
					}
					got, err := NewCPU(cfg, Options{Kernels: set, Threads: threads}).Score(3, ref, dist, true)
					if err != nil {
						t.Fatal(err)
					}
					compareFrames(t, got, want)
				})
			}
		}
	}
}

// TestFastPacked: the CPU scorer on the packed form of 8-bit pictures
// (yuv.Plane.Pix8, with the same stride) gives the bits it gives on their
// uint16 form, maps included, on every path the preprocessing takes from
// the samples: fused conversion and anti-dithering, conversion alone
// (enc_bitdepth 10), resampling (enc size, the high-resolution speed-up)
// and a reference scored too (full_ref).
func TestFastPacked(t *testing.T) {
	cases := []struct {
		name string
		w, h int
		opts map[string]string
	}{
		{"default", 217, 97, nil},
		{"encbd10", 301, 64, map[string]string{"enc_bitdepth": "10"}},
		{"enc", 1000, 600, map[string]string{"enc_width": "777", "enc_height": "411"}},
		{"hrs", 1920, 1080, map[string]string{"cambi_high_res_speedup": "1080"}},
		{"fullref", 640, 480, map[string]string{"full_ref": "true"}},
	}
	pack := func(p yuv.Plane) yuv.Plane {
		q := yuv.Plane{Width: p.Width, Height: p.Height, Stride: p.Stride, Pix8: make([]uint8, len(p.Pix))}
		for i, v := range p.Pix {
			q.Pix8[i] = uint8(v)
		}
		return q
	}
	for _, set := range cpu.Supported() {
		for _, c := range cases {
			t.Run(fmt.Sprintf("%s/%s", set, c.name), func(t *testing.T) {
				cfg, err := configOf(t, c.opts, c.w, c.h, 8)
				if err != nil {
					t.Fatal(err)
				}
				ref, dist := parityPlane(c.w, c.h, 8, 2), parityPlane(c.w, c.h, 8, 1)
				// A slow ramp over the left half: bands at every scale and
				// size (the parity planes band too little once resampled).
				for y := range c.h {
					for x := range c.w / 2 {
						dist.Pix[y*dist.Stride+x] = uint16(30 + 60*x/c.w + 10*y/c.h)
					}
				}
				s := NewCPU(cfg, Options{Kernels: set, Threads: 2})
				want, err := s.Score(0, ref, dist, true)
				if err != nil {
					t.Fatal(err)
				}
				if want.Dist.Score == 0 {
					t.Fatal("the pair scores 0: the comparison proves nothing")
				}
				got, err := s.Score(0, pack(ref), pack(dist), true)
				if err != nil {
					t.Fatal(err)
				}
				compareFrames(t, got, want)
			})
		}
	}
}

// TestFastParityErrors: the CPU scorer refuses what the reference refuses,
// with the same message.
func TestFastParityErrors(t *testing.T) {
	cfg, err := NewConfig(nil, 300, 220, 8)
	if err != nil {
		t.Fatal(err)
	}
	// Inside, then alone in the last column, the last row and the corner
	// (the preprocessing reads those apart from the rest of a row).
	for _, bad := range [][][3]int{{{150, 77, 300}, {190, 7, 400}}, {{100, 299, 256}}, {{219, 5, 1000}}, {{219, 299, 65535}}} {
		p := parityPlane(300, 220, 8, 1)
		for _, b := range bad {
			p.Pix[b[0]*p.Stride+b[1]] = uint16(b[2])
		}
		for _, set := range cpu.Supported() {
			_, werr := New(cfg).Score(0, p, p, false)
			_, gerr := NewCPU(cfg, Options{Kernels: set, Threads: 4}).Score(0, p, p, false)
			if werr == nil || gerr == nil || werr.Error() != gerr.Error() {
				t.Errorf("%s %v: error %v, want %v", set, bad, gerr, werr)
			}
		}
	}
}

func compareFrames(t *testing.T, got, want *FrameResult) {
	t.Helper()
	for _, f := range []struct {
		name string
		g, w float64
	}{{"cambi", got.CAMBI, want.CAMBI}, {"source", got.Source, want.Source}, {"fullref", got.FullReference, want.FullReference}} {
		if math.Float64bits(f.g) != math.Float64bits(f.w) {
			t.Errorf("%s = %v, want %v", f.name, f.g, f.w)
		}
	}
	if want.CAMBI == 0 && testing.Verbose() {
		t.Logf("note: score 0")
	}
	comparePictures(t, "dist", &got.Dist, &want.Dist)
	if (got.Src == nil) != (want.Src == nil) {
		t.Fatalf("src result: got %v, want %v", got.Src != nil, want.Src != nil)
	}
	if want.Src != nil {
		comparePictures(t, "src", got.Src, want.Src)
	}
}

func comparePictures(t *testing.T, name string, got, want *PictureResult) {
	t.Helper()
	if math.Float64bits(got.Score) != math.Float64bits(want.Score) || got.MaskIndex != want.MaskIndex ||
		got.Width != want.Width || got.Height != want.Height {
		t.Errorf("%s: score %v mask index %d size %dx%d, want %v %d %dx%d", name, got.Score, got.MaskIndex,
			got.Width, got.Height, want.Score, want.MaskIndex, want.Width, want.Height)
	}
	firstDiff(t, name+" preprocessed", got.Preprocessed, want.Preprocessed)
	firstDiff(t, name+" spatial mask", got.SpatialMask, want.SpatialMask)
	for s := range want.Scales {
		g, w := &got.Scales[s], &want.Scales[s]
		sn := fmt.Sprintf("%s scale %d", name, s)
		if math.Float64bits(g.Score) != math.Float64bits(w.Score) || g.Width != w.Width || g.Height != w.Height ||
			g.Window != w.Window || g.Pad != w.Pad || g.Weight != w.Weight {
			t.Errorf("%s: score %v size %dx%d window %d, want %v %dx%d %d", sn, g.Score, g.Width, g.Height, g.Window, w.Score, w.Width, w.Height, w.Window)
		}
		if math.Float32bits(g.MaxCValue) != math.Float32bits(w.MaxCValue) {
			t.Errorf("%s: largest c-value %v, want %v", sn, g.MaxCValue, w.MaxCValue)
		}
		firstDiff(t, sn+" image", g.Image, w.Image)
		firstDiff(t, sn+" mask", g.Mask, w.Mask)
		gc, wc := make([]uint32, len(g.CValues)), make([]uint32, len(w.CValues))
		for i := range gc {
			gc[i] = math.Float32bits(g.CValues[i])
		}
		for i := range wc {
			wc[i] = math.Float32bits(w.CValues[i])
		}
		firstDiff(t, sn+" c-values", gc, wc)
	}
}

func firstDiff[T comparable](t *testing.T, name string, got, want []T) {
	t.Helper()
	if len(got) != len(want) {
		t.Errorf("%s: %d values, want %d", name, len(got), len(want))
		return
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("%s: first difference at %d: %v, want %v", name, i, got[i], want[i])
			return
		}
	}
}

// configOf is the configuration of options opts at w x h, bd bits; an
// option it refuses stops the test, a configuration NewConfig refuses is
// the error.
func configOf(tb testing.TB, opts map[string]string, w, h, bd int) (*Config, error) {
	tb.Helper()
	o := NewOptions()
	for k, v := range opts {
		if err := o.Set(k, v); err != nil {
			tb.Fatal(err)
		}
	}
	return NewConfig(o, w, h, bd)
}
