//go:build cgo && !js

package gpu

import (
	"fmt"
	"testing"

	"github.com/bandscope/bandscope/engine/yuv"
	"github.com/bandscope/bandscope/kernels/adm"
	"github.com/bandscope/bandscope/kernels/cambi"
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
// worth (fewer, taller strips than the default layout, as a device with
// small buffers gets) and checks every map and score. 1080p with
// BANDSCOPE_GPU_LARGE=1.
func TestCAMBISmallHistogramBudget(t *testing.T) {
	if testing.Short() {
		t.Skip("skipped with -short")
	}
	w, h, budgets := 480, 270, []int{1, 2}
	if isLarge() {
		w, h, budgets = 1920, 1080, []int{1, 2, 3, 7}
	}
	cfg, err := cambi.NewConfig(opts(t, "full_ref", "true"), w, h, 10)
	if err != nil {
		t.Fatal(err)
	}
	dist, ref := bandPlane(w, h, 10, 3), bandPlane(w, h, 10, 4)
	want, err := cambi.New(cfg).Score(0, dist, ref, true)
	if err != nil {
		t.Fatal(err)
	}
	if want.Dist.Score <= 1 {
		t.Fatalf("CPU score %.17g: the content does not band", want.Dist.Score)
	}
	band := int(cfg.Tables.BandSize)
	pad := cfg.Window >> 1
	_, defaultStrips := stripLayout(w, h, pad, band, 1<<30)
	defer func() { histBudgetCap = ^uint64(0) }()
	for _, n := range budgets {
		histBudgetCap = uint64(n * band * w * 4)
		if _, strips := stripLayout(w, h, pad, band, histBudgetCap); strips != n || strips >= defaultStrips {
			t.Fatalf("budget for %d strips gives %d (default %d)", n, strips, defaultStrips)
		}
		for _, d := range openAll(t) {
			t.Run(fmt.Sprintf("%d strips/%s", n, d.Info().Name), func(t *testing.T) {
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
}
