package clip

import (
	"fmt"
	"testing"

	"github.com/bandscope/bandscope/kernels/synth"
	"github.com/bandscope/bandscope/kernels/yuv"
)

// partFormats are the formats TestReadLuma and TestReadChroma read.
var partFormats = []yuv.Format{
	{Width: 37, Height: 5, Chroma: yuv.C420, BitDepth: 8},
	{Width: 7, Height: 5, Chroma: yuv.C420, BitDepth: 10},
	{Width: 6, Height: 3, Chroma: yuv.C422, BitDepth: 12},
	{Width: 33, Height: 2, Chroma: yuv.C444, BitDepth: 16},
}

// rawClip writes frames of testPicture in format f to a raw file.
func rawClip(t *testing.T, f yuv.Format, frames int) string {
	t.Helper()
	var b []byte
	for n := range frames {
		b = synth.AppendRaw(b, testPicture(f, n))
	}
	return writeFile(t, "c.yuv", b)
}

// TestReadLuma: every reader decodes the same luma with ReadLuma as with
// ReadFrame, in any order, and leaves the chroma planes as they were;
// Y4M with varying FRAME lines (indexed) and with an alpha plane too
// (containers decoded by ffmpeg: TestContainersMatchY4M).
func TestReadLuma(t *testing.T) {
	type clipCase struct {
		name string
		path string
		opts RawOptions
	}
	var cases []clipCase
	for _, f := range partFormats {
		cases = append(cases, clipCase{fmt.Sprintf("raw %+v", f), rawClip(t, f, 4), rawOpts(f.Width, f.Height, f.Chroma, f.BitDepth)})
		c := map[yuv.Chroma]string{yuv.C420: "420", yuv.C422: "422", yuv.C444: "444"}[f.Chroma]
		if f.BitDepth > 8 {
			c += fmt.Sprintf("p%d", f.BitDepth)
		}
		hdr := fmt.Sprintf("YUV4MPEG2 W%d H%d F25:1 C%s", f.Width, f.Height, c)
		cases = append(cases,
			clipCase{"y4m " + c, writeFile(t, "c.y4m", y4mBytes(hdr, f, 4, nil, 0)), RawOptions{}},
			clipCase{"y4m indexed " + c, writeFile(t, "c.y4m", y4mBytes(hdr, f, 4, []string{"FRAME", "FRAME Ixyz", "FRAME", "FRAME XY"}, 0)), RawOptions{}})
	}
	cases = append(cases, clipCase{"y4m alpha", writeFile(t, "a.y4m", y4mBytes("YUV4MPEG2 W9 H4 F25:1 C444alpha", yuv.Format{Width: 9, Height: 4, Chroma: yuv.C444, BitDepth: 8}, 4, nil, 36)), RawOptions{}})
	for _, tc := range cases {
		r, err := Open(tc.path, tc.opts)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		lr, ok := r.(LumaReader)
		if !ok {
			t.Fatalf("%s: %T is no LumaReader", tc.name, r)
		}
		info := r.Info()
		full, luma := yuv.NewPicture(info.Format), yuv.NewPicture(info.Format)
		for _, n := range []int{2, 0, 3, 1, 1} {
			for i := 1; i < info.Chroma.Planes(); i++ {
				for j := range luma.Planes[i] {
					luma.Planes[i][j] = 4242
				}
			}
			if err := r.ReadFrame(n, full); err != nil {
				t.Fatalf("%s frame %d: %v", tc.name, n, err)
			}
			if err := lr.ReadLuma(n, luma); err != nil {
				t.Fatalf("%s frame %d: ReadLuma: %v", tc.name, n, err)
			}
			for j, v := range full.Planes[0] {
				if luma.Planes[0][j] != v {
					t.Fatalf("%s frame %d: luma sample %d = %d, want %d", tc.name, n, j, luma.Planes[0][j], v)
				}
			}
			for i := 1; i < info.Chroma.Planes(); i++ {
				for j, v := range luma.Planes[i] {
					if v != 4242 {
						t.Fatalf("%s frame %d: ReadLuma wrote chroma plane %d sample %d", tc.name, n, i, j)
					}
				}
			}
		}
		r.Close()
	}
}

// TestReadChroma: a raw file's ReadChroma decodes the same chroma as
// ReadFrame, in any order, into widened and packed pictures, on one
// goroutine and several, and leaves the luma as it was; a clip without
// chroma reads nothing.
func TestReadChroma(t *testing.T) {
	for _, f := range append(partFormats, yuv.Format{Width: 5, Height: 3, Chroma: yuv.C400, BitDepth: 8}) {
		path := rawClip(t, f, 4)
		packs := []bool{false}
		if f.BitDepth == 8 {
			packs = append(packs, true)
		}
		for _, workers := range []int{1, 3} {
			for _, packed := range packs {
				name := fmt.Sprintf("%+v workers %d packed %v", f, workers, packed)
				r, err := Open(path, rawOpts(f.Width, f.Height, f.Chroma, f.BitDepth))
				if err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				r.(ParallelReader).SetReadWorkers(workers)
				cr, ok := r.(ChromaReader)
				if !ok {
					t.Fatalf("%s: %T is no ChromaReader", name, r)
				}
				newPic := yuv.NewPicture
				if packed {
					newPic = yuv.NewPacked
				}
				full, chroma := newPic(f), newPic(f)
				for _, n := range []int{2, 0, 3, 1, 1} {
					if packed {
						for j := range chroma.Packed[0] {
							chroma.Packed[0][j] = 42
						}
					} else {
						for j := range chroma.Planes[0] {
							chroma.Planes[0][j] = 4242
						}
					}
					if err := r.ReadFrame(n, full); err != nil {
						t.Fatalf("%s frame %d: %v", name, n, err)
					}
					if err := cr.ReadChroma(n, chroma); err != nil {
						t.Fatalf("%s frame %d: ReadChroma: %v", name, n, err)
					}
					for i := 0; i < f.Chroma.Planes(); i++ {
						var got, want []int
						if packed {
							for j := range full.Packed[i] {
								got, want = append(got, int(chroma.Packed[i][j])), append(want, int(full.Packed[i][j]))
							}
						} else {
							for j := range full.Planes[i] {
								got, want = append(got, int(chroma.Planes[i][j])), append(want, int(full.Planes[i][j]))
							}
						}
						for j := range want {
							switch {
							case i == 0 && packed && got[j] != 42, i == 0 && !packed && got[j] != 4242:
								t.Fatalf("%s frame %d: ReadChroma wrote luma sample %d", name, n, j)
							case i > 0 && got[j] != want[j]:
								t.Fatalf("%s frame %d: plane %d sample %d = %d, want %d", name, n, i, j, got[j], want[j])
							}
						}
					}
				}
				r.Close()
			}
		}
	}
}
