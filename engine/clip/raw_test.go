package clip

import (
	"errors"
	"fmt"
	"io"
	"math/big"
	"strings"
	"testing"

	"github.com/bandscope/bandscope/kernels/synth"
	"github.com/bandscope/bandscope/kernels/yuv"
)

func rawOpts(w, h int, c yuv.Chroma, bd int) RawOptions {
	return RawOptions{Width: w, Height: h, Chroma: c, ChromaSet: true, BitDepth: bd}
}

// rawSizeTests is the table for LayoutRaw; it seeds FuzzRawSize.
var rawSizeTests = []struct {
	raw        RawOptions
	size       int64
	frameBytes int64
	frames     int64
	partial    int64
	err        string
}{
	{rawOpts(640, 480, yuv.C420, 8), 3 * 460800, 460800, 3, 0, ""},
	{rawOpts(640, 480, yuv.C420, 10), 3*921600 + 5, 921600, 3, 5, ""},
	{rawOpts(7, 5, yuv.C420, 8), 35 + 2*12, 59, 1, 0, ""},
	{rawOpts(7, 5, yuv.C422, 12), 149, 150, 0, 149, ""},
	{rawOpts(7, 5, yuv.C444, 16), 210, 210, 1, 0, ""},
	{rawOpts(7, 5, yuv.C400, 8), 70, 35, 2, 0, ""},
	{rawOpts(1, 1, yuv.C420, 8), 3, 3, 1, 0, ""},
	{rawOpts(16384, 8192, yuv.C420, 16), 0, 402653184, 0, 0, ""},
	{rawOpts(0, 480, yuv.C420, 8), 100, 0, 0, 0, "raw YUV needs the frame size (--width and --height), got 0x480"},
	{rawOpts(-1, 480, yuv.C420, 8), 100, 0, 0, 0, "frame size -1x480 is not positive"},
	{rawOpts(100000, 100000, yuv.C420, 8), 100, 0, 0, 0, "frame size too large: 100000x100000 (at most 134217728 pixels)"},
	{rawOpts(1<<62, 1<<62, yuv.C444, 16), 100, 0, 0, 0, "frame size too large: 4611686018427387904x4611686018427387904 (at most 134217728 pixels)"},
	{rawOpts(1<<31, 1, yuv.C420, 8), 100, 0, 0, 0, "frame size too large: 2147483648x1 (at most 134217728 pixels)"},
	{RawOptions{Width: 8, Height: 8, BitDepth: 8}, 100, 0, 0, 0, "raw YUV needs the pixel format (--pixel_format 420, 422, 444 or 400)"},
	{rawOpts(8, 8, yuv.C420, 0), 100, 0, 0, 0, "raw YUV needs the bit depth (--bitdepth 8, 10, 12 or 16)"},
	{rawOpts(8, 8, yuv.C420, 9), 100, 0, 0, 0, "raw YUV bit depth 9 is not supported (8, 10, 12 or 16)"},
	{rawOpts(8, 8, yuv.C411, 8), 100, 0, 0, 0, "raw YUV pixel format 411 is not supported (420, 422, 444 or 400)"},
	{rawOpts(8, 8, yuv.Chroma(9), 8), 100, 0, 0, 0, "raw YUV pixel format Chroma(9) is not supported (420, 422, 444 or 400)"},
	{rawOpts(8, 8, yuv.C420, 8), -1, 0, 0, 0, "negative file size -1"},
}

func TestLayoutRaw(t *testing.T) {
	for _, tc := range rawSizeTests {
		l, err := LayoutRaw(tc.raw, tc.size)
		if got := errText(err, "\x00"); tc.err == "" && err != nil || tc.err != "" && got != tc.err {
			t.Errorf("%+v size %d: error %q, want %q", tc.raw, tc.size, got, tc.err)
			continue
		}
		if err == nil && (l.FrameBytes != tc.frameBytes || l.Frames != tc.frames || l.Partial != tc.partial) {
			t.Errorf("%+v size %d: %+v, want %d bytes, %d frames, %d partial", tc.raw, tc.size, l, tc.frameBytes, tc.frames, tc.partial)
		}
	}
}

// FuzzRawSize checks LayoutRaw against arbitrary-precision arithmetic.
func FuzzRawSize(f *testing.F) {
	for _, tc := range rawSizeTests {
		f.Add(tc.raw.Width, tc.raw.Height, int(tc.raw.Chroma), tc.raw.ChromaSet, tc.raw.BitDepth, tc.size)
	}
	f.Fuzz(func(t *testing.T, w, h, c int, cset bool, bd int, size int64) {
		raw := RawOptions{Width: w, Height: h, Chroma: yuv.Chroma(c), ChromaSet: cset, BitDepth: bd}
		l, err := LayoutRaw(raw, size)
		if err != nil {
			return
		}
		sx, sy := raw.Chroma.Subsampling()
		B := func(v int64) *big.Int { return big.NewInt(v) }
		luma := new(big.Int).Mul(B(int64(w)), B(int64(h)))
		cw := new(big.Int).Rsh(new(big.Int).Add(B(int64(w)), B(int64(1)<<sx-1)), sx)
		ch := new(big.Int).Rsh(new(big.Int).Add(B(int64(h)), B(int64(1)<<sy-1)), sy)
		total := new(big.Int).Set(luma)
		if raw.Chroma != yuv.C400 {
			total.Add(total, new(big.Int).Lsh(new(big.Int).Mul(cw, ch), 1))
		}
		if bd > 8 {
			total.Lsh(total, 1)
		}
		if !total.IsInt64() || total.Int64() != l.FrameBytes || l.FrameBytes <= 0 {
			t.Fatalf("%+v: frame bytes %d, want %v", raw, l.FrameBytes, total)
		}
		if l.Frames*l.FrameBytes+l.Partial != size || l.Partial < 0 || l.Partial >= l.FrameBytes {
			t.Fatalf("%+v size %d: %d frames + %d bytes of %d", raw, size, l.Frames, l.Partial, l.FrameBytes)
		}
	})
}

func TestRawReader(t *testing.T) {
	for _, f := range []yuv.Format{
		{Width: 7, Height: 5, Chroma: yuv.C420, BitDepth: 8},
		{Width: 7, Height: 5, Chroma: yuv.C420, BitDepth: 10},
		{Width: 6, Height: 3, Chroma: yuv.C422, BitDepth: 12},
		{Width: 1, Height: 1, Chroma: yuv.C444, BitDepth: 16},
		{Width: 37, Height: 2, Chroma: yuv.C400, BitDepth: 8},
	} {
		path := rawClip(t, f, 4)
		r, err := Open(path, rawOpts(f.Width, f.Height, f.Chroma, f.BitDepth))
		if err != nil {
			t.Fatal(err)
		}
		if info := r.Info(); info.Format != f || info.Frames != 4 || info.Container != "yuv" {
			t.Errorf("%+v: info %+v", f, info)
		}
		pic := yuv.NewPicture(f)
		for _, n := range []int{3, 1, 0, 2} {
			if err := r.ReadFrame(n, pic); err != nil {
				t.Fatal(err)
			}
			samePicture(t, fmt.Sprintf("%+v frame %d", f, n), pic, testPicture(f, n))
		}
		if err := r.ReadFrame(4, pic); !errors.Is(err, io.EOF) {
			t.Errorf("frame 4: %v", err)
		}
		r.Close()
	}
}

// TestSyntheticCorpus reads a corpus clip as raw and as Y4M.
func TestSyntheticCorpus(t *testing.T) {
	s := synth.Spec{Pattern: "grad10", Format: yuv.Format{Width: 64, Height: 48, Chroma: yuv.C420, BitDepth: 10}}
	b, err := synth.Raw(s, 3)
	if err != nil {
		t.Fatal(err)
	}
	rawPath := writeFile(t, "g.yuv", b)
	r, err := Open(rawPath, rawOpts(64, 48, yuv.C420, 10))
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	pic := yuv.NewPicture(s.Format)
	for n := 0; n < 3; n++ {
		want, _ := synth.Frame(s, n)
		if err := r.ReadFrame(n, pic); err != nil {
			t.Fatal(err)
		}
		samePicture(t, "grad10", pic, want)
	}
}

// TestRawNames: .yuv, .raw and .bin files (any case) are raw; a raw file
// missing options is refused with ErrRawOptions, which the command line
// reports as its own error.
func TestRawNames(t *testing.T) {
	f := yuv.Format{Width: 8, Height: 4, Chroma: yuv.C420, BitDepth: 8}
	b := synth.AppendRaw(nil, testPicture(f, 0))
	full := rawOpts(f.Width, f.Height, f.Chroma, f.BitDepth)
	for _, name := range []string{"c.yuv", "c.RAW", "c.bin"} {
		r, err := Open(writeFile(t, name, b), full)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if info := r.Info(); info.Container != "yuv" || info.Frames != 1 {
			t.Errorf("%s: info %+v", name, info)
		}
		r.Close()
		if !HasRawExtension(name) {
			t.Errorf("HasRawExtension(%q) = false", name)
		}
	}
	if _, err := Open(writeFile(t, "c.raw", b), RawOptions{Width: 8, Height: 4}); !errors.Is(err, ErrRawOptions) || !strings.Contains(err.Error(), "pixel format") {
		t.Errorf("missing -p: %v", err)
	}
	if HasRawExtension("c.y4m") || HasRawExtension("c.mkv") || HasRawExtension("noext") {
		t.Error("HasRawExtension says yes to a non-raw name")
	}
}

// TestToolErrorContext: ffmpeg's "[component @ 0xADDRESS] " prefix, which
// says nothing to a user and changes from run to run, is dropped.
func TestToolErrorContext(t *testing.T) {
	got := toolError(errors.New("exit status 1"), []byte("[rawvideo @ 0x560065514180] Invalid pixel format.\n"), "x.raw")
	if got != "Invalid pixel format. (exit status 1)" {
		t.Errorf("toolError: %q", got)
	}
}
