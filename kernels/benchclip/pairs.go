package benchclip

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/bandscope/bandscope/kernels/golden"
	"github.com/bandscope/bandscope/kernels/yuv"
)

// Pair is a real reference/distorted pair of testdata/clips: a source and
// its decoded encode. Scoring a clip against itself lets ADM skip almost
// every masked vector and motion see no difference, so the timings of the
// bench command come from pairs whose two sides differ.
type Pair struct {
	Name      string // the table's label: pattern, bit depth, encode
	Alias     string // the short name the bench's -pairs flag takes
	Ref, Dist string // clip names in testdata/clips, without .yuv.gz
	Format    yuv.Format
	Frames    int // frames each side holds
}

// Pairs are the real pairs, 1080p 4:2:0, in the order the bench times them.
var Pairs = []Pair{
	{Name: "grad_8b_x264crf40", Alias: "grad", Ref: "grad_1080p_8b_src", Dist: "grad_1080p_8b_x264crf40",
		Format: yuv.Format{Width: 1920, Height: 1080, Chroma: yuv.C420, BitDepth: 8}, Frames: 20},
	{Name: "testsrc2_10b_x265crf30", Alias: "testsrc2", Ref: "testsrc2_1080p_10b_src", Dist: "testsrc2_1080p_10b_x265crf30",
		Format: yuv.Format{Width: 1920, Height: 1080, Chroma: yuv.C420, BitDepth: 10}, Frames: 12},
	{Name: "ramp_10b_x264crf40", Alias: "ramp", Ref: "ramp_1080p_10b_src", Dist: "ramp_1080p_10b_x264crf40",
		Format: yuv.Format{Width: 1920, Height: 1080, Chroma: yuv.C420, BitDepth: 10}, Frames: 20},
}

// LookupPair finds a real pair by its name or alias.
func LookupPair(name string) (Pair, bool) {
	for _, p := range Pairs {
		if p.Name == name || p.Alias == name {
			return p, true
		}
	}
	return Pair{}, false
}

// PairNames lists the aliases, for messages.
func PairNames() string {
	var n []string
	for _, p := range Pairs {
		n = append(n, p.Alias)
	}
	return strings.Join(n, ", ")
}

// WritePair writes n frames of both sides of p as raw planar files in dir,
// every sample repeated scale times across and down (nearest neighbour:
// scale 2 makes 4K of the 1080p clips). Frames cycle when n exceeds the
// clip's. It returns the two paths and their format.
func WritePair(dir string, p Pair, scale, n int) (ref, dist string, f yuv.Format, err error) {
	if scale < 1 || n < 1 {
		return "", "", f, fmt.Errorf("benchclip: scale %d, %d frames", scale, n)
	}
	f = p.Format
	f.Width, f.Height = f.Width*scale, f.Height*scale
	for i, name := range []string{p.Ref, p.Dist} {
		raw, err := golden.RawClip(name + ".yuv")
		if err != nil {
			return "", "", f, err
		}
		path := filepath.Join(dir, fmt.Sprintf("%s_%dx%d.yuv", name, f.Width, f.Height))
		if err := writeScaled(path, raw, p.Format, scale, n); err != nil {
			return "", "", f, fmt.Errorf("benchclip: %s: %w", name, err)
		}
		if i == 0 {
			ref = path
		} else {
			dist = path
		}
	}
	return ref, dist, f, nil
}

// writeScaled writes n frames of raw (format src) scaled by an integer
// factor, building each output row once and writing it scale times.
func writeScaled(path string, raw []byte, src yuv.Format, scale, n int) error {
	size, err := src.FrameBytes()
	if err != nil {
		return err
	}
	frames := int(int64(len(raw)) / size)
	if frames == 0 {
		return fmt.Errorf("holds no %dx%d frame", src.Width, src.Height)
	}
	bps := 1
	if src.BitDepth > 8 {
		bps = 2
	}
	fh, err := os.Create(path)
	if err != nil {
		return err
	}
	w := bufio.NewWriterSize(fh, 1<<20)
	row := make([]byte, src.Width*scale*bps)
	for t := 0; t < n; t++ {
		b := raw[int64(t%frames)*size:]
		off := 0
		for pl := 0; pl < src.Chroma.Planes(); pl++ {
			pw, ph := src.PlaneSize(pl)
			for y := 0; y < ph; y++ {
				in := b[off+y*pw*bps : off+(y+1)*pw*bps]
				out := row[:pw*scale*bps]
				for x := 0; x < pw; x++ {
					for k := 0; k < scale; k++ {
						copy(out[(x*scale+k)*bps:], in[x*bps:(x+1)*bps])
					}
				}
				for k := 0; k < scale; k++ {
					w.Write(out)
				}
			}
			off += pw * ph * bps
		}
	}
	if err := w.Flush(); err != nil {
		fh.Close()
		return err
	}
	return fh.Close()
}

// WriteSynth writes n frames of a kernels/synth pattern at w x h, the
// reference and the distorted variant, as raw planar files in dir.
func WriteSynth(dir, pattern string, w, h, n int) (ref, dist string, f yuv.Format, err error) {
	var paths [2]string
	for i, d := range []bool{false, true} {
		pics, err := synthFrames(pattern, w, h, n, d)
		if err != nil {
			return "", "", f, err
		}
		f = pics[0].Format
		paths[i] = filepath.Join(dir, fmt.Sprintf("%s_%dx%d_%db_%s.yuv", pattern, w, h, f.BitDepth, [2]string{"ref", "dist"}[i]))
		if err := WriteRaw(paths[i], pics); err != nil {
			return "", "", f, err
		}
	}
	return paths[0], paths[1], f, nil
}
