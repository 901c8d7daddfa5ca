package cambi

import (
	"fmt"
	"math"
	"slices"
	"testing"

	"github.com/bandscope/bandscope/kernels/cpu"
)

// poolCase is an adversarial c-value array for the exact pooling.
type poolCase struct {
	name  string
	c     []float32
	topk  float64
	exact bool // whether the exact method must take it (not fall back)
}

func poolCases() []poolCase {
	z := uint64(0x9E3779B97F4A7C15)
	rnd := func() uint64 {
		z ^= z << 13
		z ^= z >> 7
		z ^= z << 17
		return z
	}
	// A c-value as the kernel makes it: w*p0*p/(p0+p) in float32.
	cval := func(maxp int) float32 {
		w := int(rnd()%8) + 1
		p0, p := int(rnd()%uint64(maxp))+1, int(rnd()%uint64(maxp))+1
		return float32(w*p0*p) * Reciprocal()[min(p+p0, ReciprocalSize-1)]
	}
	fill := func(n int, f func(i int) float32) []float32 {
		c := make([]float32, n)
		for i := range c {
			c[i] = f(i)
		}
		return c
	}
	const n = 100_003
	var cs []poolCase
	add := func(name string, c []float32, exact bool, topks ...float64) {
		for _, t := range topks {
			cs = append(cs, poolCase{fmt.Sprintf("%s/topk%g", name, t), c, t, exact})
		}
	}
	topks := []float64{0.6, 1e-9, 1, 0.5, 0.999, 0.0001}
	add("cvalues", fill(n, func(int) float32 { return cval(60) }), true, topks...)
	add("mostlyzero", fill(n, func(int) float32 {
		if rnd()%10 < 8 {
			return 0
		}
		return cval(60)
	}), true, topks...)
	add("allzero", make([]float32, n), true, topks...)
	add("onevalue", fill(n, func(int) float32 { return 0.5 }), true, topks...)
	add("twovalues", fill(n, func(i int) float32 { return float32(1 + i%2) }), true, topks...)
	add("tiesatthreshold", fill(n, func(i int) float32 {
		if i%7 == 0 {
			return float32(i)
		}
		return 3.75
	}), true, topks...)
	add("span", fill(n, func(int) float32 {
		return float32(math.Ldexp(1+float64(rnd()%(1<<23))/(1<<23), int(rnd()%16)-1))
	}), false, topks...)
	// Large values with full mantissas: the sum needs more than 53 bits above
	// the smallest ulp and the scale goes to Pool.
	add("toobig", fill(n, func(i int) float32 {
		if i == 0 {
			return 0.5000001
		}
		return 16000 + float32(rnd()%1000)/7
	}), false, 1, 0.6)
	add("sorted", fill(n, func(i int) float32 { return float32(i+64) / 64 }), true, topks...)
	add("reversed", fill(n, func(i int) float32 { return float32(n-i+64) / 64 }), true, topks...)
	add("fewnonzero", fill(n, func(i int) float32 {
		if i%9999 == 5 {
			return cval(60)
		}
		return 0
	}), true, topks...)
	add("negative", fill(n, func(i int) float32 {
		if i == n/2 {
			return -1
		}
		return cval(60)
	}), false, 0.6)
	add("nan", fill(n, func(i int) float32 {
		if i == 77 {
			return float32(math.NaN())
		}
		return cval(60)
	}), false, 0.6)
	add("inf", fill(n, func(i int) float32 {
		if i == 77 {
			return float32(math.Inf(1))
		}
		return cval(60)
	}), false, 0.6)
	add("subnormal", fill(n, func(i int) float32 {
		if i%3 == 0 {
			return math.Float32frombits(uint32(1 + i))
		}
		return 0
	}), true, 0.6, 0.1)
	// The first round's sample sees only one value, unlike the rest: the
	// bracket misses and the scan is redone on the side the rank lies.
	sampled := make(map[int]bool)
	for i := range poolSamples {
		sampled[i*n/poolSamples] = true
	}
	add("sampletrap-low", fill(n, func(i int) float32 {
		if sampled[i] {
			return 1
		}
		return 100 + float32(i%1000)/8
	}), true, 0.6, 0.99)
	add("sampletrap-high", fill(n, func(i int) float32 {
		if sampled[i] {
			return 1000
		}
		return 1 + float32(i%1000)/8
	}), true, 0.6, 0.001)
	for _, m := range []int{1, 7, 4096, 4097, 5000, 2*poolSplit + 3} {
		add(fmt.Sprintf("n%d", m), fill(m, func(int) float32 { return cval(2000) }), true, 0.6, 1)
	}
	return cs
}

// TestPoolExact compares the exact pooling with Pool bit for bit on
// adversarial arrays, in every kernel set and on one and several threads.
func TestPoolExact(t *testing.T) {
	sets := cpu.Supported()
	if raceEnabled {
		sets = []cpu.Set{cpu.Best()}
	}
	for _, pc := range poolCases() {
		want := Pool(clone(pc.c), pc.topk)
		for _, set := range sets {
			for _, threads := range []int{1, 3} {
				var pl pooler
				c := clone(pc.c)
				got := pl.pool(c, pc.topk, kernelsFor(set), threads, cpu.NewLimiter(threads-1), false, nil)
				if math.Float64bits(got) != math.Float64bits(want) {
					t.Errorf("%s %v t%d: %v (%#x), want %v (%#x)", pc.name, set, threads, got, math.Float64bits(got), want, math.Float64bits(want))
				}
				// Kept c-values come back as they went in, in every case.
				kept := clone(pc.c)
				var pk pooler
				if got := pk.pool(kept, pc.topk, kernelsFor(set), threads, cpu.NewLimiter(threads-1), true, nil); math.Float64bits(got) != math.Float64bits(want) {
					t.Errorf("%s %v t%d kept: %v, want %v", pc.name, set, threads, got, want)
				}
				if !slices.EqualFunc(kept, pc.c, func(a, b float32) bool { return math.Float32bits(a) == math.Float32bits(b) }) {
					t.Errorf("%s %v t%d: pooling reordered kept c-values", pc.name, set, threads)
				}
				if len(c) > poolSmall && pc.exact && pl.exact != 1 {
					t.Errorf("%s %v t%d: fell back to Pool", pc.name, set, threads)
				}
				if pc.name == "toobig/topk1" && pl.fallback != 1 {
					t.Errorf("%s: the exact sum does not fit, yet no fallback", pc.name)
				}
			}
		}
	}
}

// TestPoolScanTwins checks every kernel set's scan against the scalar one
// (the sums only where they are exact: small integers).
func TestPoolScanTwins(t *testing.T) {
	z := uint64(12345)
	for _, n := range []int{0, 1, 7, 8, 9, 37, 216, 1000} {
		c := make([]uint32, n)
		for i := range c {
			z = z*6364136223846793005 + 1442695040888963407
			switch z >> 62 {
			case 0:
				c[i] = 0
			case 1:
				c[i] = uint32(z >> 40) // large bits, negatives included
			default:
				c[i] = math.Float32bits(float32(z >> 58))
			}
		}
		for _, br := range [][2]uint32{{0, maxBits}, {0, 0}, {math.Float32bits(3), math.Float32bits(9)}, {1, 5}, {maxBits, maxBits}} {
			want := scanResult{minPosM1: math.MaxUint32}
			wc := make([]uint32, n+poolSlack)
			poolScanGo(c, wc, br[0], br[1], &want)
			for _, set := range cpu.Supported() {
				got := scanResult{minPosM1: math.MaxUint32, ncand: 3, above: 2}
				gc := make([]uint32, n+3+poolSlack)
				kernelsFor(set).poolScan(c, gc, br[0], br[1], &got)
				got.ncand -= 3
				got.above -= 2
				if want.above < n/2 && math.Float64bits(got.sum) != math.Float64bits(want.sum) && got.maxBits < 0x7f800000 {
					t.Errorf("n=%d %v %v: sum %v, want %v", n, br, set, got.sum, want.sum)
				}
				got.sum = want.sum
				if got != want {
					t.Errorf("n=%d %v %v: %+v, want %+v", n, br, set, got, want)
				}
				for i := range want.ncand {
					if gc[3+i] != wc[i] {
						t.Errorf("n=%d %v %v: cand[%d] %#x, want %#x", n, br, set, i, gc[3+i], wc[i])
					}
				}
			}
		}
	}
}

// TestNth checks the sample selection against a sort.
func TestNth(t *testing.T) {
	rnd := lcg(5)
	for _, n := range []int{1, 2, 3, 7, 100, 1024} {
		for _, spread := range []int{1, 3, 1000, 1 << 30} {
			a := make([]uint32, n)
			for i := range a {
				a[i] = uint32(rnd.next(spread))
			}
			sorted := slices.Clone(a)
			slices.Sort(sorted)
			for i := 0; i < n; i += max(n/17, 1) {
				if got := nth(slices.Clone(a), i); got != sorted[i] {
					t.Fatalf("n=%d spread=%d: nth %d = %d, want %d", n, spread, i, got, sorted[i])
				}
			}
		}
	}
}

// TestPoolTop: the largest c-value the pooling finds on its way (the
// first scan's) is the one a scan of the values finds, for scales pooled
// exactly, handed to Pool, and too small to scan, kept or not.
func TestPoolTop(t *testing.T) {
	seed := uint32(3)
	next := func() uint32 { seed = seed*1664525 + 1013904223; return seed >> 8 }
	k := cpu.Default()
	for _, n := range []int{1, 100, poolSmall, poolSmall + 1, 20011, poolSplit + 3} {
		for _, spread := range []uint32{1, 7, 1 << 20} {
			c := make([]float32, n)
			for i := range c {
				if next()%3 != 0 {
					c[i] = float32(next()%spread) / 64
				}
			}
			want := MaxCValue(c)
			for _, kept := range []bool{true, false} {
				var pl pooler
				cc := slices.Clone(c)
				pl.pool(cc, DefaultTopK, kernelsFor(k), 2, nil, kept, nil)
				if got := pl.top(cc); math.Float32bits(got) != math.Float32bits(want) {
					t.Errorf("n=%d spread=%d kept=%v: top %v, want %v", n, spread, kept, got, want)
				}
			}
		}
	}
}
