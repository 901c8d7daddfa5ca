package adm

import (
	"math"
	"math/rand/v2"
	"testing"
)

// checkInt64ToFloat32 holds an assembly conversion, dst[i] =
// float64(float32(src[i]))/4096 over n values (n a multiple of 4), to
// Go's conversion: full-range values, every power of two and its
// neighbours, and the ties and near-ties above 2^53 where rounding twice
// to nearest would go wrong.
func checkInt64ToFloat32(t *testing.T, conv func(dst *float64, src *int64, n int)) {
	rng := rand.New(rand.NewPCG(3, 4))
	var xs []int64
	xs = append(xs, 0, 1, -1, math.MinInt64, math.MaxInt64, math.MinInt64+1)
	for e := 0; e < 63; e++ {
		p := int64(1) << e
		xs = append(xs, p, p-1, p+1, -p, -p+1, -p-1)
		if e >= 24 {
			// Ties and their neighbours at this binade's float32 spacing.
			half := int64(1) << (e - 24)
			for _, m := range []int64{0, 1, 2, 3, 4, 0x7FFFFE, 0x7FFFFF} {
				base := p + m*2*half
				for _, d := range []int64{-1, 0, 1} {
					xs = append(xs, base+half+d, -(base + half + d))
				}
			}
		}
	}
	for i := 0; i < 100000; i++ {
		v := int64(rng.Uint64())
		xs = append(xs, v, v>>uint(rng.IntN(63)))
	}
	for len(xs)%4 != 0 {
		xs = append(xs, 0)
	}
	got := make([]float64, len(xs))
	conv(&got[0], &xs[0], len(xs))
	for i, x := range xs {
		want := float64(float32(x)) / 4096
		if math.Float64bits(got[i]) != math.Float64bits(want) {
			t.Fatalf("%d: %g, want %g", x, got[i], want)
		}
	}
}
