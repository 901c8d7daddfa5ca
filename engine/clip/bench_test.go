package clip

import (
	"fmt"
	"testing"

	"github.com/bandscope/bandscope/kernels/synth"
	"github.com/bandscope/bandscope/kernels/yuv"
)

// BenchmarkReadFrame reads 1080p frames in order from Y4M and raw files
// (the page cache holds them, so this is the reader's own cost).
func BenchmarkReadFrame(b *testing.B) {
	for _, f := range []yuv.Format{
		{Width: 1920, Height: 1080, Chroma: yuv.C420, BitDepth: 8},
		{Width: 1920, Height: 1080, Chroma: yuv.C420, BitDepth: 10},
	} {
		const frames = 8
		var data []byte
		for n := 0; n < frames; n++ {
			data = synth.AppendRaw(data, testPicture(f, n))
		}
		hdr := fmt.Sprintf("YUV4MPEG2 W%d H%d F25:1 C420p%d", f.Width, f.Height, f.BitDepth)
		if f.BitDepth == 8 {
			hdr = fmt.Sprintf("YUV4MPEG2 W%d H%d F25:1 C420jpeg", f.Width, f.Height)
		}
		y4m := writeFile(b, "b.y4m", y4mBytes(hdr, f, frames, nil, 0))
		raw := writeFile(b, "b.yuv", data)
		for _, c := range []struct {
			name string
			path string
			opts RawOptions
		}{{"y4m", y4m, RawOptions{}}, {"yuv", raw, rawOpts(f.Width, f.Height, f.Chroma, f.BitDepth)}} {
			for _, workers := range []int{1, 2, 4} {
				name := fmt.Sprintf("%s/%dbit", c.name, f.BitDepth)
				if workers > 1 {
					name += fmt.Sprintf("/workers=%d", workers) // SetReadWorkers: a GPU run's reads
				}
				b.Run(name, func(b *testing.B) {
					r, err := Open(c.path, c.opts)
					if err != nil {
						b.Fatal(err)
					}
					defer r.Close()
					r.(ParallelReader).SetReadWorkers(workers)
					pic := yuv.NewPicture(f)
					b.SetBytes(planeBytes(f))
					b.ResetTimer()
					for i := 0; i < b.N; i++ {
						if err := r.ReadFrame(i%frames, pic); err != nil {
							b.Fatal(err)
						}
					}
				})
			}
		}
	}
}
