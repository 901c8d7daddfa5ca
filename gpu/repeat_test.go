//go:build cgo && !js

package gpu

import (
	"fmt"
	"testing"

	"github.com/bandscope/bandscope/kernels/adm"
	"github.com/bandscope/bandscope/kernels/cambi"
	"github.com/bandscope/bandscope/kernels/yuv"
)

// The repeated-run tests score two contents alternately, with maps on and
// off, many times on one scorer: a missing barrier between dispatches or a
// shared buffer left stale by the previous frame (or by the other path)
// shows up as a difference from the CPU on some run. Large (50 runs at
// 1080p) with BANDSCOPE_GPU_LARGE=1; a few runs on a small picture
// otherwise.

func repeatShape() (w, h, runs int) {
	if isLarge() {
		return 1920, 1080, 50
	}
	return 480, 270, 6
}

func TestCAMBIRepeated(t *testing.T) {
	if testing.Short() {
		t.Skip("repeated runs skipped with -short")
	}
	w, h, runs := repeatShape()
	cfg, err := cambi.NewConfig(opts(t, "full_ref", "true"), w, h, 10)
	if err != nil {
		t.Fatal(err)
	}
	type content struct {
		dist, ref yuv.Plane
		want      *cambi.FrameResult
	}
	var cs [2]content
	for i := range cs {
		cs[i].dist, cs[i].ref = bandPlane(w, h, 10, 3+2*i), bandPlane(w, h, 10, 4+2*i)
		if cs[i].want, err = cambi.New(cfg).Score(0, cs[i].dist, cs[i].ref, true); err != nil {
			t.Fatal(err)
		}
		if cs[i].want.Dist.Score <= 1 || cs[i].want.Src.Score <= 1 {
			t.Fatalf("content %d: CPU scores %.17g, %.17g: it does not band", i, cs[i].want.Dist.Score, cs[i].want.Src.Score)
		}
	}
	if cs[0].want.CAMBI == cs[1].want.CAMBI {
		t.Fatal("the two contents score the same: a stale result would pass")
	}
	for _, d := range openAll(t) {
		t.Run(d.Info().Name, func(t *testing.T) {
			s, err := NewCAMBI(d, cfg)
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			for i := 0; i < runs; i++ {
				c, maps := &cs[(i/2)%2], i%2 == 0
				got, err := s.Score(i, c.dist, c.ref, maps)
				if err != nil {
					t.Fatal(err)
				}
				t.Run(fmt.Sprintf("run %d maps %v", i, maps), func(t *testing.T) {
					if maps {
						got.Frame = c.want.Frame
						sameFrame(t, c.want, got)
						return
					}
					sameF64(t, "cambi", c.want.CAMBI, got.CAMBI)
					sameF64(t, "full reference", c.want.FullReference, got.FullReference)
				})
				if t.Failed() {
					return
				}
			}
		})
	}
}

func TestADMRepeated(t *testing.T) {
	if testing.Short() {
		t.Skip("repeated runs skipped with -short")
	}
	w, h, runs := repeatShape()
	tc := admCase{pattern: "fullnoise", w: w, h: h, depth: 10}
	ref, dist, depth := admPictures(t, &tc)
	cfg, err := adm.NewConfig(adm.NewOptions(), w, h, depth)
	if err != nil {
		t.Fatal(err)
	}
	// The second content swaps the pictures: other scores, same buffers.
	pairs := [2][2]yuv.Plane{{ref, dist}, {dist, ref}}
	var wants [2]*adm.FrameResult
	for i, p := range pairs {
		if wants[i], err = adm.New(cfg).Score(0, p[0], p[1], true); err != nil {
			t.Fatal(err)
		}
		if a := wants[i].ADM2; !(a > 0.05 && a < 0.99) {
			t.Fatalf("content %d: CPU adm2 = %v: not clearly imperfect", i, a)
		}
	}
	if wants[0].ADM2 == wants[1].ADM2 {
		t.Fatal("the two contents score the same: a stale result would pass")
	}
	for _, d := range openAll(t) {
		t.Run(d.Info().Name, func(t *testing.T) {
			s, err := NewADM(d, cfg)
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			for i := 0; i < runs; i++ {
				k, maps := (i/2)%2, i%2 == 0
				got, err := s.Score(0, pairs[k][0], pairs[k][1], maps)
				if err != nil {
					t.Fatal(err)
				}
				t.Run(fmt.Sprintf("run %d maps %v", i, maps), func(t *testing.T) {
					want := wants[k]
					if !maps {
						want = withoutMaps(want)
					}
					sameADM(t, want, got, maps)
				})
				if t.Failed() {
					return
				}
			}
		})
	}
}

// withoutMaps is a result as a scorer returns it without keepMaps.
func withoutMaps(r *adm.FrameResult) *adm.FrameResult {
	c := *r
	for s := range c.Bands {
		for b := range c.Bands[s] {
			c.Bands[s][b].Restored, c.Bands[s][b].Additive, c.Bands[s][b].Threshold = nil, nil, nil
		}
	}
	return &c
}

// TestCAMBISmallHistogramBudget forces histogram budgets of a few strips'
// worth (as a device with small buffers gets): the c-value pass then runs
// in several dispatches of that many strips, and every map and score must
// keep its bits. The tall picture (64x2400, one strip a pass) once failed
// on lavapipe: a small budget made the strips taller instead, and llvmpipe
// leaves an invocation's loops after 65535 iterations, so the c-values
// below row ~1047 were wrong. 1080p too with BANDSCOPE_GPU_LARGE=1.
func TestCAMBISmallHistogramBudget(t *testing.T) {
	if testing.Short() {
		t.Skip("skipped with -short")
	}
	cases := []struct {
		w, h    int
		budgets []int
	}{{480, 270, []int{1, 2}}, {64, 2400, []int{1}}}
	if isLarge() {
		cases = append(cases, struct {
			w, h    int
			budgets []int
		}{1920, 1080, []int{1, 2, 3, 7}})
	}
	defer func() { histBudgetCap = ^uint64(0) }()
	for _, c := range cases {
		w, h := c.w, c.h
		cfg, dist, ref, want := bandingFullRef(t, w, h)
		if i := (h-1)*w + w/2; want.Dist.Scales[0].CValues[i] == 0 && want.Dist.Scales[0].CValues[i-w] == 0 {
			t.Fatalf("%dx%d: no c-value in the last rows to lose", w, h)
		}
		band := int(cfg.Tables.BandSize)
		pad := cfg.Window >> 1
		for _, n := range c.budgets {
			histBudgetCap = uint64(n * band * w * 4)
			rows, strips, per := stripLayout(w, h, pad, band, histBudgetCap, 65535, false)
			defRows, defStrips, defPer := stripLayout(w, h, pad, band, 1<<30, 65535, false)
			if per != n || rows != defRows || strips != defStrips || defPer != defStrips || strips <= n {
				t.Fatalf("%dx%d: budget for %d strips gives %d strips of %d rows, %d a pass (default %d of %d, %d a pass)",
					w, h, n, strips, rows, per, defStrips, defRows, defPer)
			}
			sameOnEvery(t, fmt.Sprintf("%dx%d %d strips a pass", w, h, n), cfg, dist, ref, want)
		}
	}
}

// TestCAMBIStripHeights scores with c-value strips of the heights a GPU
// gets (stripLayout's spread layout) and others on every adapter, lavapipe
// included, whose own layout is two windows: strips shorter than the
// window (4 and 8 rows against 481x271's window of 9; 16 against 1080p's
// 33 with BANDSCOPE_GPU_LARGE), so that priming reaches over several
// strips, and taller. Every map and score must keep its bits whatever the
// height.
func TestCAMBIStripHeights(t *testing.T) {
	if testing.Short() {
		t.Skip("skipped with -short")
	}
	// The spread layout: at 4K scale 0 (window 65) strips of 62 rows give
	// 35 x 3840 invocations; the smaller scales get 16 rows.
	for _, c := range []struct{ w, h, rows int }{{3840, 2160, 62}, {1920, 1080, 16}, {480, 270, 16}, {64, 2400, 16}} {
		if rows, _, _ := stripLayout(c.w, c.h, 32, 564, 1<<30, 65535, true); rows != c.rows {
			t.Errorf("%dx%d: a GPU's strips are %d rows, want %d", c.w, c.h, rows, c.rows)
		}
		if rows, _, _ := stripLayout(c.w, c.h, 32, 564, 1<<30, 65535, false); rows != 130 {
			t.Errorf("%dx%d: a CPU adapter's strips are %d rows, want 130", c.w, c.h, rows)
		}
	}
	sizes := [][2]int{{481, 271}}
	if isLarge() {
		sizes = append(sizes, [2]int{1920, 1080})
	}
	defer func() { stripRowsHook = 0 }()
	for _, sz := range sizes {
		w, h := sz[0], sz[1]
		cfg, dist, ref, want := bandingFullRef(t, w, h)
		if cfg.Window <= 8 {
			t.Fatalf("%dx%d: window %d: strips of 4 and 8 rows would not be shorter than it", w, h, cfg.Window)
		}
		for _, rows := range []int{4, 8, 16, 17, 40} {
			stripRowsHook = rows
			for _, d := range openAll(t) {
				s, err := NewCAMBI(d, cfg)
				if err != nil {
					t.Fatal(err)
				}
				for i, sc := range s.(*cambiScorer).pics[0].scales {
					if sc.strip != rows {
						t.Fatalf("%s: scale %d has strips of %d rows, the hook asked for %d", d.Info().Name, i, sc.strip, rows)
					}
				}
				s.Close()
			}
			sameOnEvery(t, fmt.Sprintf("%dx%d strips of %d", w, h, rows), cfg, dist, ref, want)
		}
	}
}

// bandingFullRef is a 10-bit full-reference CAMBI case at w x h whose CPU
// score clearly bands (asserted): its config, pictures and CPU result.
func bandingFullRef(t *testing.T, w, h int) (cfg *cambi.Config, dist, ref yuv.Plane, want *cambi.FrameResult) {
	t.Helper()
	cfg, err := cambi.NewConfig(opts(t, "full_ref", "true"), w, h, 10)
	if err != nil {
		t.Fatal(err)
	}
	dist, ref = bandPlane(w, h, 10, 3), bandPlane(w, h, 10, 4)
	if want, err = cambi.New(cfg).Score(0, dist, ref, true); err != nil {
		t.Fatal(err)
	}
	if want.Dist.Score <= 1 {
		t.Fatalf("%dx%d: CPU score %.17g: the content does not band", w, h, want.Dist.Score)
	}
	return cfg, dist, ref, want
}

// sameOnEvery scores the case on every adapter, in a subtest named name/
// ADAPTER each, with every map and score to match the CPU's.
func sameOnEvery(t *testing.T, name string, cfg *cambi.Config, dist, ref yuv.Plane, want *cambi.FrameResult) {
	for _, d := range openAll(t) {
		t.Run(name+"/"+d.Info().Name, func(t *testing.T) {
			s, err := NewCAMBI(d, cfg)
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			got, err := s.Score(0, dist, ref, true)
			if err != nil {
				t.Fatal(err)
			}
			sameFrame(t, want, got)
		})
	}
}
