//go:build cgo && !js

package gpu

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/oliverbestmann/webgpu/wgpu"
)

// float32Probe runs speed_float32.wgsl's f32_mul and f32_add on pairs of
// float bits.
const float32Probe = `
struct P { count: u32 }
@group(0) @binding(0) var<uniform> p: P;
@group(0) @binding(1) var<storage, read> inp: array<u32>;
@group(0) @binding(2) var<storage, read_write> outp: array<u32>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) g: vec3<u32>) {
    let i = g.x + 65535u * 64u * g.y;
    if (i >= p.count) {
        return;
    }
    let a = inp[2u * i];
    let b = inp[2u * i + 1u];
    outp[3u * i] = f32_mul(a, b);
    outp[3u * i + 1u] = f32_add(a, b);
    outp[3u * i + 2u] = f32_add(a, b ^ 0x80000000u);
}
`

// float32Pairs are the operand pairs TestSpeedFloat32 checks: random bits
// over the whole finite range, operands of close exponents (carries and
// cancellations), products and sums that tie, subnormal inputs and
// results, signed zeros, overflow, and the taps-times-samples products
// SpEED's filters form.
func float32Pairs() [][2]float32 {
	rng := rand.New(rand.NewPCG(16, 32))
	var ps [][2]float32
	finite := func() float32 {
		for {
			f := math.Float32frombits(rng.Uint32())
			if !math.IsNaN(float64(f)) && !math.IsInf(float64(f), 0) {
				return f
			}
		}
	}
	near := func(f float32, spread int) float32 {
		e := rng.IntN(2*spread+1) - spread
		g := float32(math.Ldexp(float64(f), e)) * (1 + float32(rng.Float64()-0.5)*0.1)
		if rng.IntN(2) == 0 {
			g = -g
		}
		return g
	}
	for range 20000 {
		ps = append(ps, [2]float32{finite(), finite()})
	}
	for range 40000 {
		a := finite()
		ps = append(ps, [2]float32{a, near(a, 30)})
	}
	for range 10000 {
		a := math.Float32frombits(rng.Uint32() & 0x807fffff) // subnormal
		b := math.Float32frombits(rng.Uint32()&0x83ffffff | uint32(rng.IntN(8))<<23)
		ps = append(ps, [2]float32{a, b}, [2]float32{b, a}, [2]float32{a, -a * 0.75})
		// Products near the subnormal range.
		c := math.Float32frombits(uint32(rng.IntN(40)+1)<<23 | rng.Uint32()&0x807fffff)
		d := math.Float32frombits(uint32(rng.IntN(40)+60)<<23 | rng.Uint32()&0x807fffff)
		ps = append(ps, [2]float32{c, d})
	}
	// Ties: a + b where b is half an ulp of a (and neighbours), and
	// products of small integers whose exact product needs 25 bits.
	for range 10000 {
		a := math.Float32frombits(rng.Uint32()&0x807fffff | uint32(rng.IntN(200)+20)<<23)
		ulp := math.Nextafter32(a, float32(math.Inf(1))) - a
		for _, f := range []float32{0.5, 0.25, 0.75, 1, 1.5} {
			ps = append(ps, [2]float32{a, ulp * f}, [2]float32{a, -ulp * f})
		}
		x := float32(1<<24 - 1 - 2*rng.IntN(1000))
		y := float32(3 + 2*rng.IntN(100))
		ps = append(ps, [2]float32{x, y}, [2]float32{x, 1 / y})
	}
	// SpEED's operands: taps times picture_copy's floats at 16 bits.
	for range 20000 {
		tap := float32(rng.Float64() * 0.3)
		v := float32(rng.IntN(65536))/256 + -128
		ps = append(ps, [2]float32{tap, v}, [2]float32{float32(tap * v), float32(rng.Float64()*200 - 100)})
	}
	inf := float32(math.Inf(1))
	max32 := float32(math.MaxFloat32)
	tiny := math.Float32frombits(1)
	minNorm := math.Float32frombits(0x00800000)
	specials := []float32{0, float32(math.Copysign(0, -1)), 1, -1, tiny, -tiny, minNorm, -minNorm,
		math.Float32frombits(0x007fffff), max32, -max32, inf, -inf, 2, 0.5, 3, 1.0 / 3}
	for _, a := range specials {
		for _, b := range specials {
			ps = append(ps, [2]float32{a, b})
		}
	}
	ps = append(ps, [2]float32{max32, 2}, [2]float32{max32, max32}, [2]float32{minNorm, 0.5},
		[2]float32{minNorm, 0.9999999}, [2]float32{math.Float32frombits(0x00ffffff), 0.5})
	return ps
}

// TestSpeedFloat32 checks the soft float32 multiplication and addition
// (and subtraction) of speed_float32.wgsl against Go's float32, bit for
// bit (NaN results need only be NaN).
func TestSpeedFloat32(t *testing.T) {
	pairs := float32Pairs()
	in := make([]uint32, 0, 2*len(pairs))
	for _, p := range pairs {
		in = append(in, math.Float32bits(p[0]), math.Float32bits(p[1]))
	}
	for _, d := range openAll(t) {
		k, err := d.newKernel("speed_float32 probe", wgslADMInt64+wgslSpeedFloat32+float32Probe, "main")
		if err != nil {
			t.Fatal(err)
		}
		defer k.release()
		n := len(pairs)
		gx := groups(n, 64)
		gy := uint32(1)
		if gx > 65535 {
			gy = (gx + 65534) / 65535
			gx = 65535
		}
		out, err := d.oneShot(k, gx, gy, []uint32{uint32(n)},
			shotBuf{data: wgpu.ToBytes(in)}, shotBuf{size: uint64(12 * n)})
		if err != nil {
			t.Fatal(err)
		}
		bad := 0
		for i, p := range pairs {
			a, b := p[0], p[1]
			for j, want := range []float32{a * b, a + b, a - b} {
				got := out[3*i+j]
				w := math.Float32bits(want)
				if math.IsNaN(float64(want)) {
					if math.IsNaN(float64(math.Float32frombits(got))) {
						continue
					}
				} else if got == w {
					continue
				}
				if bad < 10 {
					t.Errorf("%s: %v (%#08x) %s %v (%#08x) = %#08x, want %#08x (%v)", d.Info().Name,
						a, math.Float32bits(a), "*+-"[j:j+1], b, math.Float32bits(b), got, w, want)
				}
				bad++
			}
		}
		if bad > 0 {
			t.Errorf("%s: %d of %d results wrong", d.Info().Name, bad, 3*len(pairs))
		}
	}
}
