//go:build cgo

package libm

import (
	"math"
	"math/rand/v2"
	"os"
	"testing"

	"github.com/bandscope/bandscope/kernels/internal/clib"
)

// checkLog2 compares Log2 with the C library on every input.
func checkLog2(t *testing.T, what string, x []float64) {
	t.Helper()
	want := make([]float64, len(x))
	clib.Log2(x, want)
	bad := 0
	for i, v := range x {
		got := Log2(v)
		if math.Float64bits(got) != math.Float64bits(want[i]) && !(got != got && want[i] != want[i]) {
			if bad < 10 {
				t.Errorf("%s: log2(%v = %#016x) = %v (%#016x), C gives %v (%#016x)", what, v, math.Float64bits(v), got, math.Float64bits(got), want[i], math.Float64bits(want[i]))
			}
			bad++
		}
	}
	if bad > 0 {
		t.Errorf("%s: %d of %d differ", what, bad, len(x))
	}
}

// TestLog2 sweeps random bit patterns (every exponent, subnormals, negative
// values, NaNs), the near-1 branch and its edges, and float-valued inputs
// (libvmaf's SpEED takes log2 of floats widened to double), against the C
// library.
func TestLog2(t *testing.T) {
	n := sweepSize()
	rng := rand.New(rand.NewPCG(7, 8))

	x := make([]float64, n)
	for i := range x {
		x[i] = math.Float64frombits(rng.Uint64())
	}
	copy(x, []float64{0, math.Copysign(0, -1), 1, 2, 0.5, -1, math.Inf(1), math.Inf(-1), math.NaN(),
		0x1p-1074, 0x1p-1022, math.MaxFloat64, 1 - 0x1.5b51p-5, 1 + 0x1.6ab2p-5,
		math.Nextafter(1-0x1.5b51p-5, 0), math.Nextafter(1+0x1.6ab2p-5, 2), 17.079468445347132})
	checkLog2(t, "bits", x)

	// Near 1, both sides of the branch limits.
	for i := range x {
		x[i] = 1 + (rng.Float64()*2-1)*0x1p-4
	}
	checkLog2(t, "near 1", x)

	// Moderate positive values, uniformly over exponents -30..30.
	for i := range x {
		x[i] = math.Ldexp(1+rng.Float64(), rng.IntN(61)-30)
	}
	checkLog2(t, "moderate", x)

	// Float inputs widened to double.
	for i := range x {
		x[i] = float64(math.Float32frombits(rng.Uint32() & 0x7fffffff))
	}
	checkLog2(t, "float", x)
}

// TestLog2AllFloats checks every non-negative float (2^31 inputs) when
// BANDSCOPE_EXHAUSTIVE=1: libvmaf's SpEED mostly takes log2 of floats.
func TestLog2AllFloats(t *testing.T) {
	if os.Getenv("BANDSCOPE_EXHAUSTIVE") == "" {
		t.Skip("set BANDSCOPE_EXHAUSTIVE=1 to check all 2^31 inputs")
	}
	const chunk = 1 << 22
	x := make([]float64, chunk)
	for base := uint64(0); base < 1<<31; base += chunk {
		for i := range x {
			x[i] = float64(math.Float32frombits(uint32(base) + uint32(i)))
		}
		checkLog2(t, "all floats", x)
		if t.Failed() {
			return
		}
	}
}
