package vif

import (
	"fmt"
	"slices"
	"testing"

	"github.com/bandscope/bandscope/kernels/cpu"
)

// twinRows makes n rows of w samples below 2^bits: random, or (every
// third row set) all at the extreme 0 or max, where the sums are largest.
func twinRows(n, w, bits int, seed uint64) [][]uint16 {
	rows := make([][]uint16, n)
	maxv := uint64(1)<<bits - 1
	for k := range rows {
		rows[k] = make([]uint16, w)
		for j := range rows[k] {
			z := splitmix(seed ^ uint64(k*100003+j))
			v := z & maxv
			switch (seed + uint64(k)) % 3 {
			case 1:
				v = maxv
				if z%5 == 0 {
					v = 0
				}
			}
			rows[k][j] = uint16(v)
		}
	}
	return rows
}

// TestKernelTwins holds every kernel set's row kernels to the Go twins,
// bit for bit, on every filter and rounding, at odd widths and offsets
// (the SIMD twins leave ragged tails to Go).
func TestKernelTwins(t *testing.T) {
	widths := []int{1, 2, 7, 8, 9, 15, 16, 17, 31, 33, 100, 177, 255}
	for _, set := range cpu.Supported() {
		k := kernelsFor(set)
		t.Run(set.String()+"/statV", func(t *testing.T) {
			for s := 0; s < NumScales; s++ {
				filt := Filters[s]
				for _, bpc := range []int{8, 10, 12, 15, 16} {
					bits := 16
					if s == 0 {
						bits = bpc
					}
					rd := StatRounding(s, bpc)
					for _, w := range append(widths, 64, 95, 1920) {
						for _, j0 := range []int{0, 3} {
							if j0 >= w {
								continue
							}
							ref := twinRows(len(filt), w, bits, uint64(s*1000+bpc*10+w))
							dis := twinRows(len(filt), w, bits, uint64(s*1000+bpc*10+w+7))
							var got, want [5][]uint32
							for i := range got {
								got[i], want[i] = make([]uint32, w), make([]uint32, w)
							}
							statVGo(ref, dis, filt, rd, j0, w, want[0], want[1], want[2], want[3], want[4])
							k.statV(ref, dis, filt, rd, j0, w, got[0], got[1], got[2], got[3], got[4])
							for i := range got {
								if !slices.Equal(got[i], want[i]) {
									t.Fatalf("scale %d %d-bit w %d j0 %d output %d:\n%v\n%v", s, bpc, w, j0, i, got[i], want[i])
								}
							}
						}
					}
				}
			}
		})
		t.Run(set.String()+"/statH", func(t *testing.T) {
			for s := 0; s < NumScales; s++ {
				filt := Filters[s]
				for _, w := range widths {
					// slack 1: the rows hold the column past the padding that
					// statHPairAVX2 reads, so the SIMD loop covers every
					// whole 8 columns; slack 0 leaves the last 8 to Go.
					for _, jslack := range [][2]int{{0, 0}, {5, 0}, {0, 1}, {5, 1}} {
						j0, slack := jslack[0], jslack[1]
						if j0 >= w {
							continue
						}
						n := w + len(filt) - 1 + slack
						var in [5][]uint32
						for i := range in {
							in[i] = make([]uint32, n)
							for j := range in[i] {
								z := splitmix(uint64(s*7+i) ^ uint64(j*31+w))
								switch {
								case i < 2: // means: 16 bits
									in[i][j] = uint32(z & 0xffff)
									if z%7 == 0 {
										in[i][j] = 0xffff
									}
								default: // moments: 32 bits
									in[i][j] = uint32(z)
									if z%7 == 0 {
										in[i][j] = 0xffffffff
									}
								}
							}
						}
						var got, want [3][]int32
						for i := range got {
							got[i], want[i] = make([]int32, w), make([]int32, w)
						}
						statHGo(in[0], in[1], in[2], in[3], in[4], filt, j0, w, want[0], want[1], want[2])
						k.statH(in[0], in[1], in[2], in[3], in[4], filt, j0, w, got[0], got[1], got[2])
						for i := range got {
							if !slices.Equal(got[i], want[i]) {
								t.Fatalf("scale %d w %d j0 %d slack %d output %d:\n%v\n%v", s, w, j0, slack, i, got[i], want[i])
							}
						}
					}
				}
			}
		})
		t.Run(set.String()+"/subV", func(t *testing.T) {
			for s := 0; s+1 < NumScales; s++ {
				filt := Filters[s+1]
				for _, bpc := range []int{8, 10, 12, 16} {
					bits := 16
					if s == 0 {
						bits = bpc
					}
					add, shift := SubsampleConv(s, bpc)
					for _, w := range widths {
						for _, j0 := range []int{0, 1} {
							if j0 >= w {
								continue
							}
							rows := twinRows(len(filt), w, bits, uint64(s*999+bpc+w))
							got, want := make([]uint16, w), make([]uint16, w)
							subVGo(rows, filt, add, shift, j0, w, want)
							k.subV(rows, filt, add, shift, j0, w, got)
							if !slices.Equal(got, want) {
								t.Fatalf("scale %d %d-bit w %d j0 %d:\n%v\n%v", s, bpc, w, j0, got, want)
							}
						}
					}
				}
			}
		})
		// The packed twins: scale 0 of 8-bit rows held a byte each.
		bytesOf := func(rows [][]uint16) [][]uint8 {
			out := make([][]uint8, len(rows))
			for k, r := range rows {
				out[k] = make([]uint8, len(r))
				for j, v := range r {
					out[k][j] = uint8(v)
				}
			}
			return out
		}
		t.Run(set.String()+"/statVP", func(t *testing.T) {
			filt, rd := Filters[0], StatRounding(0, 8)
			for _, w := range append(widths, 64, 65, 96, 127, 1920) {
				for _, j0 := range []int{0, 3} {
					if j0 >= w {
						continue
					}
					ref := twinRows(len(filt), w, 8, uint64(w))
					dis := twinRows(len(filt), w, 8, uint64(w+7))
					var got, want [5][]uint32
					for i := range got {
						got[i], want[i] = make([]uint32, w), make([]uint32, w)
					}
					statVGo(ref, dis, filt, rd, j0, w, want[0], want[1], want[2], want[3], want[4])
					k.statVP(bytesOf(ref), bytesOf(dis), filt, rd, j0, w, got[0], got[1], got[2], got[3], got[4])
					for i := range got {
						if !slices.Equal(got[i], want[i]) {
							t.Fatalf("w %d j0 %d output %d:\n%v\n%v", w, j0, i, got[i], want[i])
						}
					}
				}
			}
		})
		t.Run(set.String()+"/subVP", func(t *testing.T) {
			filt := Filters[1]
			add, shift := SubsampleConv(0, 8)
			for _, w := range append(widths, 64, 65, 1920) {
				for _, j0 := range []int{0, 1} {
					if j0 >= w {
						continue
					}
					rows := twinRows(len(filt), w, 8, uint64(w))
					got, want := make([]uint16, w), make([]uint16, w)
					subVGo(rows, filt, add, shift, j0, w, want)
					k.subVP(bytesOf(rows), filt, add, shift, j0, w, got)
					if !slices.Equal(got, want) {
						t.Fatalf("w %d j0 %d:\n%v\n%v", w, j0, got, want)
					}
				}
			}
		})
		t.Run(set.String()+"/subH", func(t *testing.T) {
			for s := 0; s+1 < NumScales; s++ {
				filt := Filters[s+1]
				for _, w := range widths {
					conv := twinRows(1, w+len(filt)-1, 16, uint64(w))[0]
					got, want := make([]uint16, w/2), make([]uint16, w/2)
					subHGo(conv, filt, w, want)
					k.subH(conv, filt, w, got)
					if !slices.Equal(got, want) {
						t.Fatalf("scale %d w %d:\n%v\n%v", s, w, got, want)
					}
				}
			}
		})
	}
}

// TestStagesAgree ties the Go row twins to the reference's whole-image
// stages: one scale's statistics and low-pass, row by row.
func TestStagesAgree(t *testing.T) {
	for _, c := range []struct{ w, h, bpc int }{{37, 23, 8}, {50, 41, 10}, {33, 19, 16}} {
		t.Run(fmt.Sprintf("%dx%d_%db", c.w, c.h, c.bpc), func(t *testing.T) {
			ref, dis := vifPair("blur", c.w, c.h, c.bpc, 0)
			r, d := ref.Planes[0], dis.Planes[0]
			for s := 0; s < NumScales; s++ {
				filt := Filters[s]
				hw := len(filt) / 2
				m := NewMoments(c.w * c.h)
				StatVertical(r, d, c.w, c.h, s, c.bpc, m)
				sg := NewSigmas(c.w * c.h)
				StatHorizontal(m, c.w, c.h, s, sg)
				p := plane{r, nil, c.w, c.w, c.h}
				q := plane{d, nil, c.w, c.w, c.h}
				rowsR, rowsD := make([][]uint16, len(filt)), make([][]uint16, len(filt))
				pw := c.w + 2*hw
				mu1, mu2, rr, dd, rd := make([]uint32, pw), make([]uint32, pw), make([]uint32, pw), make([]uint32, pw), make([]uint32, pw)
				s1, s2, s12 := make([]int32, c.w), make([]int32, c.w), make([]int32, c.w)
				for i := 0; i < c.h; i++ {
					mirrorRows(rowsR, p, i)
					mirrorRows(rowsD, q, i)
					statVGo(rowsR, rowsD, filt, StatRounding(s, c.bpc), 0, c.w, mu1[hw:], mu2[hw:], rr[hw:], dd[hw:], rd[hw:])
					for _, v := range [][]uint32{mu1, mu2, rr, dd, rd} {
						padRow(v, c.w, hw)
					}
					statHGo(mu1, mu2, rr, dd, rd, filt, 0, c.w, s1, s2, s12)
					row := i * c.w
					if !slices.Equal(s1, sg.S1[row:row+c.w]) || !slices.Equal(s2, sg.S2[row:row+c.w]) || !slices.Equal(s12, sg.S12[row:row+c.w]) {
						t.Fatalf("scale %d row %d: sigmas differ", s, i)
					}
				}
				if s+1 == NumScales {
					break
				}
				w2, h2 := c.w/2, c.h/2
				nr, nd := make([]uint16, w2*h2), make([]uint16, w2*h2)
				Subsample(r, d, c.w, c.h, s, c.bpc, nr, nd)
				f2 := Filters[s+1]
				rows := make([][]uint16, len(f2))
				conv := make([]uint16, c.w+len(f2)-1)
				out := make([]uint16, w2)
				add, shift := SubsampleConv(s, c.bpc)
				for i := 0; i < h2; i++ {
					mirrorRows(rows, p, 2*i)
					subVGo(rows, f2, add, shift, 0, c.w, conv[len(f2)/2:])
					padRow(conv, c.w, len(f2)/2)
					subHGo(conv, f2, c.w, out)
					if !slices.Equal(out, nr[i*w2:(i+1)*w2]) {
						t.Fatalf("scale %d -> %d row %d: low-pass differs", s, s+1, i)
					}
				}
				r, d = nr, nd
				c.w, c.h = w2, h2
			}
		})
	}
}

// TestPixelTwins holds every kernel set's per-pixel loop to Pixel (the
// reference), on sigmas around the noise threshold, of every sign and up
// to the int32 extremes, at every gain limit, at odd lengths.
func TestPixelTwins(t *testing.T) {
	tab := Log2Table()
	const n = 4099
	s1, s2, s12 := make([]int32, n), make([]int32, n), make([]int32, n)
	for i := range s1 {
		z := splitmix(uint64(i) * 7919)
		pick := func(z uint64) int32 {
			switch z % 6 {
			case 0:
				return int32(z >> 32) // anything
			case 1:
				return SigmaNsq - 2 + int32(z>>40)%5 // around the threshold
			case 2:
				return int32(z>>33) % (1 << 20) // small, either sign
			case 3:
				return int32(z>>34) % (1 << 28)
			case 4:
				return 0
			}
			return 0x7fffffff - int32(z>>40)%3
		}
		s1[i], s2[i], s12[i] = pick(z), pick(z>>7|z<<57), pick(z>>13|z<<51)
		if i%5 == 0 { // a realistic pixel: covariance below both variances
			s1[i] = SigmaNsq + int32(z>>40)
			s2[i] = int32(z>>20) % (1 << 24)
			s12[i] = int32(int64(s2[i]) * int64(z%97) / 50)
		}
	}
	for _, set := range cpu.Supported() {
		k := kernelsFor(set)
		t.Run(set.String()+"/pixels", func(t *testing.T) {
			for _, gl := range []float64{1, 1.5, 100} {
				for _, m := range []int{0, 1, 3, 4, 5, 17, 1000, n} {
					var want, got Sums
					for i := 0; i < m; i++ {
						Pixel(tab, s1[i], s2[i], s12[i], gl, &want)
					}
					got = Sums{NumLog: 3, DenLog: 5, NumNonLog: 7, DenNonLog: 11} // adds to what is there
					k.pixels(tab, s1[:m], s2[:m], s12[:m], gl, &got)
					got.NumLog -= 3
					got.DenLog -= 5
					got.NumNonLog -= 7
					got.DenNonLog -= 11
					if got != want {
						t.Fatalf("limit %g, %d pixels: %+v, want %+v", gl, m, got, want)
					}
				}
			}
		})
	}
}

// TestStatHExtremes holds statH to statHGo where the sums are largest:
// every mean 0xffff and every moment 0xffffffff (each word's filtered sum
// reaches 65535*2^16, the bound the word-multiply twin relies on), all
// zero, and the two alternating or in runs, at every scale (scale 3's
// taps take the other twin) and at widths that leave blocks of 64, the
// column past the padding present or not, and ragged tails.
func TestStatHExtremes(t *testing.T) {
	fills := []struct {
		name string
		at   func(j int) bool // true: maximum
	}{
		{"max", func(int) bool { return true }},
		{"zero", func(int) bool { return false }},
		{"alternate", func(j int) bool { return j%2 == 0 }},
		{"runs", func(j int) bool { return j/5%2 == 1 }},
	}
	for _, set := range cpu.Supported() {
		k := kernelsFor(set)
		for s := 0; s < NumScales; s++ {
			filt := Filters[s]
			for _, f := range fills {
				for _, w := range []int{8, 9, 63, 64, 65, 136, 200} {
					for _, slack := range []int{0, 1, 8} {
						n := w + len(filt) - 1 + slack
						var in [5][]uint32
						for i := range in {
							in[i] = make([]uint32, n)
							for j := range in[i] {
								switch {
								case !f.at(j + i):
								case i < 2:
									in[i][j] = 0xffff
								default:
									in[i][j] = 0xffffffff
								}
							}
						}
						var got, want [3][]int32
						for i := range got {
							got[i], want[i] = make([]int32, w), make([]int32, w)
						}
						statHGo(in[0], in[1], in[2], in[3], in[4], filt, 0, w, want[0], want[1], want[2])
						k.statH(in[0], in[1], in[2], in[3], in[4], filt, 0, w, got[0], got[1], got[2])
						for i := range got {
							if !slices.Equal(got[i], want[i]) {
								t.Fatalf("%v scale %d %s w %d slack %d output %d:\n%v\n%v", set, s, f.name, w, slack, i, got[i], want[i])
							}
						}
					}
				}
			}
		}
	}
}
