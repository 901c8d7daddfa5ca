package motion

import (
	"fmt"
	"testing"

	"github.com/bandscope/bandscope/kernels/cpu"
	"github.com/bandscope/bandscope/kernels/yuv"
)

// nearPlane is base (a randPlane) moved by at most ±amp per sample
// (clamped to the bit depth): the small differences of real consecutive
// frames, whose blurred rows take the kernels' fast paths (all |values|
// below 2^15), with amp around 128 at 8 bits crossing that bound.
func nearPlane(base yuv.Plane, bd, amp int, seed uint64) yuv.Plane {
	p := base
	p.Pix = make([]uint16, len(base.Pix))
	maxv := 1<<bd - 1
	for i, v := range base.Pix {
		d := int(splitmix(uint64(i)|seed<<40)%uint64(2*amp+1)) - amp
		p.Pix[i] = uint16(min(max(int(v)+d, 0), maxv))
	}
	return p
}

// randPlane fills a plane with samples of the given bit depth: uniform,
// or (extreme) only 0 and the maximum, the largest differences there are.
func randPlane(w, h, bd int, seed uint64, extreme bool) yuv.Plane {
	p := yuv.Plane{Width: w, Height: h, Stride: w + 3, Pix: make([]uint16, (w+3)*h)}
	maxv := uint64(1)<<bd - 1
	for i := range p.Pix {
		z := splitmix(uint64(i) | seed<<40)
		if extreme {
			p.Pix[i] = uint16(maxv * (z & 1))
		} else {
			p.Pix[i] = uint16(z % (maxv + 1))
		}
	}
	return p
}

// TestKernelTwins runs every kernel set's row kernels against the Go
// twins and the reference passes on random and extreme rows, at every
// bit depth and at widths around the vector sizes, one subtest per set
// and kernel (go test -run 'TestKernelTwins/avx2/hpass').
func TestKernelTwins(t *testing.T) {
	for _, set := range cpu.Supported() {
		k := kernelsFor(set)
		t.Run(set.String(), func(t *testing.T) {
			t.Run("vpass", func(t *testing.T) { twinRows(t, k, "vpass") })
			t.Run("hpass", func(t *testing.T) {
				twinRows(t, k, "hpass")
				twinHPassExtremes(t, k)
			})
		})
	}
}

// twinRows checks one kernel (vpass or hpass) on the rows of planes at
// every bit depth: independent (uniform or extreme) or near each other,
// as consecutive frames are. hpass filters the reference's vertical pass.
func twinRows(t *testing.T, k *kernels, kernel string) {
	for _, bd := range []int{8, 9, 10, 12, 13, 14, 15, 16} {
		for _, w := range []int{3, 4, 5, 7, 8, 9, 11, 12, 13, 15, 16, 17, 19, 20, 21, 23, 31, 32, 33, 35, 36, 37, 63, 64, 65, 100, 257} {
			// amp 0: independent planes (uniform or extreme); otherwise
			// cur is prev moved by up to ±amp << (bd-8).
			for _, c := range []struct {
				extreme bool
				amp     int
			}{{false, 0}, {true, 0}, {false, 3}, {false, 100}, {false, 140}, {false, 255}} {
				extreme := c.extreme
				name := fmt.Sprintf("%db/w%d/extreme=%v/amp=%d", bd, w, extreme, c.amp)
				prev := randPlane(w, 7, bd, uint64(w*31+bd), extreme)
				cur := randPlane(w, 7, bd, uint64(w*31+bd)+1000, extreme)
				if c.amp > 0 {
					cur = nearPlane(prev, bd, c.amp<<(bd-8), uint64(w*31+bd)+1000)
				}
				for i := 0; i < 7; i++ {
					want := make([]int32, w)
					wantAny := VerticalRow(want, prev, cur, i, bd)
					var wantMag uint32
					for _, v := range want {
						wantMag |= abs32(v)
					}
					if kernel == "vpass" {
						var p, c [5][]uint16
						for kk := range p {
							r := mirror(i-2+kk, 7)
							p[kk] = prev.Pix[r*prev.Stride : r*prev.Stride+w]
							c[kk] = cur.Pix[r*cur.Stride : r*cur.Stride+w]
						}
						got := make([]int32, w)
						mag := k.vpass(got, &p, &c, bd)
						if mag != wantMag || (mag != 0) != wantAny {
							t.Fatalf("%s row %d: vpass OR of |values| %#x, reference %#x (any %v)", name, i, mag, wantMag, wantAny)
						}
						for j := range got {
							if got[j] != want[j] {
								t.Fatalf("%s row %d col %d: vpass %d, reference %d", name, i, j, got[j], want[j])
							}
						}
						continue
					}
					wantOut := make([]int32, w)
					wantSum := HorizontalRow(wantOut, want)
					gotOut := make([]int32, w)
					if sum := k.hpass(gotOut, want, wantMag); sum != wantSum {
						t.Fatalf("%s row %d: hpass sum %d, reference %d", name, i, sum, wantSum)
					}
					if sum := k.hpass(nil, want, wantMag); sum != wantSum {
						t.Fatalf("%s row %d: hpass without output: sum %d, reference %d", name, i, sum, wantSum)
					}
					for j := range gotOut {
						if gotOut[j] != wantOut[j] {
							t.Fatalf("%s row %d col %d: hpass %d, reference %d", name, i, j, gotOut[j], wantOut[j])
						}
					}
				}
			}
		}
	}
}

// twinHPassExtremes checks hpass at its input extremes (|y| up to 65535,
// alternating signs), where the taps' sums leave int32.
func twinHPassExtremes(t *testing.T, k *kernels) {
	for _, w := range []int{3, 8, 13, 37, 100} {
		row := make([]int32, w)
		for _, pat := range []func(j int) int32{
			// The fast path's bound: |values| up to 32767 (the rows
			// below 2^15), alternating signs.
			func(j int) int32 { return int32(32767 * (1 - 2*((j/2)&1))) },
			func(j int) int32 { return int32(-32767 * (1 - 2*((j/2)&1))) },
			func(j int) int32 { return int32(32767 * (1 - 2*(j&1))) },
			func(int) int32 { return 32767 },
			func(int) int32 { return -32767 },
			func(j int) int32 { return int32(splitmix(uint64(j))%65535) - 32767 },
			func(int) int32 { return 65535 },
			func(int) int32 { return -65535 },
			func(j int) int32 { return int32(65535 * (1 - 2*(j&1))) },
			func(j int) int32 { return int32(65535 * (1 - 2*((j/2)&1))) },
			func(j int) int32 { return int32(splitmix(uint64(j))%131071) - 65535 },
		} {
			for j := range row {
				row[j] = pat(j)
			}
			var mag uint32
			for _, v := range row {
				mag |= abs32(v)
			}
			want, got := make([]int32, w), make([]int32, w)
			ws, gs := HorizontalRow(want, row), k.hpass(got, row, mag)
			if ws != gs || fmt.Sprint(want) != fmt.Sprint(got) {
				t.Fatalf("hpass on extreme row %v: sum %d %v, reference %d %v", row, gs, got, ws, want)
			}
			if ns := k.hpass(nil, row, mag); ns != ws {
				t.Fatalf("hpass without output on extreme row %v: sum %d, reference %d", row, ns, ws)
			}
		}
	}
}

// TestWordTwins holds every set's word-path kernels (words.go) to the Go
// twins: vpassW at 8 to 14 bits, vpass8W on packed 8-bit rows and hsumW
// on the rows they produce, at widths around the vector sizes, on random,
// extreme and near rows (where the OR crosses 2^15).
func TestWordTwins(t *testing.T) {
	widths := []int{3, 4, 5, 7, 8, 15, 16, 17, 31, 32, 33, 35, 36, 37, 63, 64, 65, 67, 68, 69, 100, 257}
	cases := []struct {
		extreme bool
		amp     int
	}{{false, 0}, {true, 0}, {false, 3}, {false, 100}, {false, 140}, {false, 255}}
	for _, set := range cpu.Supported() {
		k := kernelsFor(set)
		for _, bd := range []int{8, 10, 14} {
			for _, w := range widths {
				for _, c := range cases {
					name := fmt.Sprintf("%db/w%d/extreme=%v/amp=%d", bd, w, c.extreme, c.amp)
					prev := randPlane(w, 7, bd, uint64(w*31+bd), c.extreme)
					cur := randPlane(w, 7, bd, uint64(w*31+bd)+1000, c.extreme)
					if c.amp > 0 {
						cur = nearPlane(prev, bd, c.amp<<(bd-8), uint64(w*31+bd)+1000)
					}
					for i := range 7 {
						var p, q [5][]uint16
						var p8, q8 [5][]uint8
						for kk := range p {
							r := mirror(i-2+kk, 7)
							p[kk] = prev.Pix[r*prev.Stride : r*prev.Stride+w]
							q[kk] = cur.Pix[r*cur.Stride : r*cur.Stride+w]
							p8[kk], q8[kk] = make([]uint8, w), make([]uint8, w)
							for j := range w {
								p8[kk][j], q8[kk][j] = uint8(p[kk][j]), uint8(q[kk][j])
							}
						}
						want, got := make([]int16, w+32), make([]int16, w+32)
						wantMag := vpassWGo(want[:w], &p, &q, bd)
						check := func(kernel string, mag uint32) {
							t.Helper()
							if mag != wantMag {
								t.Fatalf("%s/%s/%s row %d: OR %#x, Go twin %#x", set, kernel, name, i, mag, wantMag)
							}
							if mag < 1<<15 && fmt.Sprint(got[:w]) != fmt.Sprint(want[:w]) {
								t.Fatalf("%s/%s/%s row %d:\n%v\n%v", set, kernel, name, i, got[:w], want[:w])
							}
						}
						t.Run(set.String()+"/vpassW", func(t *testing.T) {
							check("vpassW", k.vpassW(got[:w], &p, &q, bd))
						})
						if bd == 8 {
							t.Run(set.String()+"/vpass8W", func(t *testing.T) {
								clear(got)
								check("vpass8W", k.vpass8W(got[:w], &p8, &q8))
							})
						}
						if wantMag < 1<<15 {
							t.Run(set.String()+"/hsumW", func(t *testing.T) {
								// The slack holds garbage: kernels may read it, never use it.
								for j := w; j < len(want); j++ {
									want[j] = int16(splitmix(uint64(j)))
								}
								if got, ref := k.hsumW(want, w), hsumWGo(want, w); got != ref {
									t.Fatalf("%s/hsumW/%s row %d: sum %d, Go twin %d", set, name, i, got, ref)
								}
								row := make([]int32, w)
								for j := range row {
									row[j] = int32(want[j])
								}
								if ref := HorizontalRow(nil, row); hsumWGo(want, w) != ref {
									t.Fatalf("%s/hsumW/%s row %d: Go twin %d, reference %d", set, name, i, hsumWGo(want, w), ref)
								}
							})
						}
					}
				}
			}
		}
		// hsumW at its input extremes: |values| up to 32767, alternating.
		for _, w := range []int{3, 8, 13, 37, 100, 131} {
			row := make([]int16, w+32)
			for _, pat := range []func(j int) int16{
				func(j int) int16 { return int16(32767 * (1 - 2*((j/2)&1))) },
				func(j int) int16 { return int16(-32767 * (1 - 2*((j/2)&1))) },
				func(j int) int16 { return int16(32767 * (1 - 2*(j&1))) },
				func(int) int16 { return 32767 },
				func(int) int16 { return -32767 },
				func(j int) int16 { return int16(int32(splitmix(uint64(j))%65535) - 32767) },
			} {
				for j := range row {
					row[j] = pat(j)
				}
				if got, want := k.hsumW(row, w), hsumWGo(row, w); got != want {
					t.Fatalf("%s/hsumW extreme w %d: %d, Go twin %d", set, w, got, want)
				}
			}
		}
	}
}

// TestPackedSAD checks that FastSAD gives the same SAD on a packed 8-bit
// plane as on its widened form, with and without the map, on random,
// extreme and near pictures (rows beyond int16 included), at odd sizes.
func TestPackedSAD(t *testing.T) {
	for _, set := range cpu.Supported() {
		for _, s := range [][2]int{{3, 3}, {41, 23}, {130, 67}, {1921, 9}} {
			w, h := s[0], s[1]
			cfg, err := NewConfig(nil, w, h, 8)
			if err != nil {
				t.Fatal(err)
			}
			f := NewFastSAD(cfg, Options{Kernels: set, Threads: 2})
			base := randPlane(w, h, 8, 1, false)
			for _, cur := range []yuv.Plane{randPlane(w, h, 8, 2, false), randPlane(w, h, 8, 3, true), nearPlane(base, 8, 3, 4), nearPlane(base, 8, 140, 5)} {
				want := SAD(base, cur, 8, nil, nil)
				pb, pc := packed(base), packed(cur)
				if got := f.SAD(pb, pc, nil); got != want {
					t.Fatalf("%s %dx%d: packed SAD %d, reference %d", set, w, h, got, want)
				}
				if got := f.SAD(base, cur, nil); got != want {
					t.Fatalf("%s %dx%d: SAD %d, reference %d", set, w, h, got, want)
				}
				dw, dp := make([]int32, w*h), make([]int32, w*h)
				SAD(base, cur, 8, dw, nil)
				if got := f.SAD(pb, pc, dp); got != want || fmt.Sprint(dp) != fmt.Sprint(dw) {
					t.Fatalf("%s %dx%d: packed SAD with map %d, reference %d (or the maps differ)", set, w, h, got, want)
				}
			}
		}
	}
}

// packed is p as a packed 8-bit plane with the same stride.
func packed(p yuv.Plane) yuv.Plane {
	q := yuv.Plane{Width: p.Width, Height: p.Height, Stride: p.Stride, Pix8: make([]uint8, len(p.Pix))}
	for i, v := range p.Pix {
		q.Pix8[i] = uint8(v)
	}
	return q
}

// TestFastMaps checks the fast scorers' maps and integer SADs against the
// reference on a moving clip, with a stride that is not the width.
func TestFastMaps(t *testing.T) {
	for _, bd := range []int{8, 10, 16} {
		for _, s := range [][2]int{{3, 3}, {41, 23}, {130, 67}} {
			w, h := s[0], s[1]
			opts := NewOptions()
			cfg, err := NewConfig(opts, w, h, bd)
			if err != nil {
				t.Fatal(err)
			}
			pics := []yuv.Plane{randPlane(w, h, bd, 1, false), randPlane(w, h, bd, 2, true), randPlane(w, h, bd, 2, true), randPlane(w, h, bd, 3, false)}
			want := scoreClip(t, New(cfg), len(pics), func(i int) yuv.Plane { return pics[i] }, true)
			for _, ns := range scorers(cfg)[1:] {
				got := scoreClip(t, ns.s, len(pics), func(i int) yuv.Plane { return pics[i] }, true)
				for i := range got {
					if got[i].RawSAD != want[i].RawSAD || fmt.Sprint(got[i].Diff) != fmt.Sprint(want[i].Diff) {
						t.Fatalf("%s %dx%d %db frame %d: SAD %d, reference %d (or maps differ)", ns.name, w, h, bd, i, got[i].RawSAD, want[i].RawSAD)
					}
				}
			}
			// The map adds up to the SAD.
			for _, r := range want {
				var sum uint64
				for _, v := range r.Diff {
					sum += uint64(abs32(v))
				}
				if sum != r.RawSAD {
					t.Errorf("%dx%d %db frame %d: map sums to %d, SAD %d", w, h, bd, r.Frame, sum, r.RawSAD)
				}
			}
		}
	}
}

// TestFastSADConcurrent calls one FastSAD from several goroutines.
func TestFastSADConcurrent(t *testing.T) {
	cfg, err := NewConfig(nil, 200, 70, 10)
	if err != nil {
		t.Fatal(err)
	}
	f := NewFastSAD(cfg, Options{Kernels: cpu.Best(), Threads: 2})
	pics := []yuv.Plane{randPlane(200, 70, 10, 1, false), randPlane(200, 70, 10, 2, false), randPlane(200, 70, 10, 3, true)}
	want := [2]uint64{SAD(pics[0], pics[1], 10, nil, nil), SAD(pics[1], pics[2], 10, nil, nil)}
	done := make(chan error)
	for g := 0; g < 4; g++ {
		go func() {
			for i := 0; i < 20; i++ {
				k := (g + i) % 2
				if got := f.SAD(pics[k], pics[k+1], nil); got != want[k] {
					done <- fmt.Errorf("goroutine %d: SAD %d, reference %d", g, got, want[k])
					return
				}
			}
			done <- nil
		}()
	}
	for g := 0; g < 4; g++ {
		if err := <-done; err != nil {
			t.Error(err)
		}
	}
}
