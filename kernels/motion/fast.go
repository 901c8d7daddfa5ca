package motion

import (
	"sync"

	"github.com/bandscope/bandscope/kernels/cpu"
	"github.com/bandscope/bandscope/kernels/yuv"
)

// Options choose how the fast CPU scorer runs (kernel set, threads, a
// shared limiter); none of them changes a bit of the results.
type Options = cpu.Options

// kernels are the fast scorer's row loops; every set gives the Go twins'
// bits.
type kernels struct {
	set cpu.Set
	// vpass is VerticalRow on five pre-mirrored rows of each picture:
	// dst[j] = (sum Taps[k]*(p[k][j]-c[k][j]) + 2^(bpc-1)) >> bpc, and
	// the OR of every |dst[j]| (0 for an all-zero row, which libvmaf
	// skips; below 2^15 when the row fits hpass's fast path).
	vpass func(dst []int32, p, c *[5][]uint16, bpc int) uint32
	// hpass is HorizontalRow: out, unless nil, gets the filtered row, the
	// result is the uint32 sum of its absolute values. mag is vpass's OR
	// of the row's |values| (a bound on them: kernels may take a faster
	// path when it is below 2^15).
	hpass func(out, row []int32, mag uint32) uint32
}

var scalarKernels = &kernels{set: cpu.Scalar, vpass: vpassGo, hpass: hpassGo}

// kernelsFor returns the kernels of a set (the Go ones when the set has no
// twins on this architecture).
func kernelsFor(s cpu.Set) *kernels {
	if k := simdKernels(s); k != nil {
		return k
	}
	return scalarKernels
}

// vpassGo is the vertical pass with the symmetric taps paired (an exact
// integer regrouping of libvmaf's five products).
func vpassGo(dst []int32, p, c *[5][]uint16, bpc int) uint32 {
	n := len(dst)
	p0, p1, p2, p3, p4 := p[0][:n], p[1][:n], p[2][:n], p[3][:n], p[4][:n]
	c0, c1, c2, c3, c4 := c[0][:n], c[1][:n], c[2][:n], c[3][:n], c[4][:n]
	round := int64(1) << (bpc - 1)
	var mag uint32
	for j := range dst {
		d0 := int64(p0[j]) - int64(c0[j])
		d1 := int64(p1[j]) - int64(c1[j])
		d2 := int64(p2[j]) - int64(c2[j])
		d3 := int64(p3[j]) - int64(c3[j])
		d4 := int64(p4[j]) - int64(c4[j])
		acc := Taps[0]*(d0+d4) + Taps[1]*(d1+d3) + Taps[2]*d2
		v := int32((acc + round) >> bpc)
		dst[j] = v
		mag |= abs32(v)
	}
	return mag
}

// hfilter is one output of the horizontal pass from its five inputs.
func hfilter(a, b, c, d, e int32) int32 {
	acc := Taps[0]*(int64(a)+int64(e)) + Taps[1]*(int64(b)+int64(d)) + Taps[2]*int64(c)
	return int32((acc + 1<<15) >> 16)
}

func abs32(v int32) uint32 {
	if v < 0 {
		return uint32(-v)
	}
	return uint32(v)
}

// hedges filters the columns within two of either edge (mirrored) and
// returns their sum; hpass kernels do the interior [2, w-2).
func hedges(out, row []int32) uint32 {
	w := len(row)
	var sum uint32
	for j := 0; j < w; j++ {
		if j == 2 && w-2 > 2 {
			j = w - 2
		}
		v := hfilter(row[mirror(j-2, w)], row[mirror(j-1, w)], row[j], row[mirror(j+1, w)], row[mirror(j+2, w)])
		if out != nil {
			out[j] = v
		}
		sum += abs32(v)
	}
	return sum
}

// hinteriorGo filters columns [a, z) (2 <= a, z <= w-2) and returns the
// sum of their absolute values.
func hinteriorGo(out, row []int32, a, z int) uint32 {
	var sum uint32
	for j := a; j < z; j++ {
		r := row[j-2 : j+3 : j+3]
		v := hfilter(r[0], r[1], r[2], r[3], r[4])
		if out != nil {
			out[j] = v
		}
		sum += abs32(v)
	}
	return sum
}

func hpassGo(out, row []int32, _ uint32) uint32 {
	return hedges(out, row) + hinteriorGo(out, row, 2, max(len(row)-2, 2))
}

// FastSAD is the fast scorer's frame SAD on its own, for callers that
// score pairs of pictures out of order (the inspector, or an engine that
// computes several frames' SADs at once). It is safe for concurrent use.
type FastSAD struct {
	cfg  *Config
	opt  Options
	k    *kernels
	mu   sync.Mutex
	free []*sadWS
}

// NewFastSAD returns the fast SAD for cfg's size and bit depth.
func NewFastSAD(cfg *Config, o Options) *FastSAD {
	o = o.Resolve()
	return &FastSAD{cfg: cfg, opt: o, k: kernelsFor(o.Kernels)}
}

// sadWS is one call's scratch: per row band, the vertical pass's row and
// the band's sum.
type sadWS struct {
	row  [][]int32
	sums []uint64
}

// minRows is the fewest rows a band is cut to.
const minRows = 16

// SAD is the package function SAD, fast: two luma planes of the
// configured size and bit depth (samples within it, which Scorer.Push
// checks and SAD does not), diff filled (Width*Height values) unless nil.
func (f *FastSAD) SAD(prev, cur yuv.Plane, diff []int32) uint64 {
	w, h := f.cfg.Width, f.cfg.Height
	parts := cpu.Parts(h, f.opt.Threads, minRows)
	if f.opt.Threads == 1 {
		parts = 1
	}
	f.mu.Lock()
	var ws *sadWS
	if n := len(f.free); n > 0 {
		ws, f.free = f.free[n-1], f.free[:n-1]
	} else {
		ws = &sadWS{}
	}
	f.mu.Unlock()
	for len(ws.row) < parts {
		ws.row = append(ws.row, make([]int32, w))
	}
	ws.sums = append(ws.sums[:0], make([]uint64, parts)...)
	if parts == 1 {
		ws.sums[0] = f.rows(prev, cur, diff, ws.row[0], 0, h)
	} else {
		cpu.For(f.opt.Limiter, parts, func(pi int) {
			ws.sums[pi] = f.rows(prev, cur, diff, ws.row[pi], pi*h/parts, (pi+1)*h/parts)
		})
	}
	var sad uint64
	for _, s := range ws.sums {
		sad += s
	}
	f.mu.Lock()
	f.free = append(f.free, ws)
	f.mu.Unlock()
	return sad
}

// rows scores rows [y0, y1).
func (f *FastSAD) rows(prev, cur yuv.Plane, diff, row []int32, y0, y1 int) uint64 {
	w, h, bpc := f.cfg.Width, f.cfg.Height, f.cfg.BitDepth
	var p, c [5][]uint16
	var sad uint64
	for i := y0; i < y1; i++ {
		for k := range p {
			r := mirror(i-2+k, h)
			p[k] = prev.Pix[r*prev.Stride : r*prev.Stride+w]
			c[k] = cur.Pix[r*cur.Stride : r*cur.Stride+w]
		}
		var out []int32
		if diff != nil {
			out = diff[i*w : (i+1)*w]
		}
		mag := f.k.vpass(row, &p, &c, bpc)
		if mag == 0 {
			// libvmaf skips the row; its filtered values are all 0.
			clear(out)
			continue
		}
		sad += uint64(f.k.hpass(out, row, mag))
	}
	return sad
}
