//go:build cgo && !js

package gpu

import (
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/oliverbestmann/webgpu/wgpu"
)

// roundProbe runs adm_int64.wgsl's round_bits and ge_scaled on a list of
// cases: per case the 96-bit number to round (three words), then a (two
// words), x, b (two words) for a*2^x >= b.
const roundProbe = `
struct P { n: u32, count: u32 }
@group(0) @binding(0) var<uniform> p: P;
@group(0) @binding(1) var<storage, read> inp: array<u32>;
@group(0) @binding(2) var<storage, read_write> outp: array<u32>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) g: vec3<u32>) {
    let i = g.x;
    if (i >= p.count) {
        return;
    }
    let r = round_bits(vec3<u32>(inp[8u * i], inp[8u * i + 1u], inp[8u * i + 2u]), p.n);
    outp[4u * i] = r.m.x;
    outp[4u * i + 1u] = r.m.y;
    outp[4u * i + 2u] = r.sh;
    let ge = ge_scaled(vec2<u32>(inp[8u * i + 3u], inp[8u * i + 4u]), bitcast<i32>(inp[8u * i + 5u]),
        vec2<u32>(inp[8u * i + 6u], inp[8u * i + 7u]), 0);
    outp[4u * i + 3u] = select(0u, 1u, ge);
}
`

func bigWords(v *big.Int, n int) []uint32 {
	out := make([]uint32, n)
	t := new(big.Int).Set(v)
	mask := big.NewInt(0xffffffff)
	for i := range out {
		out[i] = uint32(new(big.Int).And(t, mask).Uint64())
		t.Rsh(t, 32)
	}
	return out
}

// TestADMRounding checks the integer IEEE rounding the decouple shader's
// float and double steps rest on against math/big, to 24 (float32) and 53
// (double) bits, on random numbers of every length up to 96 bits and on
// the hard cases: exact ties with odd and even mantissas, one off a tie,
// and runs of ones that round up into the next power of two. And the
// scaled comparison a*2^x >= b it finishes with, at equal and near-equal
// values.
func TestADMRounding(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 9))
	var cases []*big.Int
	one := big.NewInt(1)
	for l := 1; l <= 96; l++ {
		for k := 0; k < 40; k++ {
			v := new(big.Int).Lsh(one, uint(l-1))
			r := new(big.Int)
			for w := 0; w < 3; w++ {
				r.Lsh(r, 32).Or(r, big.NewInt(int64(rng.Uint32())))
			}
			r.And(r, new(big.Int).Sub(v, one)) // below the leading bit
			cases = append(cases, v.Add(v, r))
		}
	}
	for _, n := range []uint{24, 53} {
		for s := uint(1); s+n <= 96; s++ {
			for _, m := range []int64{1<<(n-1) + 1, 1<<(n-1) + 2, 1<<n - 1, 1<<n - 2} {
				base := new(big.Int).Lsh(big.NewInt(m), s)
				half := new(big.Int).Lsh(one, s-1)
				tie := new(big.Int).Add(base, half)
				cases = append(cases, tie, new(big.Int).Sub(tie, one), new(big.Int).Add(tie, one), base,
					new(big.Int).Sub(new(big.Int).Lsh(one, s+n), one))
			}
		}
	}
	for _, d := range openAll(t) {
		k, err := d.newKernel("adm_int64 probe", wgslADMInt64+roundProbe, "main")
		if err != nil {
			t.Fatal(err)
		}
		defer k.release()
		st := &cambiStages{d: d}
		for _, n := range []uint{24, 53} {
			in := make([]uint32, 0, 8*len(cases))
			type geCase struct {
				a, b *big.Int
				x    int
			}
			ges := make([]geCase, len(cases))
			for i, c := range cases {
				in = append(in, bigWords(c, 3)...)
				a := new(big.Int).SetUint64(rng.Uint64() >> rng.IntN(64))
				x := rng.IntN(40) - 20
				var b *big.Int
				switch rng.IntN(3) {
				case 0: // equal, or one off
					b = new(big.Int).Set(a)
					if x >= 0 {
						b.Lsh(b, uint(x))
						b.Add(b, big.NewInt(int64(rng.IntN(3)-1)))
						if b.BitLen() > 64 || b.Sign() < 0 {
							b.SetUint64(rng.Uint64())
						}
					}
				default:
					b = new(big.Int).SetUint64(rng.Uint64() >> rng.IntN(64))
				}
				ges[i] = geCase{a, b, x}
				in = append(in, bigWords(a, 2)...)
				in = append(in, uint32(int32(x)))
				in = append(in, bigWords(b, 2)...)
			}
			out, err := st.once(k, groups(len(cases), 64), 1, []uint32{uint32(n), uint32(len(cases))},
				binding{data: wgpu.ToBytes(in)}, binding{size: uint64(16 * len(cases))})
			if err != nil {
				t.Fatal(err)
			}
			bad := 0
			for i, c := range cases {
				want := new(big.Float).SetPrec(n).SetMode(big.ToNearestEven).SetInt(c)
				m := new(big.Int).SetUint64(uint64(out[4*i]) | uint64(out[4*i+1])<<32)
				got := new(big.Float).SetInt(m)
				got.SetMantExp(got, int(out[4*i+2]))
				if got.Cmp(want) != 0 || m.BitLen() > int(n) {
					if bad < 5 {
						t.Errorf("round %v to %d bits: %v * 2^%d, want %v", c, n, m, out[4*i+2], want.Text('g', 40))
					}
					bad++
				}
				g := ges[i]
				lhs := new(big.Int).Set(g.a)
				rhs := new(big.Int).Set(g.b)
				if g.x >= 0 {
					lhs.Lsh(lhs, uint(g.x))
				} else {
					rhs.Lsh(rhs, uint(-g.x))
				}
				if wantGE := lhs.Cmp(rhs) >= 0; wantGE != (out[4*i+3] == 1) {
					if bad < 5 {
						t.Errorf("%v * 2^%d >= %v: got %v", g.a, g.x, g.b, !wantGE)
					}
					bad++
				}
			}
			if bad > 0 {
				t.Errorf("%d of %d cases wrong at %d bits", bad, len(cases), n)
			}
		}
	}
}
