//go:build cgo && !js

package gpu

import (
	"encoding/binary"
	"math"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/bandscope/bandscope/kernels/vif"
	"github.com/oliverbestmann/webgpu/wgpu"
)

// The integer pixel terms of VIF rarely depend on the last bit of a
// double (TestVIFPixel could pass with a rounding slightly wrong), so the
// double arithmetic is checked on its own: round53 against math/big, and
// every double of vif_pixel.wgsl against Go's float64 operations.

// vifRoundProbe runs round53 on 128-bit numbers: per case four words and
// the sticky flag in, m (two words) and e out.
const vifRoundProbe = `
struct P { count: u32, pad0: u32, pad1: u32, pad2: u32 }
@group(0) @binding(0) var<uniform> p: P;
@group(0) @binding(1) var<storage, read> inp: array<u32>;
@group(0) @binding(2) var<storage, read_write> outp: array<u32>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) g: vec3<u32>) {
    let i = g.x;
    if (i >= p.count) {
        return;
    }
    let v = vec4<u32>(inp[5u * i], inp[5u * i + 1u], inp[5u * i + 2u], inp[5u * i + 3u]);
    let r = round53(v, -7, inp[5u * i + 4u] == 1u);
    outp[3u * i] = r.m.x;
    outp[3u * i + 1u] = r.m.y;
    outp[3u * i + 2u] = bitcast<u32>(r.e);
}
`

// TestVIFRound53 checks round53 to nearest-even against math/big on
// random numbers of every length up to 128 bits and on ties, one off a
// tie, runs of ones and the sticky bit (p + t, 0 < t < 1, rounds as
// p + 1/2 does when p has more than 53 bits).
func TestVIFRound53(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	one := big.NewInt(1)
	type rcase struct {
		v      *big.Int
		sticky bool
	}
	var cases []rcase
	for l := 1; l <= 128; l++ {
		for k := 0; k < 30; k++ {
			v := new(big.Int).Lsh(one, uint(l-1))
			r := new(big.Int)
			for w := 0; w < 4; w++ {
				r.Lsh(r, 32).Or(r, big.NewInt(int64(rng.Uint32())))
			}
			r.And(r, new(big.Int).Sub(v, one))
			cases = append(cases, rcase{v.Add(v, r), l > 53 && k%2 == 1})
		}
	}
	for s := uint(1); s+53 <= 128; s++ {
		for _, m := range []int64{1<<52 + 1, 1<<52 + 2, 1<<53 - 1, 1<<53 - 2} {
			base := new(big.Int).Lsh(big.NewInt(m), s)
			tie := new(big.Int).Add(base, new(big.Int).Lsh(one, s-1))
			for _, v := range []*big.Int{tie, new(big.Int).Sub(tie, one), new(big.Int).Add(tie, one), base,
				new(big.Int).Sub(new(big.Int).Lsh(one, s+53), one)} {
				cases = append(cases, rcase{v, false}, rcase{v, true})
			}
		}
	}
	for _, d := range openAll(t) {
		k, err := d.newKernel("vif_exact probe", wgslADMInt64+wgslVIFExact+vifRoundProbe, "main")
		if err != nil {
			t.Fatal(err)
		}
		defer k.release()
		var in []uint32
		for _, c := range cases {
			in = append(in, bigWords(c.v, 4)...)
			in = append(in, b2u(c.sticky))
		}
		out, err := d.oneShot(k, groups(len(cases), 64), 1, []uint32{uint32(len(cases)), 0, 0, 0},
			shotBuf{data: wgpu.ToBytes(in)}, shotBuf{size: uint64(12 * len(cases))})
		if err != nil {
			t.Fatal(err)
		}
		bad := 0
		for i, c := range cases {
			v, exp := c.v, -7
			if c.sticky {
				v = new(big.Int).Add(new(big.Int).Lsh(v, 1), one)
				exp--
			}
			want := new(big.Float).SetPrec(53).SetMode(big.ToNearestEven).SetInt(v)
			want.SetMantExp(want, exp)
			m := new(big.Int).SetUint64(uint64(out[3*i]) | uint64(out[3*i+1])<<32)
			got := new(big.Float).SetInt(m)
			got.SetMantExp(got, int(int32(out[3*i+2])))
			if got.Cmp(want) != 0 || m.BitLen() > 53 {
				if bad++; bad <= 5 {
					t.Errorf("round53(%v, sticky %v) = %v * 2^%d, want %v", c.v, c.sticky, m, int32(out[3*i+2]), want.Text('g', 40))
				}
			}
		}
		if bad > 0 {
			t.Errorf("%d of %d cases wrong", bad, len(cases))
		}
	}
}

// vifDoublesProbe evaluates every double of vif_pixel: per (s1, s2, s12)
// (s1 >= 2^17, s2 and s12 > 0) the gain, g*s12, sv_sq, the clipped gain,
// its square, g^2*s1 (each m lo, m hi, e) and the int64 truncation.
const vifDoublesProbe = `
struct P {
    count: u32,
    gl_lo: u32,
    gl_hi: u32,
    gl_e: i32,
    eps_k: array<vec4<u32>, 4>,
}
@group(0) @binding(0) var<uniform> p: P;
@group(0) @binding(1) var<storage, read> inp: array<u32>;
@group(0) @binding(2) var<storage, read_write> outp: array<u32>;

fn vif_log2_entry(i: u32) -> u32 {
    return 0u;
}

fn vif_eps_units(l: u32) -> u32 {
    return p.eps_k[(l - 18u) >> 2u][(l - 18u) & 3u];
}

fn vif_gain_limit() -> F64 {
    return F64(vec2<u32>(p.gl_lo, p.gl_hi), p.gl_e);
}

fn put(o: u32, v: F64) {
    outp[o] = v.m.x;
    outp[o + 1u] = v.m.y;
    outp[o + 2u] = bitcast<u32>(v.e);
}

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) g: vec3<u32>) {
    let i = g.x;
    if (i >= p.count) {
        return;
    }
    let s1 = inp[3u * i];
    let s2 = inp[3u * i + 1u];
    let s12 = inp[3u * i + 2u];
    let o = 18u * i;
    var gain = vif_gain(s1, s12);
    put(o, gain);
    put(o + 3u, round53(mul128(gain.m, vec2<u32>(s12, 0u)), gain.e, false));
    outp[o + 6u] = vif_sv(s2, s12, gain);
    if (ge_f64(gain, vif_gain_limit())) {
        gain = vif_gain_limit();
    }
    put(o + 7u, gain);
    let g2 = round53(mul128(gain.m, gain.m), 2 * gain.e, false);
    put(o + 10u, g2);
    let q = round53(mul128(g2.m, vec2<u32>(s1, 0u)), g2.e, false);
    put(o + 13u, q);
    let t = vif_trunc64(q);
    outp[o + 16u] = t.x;
    outp[o + 17u] = t.y;
}
`

// TestVIFDoubles compares every double vif_pixel.wgsl forms with Go's
// float64 arithmetic (kernels/vif Pixel's expressions), bit for bit.
func TestVIFDoubles(t *testing.T) {
	n := 1 << 16
	if testing.Short() {
		n = 1 << 13
	}
	for _, d := range openAll(t) {
		k, err := d.newKernel("vif doubles probe", wgslADMInt64+wgslVIFExact+wgslVIFPixel+vifDoublesProbe, "main")
		if err != nil {
			t.Fatal(err)
		}
		defer k.release()
		for _, gl := range []float64{100, 1, 1.2, 37.3} {
			var cs [][3]int32
			for _, c := range vifPixelCases(gl, n) {
				if c[0] >= vif.SigmaNsq && c[1] > 0 && c[2] > 0 {
					cs = append(cs, c)
				}
			}
			in := make([]byte, 12*len(cs))
			for i, c := range cs {
				for j, v := range c {
					binary.LittleEndian.PutUint32(in[12*i+4*j:], uint32(v))
				}
			}
			lo, hi, e := vifGainLimit(gl)
			params := append([]uint32{uint32(len(cs)), lo, hi, uint32(e)}, vifEpsUnits()...)
			out, err := d.oneShot(k, groups(len(cs), 64), 1, params, shotBuf{data: in}, shotBuf{size: uint64(72 * len(cs))})
			if err != nil {
				t.Fatal(err)
			}
			f64 := func(w []uint32) float64 {
				return math.Ldexp(float64(uint64(w[0])|uint64(w[1])<<32), int(int32(w[2])))
			}
			bad := 0
			for i, c := range cs {
				s1, s2, s12 := c[0], c[1], c[2]
				o := out[18*i : 18*i+18]
				g := float64(s12) / (float64(s1) + vif.Eps)
				p := float64(g * float64(s12)) // conversions: no fused multiply-add
				x := float64(s2) - p
				sv := int64(0)
				if x >= 1 {
					sv = int64(x)
				}
				gc := g
				if !(gc < gl) {
					gc = gl
				}
				g2 := float64(gc * gc)
				q := float64(g2 * float64(s1))
				tq := int64(q)
				for _, chk := range []struct {
					name      string
					got, want float64
				}{
					{"g", f64(o[0:3]), g}, {"g*s12", f64(o[3:6]), p}, {"sv", float64(o[6]), float64(sv)},
					{"clipped g", f64(o[7:10]), gc}, {"g*g", f64(o[10:13]), g2}, {"g*g*s1", f64(o[13:16]), q},
					{"int64", float64(int64(uint64(o[16]) | uint64(o[17])<<32)), float64(tq)},
				} {
					if math.Float64bits(chk.got) != math.Float64bits(chk.want) {
						if bad++; bad <= 10 {
							t.Errorf("%s gain limit %v: (%d, %d, %d): %s = %.17g, want %.17g", d.Info().Name, gl, s1, s2, s12, chk.name, chk.got, chk.want)
						}
					}
				}
			}
			if bad > 10 {
				t.Errorf("%s gain limit %v: %d wrong values in %d cases", d.Info().Name, gl, bad, len(cs))
			}
		}
	}
}

// vifSVProbe runs vif_sv on given gains: per case s2, s12 and the gain
// (m lo, m hi, e); sv out.
const vifSVProbe = `
struct P { count: u32, pad0: u32, pad1: u32, pad2: u32 }
@group(0) @binding(0) var<uniform> p: P;
@group(0) @binding(1) var<storage, read> inp: array<u32>;
@group(0) @binding(2) var<storage, read_write> outp: array<u32>;

fn vif_log2_entry(i: u32) -> u32 {
    return 0u;
}

fn vif_eps_units(l: u32) -> u32 {
    return 0u;
}

fn vif_gain_limit() -> F64 {
    return F64(vec2<u32>(0u, 0u), 0);
}

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) g: vec3<u32>) {
    let i = g.x;
    if (i >= p.count) {
        return;
    }
    let o = 5u * i;
    outp[i] = vif_sv(inp[o], inp[o + 1u], F64(vec2<u32>(inp[o + 2u], inp[o + 3u]), bitcast<i32>(inp[o + 4u])));
}
`

// TestVIFSigmaV checks vif_sv (sigma2_sq - g*sigma12, rounded in double
// and truncated) against Go on gains chosen to put g*sigma12 exactly at,
// just above and just below half a unit of sigma2_sq's last place, where
// the bits of g*sigma12 below 2^-64 decide the rounding, and on random
// gains.
func TestVIFSigmaV(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 23))
	type svCase struct {
		s2, s12 uint32
		g       float64
	}
	var cs []svCase
	for l2 := 1; l2 <= 31; l2++ {
		for k := 0; k < 40; k++ {
			s2 := uint32(1)<<(l2-1) | rng.Uint32()&(uint32(1)<<(l2-1)-1)
			// Half a unit of s2's last place is 2^(l2-54): an odd
			// multiple of it, nudged by a few units of its own last place.
			odd := float64(2*rng.IntN(4) + 1)
			half := math.Ldexp(odd, l2-54)
			for _, s12 := range []uint32{1, 3} {
				for d := -2; d <= 2; d++ {
					p := half + float64(d)*math.Ldexp(half, -52)
					cs = append(cs, svCase{s2, s12, p / float64(s12)})
				}
			}
		}
	}
	for len(cs) < 1<<15 {
		s2 := rng.Uint32() >> rng.IntN(32)
		s12 := rng.Uint32()>>(1+rng.IntN(31)) | 1
		g := math.Ldexp(1+rng.Float64(), -31+rng.IntN(46))
		cs = append(cs, svCase{max(s2, 1), s12, g})
	}
	for _, d := range openAll(t) {
		k, err := d.newKernel("vif sv probe", wgslADMInt64+wgslVIFExact+wgslVIFPixel+vifSVProbe, "main")
		if err != nil {
			t.Fatal(err)
		}
		defer k.release()
		var in []uint32
		for _, c := range cs {
			fr, e := math.Frexp(c.g)
			m := uint64(math.Ldexp(fr, 53))
			in = append(in, c.s2, c.s12, uint32(m), uint32(m>>32), uint32(int32(e-53)))
		}
		out, err := d.oneShot(k, groups(len(cs), 64), 1, []uint32{uint32(len(cs)), 0, 0, 0},
			shotBuf{data: wgpu.ToBytes(in)}, shotBuf{size: uint64(4 * len(cs))})
		if err != nil {
			t.Fatal(err)
		}
		bad := 0
		for i, c := range cs {
			x := float64(c.s2) - float64(c.g*float64(c.s12))
			want := uint32(0)
			if x >= 1 {
				want = uint32(x)
			}
			if out[i] != want {
				if bad++; bad <= 10 {
					t.Errorf("sv(%d, %d, g %v) = %d, want %d", c.s2, c.s12, c.g, out[i], want)
				}
			}
		}
		if bad > 0 {
			t.Errorf("%d of %d cases wrong", bad, len(cs))
		}
	}
}
