package motion

import (
	"fmt"
	"testing"

	"github.com/bandscope/bandscope/kernels/cpu"
	"github.com/bandscope/bandscope/kernels/golden"
	"github.com/bandscope/bandscope/kernels/internal/cpubench"
	"github.com/bandscope/bandscope/kernels/yuv"
)

// BenchmarkSADReal is one frame's SAD on consecutive reference frames of
// the repository's real 1080p clips (small differences, as in every real
// clip, unlike BenchmarkSAD1080p's independent noise), one thread; cpu-ms
// is the thread's CPU time per frame.
func BenchmarkSADReal(b *testing.B) {
	cases, err := golden.RealPairs1080p()
	if err != nil {
		b.Skip(err)
	}
	for _, c := range cases {
		var pics []yuv.Plane
		for i := 3; i < 5; i++ {
			ref, _, err := c.Pictures(i)
			if err != nil {
				b.Skip(err)
			}
			pics = append(pics, ref.Luma())
		}
		cfg, err := NewConfig(nil, c.W, c.H, c.BD)
		if err != nil {
			b.Fatal(err)
		}
		for _, k := range cpu.Supported() {
			f := NewFastSAD(cfg, Options{Kernels: k, Threads: 1})
			b.Run(fmt.Sprintf("%s/%s", c.Name, k), func(b *testing.B) {
				cpubench.Loop(b, func() { f.SAD(pics[0], pics[1], nil) })
			})
			if c.BD == 8 {
				// The same frames as packed 8-bit planes (engine scoring runs).
				p0, p1 := packed(pics[0]), packed(pics[1])
				b.Run(fmt.Sprintf("%s/%s/packed", c.Name, k), func(b *testing.B) {
					cpubench.Loop(b, func() { f.SAD(p0, p1, nil) })
				})
			}
		}
	}
}
