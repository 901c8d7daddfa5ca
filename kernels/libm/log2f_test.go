//go:build cgo

package libm

import (
	"math"
	"math/rand/v2"
	"os"
	"testing"

	"github.com/bandscope/bandscope/kernels/internal/clib"
)

func sameF32(a, b float32) bool {
	return math.Float32bits(a) == math.Float32bits(b) || (a != a && b != b)
}

// TestLog2f compares log2f with the C library on every integer up to 2^17
// (libvmaf's VIF table needs 32767..65535), random floats of every
// exponent, and edge values.
func TestLog2f(t *testing.T) {
	n := sweepSize()
	rng := rand.New(rand.NewPCG(7, 8))
	x := make([]float32, 0, n+1<<17)
	for i := 0; i < 1<<17; i++ {
		x = append(x, float32(i))
	}
	x = append(x, 1, 2, 0.5, 0x1p-149, 0x1p-126, 0x1.fffffep-127, math.MaxFloat32,
		float32(math.Inf(1)), float32(math.Inf(-1)), -1, -0x1p-149, float32(math.NaN()),
		math.Float32frombits(0x80000000), math.Float32frombits(0x7fc00001))
	for len(x) < cap(x) {
		x = append(x, math.Float32frombits(rng.Uint32()))
	}
	want := make([]float32, len(x))
	clib.Log2f(x, want)
	bad := 0
	for i, v := range x {
		if got := Log2f(v); !sameF32(got, want[i]) {
			if bad < 10 {
				t.Errorf("log2f(%g (0x%08x)) = %g (0x%08x), C gives %g (0x%08x)", v, math.Float32bits(v), got, math.Float32bits(got), want[i], math.Float32bits(want[i]))
			}
			bad++
		}
	}
	if bad > 0 {
		t.Errorf("%d of %d differ", bad, len(x))
	}
}

// TestVIFLog2Table rebuilds libvmaf's VIF table, round(log2f(i)*2048) for
// i in [32767, 65536), in Go and in C.
func TestVIFLog2Table(t *testing.T) {
	want := clib.VIFLog2Table(32767, 65536)
	for i := 32767; i < 65536; i++ {
		got := uint16(math.Round(float64(Log2f(float32(i)) * 2048)))
		if got != want[i-32767] {
			t.Fatalf("table[%d] = %d, C gives %d", i, got, want[i-32767])
		}
	}
}

// TestLog2fExhaustive checks every non-negative float32 (about a minute);
// only with BANDSCOPE_EXHAUSTIVE=1.
func TestLog2fExhaustive(t *testing.T) {
	if os.Getenv("BANDSCOPE_EXHAUSTIVE") == "" {
		t.Skip("set BANDSCOPE_EXHAUSTIVE=1 to check all 2^31 inputs")
	}
	const chunk = 1 << 20
	x := make([]float32, chunk)
	want := make([]float32, chunk)
	bad := 0
	for base := uint64(0); base < 1<<31; base += chunk {
		for i := range x {
			x[i] = math.Float32frombits(uint32(base) + uint32(i))
		}
		clib.Log2f(x, want)
		for i, v := range x {
			if got := Log2f(v); !sameF32(got, want[i]) {
				if bad < 10 {
					t.Errorf("log2f(0x%08x) = 0x%08x, C gives 0x%08x", math.Float32bits(v), math.Float32bits(got), math.Float32bits(want[i]))
				}
				bad++
			}
		}
	}
	if bad > 0 {
		t.Errorf("%d of 2^31 differ", bad)
	}
}
