package motion

import (
	"fmt"
	"testing"

	"github.com/bandscope/bandscope/kernels/cpu"
	"github.com/bandscope/bandscope/kernels/yuv"
)

// BenchmarkSAD1080p is one frame's SAD at 1920x1080 (the motion work per
// frame; the temporal finish is a few float operations). Each kernel set
// on one thread; -benchtime decides how long.
func BenchmarkSAD1080p(b *testing.B) {
	for _, bd := range []int{8, 10} {
		cfg, err := NewConfig(nil, 1920, 1080, bd)
		if err != nil {
			b.Fatal(err)
		}
		prev, cur := randPlane(1920, 1080, bd, 1, false), randPlane(1920, 1080, bd, 2, false)
		run := func(name string, sad func(p, c yuv.Plane) uint64) {
			b.Run(fmt.Sprintf("%db/%s", bd, name), func(b *testing.B) {
				for b.Loop() {
					sad(prev, cur)
				}
				b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "fps")
			})
		}
		scratch := make([]int32, 1920)
		run("reference", func(p, c yuv.Plane) uint64 { return SAD(p, c, bd, nil, scratch) })
		for _, k := range cpu.Supported() {
			f := NewFastSAD(cfg, Options{Kernels: k, Threads: 1})
			run(k.String(), func(p, c yuv.Plane) uint64 { return f.SAD(p, c, nil) })
		}
	}
}

// BenchmarkPush1080p is the whole per-frame cost of the fast Scorer
// (range check, picture copy, SAD, finish), best kernel set, one thread.
func BenchmarkPush1080p(b *testing.B) {
	cfg, err := NewConfig(nil, 1920, 1080, 8)
	if err != nil {
		b.Fatal(err)
	}
	pics := []yuv.Plane{randPlane(1920, 1080, 8, 1, false), randPlane(1920, 1080, 8, 2, false)}
	s := NewCPU(cfg, Options{Kernels: cpu.Best(), Threads: 1})
	defer s.Close()
	i := 0
	for b.Loop() {
		if _, err := s.Push(i, pics[i%2], false); err != nil {
			b.Fatal(err)
		}
		i++
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "fps")
}
