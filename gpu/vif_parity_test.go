//go:build cgo && !js

package gpu

import (
	"encoding/binary"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/bandscope/bandscope/kernels/vif"
	"github.com/bandscope/bandscope/kernels/yuv"
	"github.com/oliverbestmann/webgpu/wgpu"
)

// The VIF parity test scores every case with the CPU scalar reference and
// with every WebGPU adapter and compares every scale's sums and scores,
// the debug totals and every map bit for bit; TestVIFPixel checks the
// per-pixel double arithmetic alone on the cases pictures rarely reach.

type vifCase struct {
	name    string
	pattern string // as admPictures draws them
	w, h    int
	depth   int
	opts    []string
	smooth  bool // every pixel below the noise variance (no log terms)
	large   bool // only with BANDSCOPE_GPU_LARGE=1 (skipUnlessLarge)
}

var vifCases = func() []vifCase {
	var cs []vifCase
	for _, sz := range [][2]int{{33, 17}, {97, 55}, {321, 181}} {
		for _, depth := range []int{8, 10, 12, 16} {
			for _, pat := range []string{"noise8", "fullnoise"} {
				cs = append(cs, vifCase{name: fmt.Sprintf("%dx%d %s %d-bit", sz[0], sz[1], pat, depth), pattern: pat, w: sz[0], h: sz[1], depth: depth})
			}
		}
	}
	return append(cs,
		vifCase{name: "16x16 noise8 8-bit", pattern: "noise8", w: 16, h: 16, depth: 8},
		vifCase{name: "97x55 extreme 16-bit", pattern: "extreme", w: 97, h: 55, depth: 16},
		vifCase{name: "216x216 diag8 10-bit", pattern: "diag8", w: 216, h: 216, depth: 10, smooth: true},
		vifCase{name: "egl 1", pattern: "noise8", w: 97, h: 55, depth: 8, opts: []string{"vif_enhn_gain_limit", "1"}},
		vifCase{name: "egl 1.2", pattern: "fullnoise", w: 97, h: 55, depth: 10, opts: []string{"vif_enhn_gain_limit", "1.2"}},
		vifCase{name: "egl 37.3", pattern: "fullnoise", w: 97, h: 55, depth: 12, opts: []string{"vif_enhn_gain_limit", "37.3"}},
		vifCase{name: "skip scale0", pattern: "noise8", w: 97, h: 55, depth: 10, opts: []string{"vif_skip_scale0", "true"}},
		vifCase{name: "debug", pattern: "noise8", w: 97, h: 55, depth: 8, opts: []string{"debug", "true"}},
		vifCase{name: "1920x1080 noise8 10-bit", pattern: "noise8", w: 1920, h: 1080, depth: 10, large: true},
		vifCase{name: "3840x2160 fullnoise 16-bit", pattern: "fullnoise", w: 3840, h: 2160, depth: 16, large: true},
	)
}()

func sameVIF(t *testing.T, want, got *vif.FrameResult, maps bool) {
	t.Helper()
	if want.Frame != got.Frame {
		t.Errorf("frame %d, want %d", got.Frame, want.Frame)
	}
	sameF64(t, "vif", want.VIF, got.VIF)
	sameF64(t, "total num", want.TotalNum, got.TotalNum)
	sameF64(t, "total den", want.TotalDen, got.TotalDen)
	for s := 0; s < vif.NumScales; s++ {
		if want.Sums[s] != got.Sums[s] {
			t.Errorf("scale %d sums %+v, want %+v", s, got.Sums[s], want.Sums[s])
		}
		sameF64(t, fmt.Sprintf("scale %d", s), want.Scale[s], got.Scale[s])
		sameF64(t, fmt.Sprintf("num scale %d", s), want.Num[s], got.Num[s])
		sameF64(t, fmt.Sprintf("den scale %d", s), want.Den[s], got.Den[s])
		wm, gm := want.Maps[s], got.Maps[s]
		if !maps || wm == nil {
			if gm != nil {
				t.Errorf("scale %d: a map returned, want none", s)
			}
			continue
		}
		if gm == nil {
			t.Errorf("scale %d: no map", s)
			continue
		}
		if wm.W != gm.W || wm.H != gm.H {
			t.Errorf("scale %d: map size %dx%d, want %dx%d", s, gm.W, gm.H, wm.W, wm.H)
		}
		for _, d := range []string{
			diff(fmt.Sprintf("scale %d num map", s), bits32(wm.Num), bits32(gm.Num), wm.W),
			diff(fmt.Sprintf("scale %d den map", s), bits32(wm.Den), bits32(gm.Den), wm.W),
		} {
			if d != "" {
				t.Error(d)
			}
		}
	}
}

// TestVIFParity scores every case with every adapter and compares every
// field of the frame result with the CPU scalar reference.
func TestVIFParity(t *testing.T) {
	devs := openAll(t)
	for _, tc := range vifCases {
		t.Run(tc.name, func(t *testing.T) {
			if tc.large {
				skipUnlessLarge(t)
			}
			ref, dist, depth := admPictures(t, &admCase{pattern: tc.pattern, w: tc.w, h: tc.h, depth: tc.depth})
			o := vif.NewOptions()
			for i := 0; i+1 < len(tc.opts); i += 2 {
				if err := o.Set(tc.opts[i], tc.opts[i+1]); err != nil {
					t.Fatal(err)
				}
			}
			cfg, err := vif.NewConfig(o, ref.Width, ref.Height, depth)
			if err != nil {
				t.Fatal(err)
			}
			want, err := vif.New(cfg).Score(3, ref, dist, true)
			if err != nil {
				t.Fatal(err)
			}
			// Content that scores exactly 1 (or NaN) could hide a broken
			// twin; every scale but a smooth picture's must reach the log
			// terms.
			for s := 0; s < vif.NumScales; s++ {
				if s == 0 && cfg.SkipScale0 {
					continue
				}
				if v := want.Scale[s]; v == 1 || math.IsNaN(v) || (want.Sums[s].NumLog == 0) != tc.smooth {
					t.Fatalf("CPU scale %d = %v (sums %+v): the test content does not exercise VIF", s, v, want.Sums[s])
				}
			}
			for _, d := range devs {
				t.Run(d.Info().Name, func(t *testing.T) {
					s, err := NewVIF(d, cfg)
					if err != nil {
						t.Fatal(err)
					}
					defer s.Close()
					got, err := s.Score(3, ref, dist, true)
					if err != nil {
						t.Fatal(err)
					}
					sameVIF(t, want, got, true)
					// Scores alone take the cheaper path; same bits, and
					// the accumulators start from zero every frame.
					for frame := 4; frame < 6; frame++ {
						want2, err := vif.New(cfg).Score(frame, ref, dist, false)
						if err != nil {
							t.Fatal(err)
						}
						got2, err := s.Score(frame, ref, dist, false)
						if err != nil {
							t.Fatal(err)
						}
						sameVIF(t, want2, got2, false)
					}
				})
			}
		})
	}
}

// vifPixelProbe runs vif_pixel.wgsl's vif_pixel on a list of (s1, s2,
// s12) triples: per triple num, den and isLog.
const vifPixelProbe = `
struct P {
    count: u32,
    gl_lo: u32,
    gl_hi: u32,
    gl_e: i32,
    eps_k: array<vec4<u32>, 4>,
}
@group(0) @binding(0) var<uniform> p: P;
@group(0) @binding(1) var<storage, read> log2_table: array<u32>;
@group(0) @binding(2) var<storage, read> inp: array<i32>;
@group(0) @binding(3) var<storage, read_write> outp: array<i32>;

fn vif_log2_entry(i: u32) -> u32 {
    return log2_table[i];
}

fn vif_eps_units(l: u32) -> u32 {
    return p.eps_k[(l - 18u) >> 2u][(l - 18u) & 3u];
}

fn vif_gain_limit() -> F64 {
    return F64(vec2<u32>(p.gl_lo, p.gl_hi), p.gl_e);
}

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) g: vec3<u32>) {
    let i = g.y * 65535u * 64u + g.x;
    if (i >= p.count) {
        return;
    }
    let px = vif_pixel(inp[3u * i], inp[3u * i + 1u], inp[3u * i + 2u]);
    outp[3u * i] = px.num;
    outp[3u * i + 1u] = px.den;
    outp[3u * i + 2u] = select(0, 1, px.is_log);
}
`

// vifPixelCases are triples for TestVIFPixel: random variances over every
// magnitude, and the hard cases of the double arithmetic: sigma2_sq within
// a few units of g*sigma12 (sv_sq's rounding and truncation), gains at and
// around the limit, tiny gains (g*sigma12 below 2^-12), the extremes of
// int32, and the branches' edges.
func vifPixelCases(gl float64, n int) [][3]int32 {
	rng := rand.New(rand.NewPCG(11, uint64(gl*1000)))
	mag := func() int32 { // log-uniform over [1, 2^31)
		b := rng.IntN(31)
		return int32(uint32(1)<<b | rng.Uint32()&(uint32(1)<<b-1))
	}
	s1of := func() int32 {
		for {
			if v := mag(); v >= vif.SigmaNsq {
				return v
			}
		}
	}
	var cs [][3]int32
	edges := []int32{math.MinInt32, -1, 0, 1, 2, vif.SigmaNsq - 1, vif.SigmaNsq, vif.SigmaNsq + 1, 1 << 30, math.MaxInt32 - vif.SigmaNsq, math.MaxInt32 - 1, math.MaxInt32}
	for _, a := range edges {
		for _, b := range edges {
			for _, c := range edges {
				cs = append(cs, [3]int32{a, b, c})
			}
		}
	}
	for len(cs) < n {
		s1 := s1of()
		switch rng.IntN(5) {
		case 0: // anything
			cs = append(cs, [3]int32{s1, mag(), mag()})
		case 1: // s2 next to g*s12, below and above
			s12 := mag()
			g := float64(s12) / (float64(s1) + vif.Eps)
			p := g * float64(s12)
			if p < math.MaxInt32-8 {
				base := int32(p)
				for d := int32(-2); d <= 3; d++ {
					if v := base + d; v > 0 {
						cs = append(cs, [3]int32{s1, v, s12})
					}
				}
			}
		case 2: // g at and around the limit
			t := gl * float64(s1)
			for d := -2.0; d <= 2; d++ {
				if v := math.Round(t + d); v > 0 && v < math.MaxInt32 {
					cs = append(cs, [3]int32{s1, mag(), int32(v)})
				}
			}
		case 3: // tiny gains
			cs = append(cs, [3]int32{s1, mag(), int32(rng.IntN(16) + 1)})
		case 4: // Cauchy-Schwarz-like: s12^2 near s1*s2
			s2 := mag()
			c := math.Sqrt(float64(s1)*float64(s2)) * (0.5 + rng.Float64())
			if c >= 1 && c < math.MaxInt32 {
				cs = append(cs, [3]int32{s1, s2, int32(c)})
			}
		}
	}
	return cs
}

// TestVIFPixel checks the exact double arithmetic of vif_pixel.wgsl
// against kernels/vif Pixel, triple by triple, at several gain limits.
func TestVIFPixel(t *testing.T) {
	table := vif.Log2Table()
	words := make([]uint32, 32768)
	for i := range words {
		words[i] = uint32(table[32768+i])
	}
	n := 1 << 17
	if testing.Short() {
		n = 1 << 14
	}
	for _, d := range openAll(t) {
		k, err := d.newKernel("vif pixel probe", wgslADMInt64+wgslVIFExact+wgslVIFPixel+vifPixelProbe, "main")
		if err != nil {
			t.Fatal(err)
		}
		defer k.release()
		for _, gl := range []float64{100, 1, 1.2, 37.3} {
			cs := vifPixelCases(gl, n)
			in := make([]byte, 12*len(cs))
			for i, c := range cs {
				for j, v := range c {
					binary.LittleEndian.PutUint32(in[12*i+4*j:], uint32(v))
				}
			}
			lo, hi, e := vifGainLimit(gl)
			params := append([]uint32{uint32(len(cs)), lo, hi, uint32(e)}, vifEpsUnits()...)
			groupsX := groups(len(cs), 64)
			x, y := min(groupsX, 65535), (groupsX+65534)/65535
			out, err := d.oneShot(k, x, y, params, shotBuf{data: wgpu.ToBytes(words)}, shotBuf{data: in}, shotBuf{size: uint64(len(in))})
			if err != nil {
				t.Fatal(err)
			}
			bad := 0
			for i, c := range cs {
				var acc vif.Sums
				num, den, isLog := vif.Pixel(table, c[0], c[1], c[2], gl, &acc)
				gn, gd, gl2 := int64(int32(out[3*i])), int64(int32(out[3*i+1])), out[3*i+2] == 1
				if gn != num || gd != den || gl2 != isLog {
					if bad++; bad <= 10 {
						t.Errorf("%s gain limit %v: pixel (%d, %d, %d) = (%d, %d, %v), want (%d, %d, %v)",
							d.Info().Name, gl, c[0], c[1], c[2], gn, gd, gl2, num, den, isLog)
					}
				}
			}
			if bad > 10 {
				t.Errorf("%s gain limit %v: %d of %d pixels differ", d.Info().Name, gl, bad, len(cs))
			}
		}
	}
}

// TestVIFBadInput: the GPU refuses what the CPU refuses, with the same
// message, and keeps working afterwards.
func TestVIFBadInput(t *testing.T) {
	for _, d := range openAll(t) {
		cfg, err := vif.NewConfig(nil, 97, 55, 10)
		if err != nil {
			t.Fatal(err)
		}
		good, good2, _ := admPictures(t, &admCase{pattern: "noise8", w: 97, h: 55, depth: 10})
		bad := padded(good)
		bad.Pix[5*bad.Stride+17] = 1024
		bad.Pix[9*bad.Stride+3] = 2000
		small := padded(yuv.Plane{Width: 96, Height: 55, Stride: good.Stride, Pix: good.Pix})
		short := good
		short.Pix = short.Pix[:len(short.Pix)-10]

		cpu := vif.New(cfg)
		s, err := NewVIF(d, cfg)
		if err != nil {
			t.Fatal(err)
		}
		for _, tc := range []struct {
			name      string
			ref, dist yuv.Plane
		}{
			{"bad distorted", good, bad},
			{"bad reference", bad, good},
			{"both bad", bad, bad},
			{"wrong size", small, good},
			{"short plane", short, good},
		} {
			_, werr := cpu.Score(0, tc.ref, tc.dist, false)
			_, gerr := s.Score(0, tc.ref, tc.dist, false)
			if werr == nil || gerr == nil || werr.Error() != gerr.Error() {
				t.Errorf("%s: GPU error %v, want %v", tc.name, gerr, werr)
			}
		}
		want, _ := cpu.Score(0, good, good2, false)
		got, err := s.Score(0, good, good2, false)
		if err != nil || got.VIF != want.VIF {
			t.Errorf("after errors: %v, %v, want %v", got, err, want.VIF)
		}
		s.Close()
		if _, err := s.Score(0, good, good2, false); err == nil {
			t.Errorf("Score after Close: no error")
		}
		if _, err := NewVIF(nil, cfg); err == nil {
			t.Errorf("NewVIF without a device: no error")
		}
		if _, err := NewVIF(d, nil); err == nil {
			t.Errorf("NewVIF without a configuration: no error")
		}
	}
}
