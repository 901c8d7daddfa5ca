package regions

import (
	"fmt"
	"math"
	"math/rand/v2"
	"sync"
	"testing"

	"github.com/bandscope/bandscope/engine"
	"github.com/bandscope/bandscope/kernels/cpu"
	"github.com/bandscope/bandscope/kernels/regionscan"
)

// randomPicture is a CAMBI picture of w x h whose maps are random: blobs
// of large c-values on small noise, the spatial mask mostly set. With
// halfRes, scale 0 is at half the picture's size (cambi_high_res_speedup).
func randomPicture(w, h int, halfRes, solid bool, seed uint64) *engine.CAMBIPicture {
	r := rand.New(rand.NewPCG(seed, 99))
	p := &engine.CAMBIPicture{Width: w, Height: h, SpatialMask: make([]uint8, w*h)}
	for i := range p.SpatialMask {
		// A solid picture's mask is a band of columns without holes, so
		// that the rows through its disc have their hits in one run,
		// starting off a vector's edge.
		if x := i % w; solid && x >= w/7+3 && x < w-w/9 || !solid && r.IntN(10) != 0 {
			p.SpatialMask[i] = 1
		}
	}
	sw, sh := w, h
	if halfRes {
		sw, sh = (w+1)>>1, (h+1)>>1
	}
	cx, cy := r.Float64(), r.Float64()
	for s := range p.Scales {
		if s > 0 {
			sw, sh = (sw+1)>>1, (sh+1)>>1
		}
		sc := &p.Scales[s]
		*sc = engine.CAMBIScale{Width: sw, Height: sh, Window: 9, Pad: 4, Weight: []int{16, 8, 4, 2, 1}[s], CValues: make([]float32, sw*sh)}
		for y := range sh {
			for x := range sw {
				dx, dy := float64(x)/float64(sw)-cx, float64(y)/float64(sh)-cy
				v := 0.02 * r.Float64()
				switch {
				case solid && dx*dx+dy*dy < 0.06:
					v += 2 + r.Float64() // above every threshold of the tests
				case !solid && (dx*dx+dy*dy < 0.06 || (x/5+y/3)%7 == 0):
					v += 3 * r.Float64()
				}
				sc.CValues[y*sw+x] = float32(v)
			}
		}
	}
	return p
}

// bruteRegions finds the regions of p pixel by pixel: each pixel's
// weighted sum from the scales' own samples, 8-connected flood fill, and
// the sums of each component's row runs in scan order (RunSumRef per
// run), as doc.go defines them.
func bruteRegions(p *engine.CAMBIPicture, k0 int, t32 float32, norm float64) []Region {
	w, h := p.Width, p.Height
	val := func(x, y int) float32 {
		// The level of the coarsest scale, then each finer one on top.
		var acc float32
		for s := len(p.Scales) - 1; s >= 0; s-- {
			sh := s + k0
			sc := &p.Scales[s]
			c := sc.CValues[(y>>sh)*sc.Width+(x>>sh)]
			if s == len(p.Scales)-1 {
				acc = float32(sc.Weight) * c
			} else {
				acc = float32(float32(sc.Weight)*c) + acc
			}
		}
		return acc
	}
	vals := make([]float32, w*h)
	hit := make([]bool, w*h)
	for y := range h {
		for x := range w {
			vals[y*w+x] = val(x, y)
			hit[y*w+x] = p.SpatialMask[y*w+x] != 0 && t32 <= vals[y*w+x]
		}
	}
	label := make([]int, w*h)
	for i := range label {
		label[i] = -1
	}
	var out []Region
	for start := range label {
		if !hit[start] || label[start] >= 0 {
			continue
		}
		id := len(out)
		stack := []int{start}
		label[start] = id
		for len(stack) > 0 {
			i := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			x, y := i%w, i/w
			for dy := -1; dy <= 1; dy++ {
				for dx := -1; dx <= 1; dx++ {
					nx, ny := x+dx, y+dy
					if nx >= 0 && ny >= 0 && nx < w && ny < h && hit[ny*w+nx] && label[ny*w+nx] < 0 {
						label[ny*w+nx] = id
						stack = append(stack, ny*w+nx)
					}
				}
			}
		}
		out = append(out, Region{})
	}
	// Runs in scan order, each added to its component.
	for y := range h {
		for x := 0; x < w; {
			if !hit[y*w+x] {
				x++
				continue
			}
			x0 := x
			for x < w && hit[y*w+x] {
				x++
			}
			g := &out[label[y*w+x0]]
			sum, top := regionscan.RunSumRef(vals[y*w+x0 : y*w+x])
			g.Box = g.Box.Union(Box{x0, y, x - x0, 1})
			g.Area += x - x0
			g.Sum += sum
			g.Max = max(g.Max, float64(top))
			g.spans = append(g.spans, span{int32(y), int32(x0), int32(x)})
		}
	}
	for k := range out {
		out[k].Sum /= norm
		out[k].Max /= norm
	}
	return out
}

// TestComponentsBruteForce holds components, with every kernel set, to a
// pixel-by-pixel search at odd sizes, both scale-0 sizes and several
// thresholds: the same regions, boxes, areas and bits of Sum and Max.
func TestComponentsBruteForce(t *testing.T) {
	const norm = 81
	type fixture struct {
		size           [2]int
		halfRes, solid bool
	}
	var fixtures []fixture
	for _, size := range [][2]int{{67, 45}, {130, 63}, {201, 97}, {64, 64}} {
		for _, halfRes := range []bool{false, true} {
			for _, solid := range []bool{false, true} {
				fixtures = append(fixtures, fixture{size, halfRes, solid})
			}
		}
	}
	for _, fx := range fixtures {
		size, halfRes, solid := fx.size, fx.halfRes, fx.solid
		k0 := 0
		if halfRes {
			k0 = 1
		}
		p := randomPicture(size[0], size[1], halfRes, solid, uint64(size[0]*1000+size[1]))
		for _, tc := range []float64{0.05, 0.3, 0.6} {
			tN := tc * norm
			t32 := float32(tN)
			if float64(t32) < tN {
				t32 = math.Nextafter32(t32, float32(math.Inf(1)))
			}
			want := bruteRegions(p, k0, t32, norm)
			if len(want) == 0 {
				t.Fatalf("%v half %v t %v: the fixture has no region", size, halfRes, tc)
			}
			if one := singleRunRows(want, size[1]); solid && one < 3 || !solid && one == size[1] {
				t.Fatalf("%v half %v solid %v t %v: %d rows of %d have their hits in one run", size, halfRes, solid, tc, one, size[1])
			}
			for _, set := range cpu.Supported() {
				name := fmt.Sprintf("%dx%d/half=%v/solid=%v/t=%v/%v", size[0], size[1], halfRes, solid, tc, set)
				scanKernelsFor = func() regionscan.Kernels { return regionscan.For(set) }
				for _, bands := range []int{1, 3} {
					name := fmt.Sprintf("%s/bands=%d", name, bands)
					got := scanBands(t, p, tc, bands)
					if len(got) != len(want) {
						t.Fatalf("%s: %d regions, want %d", name, len(got), len(want))
					}
					// Both list components by their first pixel in scan order.
					for i := range got {
						g, w := got[i], want[i]
						if g.Box != w.Box || g.Area != w.Area || math.Float64bits(g.Sum) != math.Float64bits(w.Sum) || math.Float64bits(g.Max) != math.Float64bits(w.Max) {
							t.Fatalf("%s: region %d = %+v %d %v %v, want %+v %d %v %v", name, i, g.Box, g.Area, g.Sum, g.Max, w.Box, w.Area, w.Sum, w.Max)
						}
						if n := spanArea(g.spans); n != g.Area {
							t.Fatalf("%s: region %d spans cover %d pixels, area %d", name, i, n, g.Area)
						}
					}
				}
				scanKernelsFor = nil
			}
		}
	}
}

// scanBands is the search of p with every region kept, its scale-0 rows
// read as CAMBI's pooling hands them to a RowReader: in bands bands at
// once, a few rows at a time.
func scanBands(t *testing.T, p *engine.CAMBIPicture, threshold float64, bands int) []Region {
	// One band more than are read: a band pooling never scans.
	ps := rowReader{threshold}.Begin(p, bands+1).(*pictureScan)
	ps.minArea = 1
	h0 := p.Scales[0].Height
	var wg sync.WaitGroup
	for i := range bands {
		wg.Go(func() {
			y0, y1 := cpu.Split(h0, bands, i)
			for y := y0; y < y1; y += 3 {
				ps.Rows(i, y, min(y+3, y1))
			}
		})
	}
	wg.Wait()
	f, err := ps.finish()
	if err != nil {
		t.Fatal(err)
	}
	return f.Regions
}

// singleRunRows counts the rows of h whose hits, in regions, are one run
// (a solid fixture's rows through its disc; a row of runs between holes
// in the mask elsewhere).
func singleRunRows(regions []Region, h int) int {
	runs := make([]int, h)
	for _, g := range regions {
		for _, sp := range g.spans {
			runs[sp.y]++
		}
	}
	n := 0
	for _, r := range runs {
		if r == 1 {
			n++
		}
	}
	return n
}

func spanArea(s []span) int {
	n := 0
	for _, sp := range s {
		n += int(sp.x1 - sp.x0)
	}
	return n
}
