package inspect

import (
	"math"
	"sort"
	"testing"

	"github.com/bandscope/bandscope/kernels/yuv"
)

// TestStageBits: stages compare by their bits: -0 and +0 differ, NaN
// equals NaN, two missing maps are skipped, a map against none differs.
func TestStageBits(t *testing.T) {
	if d := diffScore("x", 0, math.Copysign(0, -1)); !d.Differs() {
		t.Error("+0 and -0 compared equal")
	}
	if d := diffScore("x", math.NaN(), math.NaN()); d.Differs() {
		t.Error("NaN and the same NaN compared different")
	}
	if d := diffMaps("m", "mask", nil, nil); d.Differs() {
		t.Error("two missing maps compared different")
	}
	if d := diffMaps("m", "mask", U8(2, 1, []uint8{0, 1}), nil); !d.Differs() {
		t.Error("a map against no map compared equal")
	}
}

// TestCompareMaps: the statistics of a difference count the values whose
// bits differ and which side is larger.
func TestCompareMaps(t *testing.T) {
	a := F32(3, 1, []float32{1, 2, 3})
	b := F32(3, 1, []float32{1, 5, 0})
	d := CompareMaps(a, b)
	if d.Differ != 2 || d.MoreA != 1 || d.MoreB != 1 || d.MaxAbs != 3 || d.TopA != 3 || d.TopB != 5 || d.MeanA != 2 || d.MeanB != 2 || d.Total != 3 {
		t.Errorf("%+v", d)
	}
	if diff := Difference(a, b); diff.At(1) != -3 || diff.At(2) != 3 {
		t.Errorf("a − b: %v %v", diff.At(1), diff.At(2))
	}
}

// TestTop: a map's top is its 99.5th percentile of |value|; a map of
// zeros, and no map, have none (the top is 1).
func TestTop(t *testing.T) {
	vals := make([]float32, 1000)
	for k := range vals {
		vals[k] = -float32(k + 1)
	}
	if top, ok := F32(1000, 1, vals).TopOK(); !ok || top != 996 {
		t.Errorf("top %v %v, want 996", top, ok)
	}
	if top, ok := F32(2, 1, []float32{0, 0}).TopOK(); ok || top != 1 {
		t.Errorf("zeros: %v %v", top, ok)
	}
	var none *Map
	if top, ok := none.TopOK(); ok || top != 1 {
		t.Errorf("nil map: %v %v", top, ok)
	}
	if U8(4, 4, make([]uint8, 15)) != nil || F32(0, 1, nil) != nil || Luma(nil) != nil {
		t.Error("a map of too few values")
	}
}

// TestBoost: a one-code-value step becomes a gain-sized one about
// mid-grey; flat areas stay mid-grey.
func TestBoost(t *testing.T) {
	const w, h = 64, 8
	pic := yuv.NewPicture(yuv.Format{Width: w, Height: h, Chroma: yuv.C400, BitDepth: 8})
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			pic.Planes[0][y*w+x] = uint16(100 + x/32)
		}
	}
	m := Boost(pic, 2, 8)
	if m.W != w || m.H != h || m.At(3*w+5) != 128 || m.At(3*w+60) != 128 {
		t.Fatalf("size %dx%d, flat values %v %v", m.W, m.H, m.At(3*w+5), m.At(3*w+60))
	}
	if step := m.At(3*w+32) - m.At(3*w+31); step < 6 || step > 7 {
		t.Errorf("the step boosted to %v, want 6.4", step)
	}
}

// TestNthSmallest: selection gives what sorting gives, duplicates and
// runs of equal values included.
func TestNthSmallest(t *testing.T) {
	var x uint64 = 1
	rnd := func() uint64 { x ^= x << 13; x ^= x >> 7; x ^= x << 17; return x }
	for _, n := range []int{1, 2, 3, 10, 101, 4000} {
		for _, levels := range []uint64{2, 7, 1 << 30} {
			vals := make([]float64, n)
			for i := range vals {
				vals[i] = float64(rnd()%levels) * 0.37
			}
			sorted := append([]float64(nil), vals...)
			sort.Float64s(sorted)
			for _, k := range []int{0, n / 2, n * 995 / 1000, n - 1} {
				if got := nthSmallest(append([]float64(nil), vals...), k); got != sorted[k] {
					t.Errorf("n %d levels %d k %d: %v, want %v", n, levels, k, got, sorted[k])
				}
			}
		}
	}
}

// TestResampled: a map read on a grid twice as fine gives each value to
// the four cells over it, as a pane lays it over the frame.
func TestResampled(t *testing.T) {
	m := F32(2, 2, []float32{1, 2, 3, 4})
	r := Resampled(m, 4, 4)
	want := []float64{1, 1, 2, 2, 1, 1, 2, 2, 3, 3, 4, 4, 3, 3, 4, 4}
	for k, w := range want {
		if r.At(k) != w {
			t.Fatalf("at %d: %v, want %v", k, r.At(k), w)
		}
	}
	if Resampled(m, 2, 2) != m {
		t.Error("a map resampled to its own size is not itself")
	}
}
