package adm

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/bandscope/bandscope/kernels/cpu"
)

// twinWidths are the row lengths every kernel twin is checked at.
var twinWidths = func() []int {
	var w []int
	for i := 1; i <= 70; i++ {
		w = append(w, i)
	}
	return append(w, 1000, 3840)
}()

// twinCheck checks one kernel of set k against its Go twin on rows of
// width w starting off elements into their buffers; name labels failures.
// part names the kernel when one check serves several (they share the
// inputs).
type twinCheck func(t *testing.T, k *kernels, rng *rand.Rand, w, off int, name, part string)

// admTwins are the kernels of the set, by the kernels field they fill,
// with their checks.
var admTwins = []struct {
	kernel string
	check  twinCheck
}{
	{"dwt0V", twinDWT0V},
	{"dwt0V8", twinDWT0V8},
	{"dwt0H", twinDWT0H},
	{"dwt1V", twinDWT1V},
	{"dwt23V", twinDWT23V},
	{"dwt123H", twinDWT123H},
	{"angle0", twinDecouple0},
	{"decouple0", twinDecouple0},
	{"csf0", twinCSF0},
	{"den0", twinDen},
	{"cm0", twinCM},
	{"angle123", twinDecouple123},
	{"decouple123", twinDecouple123},
	{"csf123", twinCSF123},
	{"csf123w", twinCSF123},
	{"den123", twinDen},
	{"cm123", twinCM},
	{"cm123w", twinCM},
	{"preciseV0", twinPreciseV0},
	{"preciseV", twinPreciseV},
	{"narrow16", twinPreciseV},
	{"decoupleExact0", twinDecoupleExact0},
	{"preciseH", twinPreciseH},
}

// TestKernelTwins checks every kernel set the host runs against the Go
// twins, bit for bit, at odd widths and unaligned starts, on full-range
// random input (so the int32 and int16 wraps are exercised), one subtest
// per set and kernel (go test -run 'TestKernelTwins/avx2/decouple123').
// Each kernel's inputs come from its own seeded generator, so a subtest
// run alone sees the inputs it sees in the whole run.
func TestKernelTwins(t *testing.T) {
	for _, set := range cpu.Supported() {
		k := kernelsFor(set)
		t.Run(set.String(), func(t *testing.T) {
			for i, tc := range admTwins {
				t.Run(tc.kernel, func(t *testing.T) {
					rng := rand.New(rand.NewPCG(1, uint64(i)))
					for _, w := range twinWidths {
						for off := 0; off < 3; off++ {
							tc.check(t, k, rng, w, off, fmt.Sprintf("w%d+%d", w, off), tc.kernel)
						}
					}
				})
			}
		})
	}
}

// twinDWT0V checks dwt0V at every bit depth, with the OR of the samples when the twin reports it.
func twinDWT0V(t *testing.T, k *kernels, rng *rand.Rand, w, off int, name, part string) {
	// dwt0V
	for _, bd := range []int{8, 10, 12, 16} {
		var rows [4][]uint16
		for r := range rows {
			rows[r] = make([]uint16, w+off)
			for i := range rows[r] {
				rows[r][i] = uint16(rng.IntN(1 << bd))
			}
			rows[r] = rows[r][off:]
		}
		lo1, hi1 := make([]int16, w+off)[off:], make([]int16, w+off)[off:]
		lo2, hi2 := make([]int16, w+off)[off:], make([]int16, w+off)[off:]
		scalarKernels.dwt0V(lo1, hi1, rows[0], rows[1], rows[2], rows[3], bd, false)
		or, checked := k.dwt0V(lo2, hi2, rows[0], rows[1], rows[2], rows[3], bd, false)
		if checked {
			var want uint16
			for r := range rows {
				for _, v := range rows[r] {
					want |= v
				}
			}
			if or != want {
				t.Fatalf("%s dwt0V %d-bit: OR of the samples %#x, want %#x", name, bd, or, want)
			}
			// One sample out of range in one row, anywhere.
			for r := range rows {
				zero := make([]uint16, w)
				var z [4][]uint16
				for q := range z {
					z[q] = zero
				}
				z[r] = make([]uint16, w)
				z[r][rng.IntN(w)] = 1 << bd
				if or, _ := k.dwt0V(make([]int16, w), make([]int16, w), z[0], z[1], z[2], z[3], bd, false); or != 1<<bd {
					t.Fatalf("%s dwt0V %d-bit: a sample 2^%d in row %d gives OR %#x", name, bd, bd, r, or)
				}
			}
		}
		for i := range lo1 {
			if lo1[i] != lo2[i] || hi1[i] != hi2[i] {
				t.Fatalf("%s dwt0V %d-bit [%d]: %d %d, want %d %d", name, bd, i, lo2[i], hi2[i], lo1[i], hi1[i])
			}
		}
	}
}

// twinDWT0V8 checks dwt0V8 on bytes against dwt0V on the same samples
// widened, and its loOnly form (hi is scratch then).
func twinDWT0V8(t *testing.T, k *kernels, rng *rand.Rand, w, off int, name, part string) {
	var rows [4][]uint8
	var wide [4][]uint16
	for r := range rows {
		rows[r] = make([]uint8, w+off)[off:]
		wide[r] = make([]uint16, w)
		for i := range rows[r] {
			rows[r][i] = uint8(rng.Uint32())
			if i%7 == r {
				rows[r][i] = [2]uint8{0, 255}[i%2]
			}
			wide[r][i] = uint16(rows[r][i])
		}
	}
	for _, loOnly := range []bool{false, true} {
		lo1, hi1 := make([]int16, w), make([]int16, w)
		lo2, hi2 := make([]int16, w+off)[off:], make([]int16, w+off)[off:]
		dwt0VGo(lo1, hi1, wide[0], wide[1], wide[2], wide[3], 8, loOnly)
		k.dwt0V8(lo2, hi2, rows[0], rows[1], rows[2], rows[3], loOnly)
		for i := range lo1 {
			if lo1[i] != lo2[i] || !loOnly && hi1[i] != hi2[i] {
				t.Fatalf("%s dwt0V8 loOnly %v [%d]: %d %d, want %d %d", name, loOnly, i, lo2[i], hi2[i], lo1[i], hi1[i])
			}
		}
	}
}

// twinDWT1V checks dwt1V on full-range int16 rows.
func twinDWT1V(t *testing.T, k *kernels, rng *rand.Rand, w, off int, name, part string) {
	// dwt1V on full-range int16 rows
	{
		var rows [4][]int16
		for r := range rows {
			rows[r] = make([]int16, w+off)[off:]
			for i := range rows[r] {
				rows[r][i] = int16(rng.Uint32())
				if r == 0 && i%5 == 0 {
					rows[r][i] = math.MinInt16
				}
			}
		}
		lo1, hi1 := make([]int32, w+off)[off:], make([]int32, w+off)[off:]
		lo2, hi2 := make([]int32, w+off)[off:], make([]int32, w+off)[off:]
		scalarKernels.dwt1V(lo1, hi1, rows[0], rows[1], rows[2], rows[3])
		k.dwt1V(lo2, hi2, rows[0], rows[1], rows[2], rows[3])
		for i := range lo1 {
			if lo1[i] != lo2[i] || hi1[i] != hi2[i] {
				t.Fatalf("%s dwt1V [%d]: %d %d, want %d %d", name, i, lo2[i], hi2[i], lo1[i], hi1[i])
			}
		}
	}
}

// twinDWT23V checks dwt23V on full-range int32 rows at scales 2 and 3.
func twinDWT23V(t *testing.T, k *kernels, rng *rand.Rand, w, off int, name, part string) {
	// dwt23V on full-range int32 rows, at scales 2 and 3
	for sc := 2; sc < NumScales; sc++ {
		var rows [4][]int32
		for r := range rows {
			rows[r] = make([]int32, w+off)[off:]
			for i := range rows[r] {
				rows[r][i] = int32(rng.Uint32())
				if i%5 == r {
					rows[r][i] = [2]int32{math.MinInt32, math.MaxInt32}[i%2]
				}
			}
		}
		lo1, hi1 := make([]int32, w+off)[off:], make([]int32, w+off)[off:]
		lo2, hi2 := make([]int32, w+off)[off:], make([]int32, w+off)[off:]
		scalarKernels.dwt23V(lo1, hi1, rows[0], rows[1], rows[2], rows[3], sc)
		k.dwt23V(lo2, hi2, rows[0], rows[1], rows[2], rows[3], sc)
		for i := range lo1 {
			if lo1[i] != lo2[i] || hi1[i] != hi2[i] {
				t.Fatalf("%s dwt23V scale %d [%d]: %d %d, want %d %d", name, sc, i, lo2[i], hi2[i], lo1[i], hi1[i])
			}
		}
	}
}

// twinDWT123H checks dwt123H over outputs [1, w+1) at each scale's rounding.
func twinDWT123H(t *testing.T, k *kernels, rng *rand.Rand, w, off int, name, part string) {
	// dwt123H over outputs [1, w+1) on full-range int32 rows,
	// at each scale's rounding
	for sc := 1; sc < NumScales; sc++ {
		n := 2*w + 4
		lo, hi := make([]int32, n+off)[off:], make([]int32, n+off)[off:]
		for i := range lo {
			lo[i], hi[i] = int32(rng.Uint32()), int32(rng.Uint32())
			if sc == 1 && i%3 == 0 {
				lo[i], hi[i] = math.MinInt32, math.MaxInt32
			}
		}
		var o1, o2 [4][]int32
		for b := range o1 {
			o1[b], o2[b] = make([]int32, w+2), make([]int32, w+2)
		}
		scalarKernels.dwt123H(o1[0], o1[1], o1[2], o1[3], lo, hi, 1, w+1, hpAdd[sc], hpShift[sc])
		k.dwt123H(o2[0], o2[1], o2[2], o2[3], lo, hi, 1, w+1, hpAdd[sc], hpShift[sc])
		for b := range o1 {
			for i := range o1[b] {
				if o1[b][i] != o2[b][i] {
					t.Fatalf("%s dwt123H scale %d out %d [%d]: %d, want %d", name, sc, b, i, o2[b][i], o1[b][i])
				}
			}
		}
	}
}

// twinDWT0H checks dwt0H over outputs [1, w+1), and its loOnly form.
func twinDWT0H(t *testing.T, k *kernels, rng *rand.Rand, w, off int, name, part string) {
	// dwt0H over outputs [1, hw-2)
	{
		n := 2*w + 4
		lo, hi := make([]int16, n+off)[off:], make([]int16, n+off)[off:]
		for i := range lo {
			lo[i], hi[i] = int16(rng.Uint32()), int16(rng.Uint32())
		}
		var o1, o2 [4][]int16
		for b := range o1 {
			o1[b], o2[b] = make([]int16, w+2), make([]int16, w+2)
		}
		scalarKernels.dwt0H(o1[0], o1[1], o1[2], o1[3], lo, hi, 1, w+1, false)
		k.dwt0H(o2[0], o2[1], o2[2], o2[3], lo, hi, 1, w+1, false)
		for b := range o1 {
			for i := range o1[b] {
				if o1[b][i] != o2[b][i] {
					t.Fatalf("%s dwt0H out %d [%d]: %d, want %d", name, b, i, o2[b][i], o1[b][i])
				}
			}
		}
		// loOnly: only the approximation; hi is scratch then.
		a1, a2 := make([]int16, w+2), make([]int16, w+2)
		scalarKernels.dwt0H(a1, nil, nil, nil, lo, append([]int16(nil), hi...), 1, w+1, true)
		k.dwt0H(a2, nil, nil, nil, lo, append([]int16(nil), hi...), 1, w+1, true)
		for i := range a1 {
			if a1[i] != a2[i] {
				t.Fatalf("%s dwt0H loOnly [%d]: %d, want %d", name, i, a2[i], a1[i])
			}
		}
	}
}

// twinCSF0 checks csf0 on full-range coefficients and weights.
func twinCSF0(t *testing.T, k *kernels, rng *rand.Rand, w, off int, name, part string) {
	// csf0: full-range coefficients and weights (every int32 and
	// int16 wrap), and realistic weights
	for trial := 0; trial < 3; trial++ {
		var src [NumBands][]int16
		for b := range src {
			src[b] = make([]int16, w+off)[off:]
			for i := range src[b] {
				src[b][i] = int16(rng.Uint32())
			}
		}
		var wt [NumBands]int32
		for b := range wt {
			wt[b] = int32(rng.Uint32())
			if trial == 0 {
				wt[b] = rng.Int32N(1 << 16)
			}
		}
		f1, c1 := make([]int32, w+off)[off:], make([]int32, w+off)[off:]
		f2, c2 := make([]int32, w+off)[off:], make([]int32, w+off)[off:]
		scalarKernels.csf0(f1, c1, src[0], src[1], src[2], &wt)
		k.csf0(f2, c2, src[0], src[1], src[2], &wt)
		for i := range f1 {
			if f1[i] != f2[i] || c1[i] != c2[i] {
				t.Fatalf("%s csf0 trial %d [%d]: %d %d, want %d %d", name, trial, i, f2[i], c2[i], f1[i], c1[i])
			}
		}
	}
}

// twinCSF123 checks csf123 on full-range and realistic coefficients, any weight.
func twinCSF123(t *testing.T, k *kernels, rng *rand.Rand, w, off int, name, part string) {
	// csf123: full-range and realistic coefficients, any weight
	// (v = INT_MIN and every truncation reachable)
	for trial := 0; trial < 5; trial++ {
		var src [NumBands][]int32
		var wt [NumBands]uint32
		for b := range src {
			src[b] = make([]int32, w+off)[off:]
			for i := range src[b] {
				src[b][i] = int32(rng.Uint32())
				if trial == 0 {
					src[b][i] = rng.Int32N(1<<20) - 1<<19
				}
			}
			wt[b] = rng.Uint32() >> uint(rng.IntN(20))
			if trial == 3 {
				wt[b] = 1 << 28 // v = src: INT_MIN among them
				src[b][rng.IntN(w)] = math.MinInt32
			}
			if trial == 4 { // rounding ties: odd*2^27 rounds away from -inf
				wt[b] = 1 << 27
				for i := range src[b] {
					src[b][i] = rng.Int32N(201) - 100
				}
			}
		}
		f1, c1 := make([]int32, w+off)[off:], make([]int32, w+off)[off:]
		f2, c2 := make([]int32, w+off)[off:], make([]int32, w+off)[off:]
		scalarKernels.csf123(f1, c1, src[0], src[1], src[2], &wt)
		if part == "csf123" {
			k.csf123(f2, c2, src[0], src[1], src[2], &wt)
		} else {
			// csf123w: csf123's terms, and the bands weighed in place
			// (csf123wGo is held to csf123Go and csf123One too).
			var ws1, ws2 [NumBands][]int32
			for b := range src {
				ws1[b] = append(make([]int32, off), src[b]...)[off:]
				ws2[b] = append(make([]int32, off), src[b]...)[off:]
			}
			fg, cg := make([]int32, w), make([]int32, w)
			csf123wGo(fg, cg, ws1[0], ws1[1], ws1[2], &wt)
			if k.csf123w == nil {
				return
			}
			k.csf123w(f2, c2, ws2[0], ws2[1], ws2[2], &wt)
			for b := range src {
				for i, v := range src[b] {
					if want := csf123One(wt[b], v); ws1[b][i] != want || ws2[b][i] != want || fg[i] != f1[i] || cg[i] != c1[i] {
						t.Fatalf("%s csf123w trial %d band %d [%d]: weighed %d (Go %d), want %d; Go twin %d %d, want %d %d",
							name, trial, b, i, ws2[b][i], ws1[b][i], want, fg[i], cg[i], f1[i], c1[i])
					}
				}
			}
		}
		for i := range f1 {
			if f1[i] != f2[i] || c1[i] != c2[i] {
				t.Fatalf("%s %s trial %d [%d]: %d %d, want %d %d", name, part, trial, i, f2[i], c2[i], f1[i], c1[i])
			}
		}
	}
}

// twinDecouple0 checks angle0 and decouple0 on shared inputs.
func twinDecouple0(t *testing.T, k *kernels, rng *rand.Rand, w, off int, name, part string) {
	// angle0 and decouple0: full-range, small and extreme
	// coefficients (-32768 everywhere wraps the int32 dot
	// products), several gain limits (the Go path for the ones
	// the kernel refuses).
	for trial := 0; trial < 6; trial++ {
		gen := func() []int16 {
			x := make([]int16, w+off)[off:]
			for i := range x {
				switch trial % 3 {
				case 0:
					x[i] = int16(rng.Uint32())
				case 1:
					x[i] = int16(rng.IntN(9) - 4)
				default:
					x[i] = [...]int16{-32768, 32767, 0, 1, -1, -32767}[rng.IntN(6)]
				}
			}
			return x
		}
		oh, ov, th, tv := gen(), gen(), gen(), gen()
		if trial == 5 { // nearly parallel vectors: the flag's both ways
			for i := range th {
				th[i], tv[i] = oh[i]+int16(rng.IntN(3)-1), ov[i]+int16(rng.IntN(3)-1)
			}
		}
		cos1 := float32(math.Cos(math.Pi/180) * math.Cos(math.Pi/180))
		fl1, fl2 := make([]int32, w+off)[off:], make([]int32, w+off)[off:]
		scalarKernels.angle0(fl1, oh, ov, th, tv, cos1)
		if part == "angle0" {
			k.angle0(fl2, oh, ov, th, tv, cos1)
			for i := range fl1 {
				if fl1[i] != fl2[i] {
					t.Fatalf("%s angle0 trial %d [%d] (%d %d %d %d): %d, want %d", name, trial, i, oh[i], ov[i], th[i], tv[i], fl2[i], fl1[i])
				}
			}
		}
		for i := range fl1 {
			if rng.IntN(4) == 0 { // flags the angle test would not set
				fl1[i] = -1
			}
		}
		if part == "decouple0" {
			for _, egl := range []float64{1, 100, 0, 0.37, 65535, 65536, 1e300, math.Inf(1), math.NaN(), -2} {
				for _, ot := range [][2][]int16{{oh, th}, {ov, tv}} {
					r1, a1 := make([]int16, w+off)[off:], make([]int16, w+off)[off:]
					r2, a2 := make([]int16, w+off)[off:], make([]int16, w+off)[off:]
					scalarKernels.decouple0(r1, a1, ot[0], ot[1], fl1, egl)
					k.decouple0(r2, a2, ot[0], ot[1], fl1, egl)
					for i := range r1 {
						if r1[i] != r2[i] || a1[i] != a2[i] {
							t.Fatalf("%s decouple0 trial %d egl %g [%d] (o %d t %d flag %d): %d %d, want %d %d",
								name, trial, egl, i, ot[0][i], ot[1][i], fl1[i], r2[i], a2[i], r1[i], a1[i])
						}
					}
				}
			}
		}
	}
}

// TestAngleBoundary holds angle0 and angle123 of every set to the Go twin
// on vector pairs about one degree apart, where the test's float rounding
// decides (the AVX-512 kernels' float32 first guess must then leave the
// lane to the exact test), at magnitudes from a few units to full range.
func TestAngleBoundary(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	const n = 1 << 14
	// pairs returns n pairs of vectors about a degree apart, magnitudes
	// 2^2 to 2^bits.
	pairs := func(bits float64) (oh, ov, th, tv []int32) {
		oh, ov, th, tv = make([]int32, n), make([]int32, n), make([]int32, n), make([]int32, n)
		for i := range oh {
			mag := math.Exp2(2 + (bits-2)*rng.Float64())
			a := 2 * math.Pi * rng.Float64()
			da := (1 + 1e-3*(rng.Float64()-0.5)*math.Exp2(-20*rng.Float64())) * math.Pi / 180
			s := 1 + 0.5*(rng.Float64()-0.5)
			oh[i], ov[i] = int32(mag*math.Cos(a)), int32(mag*math.Sin(a))
			th[i], tv[i] = int32(s*mag*math.Cos(a+da)), int32(s*mag*math.Sin(a+da))
		}
		return oh, ov, th, tv
	}
	narrow := func(x []int32) []int16 {
		y := make([]int16, len(x))
		for i, v := range x {
			y[i] = int16(v)
		}
		return y
	}
	a, b, c, d := pairs(14.99)
	oh16, ov16, th16, tv16 := narrow(a), narrow(b), narrow(c), narrow(d)
	oh, ov, th, tv := pairs(30.99)
	cos1 := float32(math.Cos(math.Pi/180) * math.Cos(math.Pi/180))
	want16, want32 := make([]int32, n), make([]int32, n)
	angle0Go(want16, oh16, ov16, th16, tv16, cos1)
	angle123Go(want32, oh, ov, th, tv, cos1)
	var set16, set32 int
	for i := range want16 {
		set16 += int(-want16[i])
		set32 += int(-want32[i])
	}
	if set16 < n/8 || set16 > n-n/8 || set32 < n/8 || set32 > n-n/8 {
		t.Fatalf("flags set: %d and %d of %d; the pairs miss the boundary", set16, set32, n)
	}
	for _, set := range cpu.Supported() {
		k := kernelsFor(set)
		got := make([]int32, n)
		k.angle0(got, oh16, ov16, th16, tv16, cos1)
		for i := range got {
			if got[i] != want16[i] {
				t.Fatalf("%s angle0 [%d] (%d %d %d %d): %d, want %d", set, i, oh16[i], ov16[i], th16[i], tv16[i], got[i], want16[i])
			}
		}
		k.angle123(got, oh, ov, th, tv, cos1)
		for i := range got {
			if got[i] != want32[i] {
				t.Fatalf("%s angle123 [%d] (%d %d %d %d): %d, want %d", set, i, oh[i], ov[i], th[i], tv[i], got[i], want32[i])
			}
		}
	}
}

// twinDecouple123 checks angle123 and decouple123 on shared inputs.
func twinDecouple123(t *testing.T, k *kernels, rng *rand.Rand, w, off int, name, part string) {
	// angle123 and decouple123: full-range int32 (the int64 dot
	// products wrap at +-2^31), magnitudes around best15's
	// 2^15 boundary, realistic ones, and nearly parallel vectors.
	for trial := 0; trial < 8; trial++ {
		gen := func() []int32 {
			x := make([]int32, w+off)[off:]
			for i := range x {
				switch trial % 4 {
				case 0:
					x[i] = int32(rng.Uint32())
				case 1:
					x[i] = int32(rng.IntN(1<<17) - 1<<16)
				case 2:
					x[i] = [...]int32{math.MinInt32, math.MaxInt32, 0, 1, -1, 32767, 32768, -32768, 65535, 65536, -65537}[rng.IntN(11)]
				default:
					x[i] = int32(rng.IntN(4001) - 2000)
				}
			}
			return x
		}
		oh, ov, th, tv := gen(), gen(), gen(), gen()
		if trial >= 6 {
			for i := range th {
				th[i], tv[i] = oh[i]+int32(rng.IntN(3)-1), ov[i]+int32(rng.IntN(3)-1)
			}
		}
		cos1 := float32(math.Cos(math.Pi/180) * math.Cos(math.Pi/180))
		fl1, fl2 := make([]int32, w+off)[off:], make([]int32, w+off)[off:]
		scalarKernels.angle123(fl1, oh, ov, th, tv, cos1)
		if part == "angle123" {
			k.angle123(fl2, oh, ov, th, tv, cos1)
			for i := range fl1 {
				if fl1[i] != fl2[i] {
					t.Fatalf("%s angle123 trial %d [%d] (%d %d %d %d): %d, want %d", name, trial, i, oh[i], ov[i], th[i], tv[i], fl2[i], fl1[i])
				}
			}
		}
		for i := range fl1 {
			if rng.IntN(4) == 0 {
				fl1[i] = -1
			}
		}
		if part == "decouple123" {
			for _, egl := range []float64{1, 100, 0, 0.37, 65535, 65536, 1e300, math.Inf(1), math.NaN(), -2} {
				for _, ot := range [][2][]int32{{oh, th}, {ov, tv}} {
					r1, a1 := make([]int32, w+off)[off:], make([]int32, w+off)[off:]
					r2, a2 := make([]int32, w+off)[off:], make([]int32, w+off)[off:]
					scalarKernels.decouple123(r1, a1, ot[0], ot[1], fl1, egl)
					k.decouple123(r2, a2, ot[0], ot[1], fl1, egl)
					for i := range r1 {
						if r1[i] != r2[i] || a1[i] != a2[i] {
							t.Fatalf("%s decouple123 trial %d egl %g [%d] (o %d t %d flag %d): %d %d, want %d %d",
								name, trial, egl, i, ot[0][i], ot[1][i], fl1[i], r2[i], a2[i], r1[i], a1[i])
						}
					}
				}
			}
		}
	}
}

// twinDen checks den0 and den123 on shared inputs.
func twinDen(t *testing.T, k *kernels, rng *rand.Rand, w, off int, name, part string) {
	// den0 and den123: full-range and extreme coefficients, each
	// scale's shifts (the uint64 products wrap at full range)
	for trial := 0; trial < 3; trial++ {
		s16 := make([]int16, w+off)[off:]
		s32 := make([]int32, w+off)[off:]
		for i := range s16 {
			s16[i] = int16(rng.Uint32())
			s32[i] = int32(rng.Uint32()) >> (trial * 12)
			if i%7 == 0 {
				s16[i], s32[i] = math.MinInt16, math.MinInt32
			}
		}
		if part == "den0" {
			if g, want := k.den0(s16), scalarKernels.den0(s16); g != want {
				t.Fatalf("%s den0 trial %d: %d, want %d", name, trial, g, want)
			}
		}
		if part == "den123" {
			for sc := 1; sc < NumScales; sc++ {
				sq := denSqShift[sc]
				for _, shiftCub := range []uint{0, 5, 12} {
					g := k.den123(s32, 1<<sq, sq, 1<<shiftCub>>1, shiftCub)
					want := scalarKernels.den123(s32, 1<<sq, sq, 1<<shiftCub>>1, shiftCub)
					if g != want {
						t.Fatalf("%s den123 scale %d trial %d: %d, want %d", name, sc, trial, g, want)
					}
				}
			}
		}
	}
}

// twinCM checks cm0 and cm123 on shared thresholds.
func twinCM(t *testing.T, k *kernels, rng *rand.Rand, w, off int, name, part string) {
	// cm0 over columns [1, w+1) of a w+2 row
	for trial := 0; trial < 4; trial++ {
		ww := w + 2
		var src [NumBands][]int16
		var F [3][]int32
		C := make([]int32, ww+off)[off:]
		for b := range src {
			src[b] = make([]int16, ww+off)[off:]
			F[b] = make([]int32, ww+off)[off:]
			for i := 0; i < ww; i++ {
				src[b][i] = int16(rng.Uint32())
				if trial < 2 { // realistic magnitudes: many positive masked values
					F[b][i] = rng.Int32N(3000)
				} else {
					F[b][i] = int32(rng.Uint32())
				}
			}
		}
		for i := range C {
			C[i] = rng.Int32N(3000)
			if trial >= 2 {
				C[i] = int32(rng.Uint32())
			}
		}
		var p cm0Params
		for b := 0; b < NumBands; b++ {
			p.wt[b] = int32(rng.Uint32() >> uint(rng.IntN(16)))
			p.sub[b], p.sq[b] = cm0SubShift[b], cm0SqShift[b]
			p.shiftCub[b] = uint(1 + rng.IntN(12))
			p.addCub[b] = int64(1) << (p.shiftCub[b] - 1)
		}
		var in1, in2 [NumBands]int64
		if part == "cm0" {
			scalarKernels.cm0(&in1, &src, F, C, 1, w+1, &p, make([]int32, ww))
			k.cm0(&in2, &src, F, C, 1, w+1, &p, make([]int32, ww))
			if in1 != in2 {
				t.Fatalf("%s cm0 trial %d: %v, want %v", name, trial, in2, in1)
			}
		}
		// cm123 on the same thresholds: int32 coefficients,
		// full-range or realistic, any uint32 weight
		var src32 [NumBands][]int32
		var p3 cm123Params
		for b := range src32 {
			src32[b] = make([]int32, ww+off)[off:]
			for i := range src32[b] {
				src32[b][i] = int32(rng.Uint32())
				if trial%2 == 0 {
					src32[b][i] = rng.Int32N(1<<20) - 1<<19
				}
			}
			p3.wt[b] = rng.Uint32() >> uint(rng.IntN(20))
			if trial == 3 { // every odd coefficient rounds a tie
				p3.wt[b] = 1 << 27
			}
		}
		p3.shiftCub = uint(1 + rng.IntN(12))
		p3.addCub = int64(1) << (p3.shiftCub - 1)
		if part == "cm123" {
			in1, in2 = [NumBands]int64{}, [NumBands]int64{}
			scalarKernels.cm123(&in1, &src32, F, C, 1, w+1, &p3, make([]int32, ww))
			k.cm123(&in2, &src32, F, C, 1, w+1, &p3, make([]int32, ww))
			if in1 != in2 {
				t.Fatalf("%s cm123 trial %d: %v, want %v", name, trial, in2, in1)
			}
		}
		if part == "cm123w" {
			// cm123w on the weighed bands sums what cm123 sums on the
			// bands themselves.
			in1, in2 = [NumBands]int64{}, [NumBands]int64{}
			scalarKernels.cm123(&in1, &src32, F, C, 1, w+1, &p3, make([]int32, ww))
			var wsrc [NumBands][]int32
			for b := range src32 {
				wsrc[b] = make([]int32, ww+off)[off:]
				for i, v := range src32[b] {
					wsrc[b][i] = csf123One(p3.wt[b], v)
				}
			}
			var in3 [NumBands]int64
			cm123wGo(&in3, &wsrc, F, C, 1, w+1, &p3, make([]int32, ww))
			if in3 != in1 {
				t.Fatalf("%s cm123wGo trial %d: %v, want %v", name, trial, in3, in1)
			}
			if k.cm123w != nil {
				k.cm123w(&in2, &wsrc, F, C, 1, w+1, &p3, make([]int32, ww))
				if in1 != in2 {
					t.Fatalf("%s cm123w trial %d: %v, want %v", name, trial, in2, in1)
				}
			}
		}
	}
}
