//go:build cgo && !js

package gpu

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/bandscope/bandscope/kernels/feature"
	"github.com/bandscope/bandscope/kernels/motion"
	"github.com/bandscope/bandscope/kernels/yuv"
)

// motionPlanes draws two lumas of w x h at depth (rows 3 samples wider,
// the padding out of range): "noise", uniform noise with the second a
// shifted, perturbed copy; "swing", full-scale opposite checkerboards, the
// largest sums the 64-bit pairs must carry.
func motionPlanes(kind string, w, h, depth int, seed uint64) (prev, cur yuv.Plane) {
	r := rand.New(rand.NewPCG(seed, uint64(w*h*depth)))
	maxv := 1<<depth - 1
	stride := w + 3
	a, b := make([]uint16, stride*h), make([]uint16, stride*h)
	for y := 0; y < h; y++ {
		for x := 0; x < stride; x++ {
			i := y*stride + x
			if x >= w {
				a[i], b[i] = 0xffff, 0xffff
				continue
			}
			switch kind {
			case "swing":
				c := (x/3+y/2)%2 == 0
				a[i] = uint16(maxv * btoi(c))
				b[i] = uint16(maxv * btoi(!c))
			default:
				a[i] = uint16(r.IntN(maxv + 1))
			}
		}
	}
	if kind != "swing" {
		for y := 0; y < h; y++ {
			for x := 0; x < w; x++ {
				v := int(a[y*stride+max(x-1, 0)]) + r.IntN(maxv/8+1) - maxv/16
				b[y*stride+x] = uint16(min(max(v, 0), maxv))
			}
		}
	}
	return yuv.Plane{Width: w, Height: h, Stride: stride, Pix: a}, yuv.Plane{Width: w, Height: h, Stride: stride, Pix: b}
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// TestMotionSADParity: the device SAD equals kernels/motion SAD at odd
// and tiny sizes, 8 to 16 bits, on noise and on full-scale swings.
func TestMotionSADParity(t *testing.T) {
	devs := openAll(t)
	sizes := [][2]int{{3, 3}, {5, 4}, {33, 35}, {177, 97}, {257, 3}, {641, 359}}
	if isLarge() {
		sizes = append(sizes, [2]int{1921, 1079}, [2]int{3840, 2160})
	}
	for _, sz := range sizes {
		for _, depth := range []int{8, 10, 12, 16} {
			for _, kind := range []string{"noise", "swing"} {
				w, h := sz[0], sz[1]
				prev, cur := motionPlanes(kind, w, h, depth, 5)
				want := motion.SAD(prev, cur, depth, nil, nil)
				if want == 0 {
					t.Fatalf("%dx%d %d-bit %s: CPU SAD 0: the content does not move", w, h, depth, kind)
				}
				cfg, err := motion.NewConfig(motion.NewOptions(), w, h, depth)
				if err != nil {
					t.Fatal(err)
				}
				for _, d := range devs {
					t.Run(fmt.Sprintf("%dx%d %d-bit %s/%s", w, h, depth, kind, d.Info().Name), func(t *testing.T) {
						m, err := NewMotionSAD(d, cfg)
						if err != nil {
							t.Fatal(err)
						}
						defer m.Close()
						for rep := 0; rep < 3; rep++ { // later runs reuse every buffer
							var gotMap []int32
							wantMap := make([]int32, w*h)
							want = motion.SAD(prev, cur, depth, wantMap, nil)
							if rep == 1 {
								gotMap = make([]int32, w*h)
							}
							got, err := m.SAD(prev, cur, gotMap)
							if err != nil {
								t.Fatal(err)
							}
							if got != want {
								t.Fatalf("run %d: SAD %d, want %d", rep, got, want)
							}
							if gotMap != nil {
								if d := diff("map", wantMap, gotMap, w); d != "" {
									t.Fatalf("run %d: %s", rep, d)
								}
							}
							prev, cur = cur, prev
						}
					})
				}
			}
		}
	}
}

func TestMotionSADErrors(t *testing.T) {
	for _, d := range openAll(t) {
		cfg, err := motion.NewConfig(motion.NewOptions(), 33, 35, 10)
		if err != nil {
			t.Fatal(err)
		}
		m, err := NewMotionSAD(d, cfg)
		if err != nil {
			t.Fatal(err)
		}
		a, b := motionPlanes("noise", 33, 35, 10, 1)
		small, _ := motionPlanes("noise", 32, 35, 10, 1)
		if _, err := m.SAD(a, small, nil); err == nil {
			t.Error("a plane of the wrong size was scored")
		}
		if _, err := m.SAD(a, b, make([]int32, 10)); err == nil {
			t.Error("a short map was filled")
		}
		m.Close()
		if _, err := m.SAD(a, b, nil); err == nil {
			t.Error("scored after Close")
		}
	}
}

// motionClip draws frames of w x h at depth, each (but the first)
// clearly different from the one before: noise drifting right by one
// column a frame, a disc moving down, and a perturbation; rows are 5
// samples wider than the picture, the padding out of range.
func motionClip(w, h, depth, frames int, seed uint64) []yuv.Plane {
	r := rand.New(rand.NewPCG(seed, uint64(w*h*depth)))
	maxv := 1<<depth - 1
	base := make([]int, (w+frames)*h)
	for i := range base {
		base[i] = r.IntN(maxv + 1)
	}
	stride := w + 5
	var out []yuv.Plane
	for t := 0; t < frames; t++ {
		pix := make([]uint16, stride*h)
		for y := 0; y < h; y++ {
			for x := 0; x < stride; x++ {
				if x >= w {
					pix[y*stride+x] = 0xffff
					continue
				}
				v := base[y*(w+frames)+x+frames-t] + r.IntN(maxv/16+1) - maxv/32
				if dx, dy := x-w/2, y-(h/4+t*h/(2*frames)); dx*dx+dy*dy < h*h/16 {
					v = maxv - v/4
				}
				pix[y*stride+x] = uint16(min(max(v, 0), maxv))
			}
		}
		out = append(out, yuv.Plane{Width: w, Height: h, Stride: stride, Pix: pix})
	}
	return out
}

// motionOpts applies "key=value" options to motion's defaults.
func motionOpts(t testing.TB, kvs ...string) *feature.Values {
	o := motion.NewOptions()
	for _, kv := range kvs {
		k, v, _ := strings.Cut(kv, "=")
		if err := o.Set(k, v); err != nil {
			t.Fatalf("option %s: %v", kv, err)
		}
	}
	return o
}

// TestMotionParity: the device Scorer (NewMotion) gives every field of
// every frame's result (SAD, motion2, motion3, the raw SAD, the compared
// picture, the map when kept) with the bits of the CPU scalar reference
// motion.New, at odd sizes, 8 to 16 bits, with libvmaf's default options
// and the HFR models' (five-frame window, moving average), on content
// that clearly moves; a sample out of range is refused as on the CPU and
// the frame pushed again.
func TestMotionParity(t *testing.T) {
	devs := openAll(t)
	const frames = 7
	sizes := [][2]int{{33, 17}, {97, 55}, {321, 181}}
	optSets := [][]string{nil, {"motion_five_frame_window=true", "motion_moving_average=true", "motion_fps_weight=0.5"}, {"motion_max_val=1"}}
	for _, sz := range sizes {
		for _, depth := range []int{8, 10, 12, 16} {
			w, h := sz[0], sz[1]
			clip := motionClip(w, h, depth, frames, 11)
			for oi, kvs := range optSets {
				cfg, err := motion.NewConfig(motionOpts(t, kvs...), w, h, depth)
				if err != nil {
					t.Fatal(err)
				}
				keep := func(n int) bool { return n%2 == 1 || n == frames-1 }
				want := scoreMotion(t, motion.New(cfg), clip, depth, keep, -1)
				for _, r := range want {
					if r.Frame >= cfg.MinIndex() && !(r.RawSAD > 0 && r.Motion2 > 0 && r.Motion3 > 0) {
						t.Fatalf("%dx%d %d-bit: CPU frame %d: SAD %d, motion2 %v: the content does not move", w, h, depth, r.Frame, r.RawSAD, r.Motion2)
					}
				}
				for _, d := range devs {
					t.Run(fmt.Sprintf("%dx%d %d-bit opts %d/%s", w, h, depth, oi, d.Info().Name), func(t *testing.T) {
						s, err := NewMotion(d, cfg)
						if err != nil {
							t.Fatal(err)
						}
						defer s.Close()
						bad := 3
						if depth == 16 {
							bad = -1 // no sample is out of range
						}
						got := scoreMotion(t, s, clip, depth, keep, bad)
						if len(got) != len(want) {
							t.Fatalf("%d results, want %d", len(got), len(want))
						}
						for i := range want {
							sameMotion(t, want[i], got[i])
						}
					})
				}
			}
		}
	}
}

// scoreMotion pushes the clip (keeping the maps of the frames keep
// names) and flushes. When bad >= 0, frame bad is first pushed with a
// sample above the bit depth, which must be refused with the CPU's
// error, then pushed as it is.
func scoreMotion(t *testing.T, s motion.Scorer, clip []yuv.Plane, depth int, keep func(int) bool, bad int) []*motion.FrameResult {
	t.Helper()
	var out []*motion.FrameResult
	for n, p := range clip {
		if n == bad {
			q := p
			q.Pix = append([]uint16(nil), p.Pix...)
			q.Pix[2*q.Stride+1] = uint16(1 << depth)
			_, err := s.Push(n, q, false)
			want := fmt.Sprintf("motion: frame %d: %v", n, motion.CheckSamples(q, depth))
			if err == nil || err.Error() != want {
				t.Fatalf("frame %d with a sample out of range: %v, want %s", n, err, want)
			}
		}
		rs, err := s.Push(n, p, keep(n))
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, rs...)
	}
	rs, err := s.Flush()
	if err != nil {
		t.Fatal(err)
	}
	return append(out, rs...)
}

func sameMotion(t *testing.T, want, got *motion.FrameResult) {
	t.Helper()
	f := func(name string, w, g float64) {
		if math.Float64bits(w) != math.Float64bits(g) {
			t.Errorf("frame %d %s = %.17g, want %.17g", want.Frame, name, g, w)
		}
	}
	if got.Frame != want.Frame || got.RawSAD != want.RawSAD || got.Compared != want.Compared || got.W != want.W || got.H != want.H {
		t.Errorf("frame %d: got frame %d raw SAD %d compared %d %dx%d, want frame %d raw SAD %d compared %d %dx%d",
			want.Frame, got.Frame, got.RawSAD, got.Compared, got.W, got.H, want.Frame, want.RawSAD, want.Compared, want.W, want.H)
	}
	f("SAD", want.SAD, got.SAD)
	f("motion2", want.Motion2, got.Motion2)
	f("motion3", want.Motion3, got.Motion3)
	if (want.Diff == nil) != (got.Diff == nil) {
		t.Errorf("frame %d: map kept %v, want %v", want.Frame, got.Diff != nil, want.Diff != nil)
	} else if d := diff("map", want.Diff, got.Diff, want.W); d != "" {
		t.Errorf("frame %d: %s", want.Frame, d)
	}
}
