package clip

import (
	"errors"
	"fmt"
	"io"
	"testing"

	"github.com/bandscope/bandscope/kernels/yuv"
)

// headerTests is the table for the stream header parser; it also seeds
// FuzzY4M.
var headerTests = []struct {
	line  string
	want  yuv.Format
	alpha bool
	fps   [2]int
	err   string // exact message, "" for success
}{
	{"YUV4MPEG2 W640 H480 F25:1 Ip A1:1 C420jpeg XYSCSS=420JPEG", yuv.Format{Width: 640, Height: 480, Chroma: yuv.C420, BitDepth: 8}, false, [2]int{25, 1}, ""},
	{"YUV4MPEG2 W640 H480 F30000:1001", yuv.Format{Width: 640, Height: 480, Chroma: yuv.C420, BitDepth: 8}, false, [2]int{30000, 1001}, ""},
	{"YUV4MPEG2 W7 H5 F1:1 C420mpeg2", yuv.Format{Width: 7, Height: 5, Chroma: yuv.C420, BitDepth: 8}, false, [2]int{1, 1}, ""},
	{"YUV4MPEG2 W7 H5 F1:1 C420paldv", yuv.Format{Width: 7, Height: 5, Chroma: yuv.C420, BitDepth: 8}, false, [2]int{1, 1}, ""},
	{"YUV4MPEG2 W7 H5 F1:1 C420", yuv.Format{Width: 7, Height: 5, Chroma: yuv.C420, BitDepth: 8}, false, [2]int{1, 1}, ""},
	{"YUV4MPEG2 W7 H5 F1:1 C420p10 XYSCSS=420P10", yuv.Format{Width: 7, Height: 5, Chroma: yuv.C420, BitDepth: 10}, false, [2]int{1, 1}, ""},
	{"YUV4MPEG2 W7 H5 F1:1 C420p12", yuv.Format{Width: 7, Height: 5, Chroma: yuv.C420, BitDepth: 12}, false, [2]int{1, 1}, ""},
	{"YUV4MPEG2 W7 H5 F1:1 C420p16", yuv.Format{Width: 7, Height: 5, Chroma: yuv.C420, BitDepth: 16}, false, [2]int{1, 1}, ""},
	{"YUV4MPEG2 W7 H5 F1:1 C420p9", yuv.Format{Width: 7, Height: 5, Chroma: yuv.C420, BitDepth: 9}, false, [2]int{1, 1}, ""},
	{"YUV4MPEG2 W7 H5 F1:1 C422", yuv.Format{Width: 7, Height: 5, Chroma: yuv.C422, BitDepth: 8}, false, [2]int{1, 1}, ""},
	{"YUV4MPEG2 W7 H5 F1:1 C422p10", yuv.Format{Width: 7, Height: 5, Chroma: yuv.C422, BitDepth: 10}, false, [2]int{1, 1}, ""},
	{"YUV4MPEG2 W7 H5 F1:1 C422p12", yuv.Format{Width: 7, Height: 5, Chroma: yuv.C422, BitDepth: 12}, false, [2]int{1, 1}, ""},
	{"YUV4MPEG2 W7 H5 F1:1 C422p16", yuv.Format{Width: 7, Height: 5, Chroma: yuv.C422, BitDepth: 16}, false, [2]int{1, 1}, ""},
	{"YUV4MPEG2 W7 H5 F1:1 C444", yuv.Format{Width: 7, Height: 5, Chroma: yuv.C444, BitDepth: 8}, false, [2]int{1, 1}, ""},
	{"YUV4MPEG2 W7 H5 F1:1 C444p10", yuv.Format{Width: 7, Height: 5, Chroma: yuv.C444, BitDepth: 10}, false, [2]int{1, 1}, ""},
	{"YUV4MPEG2 W7 H5 F1:1 C444p12", yuv.Format{Width: 7, Height: 5, Chroma: yuv.C444, BitDepth: 12}, false, [2]int{1, 1}, ""},
	{"YUV4MPEG2 W7 H5 F1:1 C444p14", yuv.Format{Width: 7, Height: 5, Chroma: yuv.C444, BitDepth: 14}, false, [2]int{1, 1}, ""},
	{"YUV4MPEG2 W7 H5 F1:1 C444p16", yuv.Format{Width: 7, Height: 5, Chroma: yuv.C444, BitDepth: 16}, false, [2]int{1, 1}, ""},
	{"YUV4MPEG2 W7 H5 F1:1 C444alpha", yuv.Format{Width: 7, Height: 5, Chroma: yuv.C444, BitDepth: 8}, true, [2]int{1, 1}, ""},
	{"YUV4MPEG2 W7 H5 F1:1 Cmono", yuv.Format{Width: 7, Height: 5, Chroma: yuv.C400, BitDepth: 8}, false, [2]int{1, 1}, ""},
	{"YUV4MPEG2 W7 H5 F1:1 Cmono16", yuv.Format{Width: 7, Height: 5, Chroma: yuv.C400, BitDepth: 16}, false, [2]int{1, 1}, ""},
	{"YUV4MPEG2 W7 H5 F1:1 C411", yuv.Format{Width: 7, Height: 5, Chroma: yuv.C411, BitDepth: 8}, false, [2]int{1, 1}, ""},
	{"YUV4MPEG2 W1 H1 F1:1", yuv.Format{Width: 1, Height: 1, Chroma: yuv.C420, BitDepth: 8}, false, [2]int{1, 1}, ""},
	{"YUV4MPEG2  W8   H2 I? ", yuv.Format{Width: 8, Height: 2, Chroma: yuv.C420, BitDepth: 8}, false, [2]int{}, ""},
	{"YUV4MPEG2 W8 H2 W16 Zfoo", yuv.Format{Width: 16, Height: 2, Chroma: yuv.C420, BitDepth: 8}, false, [2]int{}, ""},
	{"YUV4MPEG2 W16384 H8192 F1:1", yuv.Format{Width: 16384, Height: 8192, Chroma: yuv.C420, BitDepth: 8}, false, [2]int{1, 1}, ""},

	{"", yuv.Format{}, false, [2]int{}, `not a YUV4MPEG2 file (starts with "")`},
	{"YUV4MPEG W7 H5", yuv.Format{}, false, [2]int{}, `not a YUV4MPEG2 file (starts with "YUV4MPEG ")`},
	{"YUV4MPEG2W7 H5", yuv.Format{}, false, [2]int{}, `not a YUV4MPEG2 file (magic "YUV4MPEG2W7 " is not followed by a space)`},
	{"RIFF....WAVE", yuv.Format{}, false, [2]int{}, `not a YUV4MPEG2 file (starts with "RIFF....W")`},
	{"YUV4MPEG2 H5 F1:1", yuv.Format{}, false, [2]int{}, `bad YUV4MPEG2 header: no width (W) tag`},
	{"YUV4MPEG2 W5 F1:1", yuv.Format{}, false, [2]int{}, `bad YUV4MPEG2 header: no height (H) tag`},
	{"YUV4MPEG2 W0 H5", yuv.Format{}, false, [2]int{}, `bad YUV4MPEG2 header: width W 0 is not positive`},
	{"YUV4MPEG2 W5 H0", yuv.Format{}, false, [2]int{}, `bad YUV4MPEG2 header: height H 0 is not positive`},
	{"YUV4MPEG2 W-5 H5", yuv.Format{}, false, [2]int{}, `bad YUV4MPEG2 header: width W "-5" is not a number`},
	{"YUV4MPEG2 W+5 H5", yuv.Format{}, false, [2]int{}, `bad YUV4MPEG2 header: width W "+5" is not a number`},
	{"YUV4MPEG2 W5x H5", yuv.Format{}, false, [2]int{}, `bad YUV4MPEG2 header: width W "5x" is not a number`},
	{"YUV4MPEG2 W H5", yuv.Format{}, false, [2]int{}, `bad YUV4MPEG2 header: width W "" is not a number`},
	{"YUV4MPEG2 W99999999999999999999 H5", yuv.Format{}, false, [2]int{}, `bad YUV4MPEG2 header: width W "99999999999999999999" is not a number`},
	{"YUV4MPEG2 W100000 H100000 F1:1", yuv.Format{}, false, [2]int{}, `frame size too large: 100000x100000 (at most 134217728 pixels)`},
	{"YUV4MPEG2 W4294967296 H4294967296 F1:1", yuv.Format{}, false, [2]int{}, `frame size too large: 4294967296x4294967296 (at most 134217728 pixels)`},
	{"YUV4MPEG2 W9223372036854775807 H2", yuv.Format{}, false, [2]int{}, `frame size too large: 9223372036854775807x2 (at most 134217728 pixels)`},
	{"YUV4MPEG2 W5 H5 F25", yuv.Format{}, false, [2]int{}, `bad YUV4MPEG2 header: frame rate F "25" is not n:d`},
	{"YUV4MPEG2 W5 H5 F25:", yuv.Format{}, false, [2]int{}, `bad YUV4MPEG2 header: frame rate F "25:" is not n:d`},
	{"YUV4MPEG2 W5 H5 F-1:1", yuv.Format{}, false, [2]int{}, `bad YUV4MPEG2 header: frame rate F "-1:1" is not n:d`},
	{"YUV4MPEG2 W5 H5 A1", yuv.Format{}, false, [2]int{}, `bad YUV4MPEG2 header: pixel aspect A "1" is not n:d`},
	{"YUV4MPEG2 W5 H5 It", yuv.Format{}, false, [2]int{}, `interlaced video is not supported (progressive only; deinterlace first): header has It`},
	{"YUV4MPEG2 W5 H5 Ib", yuv.Format{}, false, [2]int{}, `interlaced video is not supported (progressive only; deinterlace first): header has Ib`},
	{"YUV4MPEG2 W5 H5 Im", yuv.Format{}, false, [2]int{}, `interlaced video is not supported (progressive only; deinterlace first): header has Im`},
	{"YUV4MPEG2 W5 H5 Ix", yuv.Format{}, false, [2]int{}, `bad YUV4MPEG2 header: unknown interlacing I'x'`},
	{"YUV4MPEG2 W5 H5 I", yuv.Format{}, false, [2]int{}, `bad YUV4MPEG2 header: empty interlacing tag I`},
	{"YUV4MPEG2 W5 H5 C420foo", yuv.Format{}, false, [2]int{}, `unknown colour space tag C"420foo" (known: 420 420jpeg 420mpeg2 420paldv 411 422 444 444alpha mono, 420p/422p/444p/mono with 9 10 12 14 16)`},
	{"YUV4MPEG2 W5 H5 C420p11", yuv.Format{}, false, [2]int{}, `unknown colour space tag C"420p11" (known: 420 420jpeg 420mpeg2 420paldv 411 422 444 444alpha mono, 420p/422p/444p/mono with 9 10 12 14 16)`},
	{"YUV4MPEG2 W5 H5 C410", yuv.Format{}, false, [2]int{}, `unknown colour space tag C"410" (known: 420 420jpeg 420mpeg2 420paldv 411 422 444 444alpha mono, 420p/422p/444p/mono with 9 10 12 14 16)`},
	{"YUV4MPEG2 W5 H5 C", yuv.Format{}, false, [2]int{}, `unknown colour space tag C"" (known: 420 420jpeg 420mpeg2 420paldv 411 422 444 444alpha mono, 420p/422p/444p/mono with 9 10 12 14 16)`},
	{"YUV4MPEG2 W5 H5 Cmono8", yuv.Format{}, false, [2]int{}, `unknown colour space tag C"mono8" (known: 420 420jpeg 420mpeg2 420paldv 411 422 444 444alpha mono, 420p/422p/444p/mono with 9 10 12 14 16)`},
	{"YUV4MPEG2 W5 H5 C411p10", yuv.Format{}, false, [2]int{}, `unknown colour space tag C"411p10" (known: 420 420jpeg 420mpeg2 420paldv 411 422 444 444alpha mono, 420p/422p/444p/mono with 9 10 12 14 16)`},
}

func TestParseY4MHeader(t *testing.T) {
	for _, tc := range headerTests {
		h, err := parseY4MHeader([]byte(tc.line))
		if got := errText(err, "\x00"); tc.err == "" && err != nil || tc.err != "" && got != tc.err {
			t.Errorf("%q: error %q, want %q", tc.line, got, tc.err)
			continue
		}
		if err == nil && (h.format != tc.want || h.alpha != tc.alpha || h.frameRate != tc.fps) {
			t.Errorf("%q: %+v alpha %v fps %v, want %+v alpha %v fps %v", tc.line, h.format, h.alpha, h.frameRate, tc.want, tc.alpha, tc.fps)
		}
	}
}

// frameLineTests is the table for FRAME lines.
var frameLineTests = []struct {
	in  string
	n   int
	err string
}{
	{"FRAME\n", 6, ""},
	{"FRAME\nxyz", 6, ""},
	{"FRAME Ixyz XFOO=1\nabc", 18, ""},
	{"FRAME ", 0, "truncated frame: file ends inside a FRAME header"},
	{"FRAM", 0, "truncated frame: file ends inside a FRAME header"},
	{"", 0, "truncated frame: file ends inside a FRAME header"},
	{"FRAMEX\n", 0, `bad FRAME header: "FRAMEX" is not followed by a space or newline`},
	{"FRAXE\n", 0, `bad FRAME header: expected FRAME, found "FRAXE\n" (loss of framing)`},
	{"\x00\x01\x02\x03\x04\x05\x06\x07\x08", 0, `bad FRAME header: expected FRAME, found "\x00\x01\x02\x03\x04\x05\x06\a" (loss of framing)`},
}

func TestFrameHeaderLen(t *testing.T) {
	for _, tc := range frameLineTests {
		n, err := frameHeaderLen([]byte(tc.in))
		if got := errText(err, "\x00"); n != tc.n || (tc.err == "" && err != nil) || (tc.err != "" && got != tc.err) {
			t.Errorf("%q: %d, %q; want %d, %q", tc.in, n, got, tc.n, tc.err)
		}
	}
	long := "FRAME " + string(make([]byte, maxFrameHeader))
	if _, err := frameHeaderLen([]byte(long)); err == nil || err.Error() != "bad FRAME header: FRAME line longer than 1024 bytes" {
		t.Errorf("long FRAME line: %v", err)
	}
}

// TestY4MEveryTag writes 3 frames for every colour tag, with parameters on
// some FRAME lines, and reads them back out of order.
func TestY4MEveryTag(t *testing.T) {
	for _, tc := range headerTests {
		if tc.err != "" || tc.want.Width*tc.want.Height > 1000 {
			continue
		}
		extra := 0
		if tc.alpha {
			extra = tc.want.Width * tc.want.Height
		}
		lines := []string{"FRAME Ixyz", "FRAME Ixyz", "FRAME Ixyz"}
		path := writeFile(t, "c.y4m", y4mBytes(tc.line, tc.want, 3, lines, extra))
		r, err := Open(path, RawOptions{})
		if err != nil {
			t.Fatalf("%q: %v", tc.line, err)
		}
		if info := r.Info(); info.Format != tc.want || info.Frames != 3 || info.Container != "y4m" || info.FrameRate != tc.fps {
			t.Errorf("%q: info %+v", tc.line, info)
		}
		var pic *yuv.Picture
		for _, n := range []int{2, 0, 1, 2} {
			pic = yuv.Reuse(pic, tc.want)
			if err := r.ReadFrame(n, pic); err != nil {
				t.Fatalf("%q frame %d: %v", tc.line, n, err)
			}
			samePicture(t, fmt.Sprintf("%q frame %d", tc.line, n), pic, testPicture(tc.want, n))
		}
		if err := r.ReadFrame(3, pic); !errors.Is(err, io.EOF) || errText(err, path) != "PATH: frame 3: EOF" {
			t.Errorf("%q: frame 3: %v, want EOF", tc.line, err)
		}
		if err := r.Close(); err != nil {
			t.Error(err)
		}
	}
}

// TestY4MVaryingFrameLines covers both ways varying FRAME lines are found:
// at Open (the size is not a multiple of the stride) and on reading (it is,
// by coincidence).
func TestY4MVaryingFrameLines(t *testing.T) {
	f := yuv.Format{Width: 2, Height: 2, Chroma: yuv.C400, BitDepth: 8} // 4 bytes a frame
	for _, tc := range []struct {
		name   string
		lines  []string
		frames int // what Open says
		real   int
	}{
		{"open", []string{"FRAME", "FRAME Xab", "FRAME", "FRAME X"}, 4, 4},
		// 6+4 then 16+4: 30 bytes, three strides of 10.
		{"read", []string{"FRAME", "FRAME XXXXXXXXX"}, 3, 2},
	} {
		path := writeFile(t, "v.y4m", y4mBytes("YUV4MPEG2 W2 H2 F1:1 Cmono", f, len(tc.lines), tc.lines, 0))
		r, err := Open(path, RawOptions{})
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if got := r.Info().Frames; got != tc.frames {
			t.Errorf("%s: Open says %d frames, want %d", tc.name, got, tc.frames)
		}
		pic := yuv.NewPicture(f)
		for n := tc.real - 1; n >= 0; n-- {
			if err := r.ReadFrame(n, pic); err != nil {
				t.Fatalf("%s: frame %d: %v", tc.name, n, err)
			}
			samePicture(t, fmt.Sprintf("%s frame %d", tc.name, n), pic, testPicture(f, n))
		}
		if got := r.Info().Frames; got != tc.real {
			t.Errorf("%s: after reading, %d frames, want %d", tc.name, got, tc.real)
		}
		if err := r.ReadFrame(tc.real, pic); !errors.Is(err, io.EOF) {
			t.Errorf("%s: frame %d: %v, want EOF", tc.name, tc.real, err)
		}
		r.Close()
	}
}

// FuzzY4M feeds arbitrary files to the Y4M reader: it must return a reader
// or an *Error, never panic, and a reader must read every frame it claims or
// fail with an *Error.
func FuzzY4M(f *testing.F) {
	for _, tc := range headerTests {
		fm := tc.want
		if tc.err != "" || fm.Width*fm.Height > 64 {
			f.Add([]byte(tc.line + "\nFRAME\n\x00\x01\x02"))
			continue
		}
		extra := 0
		if tc.alpha {
			extra = fm.Width * fm.Height
		}
		f.Add(y4mBytes(tc.line, fm, 2, []string{"FRAME", "FRAME Ix"}, extra))
	}
	for _, tc := range frameLineTests {
		f.Add([]byte("YUV4MPEG2 W2 H2 F1:1 Cmono\n" + tc.in + "\x00\x01\x02\x03"))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		path := writeFile(t, "f.y4m", data)
		r, err := Open(path, RawOptions{})
		if err != nil {
			var ce *Error
			if !errors.As(err, &ce) || ce.Path != path {
				t.Fatalf("error %v is not a *clip.Error naming the file", err)
			}
			return
		}
		defer r.Close()
		info := r.Info()
		if info.Frames <= 0 {
			t.Fatalf("opened with %d frames", info.Frames)
		}
		var pic *yuv.Picture
		for n := 0; n < info.Frames+1 && n < 64; n++ {
			pic = yuv.Reuse(pic, info.Format)
			err := r.ReadFrame(n, pic)
			var ce *Error
			if err != nil && (!errors.As(err, &ce) || ce.Frame < 0) {
				t.Fatalf("frame %d: error %v does not name a frame", n, err)
			}
		}
	})
}
