//go:build cgo && !js

package gpu

import (
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/bandscope/bandscope/kernels/adm"
	"github.com/oliverbestmann/webgpu/wgpu"
)

// TestADMDecoupleStage runs the decouple shader alone on bands built to hit
// the places where the CPU computes in float and double: vector pairs within
// a hair of one degree, coefficient products at the ends of int32, and
// enhancement gains whose double product lands next to an integer (5*1.2
// is 6 in double, 5.999... exactly), at scale 0 (int16) and scales 1-3
// (int32). Every restored and additive coefficient must match
// adm.Decouple0/Decouple123, and with exact (Barten) adm.DecoupleExact0/123.
func TestADMDecoupleStage(t *testing.T) {
	const w, h = 96, 80
	for _, d := range openAll(t) {
		k, err := d.admKernels()
		if err != nil {
			t.Fatal(err)
		}
		defer k.release()
		st := &cambiStages{d: d}
		for _, egl := range []float64{100, 1, 1.2, 37.3, 2.5} {
			for _, c := range [][2]bool{{true, false}, {false, false}, {true, true}, {false, true}} {
				scale0, exact := c[0], c[1]
				for _, mode := range []string{"angle", "gain", "extreme", "small"} {
					name := fmt.Sprintf("%s/egl %g/scale0 %v/exact %v/%s", d.Info().Name, egl, scale0, exact, mode)
					t.Run(name, func(t *testing.T) {
						rng := rand.New(rand.NewPCG(uint64(egl*10), uint64(len(mode))+b2u64(scale0)))
						ref, dis := decoupleInput(rng, w, h, mode, scale0, egl)
						want := decoupleCPU(ref, dis, w, h, scale0, exact, egl)
						mc, me := cos1Float()
						lo, hi, q := eglFloat(egl)
						gx, gy := groups(w, 8), groups(h, 8)
						n := w * h
						out, err := st.once(k.decouple, gx, gy, []uint32{w, h, b2u(scale0), mc, uint32(me), lo, hi, q, b2u(exact)},
							binding{data: wgpu.ToBytes(ref)}, binding{data: wgpu.ToBytes(dis)}, binding{size: uint64(24 * n)})
						if err != nil {
							t.Fatal(err)
						}
						wr := adm.WorkRect(w, h)
						bad := 0
						for p := 0; p < 6; p++ {
							for i := wr.Y0; i < wr.Y1; i++ {
								for j := wr.X0; j < wr.X1; j++ {
									kk := i*w + j
									if got := int32(out[p*n+kk]); got != want[p*n+kk] {
										if bad < 5 {
											b := p % 3
											t.Errorf("plane %d at (%d,%d): %d, want %d (ref h v %d %d, dis %d %d, ref %d dis %d)", p, j, i, got, want[p*n+kk],
												ref[n+kk], ref[2*n+kk], dis[n+kk], dis[2*n+kk], ref[(b+1)*n+kk], dis[(b+1)*n+kk])
										}
										bad++
									}
								}
							}
						}
						if bad > 0 {
							t.Errorf("%d coefficients differ", bad)
						}
					})
				}
			}
		}
	}
}

func b2u64(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

// decoupleInput draws the four planes (A, H, V, D) of a reference and a
// distorted band.
func decoupleInput(rng *rand.Rand, w, h int, mode string, scale0 bool, egl float64) (ref, dis []int32) {
	n := w * h
	ref, dis = make([]int32, 4*n), make([]int32, 4*n)
	lim := float64(math.MaxInt32)
	if scale0 {
		lim = 32767
	}
	clip := func(v float64) int32 { return int32(math.Max(-lim-1, math.Min(lim, math.Round(v)))) }
	rnd := func(bits int) int32 {
		m := int64(1) << bits
		return clip(float64(rng.Int64N(2*m+1) - m))
	}
	maxBits := 30
	if scale0 {
		maxBits = 15
	}
	for k := 0; k < n; k++ {
		bits := 1 + rng.IntN(maxBits)
		var oh, ov, od, th, tv, td int32
		switch mode {
		case "angle":
			oh, ov, od = rnd(bits), rnd(bits), rnd(bits)
			// Rotate by 1 degree give or take a few ulps of the test.
			a := (1 + (rng.Float64()-0.5)*math.Pow(10, -float64(2+rng.IntN(7)))) * math.Pi / 180
			if rng.IntN(2) == 0 {
				a = -a
			}
			g := 0.5 + rng.Float64()
			th = clip(g * (float64(oh)*math.Cos(a) - float64(ov)*math.Sin(a)))
			tv = clip(g * (float64(oh)*math.Sin(a) + float64(ov)*math.Cos(a)))
			td = clip(float64(od) * g)
		case "gain":
			// Parallel vectors, multiples of 5, the distorted one a gain
			// near egl (or 1.2) times the reference.
			gb := max(bits-3, 1)
			oh, ov, od = 5*rnd(gb), 5*rnd(gb), 5*rnd(gb)
			g := []float64{egl, 1.2, egl * (1 + 1e-9), egl * 1.3, 0.9, 1}[rng.IntN(6)]
			th, tv, td = clip(float64(oh)*g), clip(float64(ov)*g), clip(float64(od)*g+float64(rng.IntN(3)-1))
		case "extreme":
			pick := func() int32 {
				switch rng.IntN(6) {
				case 0:
					return clip(-lim - 1)
				case 1:
					return clip(lim)
				case 2:
					return clip(-lim + float64(rng.IntN(3)))
				case 3:
					return 0
				}
				return rnd(maxBits)
			}
			oh, ov, od, th, tv, td = pick(), pick(), pick(), pick(), pick(), pick()
		default: // small
			oh, ov, od, th, tv, td = rnd(3), rnd(3), rnd(3), rnd(3), rnd(3), rnd(3)
		}
		ref[n+k], ref[2*n+k], ref[3*n+k] = oh, ov, od
		dis[n+k], dis[2*n+k], dis[3*n+k] = th, tv, td
	}
	return ref, dis
}

// decoupleCPU runs the CPU stage on the same planes; restored h, v, d then
// additive h, v, d.
func decoupleCPU(ref, dis []int32, w, h int, scale0, exact bool, egl float64) []int32 {
	n := w * h
	cos1 := float32(math.Cos(1.0*math.Pi/180.0) * math.Cos(1.0*math.Pi/180.0))
	out := make([]int32, 6*n)
	if scale0 {
		r16, d16 := adm.NewBands16(w, h), adm.NewBands16(w, h)
		var r, a [adm.NumBands][]int16
		for b := 0; b < adm.NumBands; b++ {
			r[b], a[b] = make([]int16, n), make([]int16, n)
			for k := 0; k < n; k++ {
				r16.B[b][k], d16.B[b][k] = int16(ref[(b+1)*n+k]), int16(dis[(b+1)*n+k])
			}
		}
		if exact {
			adm.DecoupleExact0(r16, d16, &r, &a, egl, cos1)
		} else {
			adm.Decouple0(r16, d16, &r, &a, egl, cos1)
		}
		for b := 0; b < adm.NumBands; b++ {
			for k := 0; k < n; k++ {
				out[b*n+k], out[(b+3)*n+k] = int32(r[b][k]), int32(a[b][k])
			}
		}
		return out
	}
	r32, d32 := adm.NewBands32(w, h), adm.NewBands32(w, h)
	var r, a [adm.NumBands][]int32
	for b := 0; b < adm.NumBands; b++ {
		r[b], a[b] = make([]int32, n), make([]int32, n)
		copy(r32.B[b], ref[(b+1)*n:(b+2)*n])
		copy(d32.B[b], dis[(b+1)*n:(b+2)*n])
	}
	if exact {
		adm.DecoupleExact123(r32, d32, &r, &a, egl, cos1)
	} else {
		adm.Decouple123(r32, d32, &r, &a, egl, cos1)
	}
	for b := 0; b < adm.NumBands; b++ {
		copy(out[b*n:], r[b])
		copy(out[(b+3)*n:], a[b])
	}
	return out
}

// TestADMPreciseTaps: Barten's DWT shader carries the CPU's Q24 taps.
func TestADMPreciseTaps(t *testing.T) {
	lo, hi := adm.PreciseTaps()
	for name, taps := range map[string][4]int64{"LO": lo, "HI": hi} {
		want := fmt.Sprintf("const %s = array<i32, 4>(%d, %d, %d, %d);", name, taps[0], taps[1], taps[2], taps[3])
		if !strings.Contains(wgslADMDWTP, want) {
			t.Errorf("adm_dwtp.wgsl lacks %q", want)
		}
	}
}

// TestADMDenExactStage runs Barten's exact denominator pass alone, all
// three 32-bit words of each cube, on bands with every magnitude up to |INT_MIN| and
// checks each row's reassembled sum of |v|^3 against math/big.
func TestADMDenExactStage(t *testing.T) {
	const w, h = 300, 7 // two chunks per row, the second partial
	rng := rand.New(rand.NewPCG(3, 4))
	n := w * h
	bands := make([]int32, 4*n)
	for i := n; i < 4*n; i++ {
		switch rng.IntN(5) {
		case 0:
			bands[i] = math.MinInt32
		case 1:
			bands[i] = math.MaxInt32 - int32(rng.IntN(3))
		default:
			bands[i] = int32(rng.Uint32()) >> rng.IntN(31)
		}
	}
	chunks := int(groups(w, 256))
	for _, d := range openAll(t) {
		k, err := d.admKernels()
		if err != nil {
			t.Fatal(err)
		}
		defer k.release()
		st := &cambiStages{d: d}
		var parts [3][]uint32
		for part := range parts {
			parts[part], err = st.once(k.den, uint32(chunks), h, []uint32{w, h, 0, 0, w, h, uint32(chunks), 0, 0, 0, 0, 0, 1, uint32(part)},
				binding{data: wgpu.ToBytes(bands)}, binding{size: uint64(8 * 3 * h * chunks)})
			if err != nil {
				t.Fatal(err)
			}
		}
		for b := 0; b < adm.NumBands; b++ {
			for r := 0; r < h; r++ {
				var sl [3]uint64
				for part := range sl {
					for c := 0; c < chunks; c++ {
						i := 2 * ((b*h+r)*chunks + c)
						sl[part] += uint64(parts[part][i]) | uint64(parts[part][i+1])<<32
					}
				}
				got := denExact(sl[0], sl[1], sl[2])
				want := new(big.Int)
				for _, v := range bands[(b+1)*n+r*w : (b+1)*n+(r+1)*w] {
					u := big.NewInt(int64(v))
					u.Abs(u)
					want.Add(want, new(big.Int).Mul(u, new(big.Int).Mul(u, u)))
				}
				g := new(big.Int).Lsh(new(big.Int).SetUint64(got[0]), 64)
				g.Add(g, new(big.Int).SetUint64(got[1]))
				if g.Cmp(want) != 0 {
					t.Fatalf("%s band %d row %d: %v, want %v", d.Info().Name, b, r, g, want)
				}
			}
		}
	}
}
