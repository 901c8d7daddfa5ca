package cambi

import "github.com/bandscope/bandscope/kernels/cpu"

// kernels are the hot rows of the fast scorer in one kernel set. The
// scalar set is plain Go; the SIMD sets replace some entries with assembly
// twins that give the same bits (kernels_test.go checks every one).
type kernels struct {
	set cpu.Set
	// derivRow sets deriv[x] to 1 where row y of img (w x h) is flat to
	// the right and downwards (zeroDerivativeRow).
	derivRow func(deriv []uint8, img []uint16, w, h, y int)
	// addCounts adds (or subtracts) the 0/1 flags to the column sums.
	addCounts func(col []int32, deriv []uint8, add bool)
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
	// cvRow computes one row of c-values of a strip (see cvRowGo).
	cvRow func(a *cvArgs)
}

// cvArgs are the inputs of one strip row of c-values.
type cvArgs struct {
	out    []float32
	img    []uint16
	mask   []uint8
	hist   []uint16 // the strip's histogram, rows of stride entries
	stride int
	rowOff int // histogram row of band value b is b + rowOff
	base   int // band base
	size   int // band size
	active []uint32
	wts    *[32]float32 // unused by the Go kernel
	t      *Tables
	rec    *[ReciprocalSize]float32
}

var scalarKernels = &kernels{
	set:        cpu.Scalar,
	derivRow:   zeroDerivativeRow,
	addCounts:  addCountsGo,
	hmode:      hmodeGo,
	vmode:      vmodeGo,
	decimate16: decimateGo[uint16],
	decimate8:  decimateGo[uint8],
	trap:       trapGo,
	cvRow:      cvRowGo,
}

// kernelsFor returns the kernels of a set; sets without a twin for an
// entry keep the scalar one.
func kernelsFor(s cpu.Set) *kernels {
	if k := simdKernels(s); k != nil {
		return k
	}
	return scalarKernels
}

func addCountsGo(col []int32, deriv []uint8, add bool) {
	col = col[:len(deriv)]
	if add {
		for x, d := range deriv {
			col[x] += int32(d)
		}
		return
	}
	for x, d := range deriv {
		col[x] -= int32(d)
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

// cvRowGo is cValuePixel over one strip row, reading the strip's
// histogram; the steps d a value can use are the set bits of active.
func cvRowGo(a *cvArgs) {
	t, rec, hist, stride := a.t, a.rec, a.hist, a.stride
	img, mask := a.img[:len(a.out)], a.mask[:len(a.out)]
	for x := range a.out {
		b := int(img[x]) - a.base
		if mask[x] == 0 || uint(b) >= uint(a.size) {
			a.out[x] = 0
			continue
		}
		act := a.active[b]
		i := (b+a.rowOff)*stride + x
		p0 := int(hist[i])
		var c float32
		for d := 0; act != 0; d++ {
			if act&1 != 0 {
				p := max(int(hist[i+(d+1)*stride]), int(hist[i-(d+1)*stride]))
				val := float32(t.DiffWeights[d]*p0*p) * rec[p+p0]
				if val > c {
					c = val
				}
			}
			act >>= 1
		}
		a.out[x] = c
	}
}
