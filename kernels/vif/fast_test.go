package vif

import (
	"fmt"
	"sync"
	"testing"

	"github.com/bandscope/bandscope/kernels/cpu"
	"github.com/bandscope/bandscope/kernels/yuv"
)

// TestConcurrent scores frames from several goroutines at once on one
// fast scorer (shared limiter) and compares each with the reference.
func TestConcurrent(t *testing.T) {
	const w, h = 97, 61
	for _, bd := range []int{8, 10} {
		cfg, err := NewConfig(nil, w, h, bd)
		if err != nil {
			t.Fatal(err)
		}
		fs := NewCPU(cfg, Options{Kernels: cpu.Default(), Threads: 2, Limiter: cpu.NewLimiter(2)})
		ref := New(cfg)
		want := make([]*FrameResult, 8)
		for i := range want {
			r, d := vifPair("noise", w, h, bd, i)
			if want[i], err = ref.Score(i, r.Luma(), d.Luma(), true); err != nil {
				t.Fatal(err)
			}
		}
		var wg sync.WaitGroup
		for i := range want {
			wg.Add(1)
			go func() {
				defer wg.Done()
				r, d := vifPair("noise", w, h, bd, i)
				got, err := fs.Score(i, r.Luma(), d.Luma(), i%2 == 0)
				if err != nil {
					t.Error(err)
					return
				}
				wi := *want[i]
				if i%2 != 0 {
					wi.Maps = [NumScales]*ScaleMap{}
				}
				compareResults(t, fmt.Sprintf("%d-bit frame %d", bd, i), got, &wi)
			}()
		}
		wg.Wait()
		fs.Close()
	}
}

// TestStride: planes whose rows are further apart than their width score
// exactly as packed ones, in every scorer.
func TestStride(t *testing.T) {
	const w, h, pad = 45, 37, 7
	cfg, err := NewConfig(nil, w, h, 12)
	if err != nil {
		t.Fatal(err)
	}
	ref, dist := vifPair("blur", w, h, 12, 1)
	padded := func(p []uint16) yuv.Plane {
		out := make([]uint16, h*(w+pad))
		for y := 0; y < h; y++ {
			copy(out[y*(w+pad):], p[y*w:(y+1)*w])
			for x := w; x < w+pad; x++ {
				out[y*(w+pad)+x] = 4095 // junk the scorers must not read
			}
		}
		return yuv.Plane{Width: w, Height: h, Stride: w + pad, Pix: out}
	}
	want, err := New(cfg).Score(0, ref.Luma(), dist.Luma(), true)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range scorers(cfg) {
		got, err := s.Score(0, padded(ref.Planes[0]), padded(dist.Planes[0]), true)
		if err != nil {
			t.Fatal(err)
		}
		compareResults(t, fmt.Sprintf("%T", s), got, want)
	}
}

// TestPacked: every scorer gives the same results, maps included, on the
// packed form of an 8-bit pair (with a stride past the width) as on its
// uint16 form, on content that takes every branch of the per-pixel terms.
func TestPacked(t *testing.T) {
	for _, c := range []struct {
		pattern string
		w, h    int
	}{{"blur", 45, 37}, {"noise", 130, 67}, {"extreme", 97, 33}, {"ramp", 1921, 40}} {
		cfg, err := NewConfig(nil, c.w, c.h, 8)
		if err != nil {
			t.Fatal(err)
		}
		ref, dist := vifPair(c.pattern, c.w, c.h, 8, 1)
		want, err := New(cfg).Score(0, ref.Luma(), dist.Luma(), true)
		if err != nil {
			t.Fatal(err)
		}
		if want.Scale[0] == 1 || want.Scale[0] == 0 {
			t.Fatalf("%s: scale 0 scores %v: the comparison proves little", c.pattern, want.Scale[0])
		}
		pack := func(p []uint16) yuv.Plane {
			const pad = 5
			q := yuv.Plane{Width: c.w, Height: c.h, Stride: c.w + pad, Pix8: make([]uint8, c.h*(c.w+pad))}
			for y := range c.h {
				for x := range c.w {
					q.Pix8[y*q.Stride+x] = uint8(p[y*c.w+x])
				}
			}
			return q
		}
		for _, s := range append(scorers(cfg), New(cfg)) {
			got, err := s.Score(0, pack(ref.Planes[0]), pack(dist.Planes[0]), true)
			if err != nil {
				t.Fatal(err)
			}
			compareResults(t, fmt.Sprintf("%s %T", c.pattern, s), got, want)
			got, err = s.Score(0, pack(ref.Planes[0]), pack(dist.Planes[0]), false)
			if err != nil {
				t.Fatal(err)
			}
			if got.Scale != want.Scale || got.Sums != want.Sums {
				t.Fatalf("%s %T without maps: %v, want %v", c.pattern, s, got.Scale, want.Scale)
			}
		}
	}
}
