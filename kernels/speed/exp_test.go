//go:build cgo

package speed

import (
	"math"
	"testing"

	"github.com/bandscope/bandscope/kernels/internal/clib"
)

// TestGaussExpMatchesC proves gaussExp32 ((float)math.Exp) equal to
// (float)exp with glibc's exp on every argument SpEED's Gaussian taps can
// pass it. The kernel
// scale option lies in [0.1, 4], so the filters have odd sizes 3..37
// (scale 1: 9 taps times the scale; scale 4: 3 times it, at most 9), and
// the arguments are -0.5 i^2 / sigma^2 (evaluated as gaussianPDF does) for
// |i| <= size/2 with sigma = size/5 (float) or 2*size/5 (double, to float):
// this checks all of them, for both sigmas at every size.
func TestGaussExpMatchesC(t *testing.T) {
	if filterSize(1, 4.0) != 37 || filterSize(4, 4.0) != 9 || filterSize(1, 0.1) != 3 || filterSize(4, 0.1) != 3 {
		t.Fatalf("filter sizes at the kernel scale limits changed: %d %d %d %d",
			filterSize(1, 4.0), filterSize(4, 4.0), filterSize(1, 0.1), filterSize(4, 0.1))
	}
	n, dbl := 0, 0
	for size := 3; size <= 37; size += 2 {
		for _, stdev := range []float32{float32(size) / 5.0, float32(2.0 * float64(size) / 5.0)} {
			k := (size - 1) / 2
			for i := 0; i < size; i++ {
				d := float64(float32(i-k) - 0)
				s := float64(stdev)
				arg := float64(float64(float64(-0.5*d)/s)*d) / s
				got, want := gaussExp32(arg), float32(clib.Exp(arg))
				if math.Float32bits(got) != math.Float32bits(want) {
					t.Errorf("exp(%v) (size %d, sigma %v): Go %v, C %v", arg, size, stdev, got, want)
				}
				if math.Float64bits(math.Exp(arg)) != math.Float64bits(clib.Exp(arg)) {
					dbl++
				}
				n++
			}
		}
	}
	t.Logf("%d arguments; the doubles differ on %d, the floats on none", n, dbl)
}

// TestGaussianTaps pins the taps of the default filters (kernel scale 1):
// the 9-tap antialias filter (sigma 3.6) and the 3-tap local mean (sigma
// 0.6), as float bits vif_tools' formulas give them with glibc's exp in C.
func TestGaussianTaps(t *testing.T) {
	for _, tc := range []struct {
		taps []float32
		want []uint32
	}{
		{antialiasFilter(1), []uint32{0x3d9aedc6, 0x3dcaf6b8, 0x3df6259e, 0x3e0a2cd8, 0x3e0f9c33, 0x3e0a2cd8, 0x3df6259e, 0x3dcaf6b8, 0x3d9aedc6}},
		{gaussianFilter(NumScales, 1), []uint32{0x3e2a5f21, 0x3f2ad06f, 0x3e2a5f21}},
	} {
		var sum float32
		for _, v := range tc.taps {
			sum += v
		}
		if math.Abs(float64(sum)-1) > 1e-6 {
			t.Errorf("taps %v sum to %v", tc.taps, sum)
		}
		for i, w := range tc.want {
			if math.Float32bits(tc.taps[i]) != w {
				t.Errorf("tap %d = %#08x, want %#08x", i, math.Float32bits(tc.taps[i]), w)
			}
		}
	}
}
