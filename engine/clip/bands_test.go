package clip

import (
	"fmt"
	"testing"

	"github.com/bandscope/bandscope/kernels/synth"
	"github.com/bandscope/bandscope/kernels/yuv"
)

// TestReadWorkers: raw and Y4M readers give the same pictures with one
// goroutine and with several (SetReadWorkers), luma alone too, at sizes
// whose rows do not divide the band size and whose rows are longer than
// it, into packed pictures too at 8 bits; with a sample out of range or FRAME lines of varying length (the
// indexed path), the error and the pictures are the one-goroutine read's,
// whichever band the bad sample lies in.
func TestReadWorkers(t *testing.T) {
	formats := []yuv.Format{
		{Width: 321, Height: 243, Chroma: yuv.C420, BitDepth: 8},
		{Width: 1283, Height: 97, Chroma: yuv.C422, BitDepth: 10},
		{Width: 70001, Height: 3, Chroma: yuv.C444, BitDepth: 12}, // a row over rawChunk bytes
	}
	for _, f := range formats {
		const frames = 3
		var raw []byte
		for n := 0; n < frames; n++ {
			raw = synth.AppendRaw(raw, testPicture(f, n))
		}
		hdr := fmt.Sprintf("YUV4MPEG2 W%d H%d F25:1 C%sp%d", f.Width, f.Height, f.Chroma, f.BitDepth)
		if f.BitDepth == 8 {
			hdr = fmt.Sprintf("YUV4MPEG2 W%d H%d F25:1 C%s", f.Width, f.Height, f.Chroma)
		}
		// One sample above the bit depth in frame 1, late in the luma and
		// in the last plane: a band other than the first fails.
		bad := append([]byte(nil), raw...)
		fb := int(planeBytes(f))
		bps := f.BytesPerSample()
		for _, at := range []int{fb + fb/3 - fb/3%bps, 2*fb - 2*bps} {
			bad[at+bps-1] = 0xff
		}
		cases := []struct {
			name string
			data []byte
			opts RawOptions
		}{
			{"yuv", raw, rawOpts(f.Width, f.Height, f.Chroma, f.BitDepth)},
			{"yuv out of range", bad, rawOpts(f.Width, f.Height, f.Chroma, f.BitDepth)},
			{"y4m", y4mBytes(hdr, f, frames, nil, 0), RawOptions{}},
			{"y4m indexed", y4mBytes(hdr, f, frames, []string{"FRAME", "FRAME Ixyz", "FRAME"}, 0), RawOptions{}},
		}
		for _, c := range cases {
			t.Run(fmt.Sprintf("%s %dx%d %s", c.name, f.Width, f.Height, f.Chroma), func(t *testing.T) {
				path := writeFile(t, "c", c.data)
				if c.opts.Width == 0 {
					path = writeFile(t, "c.y4m", c.data)
				} else {
					path = writeFile(t, "c.yuv", c.data)
				}
				open := func(workers int) Reader {
					r, err := Open(path, c.opts)
					if err != nil {
						t.Fatal(err)
					}
					t.Cleanup(func() { r.Close() })
					if workers > 1 {
						r.(ParallelReader).SetReadWorkers(workers)
					}
					return r
				}
				one, many := open(1), open(3)
				for n := 0; n < frames; n++ {
					for _, luma := range []bool{false, true} {
						want, got := yuv.NewPicture(f), yuv.NewPicture(f)
						var werr, gerr error
						if luma {
							werr, gerr = one.(LumaReader).ReadLuma(n, want), many.(LumaReader).ReadLuma(n, got)
						} else {
							werr, gerr = one.ReadFrame(n, want), many.ReadFrame(n, got)
						}
						if c.name == "yuv out of range" && n == 1 && !luma && f.BitDepth > 8 && werr == nil {
							t.Fatalf("frame %d luma %v: no error for a sample out of range", n, luma)
						}
						if fmt.Sprint(werr) != fmt.Sprint(gerr) {
							t.Fatalf("frame %d luma %v: error %v, want %v", n, luma, gerr, werr)
						}
						if werr == nil {
							samePicture(t, fmt.Sprintf("frame %d luma %v", n, luma), got, want)
						}
						if f.BitDepth != 8 {
							continue
						}
						// A packed destination holds the same samples, read
						// in place (bands) or copied (Y4M's one-goroutine read).
						for _, r := range []Reader{one, many} {
							p := yuv.NewPacked(f)
							var perr error
							if luma {
								perr = r.(LumaReader).ReadLuma(n, p)
							} else {
								perr = r.ReadFrame(n, p)
							}
							if fmt.Sprint(perr) != fmt.Sprint(werr) {
								t.Fatalf("frame %d luma %v packed: error %v, want %v", n, luma, perr, werr)
							}
							planes := f.Chroma.Planes()
							if luma {
								planes = 1
							}
							for i := range planes {
								for j, v := range p.Packed[i] {
									if uint16(v) != want.Planes[i][j] {
										t.Fatalf("frame %d luma %v packed: plane %d sample %d = %d, want %d", n, luma, i, j, v, want.Planes[i][j])
									}
								}
							}
						}
					}
				}
			})
		}
	}
}
