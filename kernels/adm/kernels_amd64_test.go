//go:build !purego

package adm

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/bandscope/bandscope/kernels/cpu"
)

// q2pdAVX2 is angle123AVX2's int64-to-float32 conversion on its own
// (kernels_amd64.s). It is declared here, for the test alone: no package
// code calls it, so the linker leaves it out of every other binary.
//
//go:noescape
func q2pdAVX2(dst *float64, src *int64, n int)

// TestInt64ToFloat32AVX2 checks angle123AVX2's int64-to-float32 rounding
// (two exact halves, a round-to-odd float64 sum, then float32) against
// Go's conversion: full-range values, every power of two and its
// neighbours, and the ties and near-ties above 2^53 where rounding twice
// to nearest would go wrong.
func TestInt64ToFloat32AVX2(t *testing.T) {
	if !cpu.AVX2.Supported() {
		t.Skip("no AVX2 on this host")
	}
	checkInt64ToFloat32(t, q2pdAVX2)
}

// TestAngle123FastAVX2 holds angle123AVX2 to the Go twin where its three
// int64 terms straddle 2^51, the bound of its direct conversion: vectors
// of four lanes take that path or Q2PD, at random and at the boundary.
func TestAngle123FastAVX2(t *testing.T) {
	if !cpu.AVX2.Supported() {
		t.Skip("no AVX2 on this host")
	}
	rng := rand.New(rand.NewPCG(5, 6))
	// |x| in [2^23, 2^25 + 2^23): x*x + y*y up to 2^51.3, most vectors
	// under 2^51.
	v := func() int32 {
		m := int32(1<<23 + rng.IntN(1<<25))
		if rng.IntN(2) == 0 {
			return -m
		}
		return m
	}
	const n = 4096
	oh, ov, th, tv := make([]int32, n), make([]int32, n), make([]int32, n), make([]int32, n)
	for i := range oh {
		oh[i], ov[i], th[i], tv[i] = v(), v(), v(), v()
		switch i % 5 {
		case 1: // nearly parallel
			th[i], tv[i] = oh[i]+int32(rng.IntN(5)-2), ov[i]+int32(rng.IntN(5)-2)
		case 2: // om = 2^51 + (0, -2^26+1 or 2^26+1): 2^51 = 2 * (2^25)^2
			oh[i], ov[i] = 1<<25, 1<<25+int32(rng.IntN(3)-1)
			th[i], tv[i] = oh[i]/2, ov[i]/2
		}
	}
	cos1 := float32(math.Cos(math.Pi/180) * math.Cos(math.Pi/180))
	want, got := make([]int32, n), make([]int32, n)
	angle123Go(want, oh, ov, th, tv, cos1)
	avx2Angle123(got, oh, ov, th, tv, cos1)
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("[%d] (%d %d %d %d): %d, want %d", i, oh[i], ov[i], th[i], tv[i], got[i], want[i])
		}
	}
}
