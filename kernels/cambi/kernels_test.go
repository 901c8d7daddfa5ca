package cambi

import (
	"fmt"
	"math"
	"testing"

	"github.com/bandscope/bandscope/kernels/cpu"
)

// twinWidths are the row lengths every kernel twin is checked at.
func twinWidths() []int {
	var ws []int
	for w := 1; w <= 70; w++ {
		ws = append(ws, w)
	}
	return append(ws, 1000, 3840)
}

type lcg uint64

func (r *lcg) next(n int) int {
	*r = *r*6364136223846793005 + 1442695040888963407
	return int(uint64(*r>>33) % uint64(n))
}

// cambiTwins are the kernels of the set, by the kernels field they fill,
// with their checks: each compares set k's kernel with the scalar one on
// rows of width w starting off elements into their buffers.
var cambiTwins = []struct {
	kernel string
	check  func(t *testing.T, k *kernels, rnd *lcg, w, off int)
}{
	{"trap", twinTrap},
	{"traps", twinTraps},
	{"cvRun", twinCVRun},
	{"hmode", twinMode},
	{"vmode", twinMode},
	{"decimate16", twinDecimate16},
	{"decimate8", twinDecimate8},
	{"convRow", twinConvRow},
	{"antiDither", twinAntiDither},
	{"convDither", twinConvDither},
	{"convRow8", twinConvRow8},
	{"convDither8", twinConvDither8},
	{"boxRow", twinBoxRow},
	{"bandRange", twinBandRange},
	{"flatRow", twinFlatRow},
	{"colAdd", twinColAdd},
	{"runBits", twinRunBits},
}

// TestKernelTwins checks every kernel of every kernel set the host supports
// against the scalar Go kernel at odd lengths and unaligned starts, one
// subtest per set and kernel (go test -run 'TestKernelTwins/avx2/cvRun').
// Each kernel's inputs come from its own seeded generator, so a subtest
// run alone sees the inputs it sees in the whole run. (poolScan's twins
// are checked by TestPoolScanTwins with the pooling's own inputs.)
func TestKernelTwins(t *testing.T) {
	for _, set := range cpu.Supported() {
		k := kernelsFor(set)
		t.Run(set.String(), func(t *testing.T) {
			for i, tc := range cambiTwins {
				t.Run(tc.kernel, func(t *testing.T) {
					rnd := lcg(7 + i)
					for _, w := range twinWidths() {
						for off := 0; off < 3; off++ {
							tc.check(t, k, &rnd, w, off)
						}
					}
				})
			}
		})
	}
}

// twinTrap: a trapezoid of every shape, added and subtracted.
func twinTrap(t *testing.T, k *kernels, rnd *lcg, w, off int) {
	for _, sub := range []bool{false, true} {
		n := 1 + rnd.next(2*w+1)
		win := 1 + 2*rnd.next(33)
		l := n + win - 1
		t0 := rnd.next(l)
		lo := off
		hi := lo + min(w, l-t0)
		a := make([]uint16, hi+histSlack)
		for i := range a {
			a[i] = uint16(rnd.next(5000))
		}
		b := append([]uint16(nil), a...)
		scalarKernels.trap(a, lo, hi, t0, min(n, win), l, sub)
		k.trap(b, lo, hi, t0, min(n, win), l, sub)
		firstDiff(t, fmt.Sprintf("trap w=%d off=%d n=%d win=%d t0=%d sub=%v", w, off, n, win, t0, sub), b, a)
	}
}

// twinTraps: a batch of trapezoids of every shape, added and subtracted,
// overlapping each other's ranges and the whole vectors past them.
func twinTraps(t *testing.T, k *kernels, rnd *lcg, w, off int) {
	h := make([]uint16, 4*w+off+histSlack)
	for i := range h {
		h[i] = uint16(rnd.next(5000))
	}
	var ops []trapOp
	for range 1 + rnd.next(6) {
		n := 1 + rnd.next(2*w+1)
		win := 1 + 2*rnd.next(33)
		l := n + win - 1
		t0 := rnd.next(l)
		lo := off + rnd.next(3*w+1)
		ops = append(ops, trapOp{i: int32(lo), n: int32(min(w, l-t0)), t0: int32(t0), m: int32(min(n, win)), l: int32(l), sub: int32(rnd.next(2))})
	}
	want := append([]uint16(nil), h...)
	scalarKernels.traps(want, ops)
	k.traps(h, ops)
	firstDiff(t, fmt.Sprintf("traps w=%d off=%d %v", w, off, ops), h, want)
}

// twinCVRun: random counts over 2*32+1 rows, some steps or all active.
func twinCVRun(t *testing.T, k *kernels, rnd *lcg, w, off int) {
	stride := w + off + 5
	hist := make([]uint16, 65*stride+histSlack)
	for i := range hist {
		if rnd.next(4) > 0 {
			hist[i] = uint16(rnd.next(2000))
		}
	}
	i0 := 32*stride + off
	var wts [32]int32
	for d := range wts {
		wts[d] = int32(contrastWeights[d])
	}
	act := uint32(rnd.next(1 << 16))
	if w%5 == 0 {
		act = 0xffffffff
	}
	rec := Reciprocal()
	want := make([]float32, w+off)
	got := make([]float32, w+off)
	scalarKernels.cvRun(want[off:], hist, i0, stride, act, &wts, rec)
	k.cvRun(got[off:], hist, i0, stride, act, &wts, rec)
	for i := range want {
		if math.Float32bits(got[i]) != math.Float32bits(want[i]) {
			t.Fatalf("cvRun w=%d off=%d act=%#x: [%d] = %v, want %v", w, off, act, i, got[i], want[i])
		}
	}
}

// modeRows are three rows of near-flat samples with outliers.
func modeRows(rnd *lcg, w, off int) [3][]uint16 {
	img := make([]uint16, 3*(w+off))
	for i := range img {
		img[i] = uint16(500 + rnd.next(3))
		if rnd.next(7) == 0 {
			img[i] = uint16(rnd.next(1024))
		}
	}
	return [3][]uint16{img[off : off+w], img[w+2*off : 2*w+2*off], img[2*w+2*off : 3*w+2*off]}
}

// twinMode: the horizontal and vertical 3-tap modes on modeRows.
func twinMode(t *testing.T, k *kernels, rnd *lcg, w, off int) {
	rows := modeRows(rnd, w, off)
	want, got := make([]uint16, w), make([]uint16, w)
	scalarKernels.hmode(want, rows[0])
	k.hmode(got, rows[0])
	firstDiff(t, fmt.Sprintf("hmode w=%d off=%d", w, off), got, want)
	scalarKernels.vmode(want, rows[0], rows[1], rows[2])
	k.vmode(got, rows[0], rows[1], rows[2])
	firstDiff(t, fmt.Sprintf("vmode w=%d off=%d", w, off), got, want)
}

// twinDecimate16 keeps every other sample of a modeRows row.
func twinDecimate16(t *testing.T, k *kernels, rnd *lcg, w, off int) {
	row := modeRows(rnd, w, off)[0]
	want, got := make([]uint16, (w+1)/2), make([]uint16, (w+1)/2)
	scalarKernels.decimate16(want, row)
	k.decimate16(got, row)
	firstDiff(t, fmt.Sprintf("decimate16 w=%d off=%d", w, off), got, want)
}

// twinDecimate8 keeps every other entry of a random mask row.
func twinDecimate8(t *testing.T, k *kernels, rnd *lcg, w, off int) {
	m := make([]uint8, w+off)
	for i := range m {
		m[i] = uint8(rnd.next(2))
	}
	want, got := make([]uint8, (w+1)/2), make([]uint8, (w+1)/2)
	scalarKernels.decimate8(want, m[off:])
	k.decimate8(got, m[off:])
	firstDiff(t, fmt.Sprintf("decimate8 w=%d off=%d", w, off), got, want)
}

// twinConvRow: every conversion to 10 bits, with out-of-range samples
// that the returned maximum must find.
func twinConvRow(t *testing.T, k *kernels, rnd *lcg, w, off int) {
	for _, bd := range []int{8, 9, 10, 11, 12, 16} {
		in := make([]uint16, w+off)
		for i := range in {
			in[i] = uint16(rnd.next(1 << bd))
			if rnd.next(50) == 0 {
				in[i] = uint16(rnd.next(1 << 16))
			}
		}
		cw, cg := make([]uint16, w), make([]uint16, w)
		mw, mg := scalarKernels.convRow(cw, in[off:], bd), k.convRow(cg, in[off:], bd)
		firstDiff(t, fmt.Sprintf("convRow w=%d off=%d bd=%d", w, off, bd), cg, cw)
		if mg != mw {
			t.Errorf("convRow w=%d off=%d bd=%d: max %d, want %d", w, off, bd, mg, mw)
		}
	}
}

// twinAntiDither: the interior means of two 10-bit rows.
func twinAntiDither(t *testing.T, k *kernels, rnd *lcg, w, off int) {
	if w < 2 {
		return
	}
	pre := make([]uint16, 2*(w+off))
	for i := range pre {
		pre[i] = uint16(rnd.next(1025))
	}
	aw, ag := make([]uint16, w-1), make([]uint16, w-1)
	scalarKernels.antiDither(aw, pre[off:off+w], pre[w+off:2*w+off])
	k.antiDither(ag, pre[off:off+w], pre[w+off:2*w+off])
	firstDiff(t, fmt.Sprintf("antiDither w=%d off=%d", w, off), ag, aw)
}

// twinConvDither: the fused conversion and anti-dithering at every depth
// it takes; rows with samples out of range must still give the largest.
func twinConvDither(t *testing.T, k *kernels, rnd *lcg, w, off int) {
	if w < 2 {
		return
	}
	for _, bd := range []int{6, 8, 9, 10} {
		for _, bad := range []bool{false, true} {
			in := make([]uint16, 2*(w+off))
			for i := range in {
				in[i] = uint16(rnd.next(1 << bd))
				if bad && rnd.next(40) == 0 {
					in[i] = uint16(rnd.next(1 << 16))
				}
			}
			row, next := in[off:off+w], in[w+off:2*w+off]
			ow, og := make([]uint16, w), make([]uint16, w)
			ow[w-1], og[w-1] = 7, 7
			mw, mg := scalarKernels.convDither(ow[:w-1], row, next, bd), k.convDither(og[:w-1], row, next, bd)
			if mg != mw {
				t.Errorf("convDither w=%d off=%d bd=%d bad=%v: max %d, want %d", w, off, bd, bad, mg, mw)
			}
			if !bad {
				firstDiff(t, fmt.Sprintf("convDither w=%d off=%d bd=%d", w, off, bd), og, ow)
			}
		}
	}
}

// twinConvRow8: the conversion of packed rows, against the scalar
// kernel on the same samples as uint16.
func twinConvRow8(t *testing.T, k *kernels, rnd *lcg, w, off int) {
	for _, bd := range []int{6, 8} {
		in := make([]uint8, w+off)
		in16 := make([]uint16, w+off)
		for i := range in {
			in[i] = uint8(rnd.next(1 << bd))
			in16[i] = uint16(in[i])
		}
		cw, cg := make([]uint16, w), make([]uint16, w)
		mw, mg := scalarKernels.convRow(cw, in16[off:], bd), k.convRow8(cg, in[off:], bd)
		firstDiff(t, fmt.Sprintf("convRow8 w=%d off=%d bd=%d", w, off, bd), cg, cw)
		if mg != mw {
			t.Errorf("convRow8 w=%d off=%d bd=%d: max %d, want %d", w, off, bd, mg, mw)
		}
	}
}

// twinConvDither8: the fused conversion and anti-dithering of packed
// rows, against the scalar kernel on the same samples as uint16.
func twinConvDither8(t *testing.T, k *kernels, rnd *lcg, w, off int) {
	if w < 2 {
		return
	}
	for _, bd := range []int{6, 8} {
		in := make([]uint8, 2*(w+off))
		in16 := make([]uint16, len(in))
		for i := range in {
			in[i] = uint8(rnd.next(1 << bd))
			in16[i] = uint16(in[i])
		}
		ow, og := make([]uint16, w), make([]uint16, w)
		ow[w-1], og[w-1] = 7, 7
		mw := scalarKernels.convDither(ow[:w-1], in16[off:off+w], in16[w+off:2*w+off], bd)
		mg := k.convDither8(og[:w-1], in[off:off+w], in[w+off:2*w+off], bd)
		if mg != mw {
			t.Errorf("convDither8 w=%d off=%d bd=%d: max %d, want %d", w, off, bd, mg, mw)
		}
		firstDiff(t, fmt.Sprintf("convDither8 w=%d off=%d bd=%d", w, off, bd), og, ow)
	}
}

// twinBoxRow: the mask's 7-wide window sums against a random threshold;
// the entry past the row must stay untouched.
func twinBoxRow(t *testing.T, k *kernels, rnd *lcg, w, off int) {
	col := make([]uint8, w+off)
	for i := range col {
		col[i] = uint8(rnd.next(8))
	}
	// Thresholds below, inside and above the sums' range [0, 49].
	thr := int32(rnd.next(60)) - 2
	if rnd.next(8) == 0 {
		thr = []int32{-1000, 127, 128, 1000}[rnd.next(4)]
	}
	bw, bg := make([]uint8, w+1), make([]uint8, w+1)
	bw[w], bg[w] = 7, 7
	scalarKernels.boxRow(bw, col[off:], w, thr)
	k.boxRow(bg, col[off:], w, thr)
	firstDiff(t, fmt.Sprintf("boxRow w=%d off=%d thr=%d", w, off, thr), bg, bw)
}

// twinBandRange: masked band ranges, empty and full bands included.
func twinBandRange(t *testing.T, k *kernels, rnd *lcg, w, off int) {
	for _, bs := range [][2]uint16{{0, 1024}, {300, 50}, {500, 1}, {520, 0}, {100, 2}} {
		row := make([]uint16, w+off)
		mrow := make([]uint8, w+off)
		for i := range row {
			row[i] = uint16(480 + rnd.next(60))
			if rnd.next(9) == 0 {
				row[i] = uint16(rnd.next(1024))
			}
			mrow[i] = uint8(rnd.next(3)) / 2 * uint8(1+rnd.next(200))
		}
		a0, a1 := scalarKernels.bandRange(row[off:], mrow[off:], bs[0], bs[1])
		b0, b1 := k.bandRange(row[off:], mrow[off:], bs[0], bs[1])
		if a0 != b0 || a1 != b1 {
			t.Errorf("bandRange w=%d off=%d %v: (%d, %d), want (%d, %d)", w, off, bs, b0, b1, a0, a1)
		}
	}
}

// twinRunBits: the run marks of near-flat rows with masked-out samples
// and samples out of band, empty and full bands included.
func twinRunBits(t *testing.T, k *kernels, rnd *lcg, w, off int) {
	for _, bs := range [][2]uint16{{0, 1024}, {500, 3}, {502, 1}, {520, 0}, {0xfff0, 0x20}} {
		row := make([]uint16, w+off+1)
		mrow := make([]uint8, w+off+1)
		for i := range row {
			row[i] = uint16(500 + rnd.next(4))
			if rnd.next(3) == 0 {
				row[i] = row[max(i-1, 0)]
			}
			if rnd.next(11) == 0 {
				row[i] = uint16(rnd.next(1 << 16))
			}
			if rnd.next(6) > 0 {
				mrow[i] = uint8(1 + rnd.next(255))
			}
		}
		// The sample past the row continues the last run: it must not count.
		row[w+off], mrow[w+off] = row[w+off-1], 1
		nw := (w + 31) / 32
		vw, qw := make([]uint32, nw+1), make([]uint32, nw+1)
		vg, qg := make([]uint32, nw+1), make([]uint32, nw+1)
		vw[nw], qw[nw], vg[nw], qg[nw] = 7, 7, 7, 7
		scalarKernels.runBits(vw, qw, row[off:off+w], mrow[off:off+w], bs[0], bs[1])
		k.runBits(vg, qg, row[off:off+w], mrow[off:off+w], bs[0], bs[1])
		firstDiff(t, fmt.Sprintf("runBits vb w=%d off=%d %v", w, off, bs), vg, vw)
		firstDiff(t, fmt.Sprintf("runBits qb w=%d off=%d %v", w, off, bs), qg, qw)
	}
}

// twinFlatRow: flat marks of near-flat rows, the last row (no row below)
// included; the entry past the row must stay untouched.
func twinFlatRow(t *testing.T, k *kernels, rnd *lcg, w, off int) {
	flat := make([]uint16, (w+off)*3)
	for i := range flat {
		flat[i] = uint16(100 + rnd.next(2))
	}
	for _, y := range []int{0, 1, 2} {
		fw, fg := make([]uint8, w+1), make([]uint8, w+1)
		for i := range fw {
			fw[i] = 9
			fg[i] = 9
		}
		scalarKernels.flatRow(fw, flat[off:], w, 3, y)
		k.flatRow(fg, flat[off:], w, 3, y)
		firstDiff(t, fmt.Sprintf("flatRow w=%d off=%d y=%d", w, off, y), fg, fw)
	}
}

// twinColAdd: column counts in [0, 7] plus a row entering and minus one
// leaving.
func twinColAdd(t *testing.T, k *kernels, rnd *lcg, w, off int) {
	in, out := make([]uint8, w+off), make([]uint8, w+off)
	cw, cg := make([]uint8, w), make([]uint8, w)
	for i := range w + off {
		in[i], out[i] = uint8(rnd.next(2)), uint8(rnd.next(2))
	}
	for i := range cw {
		cw[i] = uint8(rnd.next(7)) + out[off+i]
		cg[i] = cw[i]
	}
	scalarKernels.colAdd(cw, in[off:], out[off:])
	k.colAdd(cg, in[off:], out[off:])
	firstDiff(t, fmt.Sprintf("colAdd w=%d off=%d", w, off), cg, cw)
}

// BenchmarkKernels times the hot kernels of every set on 1080p-sized rows.
func BenchmarkKernels(b *testing.B) {
	rec := Reciprocal()
	const w = 1920
	var wts [32]int32
	for d := range wts {
		wts[d] = int32(contrastWeights[d])
	}
	hist := make([]uint16, 65*w+histSlack)
	rnd := lcg(3)
	for i := range hist {
		hist[i] = uint16(rnd.next(1000))
	}
	out := make([]float32, w)
	for _, set := range cpu.Supported() {
		k := kernelsFor(set)
		b.Run("trap33/"+set.String(), func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				k.trap(hist, 100, 133, 0, 1, 33, i&1 == 1)
			}
		})
		b.Run("trap200/"+set.String(), func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				k.trap(hist, 100, 300, 0, 33, 200, i&1 == 1)
			}
		})
		b.Run("cvRun64x4/"+set.String(), func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				k.cvRun(out[:64], hist, 32*w+7, w, 0xf, &wts, rec)
			}
		})
	}
}

// TestCVRunLengths holds every set's cvRun to the Go one on runs of 1 to
// 40 pixels at odd offsets: whole vectors, a rest that overlaps the vector
// before, a run shorter than a vector, in the middle of a histogram with
// slack and at the end of one without (where a short run's vector would
// read past it), and on histograms where half the rows are empty (steps
// where no lane counts). The entries around the run must stay untouched.
func TestCVRunLengths(t *testing.T) {
	var wts [32]int32
	for d := range wts {
		wts[d] = int32(contrastWeights[d])
	}
	rec := Reciprocal()
	const steps = 4
	for _, set := range cpu.Supported() {
		k := kernelsFor(set)
		for _, tc := range []struct {
			name   string
			slack  int
			end    bool // the run ends at the histogram's last entry
			sparse bool // half the rows empty
		}{{"slack", histSlack, false, false}, {"end", 0, true, false}, {"sparse", histSlack, false, true}, {"sparse-end", 0, true, true}} {
			rnd := lcg(11)
			for n := 1; n <= 40; n++ {
				for _, off := range []int{1, 3, 5, 7, 13} {
					stride := 41 + off
					hist := make([]uint16, (2*steps+1)*stride+tc.slack)
					for i := range hist {
						// Up to the window's 65x65 samples in all.
						hist[i] = uint16(rnd.next(2113))
					}
					if tc.sparse {
						for r := 0; r < 2*steps+1; r++ {
							if r != steps && rnd.next(2) == 0 {
								clear(hist[r*stride : (r+1)*stride])
							}
						}
					}
					i0 := steps*stride + off
					if tc.end {
						i0 = (steps+1)*stride - n
					}
					for _, act := range []uint32{1, 0b1010, 1<<steps - 1} {
						want := make([]float32, n+2*off)
						got := make([]float32, n+2*off)
						for i := range want {
							want[i], got[i] = -1, -1
						}
						scalarKernels.cvRun(want[off:off+n], hist, i0, stride, act, &wts, rec)
						k.cvRun(got[off:off+n], hist, i0, stride, act, &wts, rec)
						for i := range want {
							if math.Float32bits(got[i]) != math.Float32bits(want[i]) {
								t.Fatalf("%s/%s n=%d off=%d act=%#b: [%d] = %v, want %v", set, tc.name, n, off, act, i-off, got[i], want[i])
							}
						}
					}
				}
			}
		}
	}
}
