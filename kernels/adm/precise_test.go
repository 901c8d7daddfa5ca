package adm

import (
	"math"
	"math/big"
	"math/rand/v2"
	"testing"
)

// TestPreciseTaps: the Q24 taps are float ADM's literals rounded, and the
// high-pass taps sum to exactly 0 (so centring the samples cannot leak
// into the detail bands).
func TestPreciseTaps(t *testing.T) {
	var sum int64
	for k := range preciseLo {
		if want := int64(math.Round(math.Ldexp(floatLo[k], preciseTapQ))); preciseLo[k] != want {
			t.Errorf("preciseLo[%d] = %d, want %d", k, preciseLo[k], want)
		}
		if want := int64(math.Round(math.Ldexp(floatHi[k], preciseTapQ))); preciseHi[k] != want {
			t.Errorf("preciseHi[%d] = %d, want %d", k, preciseHi[k], want)
		}
		sum += preciseHi[k]
	}
	if sum != 0 {
		t.Errorf("high-pass taps sum to %d", sum)
	}
}

// TestPreciseDWT holds Barten's DWT to a float64 DWT with float ADM's taps
// on every level: each band within its own rounding (half a unit of its
// format) plus what the Q24 taps and the Q18 approximation carry, on
// full-range noise and 0/max checkerboards (the largest coefficients: no
// int32 overflow, no int16 saturation) at 8 to 16 bits and odd sizes.
func TestPreciseDWT(t *testing.T) {
	var worst, worstA [NumScales]float64
	for _, bd := range []int{8, 10, 12, 16} {
		for _, sz := range [][2]int{{33, 33}, {71, 37}, {216, 121}} {
			for _, pat := range []string{"noise", "extreme", "ramp"} {
				w, h := sz[0], sz[1]
				ref, _ := extraPair(pat, w, h, bd)
				p := ref.Luma()
				cfg, err := NewConfig(nil, w, h, bd)
				if err != nil {
					t.Fatal(err)
				}
				cfg.Precise = true
				got := intLevels(cfg, p)
				src := make([]float64, w*h)
				for i := range src {
					src[i] = math.Ldexp(float64(p.Pix[i]), 8-bd) - 128
				}
				fw, fh := w, h
				for s := 0; s < NumScales; s++ {
					fb := floatDWT(src, fw, fh)
					u := math.Ldexp(1, -int(preciseBandQ[s]))
					// Half a unit of the band's format, plus what the Q24
					// taps and the carried Q18 approximation add: the
					// taps' rounding is relative (the low-pass taps sum
					// to sqrt(2)(1 - 1.7e-8)), so 2^-22 of the level's
					// flat-field magnitude 128 * 2^(s+1), plus 2^-16.
					slack := math.Ldexp(1, -16) + math.Ldexp(128, s+1-22)
					tol := u/2 + slack
					for b := 0; b < NumBands; b++ {
						for i, v := range fb.b[b] {
							e := math.Abs(float64(got[s].B[b][i])*u - v)
							worst[s] = max(worst[s], e-u/2)
							if e > tol {
								t.Fatalf("%s %dx%d %d-bit scale %d band %s [%d]: %v, float %v (off %.3g > %.3g)",
									pat, w, h, bd, s, BandNames[b], i, float64(got[s].B[b][i])*u, v, e, tol)
							}
						}
					}
					for i, v := range fb.a {
						e := math.Abs(math.Ldexp(float64(got[s].A[i]), -preciseQ) - v)
						worstA[s] = max(worstA[s], e)
						if e > slack {
							t.Fatalf("%s %dx%d %d-bit scale %d approximation [%d] off by %.3g", pat, w, h, bd, s, i, e)
						}
					}
					src, fw, fh = fb.a, fb.w, fb.h
				}
			}
		}
	}
	for s := range worst {
		t.Logf("scale %d: bands off by half a unit + %.3g (2^%.1f), approximation by %.3g", s, worst[s], math.Log2(worst[s]), worstA[s])
	}
}

// TestRestoreExact checks Barten's restored coefficient against k*o with
// k = t/o clipped to [0, 1] in exact arithmetic, then the gain limit.
func TestRestoreExact(t *testing.T) {
	vals := []int64{0, 1, -1, 2, -2, 7, -7, 100, -100, 32767, -32768, 1 << 30, -(1 << 30), math.MaxInt32, math.MinInt32}
	for _, o := range vals {
		for _, tv := range vals {
			for _, flag := range []bool{false, true} {
				got := restoreExact(o, tv, flag, 100)
				var want int64
				if o != 0 && (tv > 0) == (o > 0) && tv != 0 {
					want = tv
					if abs64(tv) > abs64(o) {
						want = o
					}
				}
				if flag && want != 0 {
					// min(rst*100, t) for positive, max for negative.
					x := float64(want) * 100
					if (want > 0 && x < float64(tv)) || (want < 0 && x > float64(tv)) {
						want = int64(x)
					} else {
						want = tv
					}
				}
				if got != want {
					t.Errorf("restoreExact(%d, %d, %v) = %d, want %d", o, tv, flag, got, want)
				}
				if r := got; (r != 0 && (r > 0) != (tv > 0)) || abs64(r) > abs64(tv) {
					t.Errorf("restoreExact(%d, %d, %v) = %d is not between 0 and t", o, tv, flag, got)
				}
			}
		}
	}
}

func abs64(v int64) int64 {
	if v < 0 {
		return -v
	}
	return v
}

// TestPreciseBounds proves the magnitudes precise.go's truncations rely
// on: from centred samples of at most 128 (8-bit units), each pass's
// result is bounded by the taps' absolute sum times its input's bound,
// plus half a unit of rounding; every vertical result, approximation and
// band must fit its type.
func TestPreciseBounds(t *testing.T) {
	var gain float64
	for k := range preciseLo {
		gain += math.Abs(math.Ldexp(float64(preciseLo[k]), -preciseTapQ))
	}
	unit := math.Ldexp(1, -preciseQ)
	in := 128.0 // the approximation bound (8-bit units) entering a level
	for s := 0; s < NumScales; s++ {
		vert := gain*in + unit/2
		if q := math.Ldexp(vert, preciseQ); q >= math.MaxInt32 {
			t.Errorf("scale %d: vertical results reach %.4g in Q18, over int32", s, q)
		}
		out := gain*vert + unit/2
		limit := float64(math.MaxInt32)
		if s == 0 {
			limit = math.MaxInt16
		}
		if q := math.Ldexp(out, int(preciseBandQ[s])) + 0.5; q >= limit {
			t.Errorf("scale %d: bands reach %.4g in Q%d, over %g", s, q, preciseBandQ[s], limit)
		}
		if q := math.Ldexp(out, preciseQ) + 0.5; q >= math.MaxInt32 {
			t.Errorf("scale %d: the approximation reaches %.4g in Q18, over int32", s, q)
		}
		t.Logf("scale %d: bands under %.4g (8-bit units), %.3g%% of their type", s, out, 100*math.Ldexp(out, int(preciseBandQ[s]))/limit)
		in = out
	}
}

// TestCubeSumExact checks the 128-bit cube sums against math/big, and
// their rounding to a double against big.Float's nearest-even.
func TestCubeSumExact(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := 0; trial < 200; trial++ {
		s := make([]int32, 1+rng.IntN(3000))
		for i := range s {
			switch rng.IntN(6) {
			case 0:
				s[i] = math.MinInt32
			case 1:
				s[i] = math.MaxInt32
			default:
				s[i] = int32(rng.Uint32()) >> rng.IntN(32)
			}
		}
		if trial < 20 {
			s = s[:1+trial%3] // sums of one to three terms: exact halfway cases are rare otherwise
		}
		got := cubeSum(s)
		want := new(big.Int)
		for _, v := range s {
			u := big.NewInt(int64(v))
			u.Abs(u)
			want.Add(want, new(big.Int).Mul(u, new(big.Int).Mul(u, u)))
		}
		g := new(big.Int).Lsh(new(big.Int).SetUint64(got.hi), 64)
		g.Add(g, new(big.Int).SetUint64(got.lo))
		if g.Cmp(want) != 0 {
			t.Fatalf("cubeSum: %v, want %v", g, want)
		}
		if f, _ := new(big.Float).SetInt(want).Float64(); got.float64() != f {
			t.Fatalf("float64(%v) = %v, want %v", want, got.float64(), f)
		}
	}
	// Rounding at the 53-bit boundary with and without sticky bits.
	for _, c := range []u128{{1, 0}, {1 << 20, 1 << 11}, {1 << 20, 1 << 31}, {1 << 20, 1<<31 + 1}, {1<<20 | 1, 1 << 31}, {1 << 20, 3 << 31}, {1<<63 | 1, 1 << 63}, {0, math.MaxUint64}, {math.MaxUint64, math.MaxUint64}} {
		b := new(big.Int).Lsh(new(big.Int).SetUint64(c.hi), 64)
		b.Add(b, new(big.Int).SetUint64(c.lo))
		if f, _ := new(big.Float).SetInt(b).Float64(); c.float64() != f {
			t.Errorf("float64(%v) = %v, want %v", b, c.float64(), f)
		}
	}
}

// twinPreciseV0 checks Barten's scale-0 vertical pass at every bit depth
// (the 64-bit sums cannot overflow, so any input is fair).
func twinPreciseV0(t *testing.T, k *kernels, rng *rand.Rand, w, off int, name, part string) {
	for _, bd := range []int{8, 10, 12, 16} {
		var rows [4][]uint16
		for r := range rows {
			rows[r] = make([]uint16, w+off)[off:]
			for i := range rows[r] {
				rows[r][i] = uint16(rng.IntN(1 << bd))
			}
		}
		lo1, hi1 := make([]int32, w+off)[off:], make([]int32, w+off)[off:]
		lo2, hi2 := make([]int32, w+off)[off:], make([]int32, w+off)[off:]
		preciseV0Go(lo1, hi1, rows[0], rows[1], rows[2], rows[3], bd)
		k.preciseV0(lo2, hi2, rows[0], rows[1], rows[2], rows[3], bd)
		for i := range lo1 {
			if lo1[i] != lo2[i] || hi1[i] != hi2[i] {
				t.Fatalf("%s preciseV0 %d-bit [%d]: %d %d, want %d %d", name, bd, i, lo2[i], hi2[i], lo1[i], hi1[i])
			}
		}
	}
}

// twinPreciseV checks Barten's scales 1-3 vertical pass and narrow16 on
// the same full-range rows.
func twinPreciseV(t *testing.T, k *kernels, rng *rand.Rand, w, off int, name, part string) {
	var rows [4][]int32
	for r := range rows {
		rows[r] = make([]int32, w+off)[off:]
		for i := range rows[r] {
			rows[r][i] = int32(rng.Uint32())
		}
	}
	lo1, hi1 := make([]int32, w+off)[off:], make([]int32, w+off)[off:]
	lo2, hi2 := make([]int32, w+off)[off:], make([]int32, w+off)[off:]
	preciseVGo(lo1, hi1, rows[0], rows[1], rows[2], rows[3])
	k.preciseV(lo2, hi2, rows[0], rows[1], rows[2], rows[3])
	for i := range lo1 {
		if part == "preciseV" && (lo1[i] != lo2[i] || hi1[i] != hi2[i]) {
			t.Fatalf("%s preciseV [%d]: %d %d, want %d %d", name, i, lo2[i], hi2[i], lo1[i], hi1[i])
		}
	}
	n1 := make([]int16, w+off)[off:]
	n2 := make([]int16, w+off)[off:]
	narrow16Go(n1, rows[0])
	k.narrow16(n2, rows[0])
	for i := range n1 {
		if part == "narrow16" && n1[i] != n2[i] {
			t.Fatalf("%s narrow16 [%d]: %d, want %d (from %d)", name, i, n2[i], n1[i], rows[0][i])
		}
	}
}

// twinDecoupleExact0 checks Barten's scale-0 decouple on full-range int16
// bands, flags at random, integral and other gain limits.
func twinDecoupleExact0(t *testing.T, k *kernels, rng *rand.Rand, w, off int, name, part string) {
	// decoupleExact0 on full-range int16 bands, flags at random,
	// integral and other gain limits.
	o16, t16 := make([]int16, w+off)[off:], make([]int16, w+off)[off:]
	flag := make([]int32, w+off)[off:]
	for i := range o16 {
		o16[i], t16[i] = int16(rng.Uint32()), int16(rng.Uint32())
		if rng.IntN(4) == 0 {
			t16[i] = o16[i]/int16(1+rng.IntN(3)) - int16(rng.IntN(3))
		}
		if rng.IntN(6) == 0 {
			o16[i] = []int16{0, math.MinInt16, math.MaxInt16}[rng.IntN(3)]
		}
		flag[i] = -int32(rng.IntN(2))
	}
	for _, egl := range []float64{100, 1, 0, 37, 65535, 1.5} {
		r1, a1 := make([]int16, w), make([]int16, w)
		r2, a2 := make([]int16, w), make([]int16, w)
		decoupleExactGo[int16](r1, a1, o16, t16, flag, egl)
		k.decoupleExact0(r2, a2, o16, t16, flag, egl)
		for i := range r1 {
			if r1[i] != r2[i] || a1[i] != a2[i] {
				t.Fatalf("%s decoupleExact0 egl %g [%d] (o %d t %d flag %d): %d %d, want %d %d", name, egl, i, o16[i], t16[i], flag[i], r2[i], a2[i], r1[i], a1[i])
			}
		}
	}
}

// twinPreciseH checks Barten's horizontal pass with every rounding shift
// the scorer uses and the ends of 1..63.
func twinPreciseH(t *testing.T, k *kernels, rng *rand.Rand, w, off int, name, part string) {
	// preciseH over outputs [1, w+1): src holds 2w+3 values.
	src := make([]int32, 2*w+3+off)[off:]
	for i := range src {
		src[i] = int32(rng.Uint32())
		if rng.IntN(8) == 0 {
			src[i] = []int32{math.MinInt32, math.MaxInt32, 0, -1}[rng.IntN(4)]
		}
	}
	for _, sh := range [][2]uint{{24, 36}, {36, 36}, {24, 21}, {21, 21}, {24, 23}, {23, 23}, {24, 24}, {1, 32}, {33, 63}} {
		a1, b1 := make([]int32, w+1), make([]int32, w+1)
		a2, b2 := make([]int32, w+1), make([]int32, w+1)
		preciseHGoRow(a1, b1, src, 1, w+1, sh[0], sh[1])
		k.preciseH(a2, b2, src, 1, w+1, sh[0], sh[1])
		for i := range a1 {
			if a1[i] != a2[i] || b1[i] != b2[i] {
				t.Fatalf("%s preciseH shifts %v [%d]: %d %d, want %d %d", name, sh, i, a2[i], b2[i], a1[i], b1[i])
			}
		}
	}
}
