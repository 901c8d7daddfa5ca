package cambi

import (
	"fmt"
	"math"
	"slices"
	"sync"
	"testing"

	"github.com/bandscope/bandscope/kernels/cpu"
	"github.com/bandscope/bandscope/kernels/synth"
	"github.com/bandscope/bandscope/kernels/yuv"
)

// rowRecorder is a RowReader that copies what it is handed: the maps at
// Begin, and each band's rows of scale 0 as Rows reads them.
type rowRecorder struct {
	mu   sync.Mutex
	pics []*recordedPicture
}

type recordedPicture struct {
	view  PictureResult // the maps, copied
	bands int
	mu    sync.Mutex
	calls [][3]int    // band, y0, y1 in the order of each band's calls
	rows  [][]float32 // scale 0's rows as Rows saw them
}

func (rr *rowRecorder) Begin(r *PictureResult, bands int) PictureRows {
	p := &recordedPicture{view: *r, bands: bands}
	p.view.SpatialMask = slices.Clone(r.SpatialMask)
	for s := range p.view.Scales {
		p.view.Scales[s].CValues = slices.Clone(r.Scales[s].CValues[:r.Scales[s].Width*r.Scales[s].Height])
	}
	p.rows = make([][]float32, r.Scales[0].Height)
	// Rows reads the live c-values, which Begin's copy is not.
	live := r.Scales[0].CValues
	rr.mu.Lock()
	rr.pics = append(rr.pics, p)
	rr.mu.Unlock()
	return &liveRows{p: p, c0: live, w: r.Scales[0].Width}
}

// liveRows records the rows of the c-values scale 0 is pooled from.
type liveRows struct {
	p  *recordedPicture
	c0 []float32
	w  int
}

func (l *liveRows) Rows(band, y0, y1 int) {
	l.p.mu.Lock()
	defer l.p.mu.Unlock()
	l.p.calls = append(l.p.calls, [3]int{band, y0, y1})
	for y := y0; y < y1; y++ {
		if l.p.rows[y] != nil {
			l.p.rows[y] = []float32{float32(math.NaN())} // read twice
			continue
		}
		l.p.rows[y] = slices.Clone(l.c0[y*l.w : (y+1)*l.w])
	}
}

// TestRowReader: with Config.Rows the CPU scorer hands the reader every
// scale's c-values and the spatial mask as a run that keeps them does,
// then every row of scale 0 once, in bands of increasing rows, before
// pooling reorders any; every score keeps its bits; the picture's Rows is
// the reader's, the source's nil. At odd sizes, a scale 0 small enough to
// be pooled by sorting, the high-resolution speed-up, full reference, and
// one and three threads, with every kernel set.
func TestRowReader(t *testing.T) {
	type tc struct {
		w, h    int
		pattern string
		opts    map[string]string
	}
	cases := []tc{
		{321, 243, "grad10", nil},
		{1921, 1081, "grad10", nil},
		{1921, 1081, "wide_hramp", map[string]string{"cambi_high_res_speedup": "1080"}},
		{641, 361, "grad10", map[string]string{"full_ref": "true"}},
		{216, 17, "hramp8", nil}, // scale 0 at most poolSmall values
	}
	for _, c := range cases {
		f := yuv.Format{Width: c.w, Height: c.h, Chroma: yuv.C420, BitDepth: 10}
		if c.pattern != "grad10" {
			f.BitDepth = 8
		}
		p, err := synth.Frame(synth.Spec{Pattern: c.pattern, Format: f}, 3)
		if err != nil {
			t.Fatal(err)
		}
		pic := p.Luma()
		o := NewOptions()
		for k, v := range c.opts {
			if err := o.Set(k, v); err != nil {
				t.Fatal(err)
			}
		}
		cfg, err := NewConfig(o, c.w, c.h, f.BitDepth)
		if err != nil {
			t.Fatal(err)
		}
		for _, set := range cpu.Supported() {
			for _, threads := range []int{1, 3} {
				t.Run(fmt.Sprintf("%dx%d/%v/%v/t%d", c.w, c.h, c.opts, set, threads), func(t *testing.T) {
					opt := Options{Kernels: set, Threads: threads}
					kept := *cfg
					kept.KeepCValues = true
					want, err := NewCPU(&kept, opt).Score(0, pic, pic, false)
					if err != nil {
						t.Fatal(err)
					}
					if want.Dist.Scales[0].MaxCValue == 0 {
						t.Fatal("the fixture has no c-value above 0")
					}
					var rr rowRecorder
					read := *cfg
					read.Rows = &rr
					got, err := NewCPU(&read, opt).Score(0, pic, pic, false)
					if err != nil {
						t.Fatal(err)
					}
					checkRowReading(t, &rr, want, got, threads)
				})
			}
		}
	}
}

func checkRowReading(t *testing.T, rr *rowRecorder, want, got *FrameResult, threads int) {
	t.Helper()
	bits := math.Float64bits
	if bits(got.CAMBI) != bits(want.CAMBI) || bits(got.Dist.Score) != bits(want.Dist.Score) {
		t.Errorf("score %v, want %v", got.Dist.Score, want.Dist.Score)
	}
	for s := range got.Dist.Scales {
		if g, w := got.Dist.Scales[s].Score, want.Dist.Scales[s].Score; bits(g) != bits(w) {
			t.Errorf("scale %d pooled %v, want %v", s, g, w)
		}
	}
	if got.Src != nil && (got.Src.Rows != nil || bits(got.Src.Score) != bits(want.Src.Score)) {
		t.Errorf("source: Rows %v, score %v want %v", got.Src.Rows, got.Src.Score, want.Src.Score)
	}
	if got.Dist.SpatialMask != nil || got.Dist.Scales[0].CValues != nil {
		t.Error("a picture read by Rows kept maps")
	}
	if len(rr.pics) != 1 {
		t.Fatalf("Begin called %d times, want once (the distorted picture)", len(rr.pics))
	}
	p := rr.pics[0]
	if lr, ok := got.Dist.Rows.(*liveRows); !ok || lr.p != p {
		t.Error("the picture's Rows is not the reader's")
	}
	if p.bands < 1 || p.bands > max(threads, 1) {
		t.Errorf("Begin got %d bands for %d threads", p.bands, threads)
	}
	if !slices.Equal(p.view.SpatialMask, want.Dist.SpatialMask) {
		t.Error("Begin's spatial mask differs from the kept one")
	}
	for s := range p.view.Scales {
		g, w := &p.view.Scales[s], &want.Dist.Scales[s]
		if g.Width != w.Width || g.Height != w.Height || g.Window != w.Window || g.Weight != w.Weight || !slices.Equal(g.CValues, w.CValues) {
			t.Errorf("scale %d: Begin's view differs from the kept maps", s)
		}
	}
	w0 := want.Dist.Scales[0]
	for y, row := range p.rows {
		if !slices.Equal(row, w0.CValues[y*w0.Width:(y+1)*w0.Width]) {
			t.Fatalf("scale 0 row %d: read %d values, not the kept row (read twice, never, or reordered)", y, len(row))
		}
	}
	// Each band's rows increase; every row of band i comes before band
	// i+1's. A scale 0 that pooling scans in parts is read in as many
	// bands.
	last := map[int]int{}
	first := map[int]int{}
	for _, c := range p.calls {
		b, y0, y1 := c[0], c[1], c[2]
		if b < 0 || b >= p.bands || y0 >= y1 {
			t.Fatalf("call %v out of range (%d bands)", c, p.bands)
		}
		if l, ok := last[b]; ok && y0 < l {
			t.Fatalf("band %d: rows %d.. after row %d", b, y0, l)
		}
		if _, ok := first[b]; !ok {
			first[b] = y0
		}
		last[b] = y1
	}
	for b := 1; b < p.bands; b++ {
		if f, ok := first[b]; ok && f < last[b-1] {
			t.Errorf("band %d starts at row %d, before band %d ends (%d)", b, f, b-1, last[b-1])
		}
	}
	if n := len(w0.CValues); threads > 1 && n >= poolSplit && len(first) < 2 {
		t.Errorf("%d c-values on %d threads read in %d band", n, threads, len(first))
	}
}

// hookRecorder is a PictureRows over c-values c of rows of w: it checks
// that each row is read once and holds want's values when it is.
type hookRecorder struct {
	mu    sync.Mutex
	c     []float32
	want  []float32
	w     int
	reads []int
	bad   []string
}

func (h *hookRecorder) Rows(band, y0, y1 int) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for y := y0; y < y1; y++ {
		h.reads[y]++
		row, want := h.c[y*h.w:(y+1)*h.w], h.want[y*h.w:(y+1)*h.w]
		if !slices.EqualFunc(row, want, func(a, b float32) bool { return math.Float32bits(a) == math.Float32bits(b) }) {
			h.bad = append(h.bad, fmt.Sprintf("row %d reordered when read", y))
		}
	}
}

// TestPoolRowHook: pooling with a row hook gives Pool's bits and hands
// the hook every row once, before anything reorders it, on the pooling
// cases' adversarial values: scans that miss their bracket, sums that fall
// back to sorting, values that are not c-values; rows of 1, 97 and 4097
// values, 1 and 3 threads, c-values kept or not.
func TestPoolRowHook(t *testing.T) {
	for _, pc := range poolCases() {
		for _, w := range []int{1, 97, 4097} {
			n := len(pc.c) / w * w
			want := Pool(clone(pc.c[:n]), pc.topk)
			for _, threads := range []int{1, 3} {
				for _, kept := range []bool{false, true} {
					name := fmt.Sprintf("%s/w%d/t%d/kept=%v", pc.name, w, threads, kept)
					c := clone(pc.c[:n])
					h := &hookRecorder{c: c, want: pc.c[:n], w: w, reads: make([]int, n/w)}
					var pl pooler
					got := pl.pool(c, pc.topk, kernelsFor(cpu.Best()), threads, cpu.NewLimiter(threads-1), kept, &rowHook{pr: h, w: w})
					if math.Float64bits(got) != math.Float64bits(want) {
						t.Errorf("%s: %v, want %v", name, got, want)
					}
					for y, k := range h.reads {
						if k != 1 {
							t.Fatalf("%s: row %d read %d times", name, y, k)
						}
					}
					if len(h.bad) > 0 {
						t.Fatalf("%s: %v", name, h.bad[0])
					}
				}
			}
		}
	}
}
