package regionscan

import (
	"math/bits"

	"github.com/bandscope/bandscope/kernels/cpu"
)

// WeighUpRef is the weighted sum of a row and the coarser row under it:
// dst[x] = float32(w*c[x]) + up[x>>1], the product rounded to float32
// before the addition (never fused), for x < len(dst). c holds at least
// len(dst) values and up at least (len(dst)+1)/2.
func WeighUpRef(dst, c, up []float32, w float32) {
	for x := range dst {
		dst[x] = float32(w*c[x]) + up[x>>1]
	}
}

// HitsRef sets bit x of bits (bit x%64 of word x/64) when mask[x] != 0
// and v[x] >= t (NaN is no hit) and clears it otherwise, for x < len(v);
// the bits of the last word past len(v) are cleared. bits holds at least
// (len(v)+63)/64 words and mask at least len(v) bytes.
func HitsRef(b []uint64, v []float32, mask []uint8, t float32) {
	for i := range (len(v) + 63) / 64 {
		b[i] = 0
	}
	for x, c := range v {
		if mask[x] != 0 && c >= t {
			b[x>>6] |= 1 << (x & 63)
		}
	}
}

// Lanes is the count of partial sums RunSum keeps: four AVX2 vectors of
// float64, so that four additions are under way at once.
const Lanes = 16

// RunSumRef is a run's sum and largest value: value i is added, in
// float64, to partial sum i%Lanes in the order of i; the partial sums are
// then added in halves (reduce). The lanes let vector kernels add sixteen
// values at once and still give these bits. The values are at least 0
// (weighted c-values), so that a kernel may read a run's last partial
// vector with zeros past its end: adding +0 leaves a lane as it is. top
// is the largest value (the values are never NaN: each passed HitsRef).
// An empty run has sum 0 and top 0.
func RunSumRef(v []float32) (sum float64, top float32) {
	var a [Lanes]float64
	for i, c := range v {
		a[i%Lanes] += float64(c)
		if i == 0 || c > top {
			top = c
		}
	}
	return reduce(&a), top
}

// reduce adds RunSum's partial sums in its fixed order, the order of a
// vector reduction: the upper half onto the lower until one is left.
func reduce(a *[Lanes]float64) float64 {
	b := *a
	for n := Lanes / 2; n >= 1; n /= 2 {
		for i := range n {
			b[i] += b[i+n]
		}
	}
	return b[0]
}

// NextRun is the first run of set bits of b at or after bit x, as
// [x0, x1), within the first n bits; x0 == n when there is none.
func NextRun(b []uint64, x, n int) (x0, x1 int) {
	x0 = scan(b, x, n, 0)
	if x0 >= n {
		return n, n
	}
	return x0, scan(b, x0, n, ^uint64(0))
}

// scan is the first bit at or after x (below n) whose value differs from
// flip's: the first set bit for flip 0, the first clear one for all ones;
// n when there is none.
func scan(b []uint64, x, n int, flip uint64) int {
	if x >= n {
		return n
	}
	i := x >> 6
	w := (b[i] ^ flip) >> (x & 63)
	if w != 0 {
		return min(x+bits.TrailingZeros64(w), n)
	}
	for i++; i<<6 < n; i++ {
		if w := b[i] ^ flip; w != 0 {
			return min(i<<6+bits.TrailingZeros64(w), n)
		}
	}
	return n
}

// kernels are one set's twins of the row kernels.
type kernels struct {
	set     cpu.Set
	weighUp func(dst, c, up []float32, w float32)
	hits    func(b []uint64, v []float32, mask []uint8, t float32)
	// weighHits is weighUp then hits on its output.
	weighHits func(dst, c, up []float32, mask []uint8, b []uint64, w, t float32)
	runSum    func(v []float32) (float64, float32)
}

// goKernels are the Go twins, the scalar set.
var goKernels = kernels{set: cpu.Scalar, weighUp: weighUpGo, hits: hitsGo, weighHits: weighHitsGo, runSum: runSumGo}

// kernelsFor is set's kernels: its assembly twins where it has them, the
// Go twins otherwise.
func kernelsFor(set cpu.Set) *kernels {
	if k := simdKernels(set); k != nil {
		return k
	}
	k := goKernels
	k.set = set
	return &k
}

// Kernels are one kernel set's row kernels, each giving its reference's
// bits.
type Kernels struct{ k *kernels }

// For is the set's kernels.
func For(set cpu.Set) Kernels { return Kernels{kernelsFor(set)} }

// WeighUp is WeighUpRef.
func (k Kernels) WeighUp(dst, c, up []float32, w float32) {
	if len(dst) == 0 {
		return
	}
	_, _ = c[len(dst)-1], up[(len(dst)-1)>>1]
	k.k.weighUp(dst, c, up, w)
}

// Hits is HitsRef.
func (k Kernels) Hits(b []uint64, v []float32, mask []uint8, t float32) {
	if len(v) == 0 {
		return
	}
	_, _ = b[(len(v)-1)>>6], mask[len(v)-1]
	k.k.hits(b, v, mask, t)
}

// WeighHits is WeighUpRef(dst, c, up, w) then HitsRef(b, dst, mask, t),
// in one pass where the set has a kernel for it.
func (k Kernels) WeighHits(dst, c, up []float32, mask []uint8, b []uint64, w, t float32) {
	if len(dst) == 0 {
		return
	}
	_, _, _, _ = c[len(dst)-1], up[(len(dst)-1)>>1], mask[len(dst)-1], b[(len(dst)-1)>>6]
	k.k.weighHits(dst, c, up, mask, b, w, t)
}

// RunSum is RunSumRef.
func (k Kernels) RunSum(v []float32) (float64, float32) { return k.k.runSum(v) }

// weighUpGo is WeighUpRef two values at a time: both share up's value.
func weighUpGo(dst, c, up []float32, w float32) {
	n := len(dst)
	c = c[:n]
	half := n >> 1
	up = up[:(n+1)>>1]
	for j := 0; j < half; j++ {
		u := up[j]
		dst[2*j] = float32(w*c[2*j]) + u
		dst[2*j+1] = float32(w*c[2*j+1]) + u
	}
	if n&1 != 0 {
		dst[n-1] = float32(w*c[n-1]) + up[half]
	}
}

// weighHitsGo is weighUpGo then hitsGo.
func weighHitsGo(dst, c, up []float32, mask []uint8, b []uint64, w, t float32) {
	weighUpGo(dst, c, up, w)
	hitsGo(b, dst, mask, t)
}

// hitsGo is HitsRef a word at a time, branch-free.
func hitsGo(b []uint64, v []float32, mask []uint8, t float32) {
	n := len(v)
	mask = mask[:n]
	for i := 0; i<<6 < n; i++ {
		lo, hi := i<<6, min(i<<6+64, n)
		var word uint64
		for x := lo; x < hi; x++ {
			var bit uint64
			if mask[x] != 0 && v[x] >= t {
				bit = 1
			}
			word |= bit << (x - lo)
		}
		b[i] = word
	}
}

// runSumGo is RunSumRef a block of Lanes values at a time, the partial
// sums in variables (registers) rather than an array.
func runSumGo(v []float32) (float64, float32) {
	if len(v) == 0 {
		return 0, 0
	}
	var a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15 float64
	top := v[0]
	i := 0
	for ; i+Lanes <= len(v); i += Lanes {
		c := (*[Lanes]float32)(v[i : i+Lanes])
		a0 += float64(c[0])
		a1 += float64(c[1])
		a2 += float64(c[2])
		a3 += float64(c[3])
		a4 += float64(c[4])
		a5 += float64(c[5])
		a6 += float64(c[6])
		a7 += float64(c[7])
		a8 += float64(c[8])
		a9 += float64(c[9])
		a10 += float64(c[10])
		a11 += float64(c[11])
		a12 += float64(c[12])
		a13 += float64(c[13])
		a14 += float64(c[14])
		a15 += float64(c[15])
		for _, x := range c {
			if x > top {
				top = x
			}
		}
	}
	a := [Lanes]float64{a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15}
	return runSumTail(v, i, &a, top)
}

// runSumTail adds values i.. of v (fewer than Lanes) to the partial sums
// and reduces them: the Go end of every twin.
func runSumTail(v []float32, i int, a *[Lanes]float64, top float32) (float64, float32) {
	for k, c := range v[i:] {
		a[k] += float64(c)
		if c > top {
			top = c
		}
	}
	return reduce(a), top
}
