package cambi

import (
	"math"
	"sort"
	"strings"
	"testing"

	"github.com/bandscope/bandscope/kernels/feature"
	"github.com/bandscope/bandscope/kernels/golden"
)

// TestGolden scores every CAMBI run of the reference corpus and compares
// every per-frame value with libvmaf's, bit for bit. For short and narrow
// frames the goldens hold the clipped-window values (libvmaf walks outside
// the frame there). Heatmap files are compared by the engine's tests.
func TestGolden(t *testing.T) {
	cases, err := golden.Cases()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		if raceEnabled && !raceCases[c.Name] {
			continue
		}
		for _, run := range c.Runs {
			spec, ok := golden.CAMBIFeature[run]
			if !ok || run == "cambi_heatmaps" {
				continue
			}
			t.Run(c.Name+"/"+run, func(t *testing.T) {
				t.Parallel()
				frames := c.N
				if testing.Short() || raceEnabled {
					frames = 1
				}
				checkGoldenRun(t, c, run, spec, frames)
			})
		}
	}
}

// raceCases are the corpus cases run under the race detector, which slows
// the kernels tenfold: the smallest normal picture and the short and narrow
// ones. The whole corpus runs without it.
var raceCases = map[string]bool{
	"syn_grad10_640x480_10b420":     true,
	"syn_wide_hramp_3840x128_8b420": true,
	"syn_vramp_b_64x1920_8b420":     true,
	"syn_wide_hramp_48x1080_8b420":  true,
}

func checkGoldenRun(t *testing.T, c *golden.Case, run, spec string, frames int) {
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
	s := New(cfg)
	for fi := 0; fi < frames && fi < len(want.Frames); fi++ {
		ref, dist, err := c.Pictures(fi)
		if err != nil {
			t.Fatal(err)
		}
		r, err := s.Score(fi, ref.Luma(), dist.Luma(), false)
		if err != nil {
			t.Fatal(err)
		}
		got := map[string]float64{o.MetricName(MetricScore): r.CAMBI}
		if cfg.FullRef {
			got[MetricSource] = r.Source
			got[MetricFullReference] = r.FullReference
		}
		wm := want.Frames[fi].Metrics
		var keys []string
		for k := range wm {
			if strings.HasPrefix(k, "cambi") {
				keys = append(keys, k)
			}
		}
		sort.Strings(keys)
		if len(keys) != len(got) {
			t.Fatalf("frame %d: golden has metrics %v, we have %v", fi, keys, got)
		}
		for _, k := range keys {
			g, ok := got[k]
			if !ok {
				t.Fatalf("frame %d: no metric %q (have %v)", fi, k, got)
			}
			if math.Float64bits(g) != math.Float64bits(wm[k]) {
				t.Errorf("frame %d %s: got %.17g want %.17g", fi, k, g, wm[k])
			}
		}
	}
}
