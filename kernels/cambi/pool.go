package cambi

import (
	"math"
	"slices"
	"unsafe"

	"github.com/bandscope/bandscope/kernels/cpu"
)

// Exact pooling.
//
// Pool sums the k largest c-values in float64 in the order libvmaf's
// quickselect leaves them, and that order only matters when a partial sum
// rounds. The k largest form one multiset whatever the order. Let u be the
// ulp of its smallest non-zero member: every member, and so every partial
// sum, is a multiple of u, and a multiple of u below 2^53 u is a double.
// So when the exact sum S is below 2^53 u, every partial sum in any order
// (any summation tree) is exact and libvmaf's sum is S. Conversely, adding
// non-negative multiples of u with rounding to nearest is monotone: once a
// partial sum reaches 2^53 u (itself a double) it stays there, so a double
// sum in any order lands below 2^53 u exactly when S does. fastPool thus
// sums in whatever order is fast and checks the result against 2^53 u;
// when the check fails (or a value is negative, infinite or NaN) it hands
// the scale to Pool.
//
// The selection needs only the multiset: a sample of the values brackets
// the k-th largest in [lo, hi]; one pass counts and sums the values above
// hi and gathers those in the bracket; the next round does the same on the
// gathered values for the rank that is left, until few enough remain to
// sort. A non-negative float's bits order like its value, so all of it
// runs on the bits as integers.

const (
	poolSmall   = 4096    // scales up to this many values go to Pool
	poolSort    = 2048    // a bracket this small is sorted
	poolSamples = 1024    // sample size per round
	poolSplit   = 1 << 17 // values from which the first pass runs in parts
	poolSlack   = 8       // the SIMD gather stores whole vectors
	maxBits     = 0x7fffffff
)

// scanResult accumulates what a scan found.
type scanResult struct {
	above    int     // values > hi
	ncand    int     // non-zero values in [lo, hi], gathered
	sum      float64 // of the values > hi, in any order
	maxBits  uint32  // the largest bits (unsigned): >= 0x7f800000 flags a value the method does not take
	minPosM1 uint32  // the smallest non-zero bits, minus one (unsigned, so zero never wins)
}

// poolScanGo is the scalar scan: bits compare as int32 (lo and hi are in
// [0, 2^31)), so negative values are never above or gathered.
func poolScanGo(c, cand []uint32, lo, hi uint32, r *scanResult) {
	nc, above := r.ncand, r.above
	mx, mn, sum := r.maxBits, r.minPosM1, 0.0
	for _, b := range c {
		mx, mn = max(mx, b), min(mn, b-1)
		s := int32(b)
		if s > int32(hi) {
			above++
			sum += float64(math.Float32frombits(b))
		} else if s >= int32(lo) && b != 0 {
			cand[nc] = b
			nc++
		}
	}
	r.ncand, r.above, r.maxBits, r.minPosM1 = nc, above, mx, mn
	r.sum += sum
}

// pooler is the exact pooling's scratch; one per workspace.
type pooler struct {
	cand   [2][]uint32 // gathered values, alternating between rounds
	sample []uint32
	parts  []scanResult
	// spare is a copy of the c-values for Pool when they are kept.
	spare []float32
	// Scales pooled exactly and by Pool (statistics for the tests).
	exact, fallback int
	// topBits is the largest c-value's bits when the last pool's first
	// scan read them all (topOK): the scan finds it anyway.
	topBits uint32
	topOK   bool
}

// top is the largest of c, the c-values the last pool call read and
// left in place (MaxCValue): the first scan's maximum when it ran, else
// a scan of its own.
func (pl *pooler) top(c []float32) float32 {
	if pl.topOK {
		return math.Float32frombits(pl.topBits)
	}
	return MaxCValue(c)
}

// MaxCValue is the largest of c that is above 0, or 0: ScaleResult's
// MaxCValue. Negative values and NaNs, which no c-value is, are passed
// over.
func MaxCValue(c []float32) float32 {
	var top float32
	for _, v := range c {
		if v > top {
			top = v
		}
	}
	return top
}

// pool is Pool(c, topk) with the same bits. It reorders c only when it
// hands the scale to Pool, and never when c is kept (Pool then sorts a
// copy). With a hook, the hook reads every row of c before anything
// reorders it: in the first scan, band by band (rowHook.scan), or first
// of all for a scale that small.
func (pl *pooler) pool(c []float32, topk float64, k *kernels, threads int, lim *cpu.Limiter, kept bool, hook *rowHook) float64 {
	n := len(c)
	pl.topOK = false
	if hook != nil && n <= poolSmall {
		hook.pr.Rows(0, 0, n/hook.w)
	}
	if n > poolSmall {
		want := min(max(int(topk*float64(n)), 1), n) // Pool's k
		if mean, ok := pl.exactMean(unsafe.Slice((*uint32)(unsafe.Pointer(&c[0])), n), want, k, threads, lim, hook); ok {
			pl.exact++
			return mean
		}
	}
	pl.fallback++
	if kept {
		pl.spare = append(pl.spare[:0], c...)
		c = pl.spare
	}
	return Pool(c, topk)
}

// exactMean is the mean of the r largest of the float bits c when the
// check passes. hook, when not nil, reads c in the first scan.
func (pl *pooler) exactMean(c []uint32, r int, k *kernels, threads int, lim *cpu.Limiter, hook *rowHook) (float64, bool) {
	n, want := len(c), r
	pl.cand[0] = grow(pl.cand[0], n+poolSlack*(threads+1))
	set, buf := c, 0
	total := 0.0
	var minPos uint32
	lo, hi := pl.bracket(set, r)
	for misses := 0; ; {
		if len(set) <= poolSort {
			// The bracket holds no zeros (they are never gathered) and at
			// least r values.
			slices.Sort(set)
			t := set[len(set)-r]
			for _, b := range set[len(set)-r:] {
				total += float64(math.Float32frombits(b))
			}
			return finishMean(total, t, want)
		}
		first := len(set) == n
		var res scanResult
		if first {
			res = pl.scanParts(set, lo, hi, k, threads, lim, hook)
			hook = nil // a scan again after a miss reads c alone
			if res.maxBits >= 0x7f800000 {
				return 0, false
			}
			// Every value is a finite float >= 0 (+0 at least): the
			// largest bits are the largest value.
			pl.topBits, pl.topOK = res.maxBits, true
			minPos = res.minPosM1 + 1
		} else {
			pl.cand[buf] = grow(pl.cand[buf], len(set)+poolSlack)
			res = scanResult{minPosM1: math.MaxUint32}
			k.poolScan(set, pl.cand[buf], lo, hi, &res)
		}
		if misses > 4 { // cannot happen with a sound scan; stay safe
			return 0, false
		}
		zeros := 0
		if lo == 0 {
			zeros = len(set) - res.above - res.ncand
		}
		switch {
		case res.above >= r: // the r-th largest is above hi
			lo, hi = hi+1, maxBits
			misses++
			continue
		case res.above+res.ncand+zeros < r: // it is below lo
			lo, hi = 0, lo-1
			misses++
			continue
		}
		total += res.sum
		r -= res.above
		cand := pl.cand[buf][:res.ncand]
		if r > len(cand) {
			// The r-th largest is zero: every non-zero value is pooled.
			for _, b := range cand {
				total += float64(math.Float32frombits(b))
			}
			if minPos == 0 { // no non-zero value at all
				return 0, true
			}
			return finishMean(total, minPos, want)
		}
		if len(cand) == len(set) {
			// No progress: the bracket holds every value left.
			if lo == hi {
				return finishMean(total+float64(r)*float64(math.Float32frombits(lo)), lo, want)
			}
			slices.Sort(cand)
			t := cand[len(cand)-r]
			for _, b := range cand[len(cand)-r:] {
				total += float64(math.Float32frombits(b))
			}
			return finishMean(total, t, want)
		}
		set, buf = cand, 1-buf
		lo, hi = pl.bracket(set, r)
	}
}

// finishMean checks the sum against 2^53 ulps of the smallest pooled
// non-zero value (bits t) and divides as Pool does.
func finishMean(total float64, t uint32, k int) (float64, bool) {
	e := int(t >> 23)
	if e == 0 {
		e = 1 // subnormal: the ulp of the smallest normals
	}
	if !(total < math.Ldexp(1, e-150+53)) {
		return 0, false
	}
	return total / float64(k), true
}

// scanParts is the first round's scan, cut into parts that gather into
// disjoint stretches of the candidate buffer and are joined after. With
// a hook the parts are bands of whole rows, each read by the hook as it
// is scanned.
func (pl *pooler) scanParts(c []uint32, lo, hi uint32, k *kernels, threads int, lim *cpu.Limiter, hook *rowHook) scanResult {
	n := len(c)
	parts := 1
	if threads > 1 && n >= poolSplit {
		parts = min(threads, n/(poolSplit/2))
	}
	rows := 0
	if hook != nil {
		rows = n / hook.w
		parts = min(parts, rows)
	}
	// start is part i's first value: whole rows with a hook.
	start := func(i int) int {
		if hook == nil {
			a, _ := cpu.Split(n, parts, i)
			return a
		}
		y0, _ := cpu.Split(rows, parts, i)
		return y0 * hook.w
	}
	pl.parts = grow(pl.parts, parts)
	cand := pl.cand[0]
	cpu.For(lim, parts, func(i int) {
		a, b := start(i), n
		if i+1 < parts {
			b = start(i + 1)
		}
		r := &pl.parts[i]
		*r = scanResult{minPosM1: math.MaxUint32}
		if hook != nil {
			hook.scan(k, c[a:b], cand[a+poolSlack*i:], lo, hi, r, i, a/hook.w, b/hook.w)
			return
		}
		k.poolScan(c[a:b], cand[a+poolSlack*i:], lo, hi, r)
	})
	res := pl.parts[0]
	for i := 1; i < parts; i++ {
		a := start(i)
		p := &pl.parts[i]
		copy(cand[res.ncand:], cand[a+poolSlack*i:a+poolSlack*i+p.ncand])
		res.above += p.above
		res.ncand += p.ncand
		res.sum += p.sum
		res.maxBits = max(res.maxBits, p.maxBits)
		res.minPosM1 = min(res.minPosM1, p.minPosM1)
	}
	return res
}

// bracket guesses [lo, hi] around the r-th largest of set from an evenly
// spaced sample, with a margin of four standard deviations of the sample
// rank; a wrong guess costs one more scan, never a wrong result.
func (pl *pooler) bracket(set []uint32, r int) (lo, hi uint32) {
	n := len(set)
	s := min(n, poolSamples)
	pl.sample = grow(pl.sample, s)
	smp := pl.sample[:s]
	for i := range smp {
		smp[i] = set[int(uint64(i)*uint64(n)/uint64(s))]
	}
	f := float64(r) / float64(n)
	m := 4*int(math.Sqrt(float64(s)*f*(1-f))) + 4
	p := (n - r) * s / n // the guess's position in the sorted sample
	lo, hi = 0, maxBits
	if p-m > 0 {
		lo = min(nth(smp, p-m), maxBits)
	}
	if p+m < s {
		hi = min(nth(smp, p+m), maxBits)
	}
	return lo, hi
}

// nth returns the i-th smallest of a, reordering a.
func nth(a []uint32, i int) uint32 {
	left, right := 0, len(a)-1
	for left < right {
		// Median of three as the pivot, then Hoare partitioning.
		mid := left + (right-left)/2
		x, y, z := a[left], a[mid], a[right]
		pivot := max(min(x, y), min(max(x, y), z))
		l, r := left, right
		for l <= r {
			for a[l] < pivot {
				l++
			}
			for a[r] > pivot {
				r--
			}
			if l <= r {
				a[l], a[r] = a[r], a[l]
				l++
				r--
			}
		}
		switch {
		case i <= r:
			right = r
		case i >= l:
			left = l
		default:
			return a[i]
		}
	}
	return a[i]
}
