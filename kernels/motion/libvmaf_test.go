package motion

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/bandscope/bandscope/kernels/feature"
	"github.com/bandscope/bandscope/kernels/yuv"
)

var (
	update  = flag.Bool("update", false, "regenerate testdata/libvmaf.json with libvmaf's vmaf CLI (-vmaf)")
	vmafBin = flag.String("vmaf", "/work/vmaf-build/tools/vmaf", "libvmaf's vmaf CLI, for -update")
)

const libvmafFile = "testdata/libvmaf.json"

// clipSpec is one generated clip; see clipFrame.
type clipSpec struct {
	Pattern string `json:"pattern"`
	W       int    `json:"w"`
	H       int    `json:"h"`
	BD      int    `json:"bd"`
	N       int    `json:"n"`
}

func (c clipSpec) String() string {
	return fmt.Sprintf("%s_%dx%d_%db_%df", c.Pattern, c.W, c.H, c.BD, c.N)
}

// libvmafCase is a clip scored by libvmaf under one --feature spec.
type libvmafCase struct {
	Clip    clipSpec         `json:"clip"`
	Feature string           `json:"feature"`
	Frames  []orderedMetrics `json:"frames"`
}

// orderedMetrics is a frame's metrics in libvmaf's JSON order.
type orderedMetrics []feature.Metric

func (m orderedMetrics) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, kv := range m {
		if i > 0 {
			b.WriteByte(',')
		}
		k, _ := json.Marshal(kv.Name)
		b.Write(k)
		b.WriteByte(':')
		b.WriteString(strconv.FormatFloat(kv.Value, 'g', -1, 64))
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

func (m *orderedMetrics) UnmarshalJSON(data []byte) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	if _, err := dec.Token(); err != nil {
		return err
	}
	*m = nil
	for dec.More() {
		k, err := dec.Token()
		if err != nil {
			return err
		}
		v, err := dec.Token()
		if err != nil {
			return err
		}
		f, err := strconv.ParseFloat(string(v.(json.Number)), 64)
		if err != nil {
			return err
		}
		*m = append(*m, feature.Metric{Name: k.(string), Value: f})
	}
	return nil
}

func splitmix(key uint64) uint64 {
	z := key + 0x9E3779B97F4A7C15
	z = (z ^ z>>30) * 0xBF58476D1CE4E5B9
	z = (z ^ z>>27) * 0x94D049BB133111EB
	return z ^ z>>31
}

// clipFrame draws frame t of a generated clip (4:4:4, flat chroma; motion
// reads the luma only). Patterns:
//   - pan: a diagonal texture panning 3 px right and 1 px down per frame
//     with light noise, frames 4 and 5 identical (a zero SAD), frame 7
//     replaced by full-range noise (a SAD above 18, to hit motion_max_val).
//   - noise: full-range noise, new every frame.
//   - slow: a soft triangle wave panning 1 px per frame, with frame 3
//     repeated (SADs of a few units, below motion_max_val=18).
//   - step: flat mid-grey that jumps to full scale and back every other
//     frame, with a few dark dots (large SADs, extreme samples).
func clipFrame(c clipSpec, t int) *yuv.Picture {
	f := yuv.Format{Width: c.W, Height: c.H, Chroma: yuv.C444, BitDepth: c.BD}
	p := yuv.NewPicture(f)
	maxv := 1<<c.BD - 1
	for pl := 1; pl < 3; pl++ {
		for i := range p.Planes[pl] {
			p.Planes[pl][i] = uint16(1 << (c.BD - 1))
		}
	}
	for y := 0; y < c.H; y++ {
		for x := 0; x < c.W; x++ {
			i := y*c.W + x
			var v int
			switch c.Pattern {
			case "pan":
				tt := t
				if tt == 5 {
					tt = 4
				}
				z := splitmix(uint64(i) | uint64(tt)<<40)
				if t == 7 {
					v = int(z % uint64(maxv+1))
					break
				}
				xs, ys := x-3*tt, y-tt
				v8 := ((xs+2*ys)&63)*3 + ((xs/5+ys/7)&1)*40
				v = v8<<(c.BD-8) + int(z%uint64(1<<(c.BD-6)))
			case "slow":
				tt := t
				if tt == 4 {
					tt = 3
				}
				u := (x - tt + 2*y) & 127
				if u > 64 {
					u = 128 - u
				}
				v = (60 + 2*u) << (c.BD - 8)
			case "noise":
				v = int(splitmix(uint64(i)|uint64(t)<<40|1<<60) % uint64(maxv+1))
			case "step":
				if t%2 == 1 {
					v = maxv
				} else {
					v = 1 << (c.BD - 1)
				}
				if splitmix(uint64(i)|uint64(t)<<40)%13 == 0 {
					v = 0
				}
			default:
				panic(c.Pattern)
			}
			p.Planes[0][i] = uint16(min(max(v, 0), maxv))
		}
	}
	return p
}

// libvmafCases is what -update asks libvmaf for.
func libvmafCases() []libvmafCase {
	var cs []libvmafCase
	add := func(c clipSpec, feats ...string) {
		for _, f := range feats {
			cs = append(cs, libvmafCase{Clip: c, Feature: f})
		}
	}
	all := []string{
		"motion=debug=true",
		"motion=motion_five_frame_window=true:motion_moving_average=true",
		"motion=motion_max_val=18",
		"motion=motion_five_frame_window=true:motion_max_val=18:motion_moving_average=true:debug=true",
		"motion=motion_force_zero=true",
		"motion=motion_force_zero=true:motion_five_frame_window=true:debug=true",
		"motion=motion_blend_factor=0.5:motion_blend_offset=10",
		"motion=motion_blend_factor=0.25:motion_blend_offset=3.5:motion_moving_average=true",
		"motion=motion_fps_weight=2.5:motion_max_val=40",
		"motion=motion_fps_weight=0.5:motion_five_frame_window=true",
		"motion=motion_moving_average=true",
		"motion=motion_five_frame_window=true",
	}
	short := []string{all[0], all[1], all[3], all[4], all[7]}
	for _, bd := range []int{8, 10, 12, 16} {
		add(clipSpec{"pan", 33, 35, bd, 10}, all...)
		add(clipSpec{"pan", 177, 97, bd, 9}, all...)
		add(clipSpec{"slow", 48, 40, bd, 8}, all...)
		add(clipSpec{"noise", 64, 48, bd, 4}, short...)
		add(clipSpec{"step", 40, 36, bd, 6}, short...)
	}
	for _, n := range []int{1, 2, 3} {
		add(clipSpec{"pan", 33, 35, 8, n}, short...)
		add(clipSpec{"noise", 21, 19, 10, n}, short...)
	}
	for _, s := range [][2]int{{3, 3}, {3, 9}, {9, 3}, {4, 4}, {5, 7}, {17, 3}} {
		add(clipSpec{"noise", s[0], s[1], 8, 5}, all[0], all[1])
		add(clipSpec{"noise", s[0], s[1], 16, 5}, all[0])
	}
	add(clipSpec{"pan", 1920, 1080, 8, 3}, all[0], all[3])
	add(clipSpec{"noise", 1921, 1079, 16, 3}, all[0])
	return cs
}

func writeClip(path string, c clipSpec) error {
	var b []byte
	for t := 0; t < c.N; t++ {
		p := clipFrame(c, t)
		for i := 0; i < p.Chroma.Planes(); i++ {
			for _, v := range p.Planes[i] {
				if c.BD > 8 {
					b = append(b, byte(v), byte(v>>8))
				} else {
					b = append(b, byte(v))
				}
			}
		}
	}
	return os.WriteFile(path, b, 0o644)
}

// runVMAF scores the clip (as both reference and distorted: motion reads
// the reference only) with libvmaf's C path and its default (SIMD) path
// and insists they agree.
func runVMAF(t *testing.T, dir string, c *libvmafCase) {
	yuvPath := filepath.Join(dir, c.Clip.String()+".yuv")
	if _, err := os.Stat(yuvPath); err != nil {
		if err := writeClip(yuvPath, c.Clip); err != nil {
			t.Fatal(err)
		}
	}
	var runs [2][]orderedMetrics
	for k, mask := range []string{"63", "0"} {
		out := filepath.Join(dir, "o.json")
		cmd := exec.Command(*vmafBin, "--threads", "1", "--cpumask", mask, "-r", yuvPath, "-d", yuvPath,
			"-w", fmt.Sprint(c.Clip.W), "-h", fmt.Sprint(c.Clip.H), "-p", "444", "-b", fmt.Sprint(c.Clip.BD),
			"--feature", c.Feature, "--json", "-o", out, "-q", "-n")
		if b, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("%s %s: %v\n%s", c.Clip, c.Feature, err, b)
		}
		var o struct {
			Frames []struct {
				Metrics orderedMetrics `json:"metrics"`
			} `json:"frames"`
		}
		b, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(b, &o); err != nil {
			t.Fatal(err)
		}
		for _, f := range o.Frames {
			runs[k] = append(runs[k], f.Metrics)
		}
	}
	a, _ := json.Marshal(runs[0])
	b, _ := json.Marshal(runs[1])
	if !bytes.Equal(a, b) {
		t.Fatalf("%s %s: libvmaf's C and SIMD paths differ:\n%s\n%s", c.Clip, c.Feature, a, b)
	}
	c.Frames = runs[0]
}

func loadLibvmaf(t *testing.T) []libvmafCase {
	if *update {
		cs := libvmafCases()
		dir := t.TempDir()
		for i := range cs {
			runVMAF(t, dir, &cs[i])
		}
		b, err := json.MarshalIndent(cs, "", " ")
		if err != nil {
			t.Fatal(err)
		}
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

// scoreClip runs a Scorer over a clip the way the engine will: Push every
// frame, then Flush, checking results come out in order and once.
func scoreClip(t *testing.T, s Scorer, n int, frame func(int) yuv.Plane, keepMaps bool) []*FrameResult {
	t.Helper()
	var all []*FrameResult
	for i := 0; i < n; i++ {
		rs, err := s.Push(i, frame(i), keepMaps)
		if err != nil {
			t.Fatal(err)
		}
		all = append(all, rs...)
	}
	rs, err := s.Flush()
	if err != nil {
		t.Fatal(err)
	}
	all = append(all, rs...)
	if len(all) != n {
		t.Fatalf("%d results for %d frames", len(all), n)
	}
	for i, r := range all {
		if r.Frame != i {
			t.Fatalf("result %d is frame %d", i, r.Frame)
		}
	}
	return all
}

func compareFrames(t *testing.T, opts *feature.Values, got []*FrameResult, want []orderedMetrics) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%d frames, libvmaf has %d", len(got), len(want))
	}
	for i, r := range got {
		g := r.Metrics(opts)
		w := want[i]
		if len(g) != len(w) {
			t.Errorf("frame %d: metrics %v, libvmaf %v", i, g, w)
			continue
		}
		for k := range g {
			if g[k].Name != w[k].Name || math.Float64bits(g[k].Value) != math.Float64bits(w[k].Value) {
				t.Errorf("frame %d: %s = %.17g, libvmaf %s = %.17g", i, g[k].Name, g[k].Value, w[k].Name, w[k].Value)
			}
		}
	}
}

// TestLibvmaf compares every frame of every generated clip with libvmaf,
// metric names, order and float64 bits, for the reference scorer and the
// fast one.
func TestLibvmaf(t *testing.T) {
	cs := loadLibvmaf(t)
	if len(cs) == 0 {
		t.Fatal("no cases")
	}
	nonzero := 0
	for _, c := range cs {
		t.Run(c.Clip.String()+"/"+c.Feature, func(t *testing.T) {
			sp, err := feature.ParseSpec(c.Feature)
			if err != nil {
				t.Fatal(err)
			}
			opts := NewOptions()
			if err := opts.SetAll(sp.Opts); err != nil {
				t.Fatal(err)
			}
			cfg, err := NewConfig(opts, c.Clip.W, c.Clip.H, c.Clip.BD)
			if err != nil {
				t.Fatal(err)
			}
			pics := make([]yuv.Plane, c.Clip.N)
			for i := range pics {
				pics[i] = clipFrame(c.Clip, i).Luma()
			}
			for _, s := range scorers(cfg) {
				got := scoreClip(t, s.s, c.Clip.N, func(i int) yuv.Plane { return pics[i] }, false)
				compareFrames(t, opts, got, c.Frames)
				s.s.Close()
			}
			for _, f := range c.Frames {
				if f[0].Value > 1 {
					nonzero++
					break
				}
			}
		})
	}
	// The generated clips move: most runs must have clearly non-zero SADs.
	if nonzero < len(cs)/2 {
		t.Errorf("only %d of %d runs have a SAD above 1", nonzero, len(cs))
	}
}
