//go:build cgo && !js

package gpu

import (
	"fmt"
	"math"
	"testing"

	"github.com/bandscope/bandscope/kernels/cambi"
	"github.com/bandscope/bandscope/kernels/feature"
	"github.com/bandscope/bandscope/kernels/synth"
	"github.com/bandscope/bandscope/kernels/yuv"
)

// The parity tests compare every backend this host has with the CPU scalar
// reference, bit for bit, on every intermediate map and every score. The
// backends: the CPU scalar path itself (a self-check of the harness), and
// every WebGPU adapter Adapters lists. A CPU SIMD twin joins the table when
// kernels/cambi exports one.

type cambiBackend struct {
	name   string
	scorer func(*cambi.Config) (cambi.Scorer, error)
}

func cambiBackends(t testing.TB) []cambiBackend {
	bs := []cambiBackend{{"cpu-scalar", func(c *cambi.Config) (cambi.Scorer, error) { return cambi.New(c), nil }}}
	for _, d := range openAll(t) {
		bs = append(bs, cambiBackend{"gpu:" + d.Info().Name, func(c *cambi.Config) (cambi.Scorer, error) { return NewCAMBI(d, c) }})
	}
	return bs
}

// bandPlane is a staircase of one code value per step, s pixels wide along
// the diagonal, over a flat-free noisy strip on the left (so that the
// spatial mask has holes), at the given depth. Rows are stride apart with
// garbage in the padding, to check that the padding is never read.
func bandPlane(w, h, depth, s int) yuv.Plane {
	stride := w + 3
	pix := make([]uint16, stride*h)
	base := 70 << max(depth-10, 0) >> max(10-depth, 0)
	maxv := 1<<depth - 1
	seed := uint32(12345)
	for y := 0; y < h; y++ {
		for x := 0; x < stride; x++ {
			seed = seed*1664525 + 1013904223
			v := base + ((x+y)/s)%120
			if x < w/10 {
				v = base + int(seed>>24)%9
			}
			if x >= w {
				v = int(seed>>16) & 0xffff // padding
			}
			pix[y*stride+x] = uint16(min(v, maxv) * b2i(x < w))
			if x >= w {
				pix[y*stride+x] = uint16(v)
			}
		}
	}
	return yuv.Plane{Width: w, Height: h, Stride: stride, Pix: pix}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

func opts(t testing.TB, kv ...string) *feature.Values {
	o := cambi.NewOptions()
	for i := 0; i+1 < len(kv); i += 2 {
		if err := o.Set(kv[i], kv[i+1]); err != nil {
			t.Fatalf("option %s=%s: %v", kv[i], kv[i+1], err)
		}
	}
	return o
}

// diff describes the first difference of two maps, or "".
func diff[T comparable](name string, want, got []T, w int) string {
	if len(want) != len(got) {
		return fmt.Sprintf("%s: %d values, want %d", name, len(got), len(want))
	}
	for i := range want {
		if want[i] != got[i] {
			n := 0
			for j := range want {
				if want[j] != got[j] {
					n++
				}
			}
			return fmt.Sprintf("%s: %d values differ, first at (%d,%d): %v, want %v", name, n, i%max(w, 1), i/max(w, 1), got[i], want[i])
		}
	}
	return ""
}

func bits32(s []float32) []uint32 {
	if s == nil {
		return nil
	}
	b := make([]uint32, len(s))
	for i, v := range s {
		b[i] = math.Float32bits(v)
	}
	return b
}

func sameF64(t *testing.T, name string, want, got float64) {
	t.Helper()
	if math.Float64bits(want) != math.Float64bits(got) {
		t.Errorf("%s = %.17g (%#x), want %.17g (%#x)", name, got, math.Float64bits(got), want, math.Float64bits(want))
	}
}

func samePicture(t *testing.T, name string, want, got *cambi.PictureResult) {
	t.Helper()
	if want.Width != got.Width || want.Height != got.Height || want.MaskIndex != got.MaskIndex {
		t.Errorf("%s: size %dx%d mask index %d, want %dx%d %d", name, got.Width, got.Height, got.MaskIndex, want.Width, want.Height, want.MaskIndex)
	}
	for _, d := range []string{
		diff(name+" preprocessed", want.Preprocessed, got.Preprocessed, want.Width),
		diff(name+" spatial mask", want.SpatialMask, got.SpatialMask, want.Width),
	} {
		if d != "" {
			t.Error(d)
		}
	}
	for i := range want.Scales {
		ws, gs := &want.Scales[i], &got.Scales[i]
		sn := fmt.Sprintf("%s scale %d", name, i)
		if ws.Width != gs.Width || ws.Height != gs.Height || ws.Window != gs.Window || ws.Pad != gs.Pad || ws.Weight != gs.Weight {
			t.Errorf("%s: geometry %+v, want %+v", sn, [5]int{gs.Width, gs.Height, gs.Window, gs.Pad, gs.Weight}, [5]int{ws.Width, ws.Height, ws.Window, ws.Pad, ws.Weight})
		}
		for _, d := range []string{
			diff(sn+" image", ws.Image, gs.Image, ws.Width),
			diff(sn+" mask", ws.Mask, gs.Mask, ws.Width),
			diff(sn+" c-values", bits32(ws.CValues), bits32(gs.CValues), ws.Width),
		} {
			if d != "" {
				t.Error(d)
			}
		}
		sameF64(t, sn+" score", ws.Score, gs.Score)
	}
	sameF64(t, name+" score", want.Score, got.Score)
}

func sameFrame(t *testing.T, want, got *cambi.FrameResult) {
	t.Helper()
	if want.Frame != got.Frame {
		t.Errorf("frame %d, want %d", got.Frame, want.Frame)
	}
	sameF64(t, "cambi", want.CAMBI, got.CAMBI)
	sameF64(t, "source", want.Source, got.Source)
	sameF64(t, "full reference", want.FullReference, got.FullReference)
	samePicture(t, "dist", &want.Dist, &got.Dist)
	if (want.Src == nil) != (got.Src == nil) {
		t.Fatalf("source result present %v, want %v", got.Src != nil, want.Src != nil)
	}
	if want.Src != nil {
		samePicture(t, "src", want.Src, got.Src)
	}
}

type cambiCase struct {
	name      string
	w, h      int
	depth     int
	opts      []string
	want      float64 // libvmaf's score when known
	long      bool    // skipped with -short
	synthGrad bool    // the kernels/synth grad10 fixture instead of bandPlane
	step      int     // band width of bandPlane (default 3 from 10 bits, 12 below)
	large     bool    // only with BANDSCOPE_GPU_LARGE=1 (skipUnlessLarge)
}

var cambiCases = []cambiCase{
	{name: "fixture grad10", w: 640, h: 480, depth: 10, synthGrad: true, want: 5.846154004159058},
	{name: "37 wide", w: 37, h: 240, depth: 10},
	{name: "216x216 8-bit", w: 216, h: 216, depth: 8},
	{name: "216x216 10-bit", w: 216, h: 216, depth: 10},
	{name: "216x216 12-bit", w: 216, h: 216, depth: 12},
	{name: "1000x562 10-bit", w: 1000, h: 562, depth: 10},
	{name: "1000x562 8-bit", w: 1000, h: 562, depth: 8},
	{name: "3840x128", w: 3840, h: 128, depth: 10},
	{name: "64x1920", w: 64, h: 1920, depth: 8},
	{name: "1920x1080 10-bit", w: 1920, h: 1080, depth: 10, long: true},
	{name: "1920x1080 8-bit speedup", w: 1920, h: 1080, depth: 8, opts: []string{"cambi_high_res_speedup", "1080"}, long: true},
	// Every option, on a small picture.
	{name: "window 15", w: 1280, h: 720, depth: 10, opts: []string{"window_size", "15"}},
	{name: "window 127", w: 480, h: 270, depth: 10, opts: []string{"window_size", "127"}},
	{name: "topk 1", w: 480, h: 270, depth: 10, opts: []string{"topk", "1"}},
	{name: "topk 0.0001", w: 480, h: 270, depth: 10, opts: []string{"topk", "0.0001"}},
	{name: "cambi_topk 0.3", w: 480, h: 270, depth: 10, opts: []string{"cambi_topk", "0.3"}},
	{name: "tvi 0.005", w: 480, h: 270, depth: 10, opts: []string{"tvi_threshold", "0.005"}},
	{name: "tvi 0.1", w: 480, h: 270, depth: 10, opts: []string{"tvi_threshold", "0.1"}},
	{name: "vlt 1", w: 480, h: 270, depth: 10, opts: []string{"cambi_vis_lum_threshold", "1"}},
	{name: "mlc 0", w: 480, h: 270, depth: 10, opts: []string{"max_log_contrast", "0"}},
	{name: "mlc 1", w: 480, h: 270, depth: 12, opts: []string{"max_log_contrast", "1"}},
	{name: "mlc 3", w: 480, h: 270, depth: 8, opts: []string{"max_log_contrast", "3"}},
	{name: "mlc 4", w: 480, h: 270, depth: 10, opts: []string{"max_log_contrast", "4"}},
	{name: "mlc 5", w: 480, h: 270, depth: 8, opts: []string{"max_log_contrast", "5"}},
	{name: "eotf pq", w: 480, h: 270, depth: 10, opts: []string{"eotf", "pq"}},
	{name: "cambi_eotf pq", w: 480, h: 270, depth: 10, opts: []string{"cambi_eotf", "pq"}},
	{name: "enc_bitdepth 8", w: 480, h: 270, depth: 10, opts: []string{"enc_bitdepth", "8"}},
	{name: "enc size", w: 640, h: 360, depth: 10, opts: []string{"enc_width", "427", "enc_height", "240"}},
	{name: "enc size 8-bit", w: 641, h: 359, depth: 8, opts: []string{"enc_width", "333", "enc_height", "217"}},
	{name: "max_val", w: 480, h: 270, depth: 10, opts: []string{"cambi_max_val", "0.5"}},
	{name: "heatmaps", w: 480, h: 270, depth: 10, opts: []string{"heatmaps_path", "unused"}},
	{name: "full_ref", w: 480, h: 270, depth: 10, opts: []string{"full_ref", "true"}},
	{name: "full_ref sizes", w: 640, h: 360, depth: 12, opts: []string{"full_ref", "true", "enc_width", "320", "enc_height", "180", "src_width", "480", "src_height", "270"}},
	{name: "16-bit", w: 300, h: 216, depth: 16, step: 1},
	{name: "6-bit", w: 300, h: 216, depth: 6, opts: []string{"max_log_contrast", "5"}},
	// 4K with the full reference: 140.4 MiB of c-value histograms at scale
	// 0 with the default strips (17 strips x 3840 columns x 564 bins),
	// above WebGPU's default 128 MiB binding; Open asks for the adapter's
	// own limit, and a device below it (lavapipe: 128 MiB) runs the
	// c-value strips in two dispatches.
	{name: "3840x2160 10-bit full_ref", w: 3840, h: 2160, depth: 10, opts: []string{"full_ref", "true"}, large: true},
}

// TestCAMBIParity scores every case with every backend and compares every
// field of the frame result with the CPU scalar reference.
func TestCAMBIParity(t *testing.T) {
	backends := cambiBackends(t)
	dev0, host0 := poolStats.device.Load(), poolStats.host.Load()
	defer func() {
		dev, host := poolStats.device.Load()-dev0, poolStats.host.Load()-host0
		t.Logf("pooling: %d scales on the device, %d on the host (forced or inexact)", dev, host)
		if len(backends) > 1 && dev == 0 {
			t.Error("no scale was pooled on the device")
		}
	}()
	for _, tc := range cambiCases {
		t.Run(tc.name, func(t *testing.T) {
			if tc.long && testing.Short() {
				t.Skip("long case skipped with -short")
			}
			if tc.large {
				skipUnlessLarge(t)
			}
			cfg, err := cambi.NewConfig(opts(t, tc.opts...), tc.w, tc.h, tc.depth)
			if err != nil {
				t.Fatal(err)
			}
			var dist, ref yuv.Plane
			if tc.synthGrad {
				f := yuv.Format{Width: tc.w, Height: tc.h, Chroma: yuv.C420, BitDepth: tc.depth}
				pic, err := synth.Frame(synth.Spec{Pattern: "grad10", Format: f}, 0)
				if err != nil {
					t.Fatal(err)
				}
				dist = pic.Luma()
			} else {
				s := tc.step
				if s == 0 {
					s = 3
					if tc.depth < 10 {
						s = 12
					}
				}
				dist = bandPlane(tc.w, tc.h, tc.depth, s)
				ref = bandPlane(tc.w, tc.h, tc.depth, s+1)
			}
			want, err := cambi.New(cfg).Score(7, ref, dist, true)
			if err != nil {
				t.Fatal(err)
			}
			// The content must band, or equal zeros would prove nothing.
			if want.Dist.Score <= 1.0 {
				t.Fatalf("CPU CAMBI score %.17g: the test content does not band", want.Dist.Score)
			}
			if tc.want != 0 {
				sameF64(t, "CPU cambi vs libvmaf", tc.want, want.CAMBI)
			}
			for _, b := range backends[1:] {
				t.Run(b.name, func(t *testing.T) {
					s, err := b.scorer(cfg)
					if err != nil {
						t.Fatal(err)
					}
					defer s.Close()
					got, err := s.Score(7, ref, dist, true)
					if err != nil {
						t.Fatal(err)
					}
					sameFrame(t, want, got)
					// Scores alone take a cheaper path; same bits.
					got2, err := s.Score(8, ref, dist, false)
					if err != nil {
						t.Fatal(err)
					}
					sameF64(t, "cambi without maps", want.CAMBI, got2.CAMBI)
					sameF64(t, "full reference without maps", want.FullReference, got2.FullReference)
					// And with the host pooling fallback forced.
					if gs, ok := s.(*cambiScorer); ok {
						gs.hostPool = true
						got3, err := s.Score(9, ref, dist, false)
						gs.hostPool = false
						if err != nil {
							t.Fatal(err)
						}
						sameF64(t, "cambi pooled on the host", want.CAMBI, got3.CAMBI)
						sameF64(t, "full reference pooled on the host", want.FullReference, got3.FullReference)
					}
				})
			}
		})
	}
}
