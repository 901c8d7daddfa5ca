//go:build cgo

package libm

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/bandscope/bandscope/kernels/internal/clib"
)

// checkExp compares Exp with the C library's exp on every input, bit for bit
// (any NaN matches any NaN).
func checkExp(t *testing.T, x []float64) {
	t.Helper()
	want := make([]float64, len(x))
	clib.ExpBatch(x, want)
	bad := 0
	for i, v := range x {
		got := Exp(v)
		if math.Float64bits(got) != math.Float64bits(want[i]) && !(got != got && want[i] != want[i]) {
			if bad < 10 {
				t.Errorf("exp(%v (%#016x)) = %v (%#016x), C gives %v (%#016x)", v, math.Float64bits(v), got, math.Float64bits(got), want[i], math.Float64bits(want[i]))
			}
			bad++
		}
	}
	if bad > 0 {
		t.Errorf("%d of %d differ", bad, len(x))
	}
}

// TestExpRBF sweeps the arguments libsvm's RBF kernel passes libvmaf's
// models: -gamma*|x-sv|^2, from 0 down to a few hundred, densest near 0.
func TestExpRBF(t *testing.T) {
	n := sweepSize()
	rng := rand.New(rand.NewPCG(7, 8))
	x := make([]float64, n)
	for i := range x {
		switch i % 3 {
		case 0:
			x[i] = -rng.Float64() * 2
		case 1:
			x[i] = -rng.ExpFloat64() * 10
		case 2:
			x[i] = -math.Ldexp(rng.Float64(), -rng.IntN(60))
		}
	}
	checkExp(t, x)
}

// TestExpGeneral sweeps random bit patterns (every exponent, NaNs and
// infinities included), the whole finite range uniformly, the ranges where
// the result overflows or goes subnormal, and edge values.
func TestExpGeneral(t *testing.T) {
	n := sweepSize()
	rng := rand.New(rand.NewPCG(9, 10))
	x := make([]float64, n)
	for i := range x {
		switch i % 4 {
		case 0:
			x[i] = math.Float64frombits(rng.Uint64())
		case 1:
			x[i] = rng.Float64()*1500 - 750
		case 2:
			x[i] = -708 - rng.Float64()*38 // subnormal results and underflow
		case 3:
			x[i] = 700 + rng.Float64()*10 // large results and overflow
		}
	}
	copy(x, []float64{0, math.Copysign(0, -1), 1, -1, 0x1p-54, -0x1p-54, 0x1p-60, 512, -512, 1024, -1024,
		709.782712893384, 709.7827128933841, -745.1332191019411, -745.1332191019412, -708.3964185322641,
		math.Inf(1), math.Inf(-1), math.NaN(), math.MaxFloat64, -math.MaxFloat64, 0x1p-1074, -0x1p-1074})
	checkExp(t, x)
}

// TestExpRoundingTies checks inputs within a few ulps of a half-integer
// multiple of ln2/128, where x*128/ln2 rounds to a different integer fused
// and unfused: they tell glibc's FMA build (which fuses) from a plain one.
func TestExpRoundingTies(t *testing.T) {
	n := sweepSize() / 4
	rng := rand.New(rand.NewPCG(11, 12))
	x := make([]float64, n)
	for i := range x {
		k := float64(rng.IntN(1400*128) - 700*128)
		v := (k + 0.5) / expInvLn2N
		x[i] = math.Float64frombits(math.Float64bits(v) + uint64(rng.IntN(64)) - 32)
	}
	checkExp(t, x)
}
