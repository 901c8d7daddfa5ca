package motion

import (
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bandscope/bandscope/kernels/cpu"
	"github.com/bandscope/bandscope/kernels/feature"
	"github.com/bandscope/bandscope/kernels/golden"
	"github.com/bandscope/bandscope/kernels/yuv"
)

var corpusDir = flag.String("corpus", "", "with -update: the reference corpus's golden/ directory, to refresh testdata/corpus.json")

const corpusFile = "testdata/corpus.json"

// corpusModelRuns are the model runs of the reference corpus whose motion
// options differ, with the options each model gives integer motion.
var corpusModelRuns = map[string]string{
	"vmaf_v061":        "motion",
	"vmaf_v1_3d0h":     "motion=motion_max_val=18",
	"vmaf_v1_hfr_3d0h": "motion=motion_max_val=18:motion_five_frame_window=true:motion_moving_average=true",
}

// corpusRun is the motion keys of one model run of the corpus.
type corpusRun struct {
	Case    string           `json:"case"`
	Run     string           `json:"run"`
	Feature string           `json:"feature"`
	Frames  []orderedMetrics `json:"frames"`
}

func updateCorpus(t *testing.T) {
	cases, err := golden.Cases()
	if err != nil {
		t.Fatal(err)
	}
	var runs []corpusRun
	for _, c := range cases {
		for _, run := range []string{"vmaf_v061", "vmaf_v1_3d0h", "vmaf_v1_hfr_3d0h"} {
			b, err := os.ReadFile(filepath.Join(*corpusDir, c.Name, run+".json"))
			if err != nil {
				continue
			}
			var o struct {
				Frames []struct {
					Metrics orderedMetrics `json:"metrics"`
				} `json:"frames"`
			}
			if err := json.Unmarshal(b, &o); err != nil {
				t.Fatal(err)
			}
			r := corpusRun{Case: c.Name, Run: run, Feature: corpusModelRuns[run]}
			for _, f := range o.Frames {
				var m orderedMetrics
				for _, kv := range f.Metrics {
					if strings.Contains(kv.Name, "motion") {
						m = append(m, kv)
					}
				}
				r.Frames = append(r.Frames, m)
			}
			runs = append(runs, r)
		}
	}
	b, err := json.MarshalIndent(runs, "", " ")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(corpusFile, append(b, '\n'), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestCorpus scores the reference luma of every clip of the corpus that
// the repository can produce (the synthetic clips and the real encodes of
// testdata/clips) and compares every frame's motion keys of libvmaf's
// vmaf_v0.6.1, vmaf_v1.0.16_3d0h and HFR runs, names, order and bits.
func TestCorpus(t *testing.T) {
	if *update && *corpusDir != "" {
		updateCorpus(t)
	}
	b, err := os.ReadFile(corpusFile)
	if err != nil {
		t.Fatal(err)
	}
	var runs []corpusRun
	if err := json.Unmarshal(b, &runs); err != nil {
		t.Fatal(err)
	}
	cases, err := golden.Cases()
	if err != nil {
		t.Fatal(err)
	}
	byName := map[string]*golden.Case{}
	for _, c := range cases {
		byName[c.Name] = c
	}
	if len(runs) == 0 {
		t.Fatal("no corpus runs")
	}
	byCase := map[string][]corpusRun{}
	var order []string
	for _, r := range runs {
		if byCase[r.Case] == nil {
			order = append(order, r.Case)
		}
		byCase[r.Case] = append(byCase[r.Case], r)
	}
	for _, name := range order {
		c := byName[name]
		if c == nil {
			t.Errorf("%s: not in testdata/golden", name)
			continue
		}
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			var pics []yuv.Plane
			for ri, r := range byCase[name] {
				sp, err := feature.ParseSpec(r.Feature)
				if err != nil {
					t.Fatal(err)
				}
				opts := NewOptions()
				if err := opts.SetAll(sp.Opts); err != nil {
					t.Fatal(err)
				}
				cfg, err := NewConfig(opts, c.W, c.H, c.BD)
				if err != nil {
					t.Fatal(err)
				}
				n := len(r.Frames)
				short := testing.Short() && n > 4
				if short {
					n = 4 // scored without the flush: the first 3 or 4 frames are final
				}
				for i := len(pics); i < n; i++ {
					ref, _, err := c.Pictures(i)
					if err != nil {
						t.Fatal(err)
					}
					pics = append(pics, ref.Luma())
				}
				// The options only change the temporal finish, which
				// every scorer shares: the (slow) reference scores each
				// clip once, the fast scorer every run; the kernel sets
				// are compared with each other by TestKernelTwins.
				ss := []namedScorer{{"fast", NewCPU(cfg, Options{Kernels: cpu.Best(), Threads: 2})}}
				if ri == 0 {
					ss = append(ss, namedScorer{"reference", New(cfg)})
				}
				for _, s := range ss {
					var got []*FrameResult
					if short {
						for i := 0; i < n; i++ {
							rs, err := s.s.Push(i, pics[i], false)
							if err != nil {
								t.Fatal(err)
							}
							got = append(got, rs...)
						}
					} else {
						got = scoreClip(t, s.s, n, func(i int) yuv.Plane { return pics[i] }, false)
					}
					compareFrames(t, opts, got, r.Frames[:len(got)])
					s.s.Close()
				}
			}
		})
	}
}
