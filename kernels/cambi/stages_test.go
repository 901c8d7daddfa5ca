package cambi

import (
	"bufio"
	"math"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/bandscope/bandscope/kernels/yuv"
)

// TestReciprocal checks all 4226 entries against the bits of libvmaf's table.
func TestReciprocal(t *testing.T) {
	f, err := os.Open("testdata/reciprocal_lut.hex")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rec := Reciprocal()
	sc := bufio.NewScanner(f)
	i, notDivision := 0, 0
	for ; sc.Scan(); i++ {
		want, err := strconv.ParseUint(sc.Text(), 16, 32)
		if err != nil {
			t.Fatal(err)
		}
		if got := math.Float32bits(rec[i]); got != uint32(want) {
			t.Errorf("reciprocal[%d] = %#08x, want %#08x", i, got, want)
		}
		if i > 0 && rec[i] != 1/float32(i) {
			notDivision++
		}
	}
	if i != ReciprocalSize {
		t.Fatalf("%d entries in the reference, want %d", i, ReciprocalSize)
	}
	if notDivision != 42 {
		t.Errorf("%d entries differ from 1.0f/i, libvmaf's table has 42", notDivision)
	}
}

// TestTVITables compares the bisection with libvmaf's (glibc pow) for 601
// thresholds per EOTF and every step size, and vlt_luma for 601 luminances.
func TestTVITables(t *testing.T) {
	b, err := os.ReadFile("testdata/tvi_tables.txt")
	if err != nil {
		t.Fatal(err)
	}
	eotfs := map[string]EOTF{"bt1886": BT1886, "pq": PQ}
	n := 0
	for _, line := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		f := strings.Fields(line)
		if f[0] == "vlt" {
			v, _ := strconv.ParseFloat(f[2], 64)
			want, _ := strconv.Atoi(f[3])
			if got := vltLuma(v, eotfs[f[1]]); got != want {
				t.Errorf("vlt_luma(%s, %v) = %d, want %d", f[1], v, got, want)
			}
			n++
			continue
		}
		thr, _ := strconv.ParseFloat(f[1], 64)
		for d := 1; d <= 32; d++ {
			want, _ := strconv.Atoi(f[1+d])
			if got := tviForDiff(d, thr, eotfs[f[0]]); got != want {
				t.Errorf("tvi(%s, %v, diff %d) = %d, want %d", f[0], thr, d, got, want)
			}
			n++
		}
	}
	if n != 2*601*32+2*601 {
		t.Fatalf("%d table entries checked, want every one", n)
	}
}

func TestMaskIndex(t *testing.T) {
	for _, tc := range []struct{ w, h, want int }{
		{3840, 2160, 24}, {2560, 1440, 22}, {1980, 1080, 21}, {1920, 1080, 21}, {1280, 720, 19},
		{960, 540, 18}, {640, 360, 16}, {480, 270, 15}, {320, 180, 13}, {6000, 4000, 27}, {1, 1, 7},
	} {
		if got := MaskIndex(tc.w, tc.h); got != tc.want {
			t.Errorf("MaskIndex(%d, %d) = %d, want %d", tc.w, tc.h, got, tc.want)
		}
	}
}

func TestAdjustWindow(t *testing.T) {
	for _, tc := range []struct {
		ws, w, h int
		speedup  bool
		want     int
	}{
		{65, 3840, 2160, false, 65}, {65, 1920, 1080, false, 33}, {65, 1920, 1080, true, 17},
		{65, 1280, 720, false, 21}, {65, 640, 480, false, 13}, {35, 1920, 1080, false, 17}, {65, 3840, 128, false, 43},
	} {
		if got := AdjustWindow(tc.ws, tc.w, tc.h, tc.speedup); got != tc.want {
			t.Errorf("AdjustWindow(%d, %dx%d, %v) = %d, want %d", tc.ws, tc.w, tc.h, tc.speedup, got, tc.want)
		}
	}
}

// sample4x4 are test_cambi.c's 4x4 sample pictures.
var sample4x4 = [][16]uint16{
	{1, 2, 0, 100, 0, 2, 0, 100, 0, 2, 0, 100, 4, 2, 0, 100},
	{1, 1, 50, 100, 1, 1, 50, 100, 2, 1, 50, 100, 3, 1, 50, 100},
	{4, 8, 0, 400, 0, 8, 0, 400, 0, 8, 0, 400, 16, 8, 0, 400},
	{0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 1},
	{1, 1, 0, 1, 1, 0, 0, 1, 1, 1, 1, 0, 1, 1, 0, 1},
}

func TestDecimate(t *testing.T) {
	src := sample4x4[0]
	dst := make([]uint16, 4)
	Decimate(dst, src[:], 4, 4)
	if want := []uint16{1, 0, 0, 0}; !equal(dst, want) {
		t.Errorf("Decimate = %v, want %v", dst, want)
	}
	// In place, odd sizes round up.
	img := []uint16{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}
	Decimate(img, img, 5, 3)
	if want := []uint16{1, 3, 5, 11, 13, 15}; !equal(img[:6], want) {
		t.Errorf("in-place Decimate = %v, want %v", img[:6], want)
	}
}

func TestPreprocessDepths(t *testing.T) {
	// test_cambi.c: 4x4 -> 2x2 nearest-sample decimation at several depths.
	for _, tc := range []struct {
		pic   [16]uint16
		depth int
		want  []uint16
	}{
		{sample4x4[0], 10, []uint16{2, 100, 2, 100}},
		{sample4x4[0], 16, []uint16{0, 2, 0, 2}},   // (v+32)>>6
		{sample4x4[0], 12, []uint16{1, 25, 1, 25}}, // (v+2)>>2
		{sample4x4[0], 9, []uint16{4, 200, 4, 200}},
		{sample4x4[0], 8, []uint16{8, 400, 8, 400}},
	} {
		dst := make([]uint16, 4)
		Preprocess(dst, 2, 2, yuv.Plane{Width: 4, Height: 4, Stride: 4, Pix: tc.pic[:]}, tc.depth)
		if !equal(dst, tc.want) {
			t.Errorf("%d-bit: got %v, want %v", tc.depth, dst, tc.want)
		}
	}
}

func TestFilterModeEdges(t *testing.T) {
	// Rows 0 and h-1 stay exactly as they were, even where a horizontal
	// mode would change them.
	src := []uint16{
		5, 1, 5, 1,
		1, 1, 2, 2,
		9, 9, 9, 9,
		7, 3, 7, 3,
	}
	dst := make([]uint16, len(src))
	FilterMode(dst, src, 4, 4)
	if !equal(dst[:4], src[:4]) || !equal(dst[12:], src[12:]) {
		t.Errorf("edge rows changed: %v", dst)
	}
	// Row 1: horizontal modes of rows 0..2 are [5 5 1 1], [1 1 2 2], [9 9 9 9];
	// vertical mode: all differ -> minimum.
	if want := []uint16{1, 1, 1, 1}; !equal(dst[4:8], want) {
		t.Errorf("row 1 = %v, want %v", dst[4:8], want)
	}
	zero := make([]uint16, 16)
	FilterMode(dst, zero, 4, 4)
	if !equal(dst, zero) {
		t.Errorf("all zeros: %v", dst)
	}
}

// TestCValuesClipped compares the sliding histogram with a from-scratch
// clipped-window count on tiny pictures, where windows exceed the picture.
func TestCValuesClipped(t *testing.T) {
	tables := NewTables(2, DefaultTVI, 0, BT1886)
	for h := 1; h <= 10; h++ {
		for w := 1; w <= 6; w++ {
			img := make([]uint16, w*h)
			mask := make([]uint8, w*h)
			for i := range img {
				img[i] = uint16(400 + (i*7+i/3)%3) // bands of 400..402
				mask[i] = uint8((i*5+1)%4/3 ^ 1)
			}
			got := make([]float32, w*h)
			CValues(got, img, mask, w, h, 9, tables)
			want := bruteCValues(img, mask, w, h, 9, tables)
			for i := range got {
				if math.Float32bits(got[i]) != math.Float32bits(want[i]) {
					t.Fatalf("%dx%d: c[%d] = %v, want %v", w, h, i, got[i], want[i])
				}
			}
		}
	}
}

// bruteCValues counts each pixel's clipped window from scratch.
func bruteCValues(img []uint16, mask []uint8, w, h, window int, t *Tables) []float32 {
	pad := window / 2
	c := make([]float32, w*h)
	rec := Reciprocal()
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			if mask[y*w+x] == 0 {
				continue
			}
			hist := make([]uint16, w*int(t.BandSize))
			for yy := max(0, y-pad); yy <= min(h-1, y+pad); yy++ {
				for xx := max(0, x-pad); xx <= min(w-1, x+pad); xx++ {
					v := int(img[yy*w+xx]) - int(t.BandBase)
					if mask[yy*w+xx] != 0 && v >= 0 && v < int(t.BandSize) {
						hist[v*w+x]++
					}
				}
			}
			c[y*w+x] = cValuePixel(hist, w, x, img[y*w+x], t, rec)
		}
	}
	return c
}

func TestPoolOrder(t *testing.T) {
	c := []float32{0.1, 3, 0, 2.5, 7, 7, 0.3, 1e-3, 5}
	if got := Pool(append([]float32(nil), c...), 0.5); got != (7+7+5+3)/4.0 {
		t.Errorf("Pool = %v", got)
	}
	if got := Pool([]float32{4}, 0.0001); got != 4 {
		t.Errorf("Pool single = %v", got)
	}
}

func equal(a, b []uint16) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
