//go:build cgo && !js

package gpu

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/bandscope/bandscope/engine/yuv"
	"github.com/bandscope/bandscope/kernels/motion"
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
						for rep := 0; rep < 2; rep++ { // the second run reuses every buffer
							got, err := m.SAD(prev, cur)
							if err != nil {
								t.Fatal(err)
							}
							if got != want {
								t.Fatalf("run %d: SAD %d, want %d", rep, got, want)
							}
							prev, cur = cur, prev
							want = motion.SAD(prev, cur, depth, nil, nil)
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
		if _, err := m.SAD(a, small); err == nil {
			t.Error("a plane of the wrong size was scored")
		}
		m.Close()
		if _, err := m.SAD(a, b); err == nil {
			t.Error("scored after Close")
		}
	}
}
