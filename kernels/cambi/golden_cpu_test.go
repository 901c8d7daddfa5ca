package cambi

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/bandscope/bandscope/kernels/cpu"
	"github.com/bandscope/bandscope/kernels/feature"
	"github.com/bandscope/bandscope/kernels/golden"
)

// TestGoldenCPU runs the golden corpus through the CPU scorer in every
// kernel set the host supports, on one thread and on three, and compares
// every value with libvmaf's bit for bit (frames scored concurrently
// through one scorer, as the engine does).
func TestGoldenCPU(t *testing.T) {
	cases, err := golden.Cases()
	if err != nil {
		t.Fatal(err)
	}
	sets, threads := cpu.Supported(), []int{1, 3}
	if raceEnabled {
		// The race detector is about the parallel loops: one set will do.
		sets, threads = []cpu.Set{cpu.Best()}, []int{3}
	}
	for _, set := range sets {
		for _, threads := range threads {
			for _, c := range cases {
				if raceEnabled && !raceCases[c.Name] {
					continue
				}
				for _, run := range c.Runs {
					spec, ok := golden.CAMBIFeature[run]
					if !ok || run == "cambi_heatmaps" {
						continue
					}
					t.Run(fmt.Sprintf("%s/t%d/%s/%s", set, threads, c.Name, run), func(t *testing.T) {
						t.Parallel()
						// Every frame for the host's best set on three
						// threads, the first three for the others.
						frames := c.N
						if set != cpu.Best() || threads != 3 {
							frames = 3
						}
						if testing.Short() || raceEnabled {
							frames = 1
						}
						checkGoldenCPU(t, c, run, spec, frames, Options{Kernels: set, Threads: threads})
					})
				}
			}
		}
	}
}

func checkGoldenCPU(t *testing.T, c *golden.Case, run, spec string, frames int, opt Options) {
	want, err := c.Output(run)
	if err != nil {
		t.Fatal(err)
	}
	sp, err := feature.ParseSpec(spec)
	if err != nil {
		t.Fatal(err)
	}
	o := NewOptions()
	if err := o.SetAll(sp.Opts); err != nil {
		t.Fatal(err)
	}
	cfg, err := NewConfig(o, c.W, c.H, c.BD)
	if err != nil {
		t.Fatal(err)
	}
	s := NewCPU(cfg, opt)
	defer s.Close()
	frames = min(frames, len(want.Frames))
	type result struct {
		got map[string]float64
		err error
	}
	res := make([]result, frames)
	// Score every frame at once: the scorer is safe for concurrent use.
	done := make(chan struct{})
	sem := make(chan struct{}, 4)
	for fi := 0; fi < frames; fi++ {
		go func() {
			sem <- struct{}{}
			defer func() { <-sem; done <- struct{}{} }()
			ref, dist, err := c.Pictures(fi)
			if err != nil {
				res[fi].err = err
				return
			}
			r, err := s.Score(fi, ref.Luma(), dist.Luma(), false)
			if err != nil {
				res[fi].err = err
				return
			}
			got := map[string]float64{o.MetricName(MetricScore): r.CAMBI}
			if cfg.FullRef {
				got[MetricSource] = r.Source
				got[MetricFullReference] = r.FullReference
			}
			res[fi].got = got
		}()
	}
	for range frames {
		<-done
	}
	for fi := 0; fi < frames; fi++ {
		if res[fi].err != nil {
			t.Fatal(res[fi].err)
		}
		n := 0
		for k, w := range want.Frames[fi].Metrics {
			if !strings.HasPrefix(k, "cambi") {
				continue
			}
			n++
			g, ok := res[fi].got[k]
			if !ok {
				t.Fatalf("frame %d: no metric %q", fi, k)
			}
			if math.Float64bits(g) != math.Float64bits(w) {
				t.Errorf("frame %d %s: got %.17g want %.17g", fi, k, g, w)
			}
		}
		if n != len(res[fi].got) {
			t.Errorf("frame %d: golden has %d metrics, we have %v", fi, n, res[fi].got)
		}
	}
}
