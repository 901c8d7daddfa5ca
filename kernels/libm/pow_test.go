//go:build cgo

package libm

import (
	"math"
	"math/rand/v2"
	"os"
	"testing"

	"github.com/bandscope/bandscope/kernels/internal/clib"
)

// sweepSize is the number of random inputs per sweep; -short cuts it.
func sweepSize() int {
	if testing.Short() {
		return 1 << 18
	}
	return 1 << 22
}

// TestPowfThird compares powf(x, 1/3) with the C library for x spread over
// every exponent (the way libvmaf calls it), plus edge values.
func TestPowfThird(t *testing.T) {
	n := sweepSize()
	rng := rand.New(rand.NewPCG(1, 2))
	x := make([]float32, n)
	for i := range x {
		x[i] = math.Float32frombits(rng.Uint32() & 0x7fffffff)
	}
	copy(x, []float32{0, 1, 8, 27, 0x1p-149, 0x1p-126, math.MaxFloat32, float32(math.Inf(1)), 1e-10, 3.0})
	want := make([]float32, n)
	clib.PowfThird(x, want)
	third := float32(1.0) / 3
	bad := 0
	for i, v := range x {
		got := Powf(v, third)
		if math.Float32bits(got) != math.Float32bits(want[i]) && !(got != got && want[i] != want[i]) {
			if bad < 10 {
				t.Errorf("powf(%g (0x%08x), 1/3) = %g (0x%08x), C gives %g (0x%08x)", v, math.Float32bits(v), got, math.Float32bits(got), want[i], math.Float32bits(want[i]))
			}
			bad++
		}
	}
	if bad > 0 {
		t.Errorf("%d of %d differ", bad, n)
	}
}

func TestPowfGeneral(t *testing.T) {
	n := sweepSize() / 4
	rng := rand.New(rand.NewPCG(3, 4))
	x := make([]float32, n)
	y := make([]float32, n)
	for i := range x {
		x[i] = math.Float32frombits(rng.Uint32())
		// Exponents of moderate size, so that results are mostly finite.
		y[i] = float32(rng.NormFloat64() * 8)
		if i%4 == 0 {
			y[i] = float32(rng.IntN(21) - 10)
		}
	}
	want := make([]float32, n)
	clib.Powf(x, y, want)
	bad := 0
	for i := range x {
		got := Powf(x[i], y[i])
		if math.Float32bits(got) != math.Float32bits(want[i]) && !(got != got && want[i] != want[i]) {
			if bad < 10 {
				t.Errorf("powf(%g, %g) = %g, C gives %g", x[i], y[i], got, want[i])
			}
			bad++
		}
	}
	if bad > 0 {
		t.Errorf("%d of %d differ", bad, n)
	}
}

// TestPowCube compares pow(f, 3) for float-valued f (the CSF weights cubed)
// and pow(x, y) over general inputs.
func TestPow(t *testing.T) {
	n := sweepSize()
	rng := rand.New(rand.NewPCG(5, 6))
	x := make([]float64, n)
	y := make([]float64, n)
	for i := range x {
		switch i % 4 {
		case 0, 1:
			x[i] = float64(math.Float32frombits(rng.Uint32() & 0x7fffffff))
			y[i] = 3
		case 2:
			x[i] = math.Float64frombits(rng.Uint64())
			y[i] = rng.NormFloat64() * 20
		case 3:
			x[i] = 10
			y[i] = rng.Float64()*20 - 10
		}
	}
	want := make([]float64, n)
	clib.Pow(x, y, want)
	bad := 0
	for i := range x {
		got := Pow(x[i], y[i])
		if math.Float64bits(got) != math.Float64bits(want[i]) && !(got != got && want[i] != want[i]) {
			if bad < 10 {
				t.Errorf("pow(%v, %v) = %v, C gives %v", x[i], y[i], got, want[i])
			}
			bad++
		}
	}
	if bad > 0 {
		t.Errorf("%d of %d differ", bad, n)
	}
}

// TestPowfThirdExhaustive checks every non-negative float32; it takes about
// a minute, so it runs only with BANDSCOPE_EXHAUSTIVE=1.
func TestPowfThirdExhaustive(t *testing.T) {
	if os.Getenv("BANDSCOPE_EXHAUSTIVE") == "" {
		t.Skip("set BANDSCOPE_EXHAUSTIVE=1 to check all 2^31 inputs")
	}
	const chunk = 1 << 20
	x := make([]float32, chunk)
	want := make([]float32, chunk)
	third := float32(1.0) / 3
	bad := 0
	for base := uint64(0); base < 1<<31; base += chunk {
		for i := range x {
			x[i] = math.Float32frombits(uint32(base) + uint32(i))
		}
		clib.PowfThird(x, want)
		for i, v := range x {
			got := Powf(v, third)
			if math.Float32bits(got) != math.Float32bits(want[i]) && !(got != got && want[i] != want[i]) {
				if bad < 10 {
					t.Errorf("powf(0x%08x, 1/3) = 0x%08x, C gives 0x%08x", math.Float32bits(v), math.Float32bits(got), math.Float32bits(want[i]))
				}
				bad++
			}
		}
	}
	if bad > 0 {
		t.Errorf("%d differ", bad)
	}
}
