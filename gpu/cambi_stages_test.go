//go:build cgo && !js

package gpu

import (
	"fmt"
	"math"
	"testing"

	"github.com/bandscope/bandscope/kernels/cambi"
	"github.com/bandscope/bandscope/kernels/yuv"
)

// rng is a small deterministic generator for test content.
type rng uint64

func (r *rng) intn(n int) int {
	*r = *r*6364136223846793005 + 1442695040888963407
	return int(uint64(*r>>33) % uint64(n))
}

// tinySizes are every size from 1x1 to 10x10, and a few odd larger ones.
func tinySizes() [][2]int {
	var s [][2]int
	for h := 1; h <= 10; h++ {
		for w := 1; w <= 10; w++ {
			s = append(s, [2]int{w, h})
		}
	}
	return append(s, [2]int{37, 5}, [2]int{5, 37}, [2]int{37, 37}, [2]int{216, 216}, [2]int{1000, 9})
}

// flatty is content with runs of equal values, so that derivatives,
// modes and histograms see both flat areas and edges.
func flatty(r *rng, n, base, spread int) []uint16 {
	s := make([]uint16, n)
	v := base
	for i := range s {
		if r.intn(4) == 0 {
			v = base + r.intn(spread)
		}
		s[i] = uint16(v)
	}
	return s
}

func stageDevices(t *testing.T) map[string]*cambiStages {
	m := map[string]*cambiStages{}
	for _, d := range openAll(t) {
		s, err := newCAMBIStages(d)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(s.release)
		m["gpu:"+d.Info().Name] = s
	}
	return m
}

func check(t *testing.T, what string, err error, d string) {
	t.Helper()
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	if d != "" {
		t.Fatalf("%s: %s", what, d)
	}
}

func TestCAMBIStageParity(t *testing.T) {
	for name, g := range stageDevices(t) {
		t.Run(name, func(t *testing.T) {
			r := rng(1)
			t.Run("Preprocess", func(t *testing.T) {
				for _, src := range [][2]int{{1, 1}, {3, 2}, {10, 10}, {37, 29}, {641, 359}} {
					for _, dst := range [][2]int{src, {(src[0] + 1) / 2, (src[1] + 2) / 3}, {max(src[0]*2/3, 1), src[1]}, {src[0], max(src[1]*5/7, 1)}} {
						for _, depth := range []int{6, 8, 9, 10, 12, 16} {
							w, h := src[0], src[1]
							pl := yuv.Plane{Width: w, Height: h, Stride: w + 1, Pix: make([]uint16, (w+1)*h)}
							for i := range pl.Pix {
								pl.Pix[i] = uint16(r.intn(1 << depth))
							}
							want := make([]uint16, dst[0]*dst[1])
							got := make([]uint16, dst[0]*dst[1])
							cambi.Preprocess(want, dst[0], dst[1], pl, depth)
							err := g.Preprocess(got, dst[0], dst[1], pl, depth)
							what := fmt.Sprintf("%dx%d -> %dx%d at %d bits", w, h, dst[0], dst[1], depth)
							check(t, what, err, diff("preprocessed", want, got, dst[0]))
						}
					}
				}
			})
			t.Run("AntiDither", func(t *testing.T) {
				for _, sz := range tinySizes() {
					w, h := sz[0], sz[1]
					want := flatty(&r, w*h, 0, 1024)
					got := append([]uint16(nil), want...)
					cambi.AntiDither(want, w, h)
					check(t, fmt.Sprintf("%dx%d", w, h), g.AntiDither(got, w, h), diff("anti-dithered", want, got, w))
				}
			})
			t.Run("SpatialMask", func(t *testing.T) {
				for _, sz := range tinySizes() {
					w, h := sz[0], sz[1]
					img := flatty(&r, w*h, 100, 3)
					for _, idx := range []int{-1, 0, 3, 7, 13, cambi.MaskIndex(w, h), 48} {
						want := make([]uint8, w*h)
						got := make([]uint8, w*h)
						cambi.SpatialMask(want, img, w, h, idx)
						check(t, fmt.Sprintf("%dx%d index %d", w, h, idx), g.SpatialMask(got, img, w, h, idx), diff("mask", want, got, w))
					}
				}
			})
			t.Run("Decimate", func(t *testing.T) {
				for _, sz := range tinySizes() {
					w, h := sz[0], sz[1]
					src := flatty(&r, w*h, 0, 1024)
					n := ((w + 1) >> 1) * ((h + 1) >> 1)
					want, got := make([]uint16, n), make([]uint16, n)
					cambi.Decimate(want, src, w, h)
					check(t, fmt.Sprintf("%dx%d", w, h), g.Decimate(got, src, w, h), diff("decimated", want, got, (w+1)>>1))
					msrc := make([]uint8, w*h)
					for i := range msrc {
						msrc[i] = uint8(r.intn(2))
					}
					wantM, gotM := make([]uint8, n), make([]uint8, n)
					cambi.Decimate(wantM, msrc, w, h)
					check(t, fmt.Sprintf("mask %dx%d", w, h), g.DecimateMask(gotM, msrc, w, h), diff("decimated mask", wantM, gotM, (w+1)>>1))
				}
			})
			t.Run("FilterMode", func(t *testing.T) {
				for _, sz := range tinySizes() {
					w, h := sz[0], sz[1]
					src := make([]uint16, w*h)
					for i := range src {
						src[i] = uint16(r.intn(3))
					}
					want, got := make([]uint16, w*h), make([]uint16, w*h)
					cambi.FilterMode(want, src, w, h)
					check(t, fmt.Sprintf("%dx%d", w, h), g.FilterMode(got, src, w, h), diff("mode", want, got, w))
				}
			})
			t.Run("CValues", func(t *testing.T) {
				for _, mlc := range []int{0, 2, 5} {
					tables := cambi.NewTables(mlc, cambi.DefaultTVI, 0, cambi.BT1886)
					for _, sz := range tinySizes() {
						w, h := sz[0], sz[1]
						img := flatty(&r, w*h, 62, 2<<mlc+2)
						mask := make([]uint8, w*h)
						for i := range mask {
							mask[i] = uint8(min(r.intn(8), 1))
						}
						for _, win := range []int{1, 3, 5, 9, 65} {
							if win == 65 && w*h > 400 {
								continue
							}
							want, got := make([]float32, w*h), make([]float32, w*h)
							cambi.CValues(want, img, mask, w, h, win, tables)
							what := fmt.Sprintf("%dx%d window %d mlc %d", w, h, win, mlc)
							check(t, what, g.CValues(got, img, mask, w, h, win, tables), diff("c-values", bits32(want), bits32(got), w))
							// The strip layout must not matter.
							if w <= 10 {
								for _, rows := range []int{1, 2, 3} {
									clear(got)
									err := g.cValuesStrips(got, img, mask, w, h, win, tables, rows, (h+rows-1)/rows)
									check(t, fmt.Sprintf("%s strips of %d", what, rows), err, diff("c-values", bits32(want), bits32(got), w))
								}
							}
						}
					}
				}
			})
		})
	}
}

// TestCAMBICValueLargeProducts checks the shader's integer-to-float conversion
// against Go's (round to nearest, ties to even) where it matters: windows
// built so that w*p0*p1 exceeds 2^24 (up to 9*2112*2113), where float32 no
// longer holds every integer.
func TestCAMBICValueLargeProducts(t *testing.T) {
	// One 65x65 window holding p0 pixels of value v and p1 of value v+1 gives
	// w*p0*p1 up to 9*2112*2113 > 2^24 (weight 9 needs mlc 5, step 23+).
	for name, g := range stageDevices(t) {
		t.Run(name, func(t *testing.T) {
			tables := cambi.NewTables(5, cambi.DefaultTVI, 0, cambi.BT1886)
			const w, h, win = 65, 65, 65
			r := rng(7)
			for trial := 0; trial < 40; trial++ {
				img := make([]uint16, w*h)
				mask := make([]uint8, w*h)
				split := 1000 + r.intn(2225)
				for i := range img {
					img[i] = 64
					if i >= split {
						img[i] = 64 + uint16(1+r.intn(32))
						if i > split+5 {
							img[i] = img[i-1]
						}
					}
					mask[i] = 1
				}
				want, got := make([]float32, w*h), make([]float32, w*h)
				cambi.CValues(want, img, mask, w, h, win, tables)
				check(t, fmt.Sprintf("split %d", split), g.CValues(got, img, mask, w, h, win, tables), diff("c-values", bits32(want), bits32(got), w))
			}
		})
	}
}

// TestCAMBIPoolParity: the device's top-k mean equals the CPU's Pool bit for
// bit whenever it claims exactness, and it claims it on ordinary c-values;
// sums too large for that are refused.
func TestCAMBIPoolParity(t *testing.T) {
	rec := cambi.Reciprocal()
	for name, g := range stageDevices(t) {
		t.Run(name, func(t *testing.T) {
			r := rng(3)
			// cval draws a c-value as the shader makes them.
			cval := func(maxP int) float32 {
				p0, p := 1+r.intn(maxP), 1+r.intn(maxP)
				w := 1 + r.intn(9)
				return float32(w*p0*p) * rec[p0+p]
			}
			for _, tc := range []struct {
				n, maxP   int
				zeros     int // in 8
				topk      float64
				wantExact bool
			}{
				{1, 10, 0, 0.6, true},
				{1, 10, 8, 0.6, true},
				{7, 10, 4, 0.6, true},
				{1000, 30, 6, 0.6, true},
				{1000, 30, 0, 1, true},
				{1000, 30, 0, 0.0001, true},
				{100000, 200, 5, 0.6, true},
				{65536*2 + 17, 1000, 2, 0.3, true},
				{300000, 2100, 0, 1, false}, // sums near 2^30: ulp 2^-24 no longer fits
			} {
				c := make([]float32, tc.n)
				for i := range c {
					if r.intn(8) >= tc.zeros {
						c[i] = cval(tc.maxP)
					}
				}
				// Ties at the threshold.
				for i := 0; i+3 < len(c); i += 5 {
					c[i+3] = c[i]
				}
				got, exact, err := g.Pool(c, tc.topk)
				if err != nil {
					t.Fatal(err)
				}
				want := cambi.Pool(append([]float32(nil), c...), tc.topk)
				what := fmt.Sprintf("n=%d maxP=%d zeros=%d/8 topk=%g", tc.n, tc.maxP, tc.zeros, tc.topk)
				if exact != tc.wantExact {
					t.Errorf("%s: exact %v, want %v", what, exact, tc.wantExact)
				}
				if exact && math.Float64bits(got) != math.Float64bits(want) {
					t.Errorf("%s: %.17g, want %.17g", what, got, want)
				}
			}
		})
	}
}
