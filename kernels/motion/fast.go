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
	// vpassW and vpass8W are vpass into int16 words (words.go), from
	// samples of up to 14 bits and from packed 8-bit samples: they return
	// the OR of every |value|, and dst holds the values when it is below
	// 2^15. hsumW is hpass without output on such a row of w words; the
	// row's slice holds 32 words of slack past w.
	vpassW  func(dst []int16, p, c *[5][]uint16, bpc int) uint32
	vpass8W func(dst []int16, p, c *[5][]uint8) uint32
	hsumW   func(row []int16, w int) uint32
}

var scalarKernels = &kernels{set: cpu.Scalar, vpass: vpassGo, hpass: hpassGo, vpassW: vpassWGo, vpass8W: vpass8WGo, hsumW: hsumWGo}

// kernelsFor returns the kernels of a set: its twins, and the Go ones
// where it has none on this architecture.
func kernelsFor(s cpu.Set) *kernels {
	k := simdKernels(s)
	if k == nil {
		return scalarKernels
	}
	if k.vpassW == nil {
		k.vpassW = vpassWGo
	}
	if k.vpass8W == nil {
		k.vpass8W = vpass8WGo
	}
	if k.hsumW == nil {
		k.hsumW = hsumWGo
	}
	return k
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
func hedges[T int16 | int32](out []int32, row []T) uint32 {
	w := len(row)
	var sum uint32
	for j := 0; j < w; j++ {
		if j == 2 && w-2 > 2 {
			j = w - 2
		}
		v := hfilter(int32(row[mirror(j-2, w)]), int32(row[mirror(j-1, w)]), int32(row[j]), int32(row[mirror(j+1, w)]), int32(row[mirror(j+2, w)]))
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

// sadWS is one call's scratch: per row band, its rows, and the bands'
// sums.
type sadWS struct {
	bands []*bandWS
	sums  []uint64
}

// bandWS is one row band's scratch: the vertical pass's row (int32, and
// as words with the slack hsumW reads), and ten widened rows for packed
// pictures on the int32 path.
type bandWS struct {
	row   []int32
	words []int16
	wide  [10][]uint16
}

func newBandWS(w int) *bandWS {
	b := &bandWS{row: make([]int32, w), words: make([]int16, w+32)}
	for k := range b.wide {
		b.wide[k] = make([]uint16, w)
	}
	return b
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
	for len(ws.bands) < parts {
		ws.bands = append(ws.bands, newBandWS(w))
	}
	ws.sums = append(ws.sums[:0], make([]uint64, parts)...)
	if parts == 1 {
		ws.sums[0] = f.rows(prev, cur, diff, ws.bands[0], 0, h)
	} else {
		cpu.For(f.opt.Limiter, parts, func(pi int) {
			ws.sums[pi] = f.rows(prev, cur, diff, ws.bands[pi], pi*h/parts, (pi+1)*h/parts)
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

// rows scores rows [y0, y1). Without a map, samples of up to 14 bits
// take the word path, row by row, until a row's values leave int16 (the
// int32 path then scores it); packed 8-bit planes are read as bytes, and
// widened into the scratch rows only for such a row or for the map.
func (f *FastSAD) rows(prev, cur yuv.Plane, diff []int32, ws *bandWS, y0, y1 int) uint64 {
	w, h, bpc := f.cfg.Width, f.cfg.Height, f.cfg.BitDepth
	packed := prev.Pix8 != nil
	words := diff == nil && bpc <= 14
	var p, c [5][]uint16
	var p8, c8 [5][]uint8
	var sad uint64
	for i := y0; i < y1; i++ {
		for k := range 5 {
			r := mirror(i-2+k, h)
			if packed {
				p8[k] = prev.Pix8[r*prev.Stride : r*prev.Stride+w]
				c8[k] = cur.Pix8[r*cur.Stride : r*cur.Stride+w]
			} else {
				p[k] = prev.Pix[r*prev.Stride : r*prev.Stride+w]
				c[k] = cur.Pix[r*cur.Stride : r*cur.Stride+w]
			}
		}
		if words {
			var mag uint32
			if packed {
				mag = f.k.vpass8W(ws.words[:w], &p8, &c8)
			} else {
				mag = f.k.vpassW(ws.words[:w], &p, &c, bpc)
			}
			if mag == 0 {
				continue // libvmaf skips the row
			}
			if mag < 1<<15 {
				sad += uint64(f.k.hsumW(ws.words, w))
				continue
			}
		}
		if packed {
			for k := range 5 {
				p[k] = widenRow(ws.wide[k][:w], p8[k])
				c[k] = widenRow(ws.wide[5+k][:w], c8[k])
			}
		}
		var out []int32
		if diff != nil {
			out = diff[i*w : (i+1)*w]
		}
		mag := f.k.vpass(ws.row, &p, &c, bpc)
		if mag == 0 {
			// libvmaf skips the row; its filtered values are all 0.
			clear(out)
			continue
		}
		sad += uint64(f.k.hpass(out, ws.row, mag))
	}
	return sad
}

// widenRow copies a packed row into dst.
func widenRow(dst []uint16, src []uint8) []uint16 {
	for j, v := range src {
		dst[j] = uint16(v)
	}
	return dst
}
