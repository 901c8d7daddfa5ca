package cambi

import "github.com/bandscope/bandscope/kernels/cpu"

// kernels are the hot rows of the fast scorer in one kernel set. The
// scalar set is plain Go; the SIMD sets replace some entries with assembly
// twins that give the same bits (kernels_test.go checks every one).
type kernels struct {
	set cpu.Set
	// flatRow sets out[x] to 1 where row y of img (w x h) is flat to the
	// right and downwards (equal to its right and its lower neighbour;
	// the last column and row count as equal), else to 0.
	flatRow func(out []uint8, img []uint16, w, h, y int)
	// colAdd adds in[x] and subtracts out[x] from col[x] (8-bit counts:
	// a column of the mask's window holds at most 7 flat samples).
	colAdd func(col, in, out []uint8)
	// hmode is the horizontal 3-tap mode of in (first and last kept).
	hmode func(out, in []uint16)
	// vmode is the vertical 3-tap mode of three rows.
	vmode func(out, a, b, c []uint16)
	// decimate16 and decimate8 keep every other sample: out[x] = in[2x].
	decimate16 func(out, in []uint16)
	decimate8  func(out, in []uint8)
	// trap adds (or subtracts) to h[i], i in [lo, hi), the number of
	// samples of a run of n equal samples that column i's window holds:
	// min(t+1, m, l-t) with t = t0+i-lo, m = min(n, window), l = n+window-1.
	// It may read and rewrite (unchanged) up to 31 entries past hi.
	trap func(h []uint16, lo, hi, t0, m, l int, sub bool)
	// traps applies the trapezoids of ops in order, as trap would one by
	// one: a batch costs one call.
	traps func(h []uint16, ops []trapOp)
	// cvRun computes the c-values of a run of len(out) equal samples
	// whose p0 counts start at hist[i0] (the other counts are whole rows
	// of stride entries above and below); act has bit d set for each step
	// d+1 the value can use, wts are the diff weights.
	cvRun func(out []float32, hist []uint16, i0, stride int, act uint32, wts *[32]int32, rec *[ReciprocalSize]float32)
	// poolScan is one pass of the exact pooling (poolScanGo): it adds to
	// r what c holds above hi and gathers c's non-zero values in [lo, hi]
	// into cand from r.ncand on (with poolSlack entries of room past them).
	poolScan func(c, cand []uint32, lo, hi uint32, r *scanResult)
	// convRow converts a row of bd-bit samples to 10 bits (converter)
	// and returns the largest input sample.
	convRow func(out, in []uint16, bd int) uint16
	// antiDither is AntiDither's interior: out[x] is the rounded-down
	// mean of row[x], row[x+1], next[x] and next[x+1] for x < len(out);
	// row and next hold one more sample.
	antiDither func(out, row, next []uint16)
	// convDither is convRow and antiDither in one pass for bd <= 10:
	// out[x] = (row[x]+row[x+1]+next[x]+next[x+1]) << (10-bd) >> 2 for
	// x < len(out), from bd-bit samples (row and next hold one more); it
	// returns the largest row[x], x < len(out), whatever the samples.
	convDither func(out, row, next []uint16, bd int) uint16
	// convRow8 and convDither8 are convRow and convDither on the rows of
	// an 8-bit picture held packed (yuv.Plane.Pix8).
	convRow8    func(out []uint16, in []uint8, bd int) uint16
	convDither8 func(out []uint16, row, next []uint8, bd int) uint16
	// boxRow writes 1 where the 7-wide window sum of col (clipped to
	// [0, w)) exceeds maskIndex.
	boxRow func(out []uint8, col []uint8, w int, maskIndex int32)
	// bandRange returns, over the masked samples of row whose band
	// value b = v-base (16-bit) is below size, the smallest b (0xffff if
	// none) and the largest b+1 (0 if none).
	bandRange func(row []uint16, mrow []uint8, base, size uint16) (mn, mx1 uint16)
	// runBits marks the runs of a row: bit x (word x/32, from bit 0) of
	// vb is set where row[x] is masked and its band value row[x]-base
	// (16-bit) is below size, and of qb where moreover x+1 < len(row)
	// and row[x+1] is masked and equal to row[x] (the run goes on). It
	// writes (len(row)+31)/32 words of each.
	runBits func(vb, qb []uint32, row []uint16, mrow []uint8, base, size uint16)
}

var scalarKernels = &kernels{
	set:         cpu.Scalar,
	flatRow:     flatRowGo,
	colAdd:      colAddGo,
	hmode:       hmodeGo,
	vmode:       vmodeGo,
	decimate16:  decimateGo[uint16],
	decimate8:   decimateGo[uint8],
	trap:        trapGo,
	traps:       trapsGo,
	cvRun:       cvRunGo,
	poolScan:    poolScanGo,
	convRow:     convRowGo[uint16],
	antiDither:  antiDitherGo,
	convDither:  convDitherGo[uint16],
	convRow8:    convRowGo[uint8],
	convDither8: convDitherGo[uint8],
	boxRow:      boxRowGo,
	bandRange:   bandRangeGo,
	runBits:     runBitsGo,
}

// kernelsFor returns the kernels of a set; sets without a twin for an
// entry keep the scalar one.
func kernelsFor(s cpu.Set) *kernels {
	if k := simdKernels(s); k != nil {
		return k
	}
	return scalarKernels
}

func flatRowGo(out []uint8, img []uint16, w, h, y int) {
	row := img[y*w : (y+1)*w]
	if y+1 >= h {
		out = out[:w]
		for x := 0; x < w-1; x++ {
			out[x] = b2u8(row[x] == row[x+1])
		}
		out[w-1] = 1
		return
	}
	flatRowTail(out, row, img[(y+1)*w:(y+2)*w], 0, w)
}

// flatRowTail is flatRow's columns from x0 on, with a row below.
func flatRowTail(out []uint8, row, below []uint16, x0, w int) {
	out, below = out[:w], below[:w]
	for x := x0; x < w-1; x++ {
		out[x] = b2u8(row[x] == row[x+1] && row[x] == below[x])
	}
	out[w-1] = b2u8(row[w-1] == below[w-1])
}

func colAddGo(col, in, out []uint8) {
	in, out = in[:len(col)], out[:len(col)]
	for x := range col {
		col[x] += in[x] - out[x]
	}
}

func hmodeGo(out, in []uint16) {
	w := len(in)
	out = out[:w]
	out[0] = in[0]
	for x := 1; x < w-1; x++ {
		out[x] = mode3(in[x-1], in[x], in[x+1])
	}
	out[w-1] = in[w-1]
}

func vmodeGo(out, a, b, c []uint16) {
	a, b, c = a[:len(out)], b[:len(out)], c[:len(out)]
	for x := range out {
		out[x] = mode3(a[x], b[x], c[x])
	}
}

func decimateGo[T uint8 | uint16](out, in []T) {
	if len(out) == 0 {
		return
	}
	_ = in[2*(len(out)-1)]
	for x := range out {
		out[x] = in[2*x]
	}
}

func trapGo(h []uint16, lo, hi, t0, m, l int, sub bool) {
	h = h[lo:hi]
	t := t0
	if sub {
		for i := range h {
			h[i] -= uint16(min(t+1, m, l-t))
			t++
		}
		return
	}
	for i := range h {
		h[i] += uint16(min(t+1, m, l-t))
		t++
	}
}

// trapOp is one trapezoid of a batch: trap's arguments, with lo = i and
// hi = i+n (n > 0) and sub as 0 or 1.
type trapOp struct{ i, n, t0, m, l, sub int32 }

func trapsGo(h []uint16, ops []trapOp) {
	for _, o := range ops {
		trapGo(h, int(o.i), int(o.i+o.n), int(o.t0), int(o.m), int(o.l), o.sub != 0)
	}
}

// cvRunGo is cValuePixel along a run: the steps run outermost so that
// every count is read from a contiguous histogram row.
func cvRunGo(out []float32, hist []uint16, i0, stride int, act uint32, wts *[32]int32, rec *[ReciprocalSize]float32) {
	n := len(out)
	p0s := hist[i0 : i0+n]
	clear(out)
	for d := 0; act != 0; d, act = d+1, act>>1 {
		if act&1 == 0 {
			continue
		}
		up := hist[i0+(d+1)*stride:][:n]
		dn := hist[i0-(d+1)*stride:][:n]
		wd := int(wts[d])
		for i, c := range out {
			p0 := int(p0s[i])
			p := max(int(up[i]), int(dn[i]))
			val := float32(wd*p0*p) * rec[p+p0]
			if val > c {
				out[i] = val
			}
		}
	}
}

func convRowGo[T uint8 | uint16](out []uint16, in []T, bd int) uint16 {
	out = out[:len(in)]
	var mx uint16
	switch {
	case bd == 10:
		for x, v := range in {
			mx = max(mx, uint16(v))
			out[x] = uint16(v)
		}
	case bd < 10:
		s := uint(10 - bd)
		for x, v := range in {
			mx = max(mx, uint16(v))
			out[x] = uint16(v) << s
		}
	default:
		s := uint(bd - 10)
		r := uint32(1) << (s - 1)
		for x, v := range in {
			mx = max(mx, uint16(v))
			out[x] = uint16((uint32(v) + r) >> s)
		}
	}
	return mx
}

func antiDitherGo(out, row, next []uint16) {
	n := len(out)
	row, next = row[:n+1], next[:n+1]
	for x := range out {
		out[x] = uint16((uint32(row[x]) + uint32(row[x+1]) + uint32(next[x]) + uint32(next[x+1])) >> 2)
	}
}

func convDitherGo[T uint8 | uint16](out []uint16, row, next []T, bd int) uint16 {
	n := len(out)
	row, next = row[:n+1], next[:n+1]
	s := uint(10 - bd)
	var mx uint16
	for x := range out {
		mx = max(mx, uint16(row[x]))
		out[x] = uint16((uint32(row[x]) + uint32(row[x+1]) + uint32(next[x]) + uint32(next[x+1])) << s >> 2)
	}
	return mx
}

func bandRangeGo(row []uint16, mrow []uint8, base, size uint16) (mn, mx1 uint16) {
	mn = 0xffff
	mrow = mrow[:len(row)]
	for x, v := range row {
		if b := v - base; mrow[x] != 0 && b < size {
			mn, mx1 = min(mn, b), max(mx1, b+1)
		}
	}
	return mn, mx1
}

func runBitsGo(vb, qb []uint32, row []uint16, mrow []uint8, base, size uint16) {
	n := len(row)
	nw := (n + 31) / 32
	vb, qb, mrow = vb[:nw], qb[:nw], mrow[:n]
	clear(vb)
	clear(qb)
	for x, v := range row {
		if mrow[x] == 0 || v-base >= size {
			continue
		}
		vb[x>>5] |= 1 << (x & 31)
		if x+1 < n && row[x+1] == v && mrow[x+1] != 0 {
			qb[x>>5] |= 1 << (x & 31)
		}
	}
}
