package golden

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/bandscope/bandscope/kernels/synth"
	"github.com/bandscope/bandscope/kernels/yuv"
)

// Root is the repository root, found from the working directory.
func Root() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", fmt.Errorf("golden: no go.mod above the working directory")
		}
		dir = parent
	}
}

// Case is one clip pair of the corpus.
type Case struct {
	Name    string
	W       int                          `json:"w"`
	H       int                          `json:"h"`
	BD      int                          `json:"bd"`
	PF      string                       `json:"pf"`
	N       int                          `json:"n"`
	Ref     string                       `json:"ref"`
	Dist    string                       `json:"dist"`
	Runs    []string                     `json:"runs"`
	Heatmap map[string]map[string]string `json:"heatmap_sha256"`
	Differs []string                     `json:"differs_from_libvmaf"`
	// ModelRuns are libvmaf --model runs: Name is the golden file's name,
	// Model the --model string.
	ModelRuns []ModelRun `json:"model_runs"`
	// Container is "y4m" when the clips are Y4M files (no raw flags).
	Container string `json:"container"`
	dir       string
}

// ModelRun is one --model run of a case.
type ModelRun struct {
	Name  string `json:"name"`
	Model string `json:"model"`
}

// Format is the clips' format.
func (c *Case) Format() yuv.Format {
	ch, _ := yuv.ParseChroma(c.PF)
	return yuv.Format{Width: c.W, Height: c.H, Chroma: ch, BitDepth: c.BD}
}

// Synthetic reports whether the clips are generated.
func (c *Case) Synthetic() bool { return strings.HasPrefix(c.Name, "syn_") }

// Frame is one frame of libvmaf's output.
type Frame struct {
	FrameNum int                `json:"frameNum"`
	Metrics  map[string]float64 `json:"metrics"`
}

// Output is libvmaf's JSON output.
type Output struct {
	Frames []Frame                       `json:"frames"`
	Pooled map[string]map[string]float64 `json:"pooled_metrics"`
}

// Cases loads every case.
func Cases() ([]*Case, error) {
	root, err := Root()
	if err != nil {
		return nil, err
	}
	dir := filepath.Join(root, "testdata", "golden")
	var names []string
	if err := readJSON(filepath.Join(dir, "cases.json"), &names); err != nil {
		return nil, err
	}
	var cases []*Case
	for _, n := range names {
		c := &Case{Name: n, dir: filepath.Join(dir, n)}
		if err := readJSON(filepath.Join(c.dir, "case.json"), c); err != nil {
			return nil, err
		}
		if !c.Synthetic() && !c.stored(root) {
			continue // testdata/clips/README.md says which real clips are kept
		}
		cases = append(cases, c)
	}
	return cases, nil
}

// stored reports whether the repository keeps the case's real clips.
func (c *Case) stored(root string) bool {
	for _, f := range []string{c.Ref, c.Dist} {
		if _, err := os.Stat(filepath.Join(root, "testdata", "clips", f+".gz")); err != nil {
			return false
		}
	}
	return true
}

// ClipPath is the gzip file of a real clip under testdata/clips.
func ClipPath(file string) (string, error) {
	root, err := Root()
	if err != nil {
		return "", err
	}
	return filepath.Join(root, "testdata", "clips", file+".gz"), nil
}

// Output loads the golden output of a run.
func (c *Case) Output(run string) (*Output, error) {
	var o Output
	return &o, readJSON(filepath.Join(c.dir, run+".json"), &o)
}

func readJSON(path string, v any) error {
	b, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	return json.Unmarshal(b, v)
}

// Pictures returns frame t of the reference and distorted clips.
func (c *Case) Pictures(t int) (ref, dist *yuv.Picture, err error) {
	if ref, err = c.picture(c.Ref, false, t); err != nil {
		return nil, nil, err
	}
	dist, err = c.picture(c.Dist, true, t)
	return ref, dist, err
}

func (c *Case) picture(file string, isDist bool, t int) (*yuv.Picture, error) {
	f := c.Format()
	if c.Synthetic() {
		pat := strings.TrimPrefix(c.Name, "syn_")
		pat = pat[:strings.LastIndex(pat[:strings.LastIndex(pat, "_")], "_")]
		return synth.Frame(synth.Spec{Pattern: pat, Format: f, Dist: isDist}, t)
	}
	raw, err := realClip(file)
	if err != nil {
		return nil, err
	}
	size, err := f.FrameBytes()
	if err != nil {
		return nil, err
	}
	off := int64(t) * size
	if off+size > int64(len(raw)) {
		return nil, fmt.Errorf("golden: %s has no frame %d", file, t)
	}
	return decodeRaw(raw[off:off+size], f), nil
}

var (
	clipMu    sync.Mutex
	clipCache = map[string][]byte{}
)

// realClip unpacks testdata/clips/<file>.gz once per test binary.
func realClip(file string) ([]byte, error) {
	clipMu.Lock()
	defer clipMu.Unlock()
	if b, ok := clipCache[file]; ok {
		return b, nil
	}
	root, err := Root()
	if err != nil {
		return nil, err
	}
	gz, err := os.ReadFile(filepath.Join(root, "testdata", "clips", file+".gz"))
	if err != nil {
		return nil, err
	}
	zr, err := gzip.NewReader(bytes.NewReader(gz))
	if err != nil {
		return nil, err
	}
	b, err := io.ReadAll(zr)
	if err != nil {
		return nil, err
	}
	clipCache[file] = b
	return b, nil
}

// RawClip returns the unpacked bytes of a real clip.
func RawClip(file string) ([]byte, error) { return realClip(file) }

func decodeRaw(b []byte, f yuv.Format) *yuv.Picture {
	p := yuv.NewPicture(f)
	i := 0
	for pl := 0; pl < f.Chroma.Planes(); pl++ {
		for j := range p.Planes[pl] {
			if f.BitDepth > 8 {
				p.Planes[pl][j] = uint16(b[i]) | uint16(b[i+1])<<8
				i += 2
			} else {
				p.Planes[pl][j] = uint16(b[i])
				i++
			}
		}
	}
	return p
}

// CAMBIFeature is the --feature argument of each CAMBI run of the corpus.
var CAMBIFeature = map[string]string{
	"cambi": "cambi", "cambi_ws35": "cambi=window_size=35", "cambi_topk0.2": "cambi=topk=0.2",
	"cambi_tvi0.012": "cambi=tvi_threshold=0.012", "cambi_mlc3": "cambi=max_log_contrast=3",
	"cambi_eotfpq": "cambi=eotf=pq", "cambi_fullref": "cambi=full_ref=true",
	"cambi_enc1280x720": "cambi=enc_width=1280:enc_height=720", "cambi_hrs1080": "cambi=cambi_high_res_speedup=1080",
	"cambi_encbd8": "cambi=enc_bitdepth=8", "cambi_heatmaps": "cambi=heatmaps_path=DIR",
}

// RealPairs1080p are the corpus's real 1080p pairs whose clips the
// repository keeps (grad 8-bit x264 CRF 40, testsrc2 10-bit x265 CRF 30):
// the content benchmarks time kernels on, since a real encode's small
// differences drive ADM's masking and motion's filters unlike noise.
func RealPairs1080p() ([]*Case, error) {
	cases, err := Cases()
	if err != nil {
		return nil, err
	}
	var out []*Case
	for _, c := range cases {
		if c.Name == "real_grad_1080p_8b_x264crf40" || c.Name == "real_testsrc2_1080p_10b_x265crf30" {
			out = append(out, c)
		}
	}
	return out, nil
}
