package speed

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bandscope/bandscope/kernels/cpu"
	"github.com/bandscope/bandscope/kernels/feature"
	"github.com/bandscope/bandscope/kernels/golden"
	"github.com/bandscope/bandscope/kernels/yuv"
)

// corpus.json holds the speed_chroma values of the reference corpus's
// model runs (vmaf_v1.0.16_3d0h and its variants print them with the
// models' options: mxv 45, nnf 0.1, snn 0.19, wvm 5, and ps 0.6 with
// bilinear prescaling for 5d0h), copied from the corpus for the cases the
// tests can rebuild: the synthetic ones (kernels/synth), the real encodes
// in testdata/clips, and the first three frames of the two colour clips,
// whose chroma planes (U then V per frame, raw, gzip) are stored here as
// *.chroma.gz.
type corpusFile struct {
	Cases []corpusCase `json:"cases"`
}

type corpusCase struct {
	Name   string `json:"name"`
	W      int    `json:"w"`
	H      int    `json:"h"`
	BD     int    `json:"bd"`
	PF     string `json:"pf"`
	Source struct {
		Kind string `json:"kind"` // synth, repo (testdata/clips) or chroma (here)
		Ref  string `json:"ref"`
		Dist string `json:"dist"`
	} `json:"source"`
	Runs []struct {
		Run    string       `json:"run"`
		Keys   []string     `json:"keys"`
		Frames [][3]float64 `json:"frames"`
	} `json:"runs"`
}

func (c *corpusCase) format() yuv.Format {
	ch, _ := yuv.ParseChroma(c.PF)
	return yuv.Format{Width: c.W, Height: c.H, Chroma: ch, BitDepth: c.BD}
}

// optionsFromKey rebuilds the options from a suffixed metric name
// ("speed_chroma_u_mxv_45_nnf_0.1_snn_0.19_wvm_5").
func optionsFromKey(key string) (*feature.Values, error) {
	opts := NewOptions()
	rest := strings.TrimPrefix(key, "speed_chroma_u")
	if rest == key {
		return nil, fmt.Errorf("key %q is not speed_chroma_u", key)
	}
	f := strings.Split(strings.TrimPrefix(rest, "_"), "_")
	if len(f) == 1 && f[0] == "" {
		return opts, nil
	}
	if len(f)%2 != 0 {
		return nil, fmt.Errorf("key %q: odd suffix", key)
	}
	for i := 0; i < len(f); i += 2 {
		if err := opts.Set(f[i], f[i+1]); err != nil {
			return nil, err
		}
	}
	return opts, nil
}

func readGz(t testing.TB, path string) []byte {
	t.Helper()
	gz, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	zr, err := gzip.NewReader(bytes.NewReader(gz))
	if err != nil {
		t.Fatal(err)
	}
	b, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// chromaPicture builds frame n from a chroma-only file (luma left zero:
// speed_chroma never reads it).
func chromaPicture(raw []byte, f yuv.Format, n int) *yuv.Picture {
	p := yuv.NewPicture(f)
	bps := f.BytesPerSample()
	cw, ch := f.PlaneSize(1)
	i := n * 2 * cw * ch * bps
	for pl := 1; pl <= 2; pl++ {
		for j := range p.Planes[pl] {
			if bps == 2 {
				p.Planes[pl][j] = uint16(raw[i]) | uint16(raw[i+1])<<8
			} else {
				p.Planes[pl][j] = uint16(raw[i])
			}
			i += bps
		}
	}
	return p
}

func loadCorpus(t testing.TB) *corpusFile {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "corpus.json"))
	if err != nil {
		t.Fatal(err)
	}
	var c corpusFile
	if err := json.Unmarshal(b, &c); err != nil {
		t.Fatal(err)
	}
	return &c
}

// corpusPictures returns a function giving frame n's pictures of a case.
func corpusPictures(t testing.TB, c *corpusCase) func(n int) (*yuv.Picture, *yuv.Picture) {
	f := c.format()
	switch c.Source.Kind {
	case "chroma":
		ref := readGz(t, filepath.Join("testdata", c.Source.Ref))
		dist := readGz(t, filepath.Join("testdata", c.Source.Dist))
		return func(n int) (*yuv.Picture, *yuv.Picture) {
			return chromaPicture(ref, f, n), chromaPicture(dist, f, n)
		}
	default:
		gc := &golden.Case{Name: c.Name, W: c.W, H: c.H, BD: c.BD, PF: c.PF, Ref: c.Source.Ref, Dist: c.Source.Dist}
		return func(n int) (*yuv.Picture, *yuv.Picture) {
			r, d, err := gc.Pictures(n)
			if err != nil {
				t.Fatal(err)
			}
			return r, d
		}
	}
}

func sameBits(a, b float64) bool { return math.Float64bits(a) == math.Float64bits(b) }

// TestCorpus scores every frame of every corpus run (two per run with
// -short) with the fast scorer and, without -short, the colour clips and
// the first frame of every real case with the reference too, and compares
// the float64 bits.
func TestCorpus(t *testing.T) {
	corpus := loadCorpus(t)
	nonzero := 0
	for i := range corpus.Cases {
		c := &corpus.Cases[i]
		pics := corpusPictures(t, c)
		for _, run := range c.Runs {
			opts, err := optionsFromKey(run.Keys[0])
			if err != nil {
				t.Fatal(err)
			}
			names := feature.MetricNames(new(FrameResult), opts)
			for k := range names {
				if names[k] != run.Keys[k] {
					t.Fatalf("%s %s: metric %d is %q, libvmaf prints %q", c.Name, run.Run, k, names[k], run.Keys[k])
				}
			}
			cfg, err := NewConfig(opts, c.format())
			if err != nil {
				t.Fatalf("%s %s: %v", c.Name, run.Run, err)
			}
			scorers := map[string]Scorer{"fast": NewFast(cfg), "simd": NewCPU(cfg, Options{Kernels: cpu.Best(), Threads: 1})}
			if c.Source.Kind != "synth" && !testing.Short() {
				scorers["ref"] = New(cfg)
			}
			for n, want := range run.Frames {
				if testing.Short() && n >= 2 {
					break // -short: two frames per run
				}
				ref, dist := pics(n)
				for sname, s := range scorers {
					if sname == "ref" && n > 0 && c.Source.Kind != "chroma" {
						continue
					}
					r, err := s.Score(n, ref, dist, false)
					if err != nil {
						t.Fatal(err)
					}
					got := [3]float64{r.U, r.V, r.UV}
					for k := range got {
						if !sameBits(got[k], want[k]) {
							t.Errorf("%s %s frame %d %s: %s = %.17g, libvmaf %.17g", c.Name, run.Run, n, sname, run.Keys[k], got[k], want[k])
						}
					}
				}
				if want[2] != 0 {
					nonzero++
				}
			}
		}
	}
	if nonzero < 50 && !testing.Short() {
		t.Errorf("only %d corpus frames have a non-zero score", nonzero)
	}
	t.Logf("%d corpus frames with non-zero scores", nonzero)
}
