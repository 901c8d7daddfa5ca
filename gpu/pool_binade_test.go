//go:build cgo && !js

package gpu

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/bandscope/bandscope/kernels/cambi"
)

// TestCAMBIPoolBinades: the device's top-k mean where every pooled value
// lies in the smallest binade a non-zero c-value takes, [0.5, 1) (shift 0
// in cambi_pool.wgsl's digit sum: the masked shift amount), or in the
// largest, [2^13, 2^14) (shift 14: the top digit), with zeros and ties.
func TestCAMBIPoolBinades(t *testing.T) {
	for name, g := range stageDevices(t) {
		t.Run(name, func(t *testing.T) {
			r := rand.New(rand.NewPCG(11, 13))
			for _, tc := range []struct {
				n      int
				zeros  int // in 8
				topk   float64
				binade float32
			}{
				{1, 0, 0.6, 0.5},
				{1000, 3, 0.5, 0.5},
				{100000, 2, 0.3, 0.5},
				{65536*2 + 17, 0, 1, 0.5},
				{1, 0, 0.6, 1 << 13},
				{1000, 3, 0.5, 1 << 13},
				{100000, 2, 0.3, 1 << 13},
				{65536*2 + 17, 0, 1, 1 << 13},
			} {
				c := make([]float32, tc.n)
				for i := range c {
					if r.IntN(8) >= tc.zeros {
						c[i] = math.Float32frombits(math.Float32bits(tc.binade) | uint32(r.IntN(1<<23)))
					}
				}
				for i := 0; i+3 < len(c); i += 5 {
					c[i+3] = c[i] // ties at the threshold
				}
				what := fmt.Sprintf("n=%d zeros=%d/8 topk=%g in [%g, %g)", tc.n, tc.zeros, tc.topk, tc.binade, 2*tc.binade)
				want := cambi.Pool(append([]float32(nil), c...), tc.topk)
				if !(want >= float64(tc.binade) && want < 2*float64(tc.binade)) {
					t.Fatalf("%s: CPU mean %v: the top-k values are not all in the binade", what, want)
				}
				got, exact, err := g.Pool(c, tc.topk)
				if err != nil {
					t.Fatal(err)
				}
				// Such sums have at most 24+log2(n) bits above the ulp: exact.
				if !exact {
					t.Errorf("%s: the device sum was refused as inexact", what)
				}
				if math.Float64bits(got) != math.Float64bits(want) {
					t.Errorf("%s: %.17g, want %.17g", what, got, want)
				}
			}
		})
	}
}
