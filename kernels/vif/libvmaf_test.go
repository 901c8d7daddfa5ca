package vif

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"testing"

	"github.com/bandscope/bandscope/kernels/feature"
	"github.com/bandscope/bandscope/kernels/yuv"
)

var (
	update  = flag.Bool("update", false, "regenerate "+libvmafFile+" with libvmaf's vmaf CLI (-vmaf)")
	vmafBin = flag.String("vmaf", "/work/vmaf-build/tools/vmaf", "libvmaf's vmaf CLI, for -update")
)

// libvmafFile holds libvmaf's output for generated pairs. Regenerate with
//
//	go test ./kernels/vif/ -run TestLibvmaf -update -vmaf /path/to/vmaf
//
// which scores every pair twice, with libvmaf's C code (--cpumask 63) and
// with its best SIMD code, and fails unless both give the same bits.
const libvmafFile = "testdata/libvmaf_cases.json"

// libvmafCase is one generated clip pair scored by libvmaf under one
// feature spec; Frames holds every frame's metrics.
type libvmafCase struct {
	Name    string               `json:"name"`
	Pattern string               `json:"pattern"`
	W       int                  `json:"w"`
	H       int                  `json:"h"`
	BD      int                  `json:"bd"`
	N       int                  `json:"n"`
	Feature string               `json:"feature"`
	Frames  []map[string]float64 `json:"frames"`
}

func splitmix(key uint64) uint64 {
	z := key + 0x9E3779B97F4A7C15
	z = (z ^ z>>30) * 0xBF58476D1CE4E5B9
	z = (z ^ z>>27) * 0x94D049BB133111EB
	return z ^ z>>31
}

// vifPair draws frame t of a generated pair (luma; chroma flat, 4:4:4):
//   - noise: full-range uniform noise; distorted = ref + noise of +-1/16
//     of the range, clipped.
//   - blur: a sum of two ripples plus noise; distorted is its 3-tap
//     horizontal box blur plus a little noise (detail lost).
//   - enhance: a soft ripple with noise around mid-grey; distorted doubles
//     its contrast (g > 1: the enhancement gain limit bites).
//   - extreme: 6-pixel checkerboard 0/max; distorted inverts one cell in
//     three, the rest stays at 0 and max.
//   - ramp: horizontal ramp over the full range plus a little noise;
//     distorted is quantised to 32 levels (banding).
func vifPair(pattern string, w, h, bd, t int) (ref, dist *yuv.Picture) {
	f := yuv.Format{Width: w, Height: h, Chroma: yuv.C444, BitDepth: bd}
	ref, dist = yuv.NewPicture(f), yuv.NewPicture(f)
	maxv := 1<<bd - 1
	for p := 1; p < 3; p++ {
		for i := range ref.Planes[p] {
			ref.Planes[p][i] = uint16(1 << (bd - 1))
			dist.Planes[p][i] = uint16(1 << (bd - 1))
		}
	}
	clip := func(v int) uint16 { return uint16(min(max(v, 0), maxv)) }
	scale := func(v float64) int { return int(math.Floor(v * float64(maxv))) }
	rv := make([]int, w*h)
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			i := y*w + x
			z := splitmix(uint64(i) | uint64(t)<<40 | 3<<56)
			u := float64(z>>11) / (1 << 53) // [0, 1)
			var r int
			switch pattern {
			case "noise":
				r = int(splitmix(uint64(i)|uint64(t)<<40) % uint64(maxv+1))
			case "blur":
				r = scale(0.5 + 0.25*math.Sin(float64(x)*0.9+float64(t)) + 0.15*math.Cos(float64(y)*0.7) + 0.1*(u-0.5))
			case "enhance":
				r = scale(0.5 + 0.12*math.Sin(float64(x)*0.35+float64(y)*0.21+float64(t)) + 0.06*(u-0.5))
			case "extreme":
				if (x/6+y/6+t)%2 == 1 {
					r = maxv
				}
			case "ramp":
				r = x*maxv/(w-1) + int(z%uint64(maxv/64+1))
			default:
				panic(pattern)
			}
			rv[i] = int(clip(r))
		}
	}
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			i := y*w + x
			r := rv[i]
			z := splitmix(uint64(i) | uint64(t)<<40 | 7<<56)
			var d int
			switch pattern {
			case "noise":
				d = r + int(z%uint64(maxv/8+1)) - maxv/16
			case "blur":
				l, rr := rv[y*w+max(x-1, 0)], rv[y*w+min(x+1, w-1)]
				d = (l+r+rr)/3 + int(z%3) - 1
			case "enhance":
				d = 2*r - maxv/2
			case "extreme":
				d = r
				if (x/6+2*(y/6))%3 == 0 {
					d = maxv - r
				}
			case "ramp":
				step := (maxv + 1) / 32
				d = r / step * step
			}
			ref.Planes[0][i] = uint16(r)
			dist.Planes[0][i] = clip(d)
		}
	}
	return ref, dist
}

// libvmafCases is what -update asks libvmaf for.
func libvmafCases() []libvmafCase {
	var cs []libvmafCase
	add := func(pat string, w, h, bd, n int, feat string) {
		cs = append(cs, libvmafCase{Name: fmt.Sprintf("%s_%dx%d_%db/%s", pat, w, h, bd, feat),
			Pattern: pat, W: w, H: h, BD: bd, N: n, Feature: feat})
	}
	for _, bd := range []int{8, 10, 12, 16} {
		for _, pat := range []string{"noise", "blur", "enhance", "extreme", "ramp"} {
			add(pat, 177, 97, bd, 2, "vif=debug=true")
		}
		add("noise", 33, 35, bd, 2, "vif=debug=true")
		add("blur", 16, 16, bd, 1, "vif=debug=true")
		add("enhance", 17, 31, bd, 1, "vif=debug=true")
		add("noise", 50, 16, bd, 1, "vif=debug=true")
		add("blur", 16, 47, bd, 1, "vif=debug=true")
		add("enhance", 177, 97, bd, 1, "vif=debug=true:vif_enhn_gain_limit=1")
		add("enhance", 177, 97, bd, 1, "vif=debug=true:vif_enhn_gain_limit=1.5")
		add("blur", 177, 97, bd, 1, "vif=debug=true:vif_skip_scale0=true")
		add("enhance", 64, 48, bd, 1, "vif=debug=true:vif_enhn_gain_limit=1.2:vif_skip_scale0=true")
	}
	add("blur", 320, 180, 8, 3, "vif=debug=true")
	add("noise", 320, 180, 10, 2, "vif")
	add("enhance", 320, 180, 8, 1, "vif=vif_enhn_gain_limit=1")
	return cs
}

func writeRaw(path string, ps []*yuv.Picture) error {
	var b []byte
	for _, p := range ps {
		for i := 0; i < p.Chroma.Planes(); i++ {
			for _, v := range p.Planes[i] {
				if p.BitDepth > 8 {
					b = append(b, byte(v), byte(v>>8))
				} else {
					b = append(b, byte(v))
				}
			}
		}
	}
	return os.WriteFile(path, b, 0o644)
}

// runVMAF scores the case with libvmaf's C code and with its default
// (SIMD) code, requires both to agree bit for bit, and keeps the frames.
func runVMAF(t *testing.T, c *libvmafCase) {
	dir := t.TempDir()
	var refs, dists []*yuv.Picture
	for fi := 0; fi < c.N; fi++ {
		r, d := vifPair(c.Pattern, c.W, c.H, c.BD, fi)
		refs, dists = append(refs, r), append(dists, d)
	}
	rp, dp := filepath.Join(dir, "r.yuv"), filepath.Join(dir, "d.yuv")
	if err := writeRaw(rp, refs); err != nil {
		t.Fatal(err)
	}
	if err := writeRaw(dp, dists); err != nil {
		t.Fatal(err)
	}
	var outs [][]byte
	for _, mask := range []string{"63", "0"} {
		out := filepath.Join(dir, "o"+mask+".json")
		cmd := exec.Command(*vmafBin, "--threads", "1", "--cpumask", mask, "-r", rp, "-d", dp,
			"-w", fmt.Sprint(c.W), "-h", fmt.Sprint(c.H), "-p", "444", "-b", fmt.Sprint(c.BD),
			"--feature", c.Feature, "--json", "-o", out, "-q", "-n")
		if b, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("%s: %v\n%s", c.Name, err, b)
		}
		var o struct {
			Frames []struct {
				Metrics map[string]float64 `json:"metrics"`
			} `json:"frames"`
		}
		b, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(b, &o); err != nil {
			t.Fatal(err)
		}
		c.Frames = nil
		for _, f := range o.Frames {
			c.Frames = append(c.Frames, f.Metrics)
		}
		j, _ := json.Marshal(c.Frames)
		outs = append(outs, j)
	}
	if !bytes.Equal(outs[0], outs[1]) {
		t.Fatalf("%s: libvmaf's C and SIMD code differ:\n%s\n%s", c.Name, outs[0], outs[1])
	}
	if len(c.Frames) != c.N {
		t.Fatalf("%s: libvmaf scored %d frames of %d", c.Name, len(c.Frames), c.N)
	}
}

func loadLibvmaf(t *testing.T) []libvmafCase {
	if *update {
		cs := libvmafCases()
		for i := range cs {
			runVMAF(t, &cs[i])
		}
		b, _ := json.MarshalIndent(cs, "", " ")
		if err := os.WriteFile(libvmafFile, append(b, '\n'), 0o644); err != nil {
			t.Fatal(err)
		}
		return cs
	}
	b, err := os.ReadFile(libvmafFile)
	if err != nil {
		t.Fatal(err)
	}
	var cs []libvmafCase
	if err := json.Unmarshal(b, &cs); err != nil {
		t.Fatal(err)
	}
	return cs
}

// TestLibvmaf regenerates every pair of testdata/libvmaf_cases.json and
// compares every metric libvmaf printed (names included, option suffixes
// and all) with the scorers', bit for bit. Each pattern must score
// clearly below 1 somewhere, or it would prove little.
func TestLibvmaf(t *testing.T) {
	cs := loadLibvmaf(t)
	imperfect := map[string]bool{}
	for _, c := range cs {
		t.Run(c.Name, func(t *testing.T) {
			sp, err := feature.ParseSpec(c.Feature)
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
			for _, s := range scorers(cfg) {
				for fi, want := range c.Frames {
					ref, dist := vifPair(c.Pattern, c.W, c.H, c.BD, fi)
					r, err := s.Score(fi, ref.Luma(), dist.Luma(), false)
					if err != nil {
						t.Fatal(err)
					}
					checkMetrics(t, fmt.Sprintf("%T frame %d", s, fi), r.Metrics(o), want)
					for k, v := range want {
						if v < 0.99 && len(k) > 17 && k[:17] == "integer_vif_scale" {
							imperfect[c.Pattern] = true
						}
					}
				}
				s.Close()
			}
		})
	}
	for _, c := range cs {
		if !imperfect[c.Pattern] {
			t.Errorf("pattern %s never scores below 0.99 at any scale", c.Pattern)
		}
	}
}

func checkMetrics(t *testing.T, what string, got []feature.Metric, want map[string]float64) {
	t.Helper()
	gm := map[string]float64{}
	for _, m := range got {
		gm[m.Name] = m.Value
	}
	var keys []string
	for k := range want {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	if len(gm) != len(want) {
		t.Errorf("%s: %d metrics, libvmaf has %d (%v)", what, len(gm), len(want), keys)
	}
	for _, k := range keys {
		g, ok := gm[k]
		if !ok {
			t.Errorf("%s: no %s", what, k)
			continue
		}
		if math.Float64bits(g) != math.Float64bits(want[k]) {
			t.Errorf("%s: %s = %.17g, libvmaf %.17g", what, k, g, want[k])
		}
	}
}
