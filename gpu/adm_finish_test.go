package gpu

import (
	"math"
	"math/big"
	"testing"
)

// TestADMDenExact reassembles word sums as large as 2^28 coefficients can
// make them, carries included, and checks them against math/big.
func TestADMDenExact(t *testing.T) {
	const most = uint64(math.MaxUint32) << 28
	for _, c := range [][3]uint64{{0, 0, 0}, {1, 2, 3}, {most, most, most}, {math.MaxUint64, math.MaxUint64, 1}, {1 << 63, 1 << 63, 0}, {123456789, most - 1, 7}} {
		got := denExact(c[0], c[1], c[2])
		want := new(big.Int).SetUint64(c[2])
		want.Lsh(want, 32).Add(want, new(big.Int).SetUint64(c[1]))
		want.Lsh(want, 32).Add(want, new(big.Int).SetUint64(c[0]))
		g := new(big.Int).Lsh(new(big.Int).SetUint64(got[0]), 64)
		g.Add(g, new(big.Int).SetUint64(got[1]))
		if g.Cmp(want) != 0 {
			t.Errorf("denExact(%d, %d, %d) = %v, want %v", c[0], c[1], c[2], g, want)
		}
	}
}
