package speed

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/bandscope/bandscope/kernels/cpu"
	"github.com/bandscope/bandscope/kernels/feature"
	"github.com/bandscope/bandscope/kernels/yuv"
)

// cli.json holds what libvmaf's own CLI prints for the synthetic pairs
// below (%.17g, so every value is its float64 bits). Regenerate it with
//
//	go test ./kernels/speed -run TestCLI -update [-vmaf /path/to/vmaf]
//
// which writes each pair as raw YUV to a temporary directory and runs
//
//	vmaf -r REF -d DIST -w W -h H -p PF -b BD --feature speed_chroma[=OPTS] --json -o OUT --threads 1
//
// once as is (the machine's SIMD covariance kernel: AVX2 here) and once
// with --cpumask 63 (libvmaf's C kernel).
var (
	update  = flag.Bool("update", false, "regenerate testdata/cli.json with libvmaf's CLI")
	vmafBin = flag.String("vmaf", "/work/vmaf-build/tools/vmaf", "libvmaf CLI for -update (built with %.17g output)")
)

// cliCase is one synthetic pair: a format, options and frames.
type cliCase struct {
	W, H   int
	PF     string
	BD     int
	Opts   string // speed_chroma options as --feature takes them, "" for defaults
	Frames int
}

func (c cliCase) name() string {
	n := fmt.Sprintf("%dx%d_%s_%db", c.W, c.H, c.PF, c.BD)
	if c.Opts != "" {
		n += "_" + c.Opts
	}
	return n
}

func (c cliCase) format() yuv.Format {
	ch, _ := yuv.ParseChroma(c.PF)
	return yuv.Format{Width: c.W, Height: c.H, Chroma: ch, BitDepth: c.BD}
}

// v1 is the option set of the vmaf_v1.0.16 models.
const v1 = "speed_max_val=45:speed_nn_floor=0.1:speed_sigma_nn=0.19:speed_weight_var_mode=5"

// SpEED's covariances need many samples after the decimation by 16 (the
// 25 shifted submatrices are (operating size - 4) squared), so the chroma
// planes here are 320x240 and up, or prescaled to that.
var cliCases = []cliCase{
	// Formats, depths and odd sizes at the default options and the models'.
	{W: 640, H: 480, PF: "420", BD: 8, Frames: 3},
	{W: 640, H: 480, PF: "420", BD: 8, Opts: v1, Frames: 3},
	{W: 645, H: 487, PF: "420", BD: 10, Opts: v1, Frames: 2},
	{W: 641, H: 247, PF: "422", BD: 12, Frames: 2},
	{W: 641, H: 247, PF: "422", BD: 8, Opts: v1, Frames: 2},
	{W: 353, H: 257, PF: "444", BD: 16, Frames: 2},
	{W: 353, H: 257, PF: "444", BD: 10, Opts: v1, Frames: 2},
	{W: 177, H: 97, PF: "444", BD: 8, Opts: "speed_prescale=2.5", Frames: 2},
	{W: 65, H: 67, PF: "444", BD: 12, Opts: "speed_prescale=4:speed_prescale_method=bicubic", Frames: 2},
	{W: 65, H: 67, PF: "444", BD: 8, Opts: "ps=4:psm=bilinear", Frames: 2},
	{W: 177, H: 97, PF: "420", BD: 16, Opts: "ps=4:" + v1, Frames: 2},
	{W: 1280, H: 720, PF: "420", BD: 16, Opts: v1, Frames: 2},
	// Every weighting mode, by alias.
	{W: 400, H: 300, PF: "444", BD: 8, Opts: "wvm=1", Frames: 2},
	{W: 400, H: 300, PF: "444", BD: 8, Opts: "wvm=2", Frames: 2},
	{W: 400, H: 300, PF: "444", BD: 8, Opts: "wvm=3", Frames: 2},
	{W: 400, H: 300, PF: "444", BD: 8, Opts: "wvm=4", Frames: 2},
	{W: 400, H: 300, PF: "444", BD: 8, Opts: "wvm=5", Frames: 2},
	{W: 400, H: 300, PF: "444", BD: 8, Opts: "wvm=6", Frames: 2},
	// Kernel scales (3 makes the antialias filter 27 taps: libvmaf's C
	// convolution instead of its AVX one), noise options, clipping.
	{W: 800, H: 600, PF: "420", BD: 10, Opts: "speed_kernelscale=0.5", Frames: 2},
	{W: 800, H: 600, PF: "420", BD: 10, Opts: "ks=2", Frames: 2},
	{W: 800, H: 600, PF: "420", BD: 8, Opts: "ks=3", Frames: 2},
	{W: 800, H: 600, PF: "420", BD: 8, Opts: "ks=1.4746:snn=2:nnf=1", Frames: 2},
	{W: 800, H: 600, PF: "420", BD: 8, Opts: "snn=0.1:nnf=0.5", Frames: 2},
	{W: 800, H: 600, PF: "420", BD: 8, Opts: "mxv=0.5", Frames: 2},
	// Prescaling down and up with each supported method.
	{W: 960, H: 720, PF: "420", BD: 8, Opts: "ps=0.6:psm=bilinear", Frames: 2},
	{W: 720, H: 540, PF: "444", BD: 10, Opts: "ps=0.5", Frames: 2},
	{W: 960, H: 540, PF: "422", BD: 8, Opts: "ps=0.7:psm=bicubic", Frames: 2},
	{W: 480, H: 400, PF: "420", BD: 12, Opts: "ps=1.3:psm=bilinear:" + v1, Frames: 2},
	// Exactly the minimum (80x80 chroma: too few samples, both pictures'
	// covariances are singular) and a flat distorted U plane (singular on
	// one side only: libvmaf scores that plane 0 and UV takes V's score).
	{W: 160, H: 160, PF: "420", BD: 8, Opts: "minimum", Frames: 1},
	{W: 400, H: 352, PF: "444", BD: 8, Opts: "flatu", Frames: 2},
}

// splitmix64 of a key, as the corpus's generator mixes.
func mix(key uint64) uint64 {
	z := key + 0x9E3779B97F4A7C15
	z = (z ^ z>>30) * 0xBF58476D1CE4E5B9
	z = (z ^ z>>27) * 0x94D049BB133111EB
	return z ^ z>>31
}

// cliPictures makes frame t of a case: chroma with structure at the scale
// SpEED looks at (random cells) plus noise; the distorted picture is the
// reference with its cells quantised and other noise, so both have
// full-rank covariances and their entropies differ. "flatu" makes the distorted U
// plane flat.
func cliPictures(c cliCase, t int) (ref, dist *yuv.Picture) {
	f := c.format()
	ref, dist = yuv.NewPicture(f), yuv.NewPicture(f)
	maxv := 1<<c.BD - 1
	sh := c.BD - 8
	for p := 0; p < 3; p++ {
		w, h := f.PlaneSize(p)
		for y := 0; y < h; y++ {
			for x := 0; x < w; x++ {
				i := y*w + x
				if p == 0 {
					v := (16 + (x+y+t)%200) << sh
					ref.Planes[0][i], dist.Planes[0][i] = uint16(v), uint16(v)
					continue
				}
				// Coarse random cells (11x13 samples, so they survive the
				// antialias filter and the decimation by 16) and fine noise;
				// the distorted picture quantises the cells and re-noises.
				cell := uint64(p)<<56 | uint64(t)<<48 | uint64(y/13)<<24 | uint64(x/11)
				key := uint64(p)<<56 | uint64(t)<<48 | uint64(i) | 1<<47
				coarse := int(mix(cell)%121) - 60
				r8 := 128 + coarse + int(mix(key)%21) - 10
				r := r8<<sh | int(mix(key^0xabcdef)%(1<<sh))
				d8 := 128 + coarse/20*20 + int(mix(key^0x5555)%31) - 15
				d := d8<<sh | int(mix(key^0x1234)%(1<<sh))
				if c.Opts == "flatu" && p == 1 {
					d = 128 << sh
				}
				ref.Planes[p][i] = uint16(min(max(r, 0), maxv))
				dist.Planes[p][i] = uint16(min(max(d, 0), maxv))
			}
		}
	}
	return ref, dist
}

// cliOpts is the --feature option string of a case ("flatu" is a picture
// switch, "minimum" a label, neither is an option).
func (c cliCase) cliOpts() string {
	if c.Opts == "flatu" || c.Opts == "minimum" {
		return ""
	}
	return c.Opts
}

// fullNames spells aliased options with their names: libvmaf's CLI takes
// option names only (aliases only name metrics; it ignores an alias given
// as an option, silently), while Bandscope accepts both.
func fullNames(opts string) string {
	var out []string
	for _, kv := range strings.Split(opts, ":") {
		k, v, _ := strings.Cut(kv, "=")
		for _, o := range OptionTable {
			if o.Alias == k {
				k = o.Name
			}
		}
		out = append(out, k+"="+v)
	}
	return strings.Join(out, ":")
}

type cliRun struct {
	Keys   []string     `json:"keys"`
	Frames [][3]float64 `json:"frames"` // the machine's SIMD kernels
	C      [][3]float64 `json:"c"`      // --cpumask 63
}

func runCLI(t *testing.T, c cliCase, dir string, cpumask bool) ([]string, [][3]float64) {
	t.Helper()
	var rb, db []byte
	for n := 0; n < c.Frames; n++ {
		r, d := cliPictures(c, n)
		rb = appendRaw(rb, r)
		db = appendRaw(db, d)
	}
	rp, dp, op := filepath.Join(dir, "ref.yuv"), filepath.Join(dir, "dist.yuv"), filepath.Join(dir, "out.json")
	if err := os.WriteFile(rp, rb, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(dp, db, 0o644); err != nil {
		t.Fatal(err)
	}
	feat := "speed_chroma"
	if o := c.cliOpts(); o != "" {
		feat += "=" + fullNames(o)
	}
	args := []string{"-r", rp, "-d", dp, "-w", fmt.Sprint(c.W), "-h", fmt.Sprint(c.H), "-p", c.PF, "-b", fmt.Sprint(c.BD),
		"--feature", feat, "--json", "-o", op, "--threads", "1", "-q"}
	if cpumask {
		args = append(args, "--cpumask", "63")
	}
	out, err := exec.Command(*vmafBin, args...).CombinedOutput()
	if err != nil {
		t.Fatalf("%s: vmaf %s: %v\n%s", c.name(), strings.Join(args, " "), err, out)
	}
	var res struct {
		Frames []struct {
			Metrics map[string]float64 `json:"metrics"`
		} `json:"frames"`
	}
	b, err := os.ReadFile(op)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &res); err != nil {
		t.Fatal(err)
	}
	var keys []string
	for k := range res.Frames[0].Metrics {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	// libvmaf's JSON lists u, uv, v alphabetically here; keep u, v, uv.
	ordered := make([]string, 3)
	for _, k := range keys {
		switch {
		case strings.HasPrefix(k, "speed_chroma_uv"):
			ordered[2] = k
		case strings.HasPrefix(k, "speed_chroma_u"):
			ordered[0] = k
		case strings.HasPrefix(k, "speed_chroma_v"):
			ordered[1] = k
		}
	}
	var frames [][3]float64
	for _, fr := range res.Frames {
		frames = append(frames, [3]float64{fr.Metrics[ordered[0]], fr.Metrics[ordered[1]], fr.Metrics[ordered[2]]})
	}
	return ordered, frames
}

// appendRaw writes a picture as libvmaf's CLI reads raw YUV
// (yuv_fetch_into_vmaf_picture): chroma planes of the floored size
// (width >> 1 for 4:2:0 and 4:2:2), back to back. For odd sizes that is
// not the rounded-up layout of yuv.Format, so only the part SpEED reads
// (the floored area) is written.
func appendRaw(b []byte, p *yuv.Picture) []byte {
	sx, sy := p.Chroma.Subsampling()
	for pl := 0; pl < p.Chroma.Planes(); pl++ {
		stride, _ := p.PlaneSize(pl)
		w, h := p.Width, p.Height
		if pl > 0 {
			w, h = w>>sx, h>>sy
		}
		for y := 0; y < h; y++ {
			for _, v := range p.Planes[pl][y*stride : y*stride+w] {
				if p.BitDepth > 8 {
					b = append(b, byte(v), byte(v>>8))
				} else {
					b = append(b, byte(v))
				}
			}
		}
	}
	return b
}

type cliOptsV struct{ v *feature.Values }

func cliOptions(t *testing.T, c cliCase) *cliOptsV {
	t.Helper()
	opts := NewOptions()
	if o := c.cliOpts(); o != "" {
		for _, kv := range strings.Split(o, ":") {
			k, v, _ := strings.Cut(kv, "=")
			if err := opts.Set(k, v); err != nil {
				t.Fatal(err)
			}
		}
	}
	return &cliOptsV{opts}
}

// TestCLI compares every case with libvmaf's CLI output: the reference and
// fast scorers with libvmaf's C covariance order against --cpumask 63, and
// the AVX2 order against the default run, after checking that the values
// are clearly non-zero.
func TestCLI(t *testing.T) {
	path := filepath.Join("testdata", "cli.json")
	want := map[string]*cliRun{}
	if *update {
		dir, err := os.MkdirTemp("", "speed-cli-")
		if err != nil {
			t.Fatal(err)
		}
		defer func() {
			if !t.Failed() {
				os.RemoveAll(dir)
			}
		}()
		for _, c := range cliCases {
			var r cliRun
			r.Keys, r.Frames = runCLI(t, c, dir, false)
			_, r.C = runCLI(t, c, dir, true)
			want[c.name()] = &r
		}
		b, err := json.MarshalIndent(want, "", " ")
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, append(b, '\n'), 0o644); err != nil {
			t.Fatal(err)
		}
	} else {
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(b, &want); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range cliCases {
		w := want[c.name()]
		if w == nil {
			t.Errorf("%s: not in cli.json (run with -update)", c.name())
			continue
		}
		opts := cliOptions(t, c).v
		if got := feature.MetricNames(new(FrameResult), opts); strings.Join(got, ",") != strings.Join(w.Keys, ",") {
			t.Errorf("%s: metric names %v, libvmaf %v", c.name(), got, w.Keys)
		}
		for n, fr := range w.C {
			for k, v := range fr {
				// Every plane scores clearly above zero, except the flat U
				// plane of flatu (singular on one side: 0 by libvmaf's rule).
				if !(v > 1e-3) && !(c.Opts == "flatu" && k == 0) && c.Opts != "minimum" {
					t.Errorf("%s frame %d: libvmaf's %s is %g: the case does not exercise SpEED", c.name(), n, w.Keys[k], v)
				}
			}
		}
		cfg, err := NewConfig(opts, c.format())
		if err != nil {
			t.Fatalf("%s: %v", c.name(), err)
		}
		cfgAVX2 := *cfg
		cfgAVX2.Cov = CovAVX2
		type variant struct {
			name string
			s    Scorer
			want [][3]float64
		}
		vs := []variant{{"fast", NewFast(cfg), w.C}, {"fast-avx2", NewFast(&cfgAVX2), w.Frames},
			{"simd", NewCPU(cfg, Options{Kernels: cpu.Best(), Threads: 1}), w.C}}
		if !testing.Short() {
			vs = append(vs, variant{"ref", New(cfg), w.C})
		}
		for n := 0; n < c.Frames; n++ {
			ref, dist := cliPictures(c, n)
			for _, v := range vs {
				r, err := v.s.Score(n, ref, dist, false)
				if err != nil {
					t.Fatal(err)
				}
				got := [3]float64{r.U, r.V, r.UV}
				for k := range got {
					if !sameBits(got[k], v.want[n][k]) {
						t.Errorf("%s frame %d %s: %s = %.17g, libvmaf %.17g", c.name(), n, v.name, w.Keys[k], got[k], v.want[n][k])
					}
				}
			}
		}
	}
}
