package regionscan

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/bandscope/bandscope/kernels/cpu"
	"github.com/bandscope/bandscope/kernels/internal/twindoc"
)

// TestTwinIndex checks doc.go's twin index against the code.
func TestTwinIndex(t *testing.T) {
	for _, e := range twindoc.Check(".", "../../gpu", "regionscan_") {
		t.Error(e)
	}
}

// widths are row lengths around every kernel's vector and word sizes.
var widths = []int{0, 1, 2, 7, 15, 16, 17, 31, 33, 63, 64, 65, 127, 128, 129, 191, 960, 1921}

// values are n float32s spread over many binades (so that an addition in
// another order would change the sums' bits), with some exactly at t.
func values(r *rand.Rand, n int, t float32) []float32 {
	v := make([]float32, n)
	for i := range v {
		switch r.IntN(8) {
		case 0:
			v[i] = t
		case 1:
			v[i] = math.Nextafter32(t, 0)
		case 2:
			v[i] = 0
		default:
			v[i] = float32(math.Ldexp(r.Float64()+0.5, r.IntN(40)-20))
		}
	}
	return v
}

// TestKernelTwins runs every kernel set's row kernels against the
// references at every width, one subtest per set and kernel
// (go test -run 'TestKernelTwins/avx2/hits').
func TestKernelTwins(t *testing.T) {
	for _, set := range cpu.Supported() {
		k := For(set)
		t.Run(set.String(), func(t *testing.T) {
			t.Run("weighUp", func(t *testing.T) {
				r := rand.New(rand.NewPCG(1, 2))
				for _, n := range widths {
					c, up := values(r, n+3, 1), values(r, n/2+3, 1)
					w := float32(math.Ldexp(r.Float64()+0.5, -3))
					want, got := make([]float32, n), make([]float32, n+1)
					got[n] = 42
					WeighUpRef(want, c, up, w)
					k.WeighUp(got[:n], c, up, w)
					for x := range want {
						if math.Float32bits(got[x]) != math.Float32bits(want[x]) {
							t.Fatalf("n=%d x=%d: %v, want %v", n, x, got[x], want[x])
						}
					}
					if got[n] != 42 {
						t.Fatalf("n=%d: wrote past the row", n)
					}
				}
			})
			t.Run("hits", func(t *testing.T) {
				r := rand.New(rand.NewPCG(3, 4))
				for _, n := range widths {
					for _, tv := range []float32{0, 1, 3.5} {
						v := values(r, n, tv)
						if n > 5 {
							v[5] = float32(math.NaN())
						}
						mask := make([]uint8, n)
						for x := range mask {
							if r.IntN(4) != 0 {
								mask[x] = uint8(r.IntN(256))
							}
						}
						words := (n + 63) / 64
						want, got := make([]uint64, words), make([]uint64, words+1)
						for i := range got {
							got[i] = ^uint64(0)
						}
						HitsRef(want, v, mask, tv)
						k.Hits(got[:words], v, mask, tv)
						for i := range want {
							if got[i] != want[i] {
								t.Fatalf("n=%d t=%v word %d: %#x, want %#x", n, tv, i, got[i], want[i])
							}
						}
						if got[words] != ^uint64(0) {
							t.Fatalf("n=%d: wrote past the words", n)
						}
					}
				}
			})
			t.Run("weighHits", func(t *testing.T) {
				r := rand.New(rand.NewPCG(9, 10))
				for _, n := range widths {
					c, up := values(r, n+3, 1), values(r, n/2+3, 1)
					w := float32(math.Ldexp(r.Float64()+0.5, -3))
					mask := make([]uint8, n)
					for x := range mask {
						mask[x] = uint8(r.IntN(3))
					}
					tv := float32(0.5)
					// The threshold lands on some sums exactly.
					if n > 3 {
						tv = float32(w*c[3]) + up[1]
					}
					wantV, gotV := make([]float32, n), make([]float32, n)
					words := (n + 63) / 64
					wantB, gotB := make([]uint64, words), make([]uint64, words)
					WeighUpRef(wantV, c, up, w)
					HitsRef(wantB, wantV, mask, tv)
					k.WeighHits(gotV, c, up, mask, gotB, w, tv)
					for x := range wantV {
						if math.Float32bits(gotV[x]) != math.Float32bits(wantV[x]) {
							t.Fatalf("n=%d x=%d: %v, want %v", n, x, gotV[x], wantV[x])
						}
					}
					for i := range wantB {
						if gotB[i] != wantB[i] {
							t.Fatalf("n=%d word %d: %#x, want %#x", n, i, gotB[i], wantB[i])
						}
					}
				}
			})
			t.Run("runSum", func(t *testing.T) {
				r := rand.New(rand.NewPCG(5, 6))
				for n := range 200 {
					checkRunSum(t, k, values(r, n, 1))
				}
				for _, n := range widths {
					checkRunSum(t, k, values(r, n, 1))
				}
			})
		})
	}
}

func checkRunSum(t *testing.T, k Kernels, v []float32) {
	t.Helper()
	ws, wt := RunSumRef(v)
	gs, gt := k.RunSum(v)
	if math.Float64bits(gs) != math.Float64bits(ws) || math.Float32bits(gt) != math.Float32bits(wt) {
		t.Fatalf("n=%d: (%v, %v), want (%v, %v)", len(v), gs, gt, ws, wt)
	}
}

// TestRunSumLanes pins RunSum's order with values whose running sum
// loses what the lanes keep: 1 then seven values of 2^-53. Added one by
// one each rounds away (1 + 2^-53 is a tie, to even); in lanes 1-7 they
// meet each other first.
func TestRunSumLanes(t *testing.T) {
	v := []float32{1, 0x1p-53, 0x1p-53, 0x1p-53, 0x1p-53, 0x1p-53, 0x1p-53, 0x1p-53}
	var running float64
	for _, c := range v {
		running += float64(c)
	}
	want := 1 + 3*0x1p-52 // (1 + 2^-53 -> 1, + 2^-52) + (2^-52 + 2^-52)
	for _, set := range cpu.Supported() {
		if got, top := For(set).RunSum(v); got != want || top != 1 {
			t.Errorf("%v: RunSum = %v, %v; want %v, 1", set, got, top, want)
		}
	}
	if running == want {
		t.Fatal("the running sum should differ from the lanes'")
	}
}

// TestNextRun checks the run finder against a bit-by-bit walk.
func TestNextRun(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for _, n := range widths {
		for range 20 {
			b := make([]uint64, (n+63)/64)
			on := make([]bool, n)
			p := r.IntN(4)
			for x := range on {
				if r.IntN(4) < p {
					on[x] = true
					b[x>>6] |= 1 << (x & 63)
				}
			}
			var want, got []string
			for x := 0; x < n; {
				if !on[x] {
					x++
					continue
				}
				x0 := x
				for x < n && on[x] {
					x++
				}
				want = append(want, fmt.Sprint(x0, x))
			}
			for x := 0; ; {
				x0, x1 := NextRun(b, x, n)
				if x0 >= n {
					break
				}
				got = append(got, fmt.Sprint(x0, x1))
				x = x1
			}
			if fmt.Sprint(got) != fmt.Sprint(want) {
				t.Fatalf("n=%d: runs %v, want %v", n, got, want)
			}
		}
	}
}
