package inspect

import (
	"math"
	"runtime"
	"sync"

	"github.com/bandscope/bandscope/engine"
)

// Map is one map to show: W x H values in row-major order, read through
// At so that uint8, uint16, float32 and computed maps share one form.
type Map struct {
	W, H int
	at   func(i int) float64
	// The values At reads when they are a plain slice: Gather reads a row
	// from it directly instead of a call per pixel.
	f32 []float32
	u16 []uint16
	u8  []uint8

	// The top of the colour scale (TopOK), computed once: the views of a
	// frame ask for it several times, and each answer samples the whole map.
	topOnce sync.Once
	top     float64
	topOK   bool
}

// U16 is a map of w x h samples; nil when pix is too short or the size empty.
func U16(w, h int, pix []uint16) *Map {
	if len(pix) < w*h || w <= 0 || h <= 0 {
		return nil
	}
	return &Map{W: w, H: h, at: func(i int) float64 { return float64(pix[i]) }, u16: pix}
}

// U8 is a map of w x h bytes (a mask); nil when pix is too short or the
// size empty.
func U8(w, h int, pix []uint8) *Map {
	if len(pix) < w*h || w <= 0 || h <= 0 {
		return nil
	}
	return &Map{W: w, H: h, at: func(i int) float64 { return float64(pix[i]) }, u8: pix}
}

// F32 is a map of w x h floats; nil when pix is too short or the size empty.
func F32(w, h int, pix []float32) *Map {
	if len(pix) < w*h || w <= 0 || h <= 0 {
		return nil
	}
	return &Map{W: w, H: h, at: func(i int) float64 { return float64(pix[i]) }, f32: pix}
}

// Func is a computed map: at gives the value at index i.
func Func(w, h int, at func(i int) float64) *Map { return &Map{W: w, H: h, at: at} }

// Luma is a picture's luma plane, or nil.
func Luma(p *engine.Picture) *Map {
	if p == nil {
		return nil
	}
	return U16(p.Width, p.Height, p.Planes[0])
}

// Difference is a − b, value by value (the maps have one size).
func Difference(a, b *Map) *Map {
	return Func(a.W, a.H, func(k int) float64 { return a.At(k) - b.At(k) })
}

// Resampled is m read at w x h by nearest neighbour, the way a pane lays a
// decimated map over its frame: a ladder rendition's CAMBI maps (at its
// encode size) against its source's, value for value on one grid.
func Resampled(m *Map, w, h int) *Map {
	if m.W == w && m.H == h {
		return m
	}
	return Func(w, h, func(k int) float64 {
		x, y := k%w, k/w
		return m.At(y*m.H/h*m.W + x*m.W/w)
	})
}

// At is the value at row-major index i.
func (m *Map) At(i int) float64 { return m.at(i) }

// Samples are the map's values when it holds 16-bit samples (U16), else
// nil: a pane draws them through a table instead of value by value.
func (m *Map) Samples() []uint16 { return m.u16 }

// Floats are the map's values when it holds floats (F32), else nil.
func (m *Map) Floats() []float32 { return m.f32 }

// Gather reads the values at row offset off + cols[i] into dst[i].
func (m *Map) Gather(dst []float64, off int, cols []int) {
	dst = dst[:len(cols)]
	switch {
	case m.f32 != nil:
		s := m.f32[off:]
		for i, c := range cols {
			dst[i] = float64(s[c])
		}
	case m.u16 != nil:
		s := m.u16[off:]
		for i, c := range cols {
			dst[i] = float64(s[c])
		}
	case m.u8 != nil:
		s := m.u8[off:]
		for i, c := range cols {
			dst[i] = float64(s[c])
		}
	default:
		for i, c := range cols {
			dst[i] = m.at(off + c)
		}
	}
}

// Value returns the map's value under frame coordinates (fx, fy) of a
// frame fw x fh, the map being a (possibly decimated) picture of it, and
// the map's coordinates there.
func (m *Map) Value(fx, fy float64, fw, fh int) (v float64, x, y int, ok bool) {
	if m == nil || fx < 0 || fy < 0 || fx >= float64(fw) || fy >= float64(fh) {
		return 0, 0, 0, false
	}
	x = int(fx * float64(m.W) / float64(fw))
	y = int(fy * float64(m.H) / float64(fh))
	if x >= m.W || y >= m.H {
		return 0, 0, 0, false
	}
	return m.At(y*m.W + x), x, y, true
}

// MaxAbs is the largest |value|.
func (m *Map) MaxAbs() float64 {
	top := 0.0
	for k := 0; k < m.W*m.H; k++ {
		top = math.Max(top, math.Abs(m.At(k)))
	}
	return top
}

// Rows splits rows [0, h) into a part per core (at least 32 rows each)
// and runs do on each part at once.
func Rows(h int, do func(j0, j1 int)) {
	n := min(runtime.GOMAXPROCS(0), max(h/32, 1))
	if n <= 1 {
		do(0, h)
		return
	}
	var wg sync.WaitGroup
	for k := 0; k < n; k++ {
		j0, j1 := h*k/n, h*(k+1)/n
		wg.Add(1)
		go func() {
			defer wg.Done()
			do(j0, j1)
		}()
	}
	wg.Wait()
}
