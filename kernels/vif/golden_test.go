package vif

import (
	"encoding/json"
	"math"
	"os"
	"testing"

	"github.com/bandscope/bandscope/kernels/cpu"
	"github.com/bandscope/bandscope/kernels/golden"
)

// goldenV061 is testdata/golden_v061.json: libvmaf's integer_vif_scale0..3
// for every frame of the corpus's vmaf_v0.6.1 runs (full model runs, so
// libvmaf's default options), for the cases whose clips the repository
// has or regenerates.
type goldenV061 struct {
	Source string                  `json:"source"`
	Cases  map[string][][4]float64 `json:"cases"`
}

func loadGoldenV061(t *testing.T) *goldenV061 {
	t.Helper()
	b, err := os.ReadFile("testdata/golden_v061.json")
	if err != nil {
		t.Fatal(err)
	}
	var g goldenV061
	if err := json.Unmarshal(b, &g); err != nil {
		t.Fatal(err)
	}
	return &g
}

// TestGolden scores every frame of the corpus cases with the reference
// scorer and compares integer_vif_scale0..3 with libvmaf's, float64 bit
// for bit.
func TestGolden(t *testing.T) {
	g := loadGoldenV061(t)
	cases, err := golden.Cases()
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, c := range cases {
		want, ok := g.Cases[c.Name]
		if !ok {
			continue
		}
		n++
		t.Run(c.Name, func(t *testing.T) {
			cfg, err := NewConfig(nil, c.W, c.H, c.BD)
			if err != nil {
				t.Fatal(err)
			}
			// The reference on the first frame (it is slow), the fast
			// scorer in Go and with the best kernel set on every frame
			// (-short: the reference and the best set, first frame).
			// Under the race detector only the fast scorer runs (the
			// reference's single goroutine has nothing to race).
			if !raceEnabled {
				checkFrames(t, New(cfg), c, want, 1)
			}
			frames := len(want)
			if testing.Short() || raceEnabled {
				frames = 1
			}
			checkFrames(t, NewCPU(cfg, Options{Kernels: cpu.Best(), Threads: 3}), c, want, frames)
			if !testing.Short() && !raceEnabled {
				checkFrames(t, NewCPU(cfg, Options{Kernels: cpu.Scalar, Threads: 1}), c, want, len(want))
			}
		})
	}
	if n != len(g.Cases) {
		t.Fatalf("%d of the %d golden cases found in testdata/golden", n, len(g.Cases))
	}
}

func checkFrames(t *testing.T, s Scorer, c *golden.Case, want [][4]float64, frames int) {
	t.Helper()
	for fi := 0; fi < frames; fi++ {
		ref, dist, err := c.Pictures(fi)
		if err != nil {
			t.Fatal(err)
		}
		r, err := s.Score(fi, ref.Luma(), dist.Luma(), false)
		if err != nil {
			t.Fatal(err)
		}
		for sc := 0; sc < NumScales; sc++ {
			if math.Float64bits(r.Scale[sc]) != math.Float64bits(want[fi][sc]) {
				t.Errorf("%T frame %d: integer_vif_scale%d = %.17g, libvmaf %.17g", s, fi, sc, r.Scale[sc], want[fi][sc])
			}
		}
	}
}
