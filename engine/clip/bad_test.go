package clip

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/bandscope/bandscope/kernels/yuv"
)

var mono2x2 = yuv.Format{Width: 2, Height: 2, Chroma: yuv.C400, BitDepth: 8}

// badFiles is the catalogue of bad inputs whose problem shows at Open, each
// with its exact message (PATH stands for the file).
var badFiles = []struct {
	name string
	data []byte
	raw  RawOptions
	err  string
}{
	{"empty.y4m", nil, RawOptions{}, "PATH: empty file"},
	{"empty.yuv", nil, rawOpts(2, 2, yuv.C400, 8), "PATH: empty file"},
	{"magic.y4m", []byte("YUV4MPE"), RawOptions{}, `PATH: not a YUV4MPEG2 file (starts with "YUV4MPE")`},
	{"notmagic.y4m", []byte("hello world\n"), RawOptions{}, `PATH: not a YUV4MPEG2 file (starts with "hello wor")`},
	{"truncheader.y4m", []byte("YUV4MPEG2 W2 H2 F1:1 Cmo"), RawOptions{}, "PATH: bad YUV4MPEG2 header: truncated header (the file ends before the header's newline)"},
	{"longheader.y4m", []byte("YUV4MPEG2 W2 H2 " + strings.Repeat("X", 5000) + "\n"), RawOptions{}, "PATH: bad YUV4MPEG2 header: header line longer than 4096 bytes"},
	{"noframes.y4m", []byte("YUV4MPEG2 W2 H2 F1:1 Cmono\n"), RawOptions{}, "PATH: no frames after the header"},
	{"frameline.y4m", []byte("YUV4MPEG2 W2 H2 F1:1 Cmono\nFRA"), RawOptions{}, "PATH: frame 0: truncated frame: file ends inside a FRAME header"},
	{"framing.y4m", []byte("YUV4MPEG2 W2 H2 F1:1 Cmono\nFRAME\nabcdFRAXE\nabcdX"), RawOptions{}, `PATH: frame 1: bad FRAME header: expected FRAME, found "FRAXE\nab" (loss of framing)`},
	{"trunc0.y4m", []byte("YUV4MPEG2 W2 H2 F1:1 Cmono\nFRAME\nab"), RawOptions{}, "PATH: frame 0: truncated frame: the file ends 2 bytes into the frame's 4"},
	{"trunclast.y4m", append(y4mBytes("YUV4MPEG2 W2 H2 F1:1 Cmono", mono2x2, 3, nil, 0), "FRAME\nabc"...), RawOptions{}, "PATH: frame 3: truncated frame: the file ends 3 bytes into the frame's 4"},
	{"trunclastvary.y4m", append(y4mBytes("YUV4MPEG2 W2 H2 F1:1 Cmono", mono2x2, 3, []string{"FRAME", "FRAME Ix"}, 0), "FRAME\nabc"...), RawOptions{}, "PATH: frame 3: truncated frame: the file ends 3 bytes into the frame's 4"},
	{"truncalpha.y4m", []byte("YUV4MPEG2 W1 H1 F1:1 C444alpha\nFRAME\nabc"), RawOptions{}, "PATH: frame 0: truncated frame: the file ends 3 bytes into the frame's 4"},
	{"colour.y4m", []byte("YUV4MPEG2 W2 H2 F1:1 C420xyz\nFRAME\n"), RawOptions{}, `PATH: unknown colour space tag C"420xyz" (known: 420 420jpeg 420mpeg2 420paldv 411 422 444 444alpha mono, 420p/422p/444p/mono with 9 10 12 14 16)`},
	{"interlaced.y4m", []byte("YUV4MPEG2 W2 H2 F1:1 It C420jpeg\nFRAME\n"), RawOptions{}, "PATH: interlaced video is not supported (progressive only; deinterlace first): header has It"},
	{"zero.y4m", []byte("YUV4MPEG2 W0 H2 F1:1\nFRAME\n"), RawOptions{}, "PATH: bad YUV4MPEG2 header: width W 0 is not positive"},
	{"huge.y4m", []byte("YUV4MPEG2 W100000 H100000 F1:1\nFRAME\n"), RawOptions{}, "PATH: frame size too large: 100000x100000 (at most 134217728 pixels)"},
	{"overflow.y4m", []byte("YUV4MPEG2 W3037000500 H3037000500 F1:1\nFRAME\n"), RawOptions{}, "PATH: frame size too large: 3037000500x3037000500 (at most 134217728 pixels)"},
	{"bigframe.y4m", []byte("YUV4MPEG2 W16384 H8192 F1:1 C444p16\nFRAME\n"), RawOptions{}, "PATH: frame 0: truncated frame: the file ends 0 bytes into the frame's 805306368"},
	{"optmismatch.y4m", y4mBytes("YUV4MPEG2 W2 H2 F1:1 Cmono", mono2x2, 1, nil, 0), rawOpts(4, 2, yuv.C420, 10), "PATH: raw options disagree with the file: header has size 2x2, options say 4x2; pixel format 400, options say 420; bit depth 8, options say 10"},
	{"trunc.yuv", make([]byte, 4*3+3), rawOpts(2, 2, yuv.C400, 8), "PATH: frame 3: truncated frame: the file ends 3 bytes into the frame's 4 (is the size, pixel format or bit depth wrong?)"},
	{"small.yuv", make([]byte, 5), rawOpts(2, 2, yuv.C420, 8), "PATH: frame 0: truncated frame: the file ends 5 bytes into the frame's 6 (is the size, pixel format or bit depth wrong?)"},
	{"noopts.yuv", make([]byte, 6), RawOptions{}, "PATH: raw YUV needs the frame size (--width and --height), got 0x0"},
	{"huge.yuv", make([]byte, 6), rawOpts(100000, 100000, yuv.C420, 8), "PATH: frame size too large: 100000x100000 (at most 134217728 pixels)"},
	{"zero.yuv", make([]byte, 6), rawOpts(0, 2, yuv.C420, 8), "PATH: raw YUV needs the frame size (--width and --height), got 0x2"},
}

func TestBadFiles(t *testing.T) {
	for _, tc := range badFiles {
		path := writeFile(t, tc.name, tc.data)
		r, err := Open(path, tc.raw)
		if r != nil {
			r.Close()
		}
		var ce *Error
		if got := errText(err, path); got != tc.err || !errors.As(err, &ce) {
			t.Errorf("%s:\n got %s\nwant %s", tc.name, got, tc.err)
		}
	}
}

// badFrames is the catalogue of problems that show when a frame is read.
func TestBadFrames(t *testing.T) {
	// A 10-bit sample of 1024 (a wrong bit depth, or corruption).
	f10 := yuv.Format{Width: 2, Height: 2, Chroma: yuv.C400, BitDepth: 10}
	b := []byte("YUV4MPEG2 W2 H2 F1:1 Cmono10\nFRAME\n\x00\x00\x01\x00\x02\x00\x00\x04")
	path := writeFile(t, "range.y4m", b)
	r, err := Open(path, RawOptions{})
	if err != nil {
		t.Fatal(err)
	}
	pic := yuv.NewPicture(f10)
	err = r.ReadFrame(0, pic)
	if got, want := errText(err, path), "PATH: frame 0: sample above the bit depth's maximum: plane Y sample (1,1) is 1024, the 10-bit maximum is 1023"; got != want {
		t.Errorf("range: %s, want %s", got, want)
	}
	for _, tc := range []struct {
		n   int
		pic *yuv.Picture
		err string
	}{
		{0, nil, "PATH: frame 0: nil destination picture"},
		{0, yuv.NewPicture(mono2x2), "PATH: frame 0: destination picture is 2x2 400 8-bit, the clip is 2x2 400 10-bit (use yuv.Reuse)"},
		{0, &yuv.Picture{Format: f10}, "PATH: frame 0: destination plane Y holds 0 samples, want 4"},
		{-1, pic, "PATH: frame number -1 is negative"},
		{1, pic, "PATH: frame 1: EOF"},
	} {
		if got := errText(r.ReadFrame(tc.n, tc.pic), path); got != tc.err {
			t.Errorf("got %s, want %s", got, tc.err)
		}
	}
	r.Close()
	if got := errText(r.ReadFrame(0, pic), path); got != "PATH: frame 0: reader is closed" {
		t.Errorf("after Close: %s", got)
	}
	if err := r.Close(); err != nil {
		t.Errorf("second Close: %v", err)
	}

	// Loss of framing that the file size does not reveal shows on reading.
	path = writeFile(t, "framing.y4m", []byte("YUV4MPEG2 W2 H2 F1:1 Cmono\nFRAME\nabcdFRAXE\nabcd"))
	if r, err = Open(path, RawOptions{}); err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	pic = yuv.NewPicture(mono2x2)
	want := `PATH: frame 1: bad FRAME header: expected FRAME, found "FRAXE\nab" (loss of framing)`
	if got := errText(r.ReadFrame(1, pic), path); got != want {
		t.Errorf("framing: %s, want %s", got, want)
	}
	if err := r.ReadFrame(0, pic); err != nil {
		t.Errorf("framing frame 0: %v", err)
	}
	if got := errText(r.ReadFrame(1, pic), path); got != want {
		t.Errorf("framing again: %s, want %s", got, want)
	}
}

// TestVanishingFile shrinks and deletes files under open readers.
func TestVanishingFile(t *testing.T) {
	for _, tc := range []struct {
		name string
		data []byte
		raw  RawOptions
	}{
		{"v.y4m", y4mBytes("YUV4MPEG2 W2 H2 F1:1 Cmono", mono2x2, 4, nil, 0), RawOptions{}},
		{"v.yuv", make([]byte, 16), rawOpts(2, 2, yuv.C400, 8)},
	} {
		path := writeFile(t, tc.name, tc.data)
		r, err := Open(path, tc.raw)
		if err != nil {
			t.Fatal(err)
		}
		pic := yuv.NewPicture(mono2x2)
		// Deleting keeps the open file's data (POSIX); reading goes on.
		if err := os.Remove(path); err != nil {
			t.Fatal(err)
		}
		if err := r.ReadFrame(3, pic); err != nil {
			t.Errorf("%s after delete: %v", tc.name, err)
		}
		r.Close()

		path = writeFile(t, tc.name, tc.data)
		if r, err = Open(path, tc.raw); err != nil {
			t.Fatal(err)
		}
		if err := os.Truncate(path, int64(len(tc.data)-9)); err != nil {
			t.Fatal(err)
		}
		want := "PATH: frame 3: truncated frame: read 1 of 10 bytes (the file shrank after it was opened)"
		if strings.HasSuffix(tc.name, ".yuv") {
			want = "PATH: frame 3: truncated frame: read 0 of 4 bytes (the file shrank after it was opened)"
		}
		if got := errText(r.ReadFrame(3, pic), path); got != want {
			t.Errorf("%s after truncate: %s, want %s", tc.name, got, want)
		}
		if err := r.ReadFrame(0, pic); err != nil {
			t.Errorf("%s frame 0 after truncate: %v", tc.name, err)
		}
		r.Close()
	}
}

// TestShrankMidFrame: a frame cut short after Open is told in the frame's
// bytes whether it is read in one piece or in bands on several goroutines
// (SetReadWorkers), its header included for Y4M, and whichever band
// the cut falls in.
func TestShrankMidFrame(t *testing.T) {
	f := yuv.Format{Width: 512, Height: 512, Chroma: yuv.C400, BitDepth: 8} // two bands a frame
	const payload = 512 * 512
	for _, tc := range []struct {
		name string
		data []byte
		raw  RawOptions
		cut  int // bytes cut from the end of the file (frame 1 is last)
		want string
	}{
		{"s.yuv", make([]byte, 2*payload), rawOpts(512, 512, yuv.C400, 8), 100, "read 262044 of 262144 bytes"},
		{"s.yuv", make([]byte, 2*payload), rawOpts(512, 512, yuv.C400, 8), payload - 5, "read 5 of 262144 bytes"},
		{"s.y4m", y4mBytes("YUV4MPEG2 W512 H512 F1:1 Cmono", f, 2, nil, 0), RawOptions{}, 100, "read 262050 of 262150 bytes"},
		{"s.y4m", y4mBytes("YUV4MPEG2 W512 H512 F1:1 Cmono", f, 2, nil, 0), RawOptions{}, payload + 3, "read 3 of 262150 bytes"},
	} {
		for _, workers := range []int{1, 3} {
			path := writeFile(t, tc.name, tc.data)
			r, err := Open(path, tc.raw)
			if err != nil {
				t.Fatal(err)
			}
			r.(ParallelReader).SetReadWorkers(workers)
			if err := os.Truncate(path, int64(len(tc.data)-tc.cut)); err != nil {
				t.Fatal(err)
			}
			want := "PATH: frame 1: truncated frame: " + tc.want + " (the file shrank after it was opened)"
			if got := errText(r.ReadFrame(1, yuv.NewPicture(f)), path); got != want {
				t.Errorf("%s cut %d, %d workers: %s, want %s", tc.name, tc.cut, workers, got, want)
			}
			r.Close()
		}
	}
}

func TestNotAFile(t *testing.T) {
	dir := t.TempDir()
	_, err := Open(dir, RawOptions{})
	if got := errText(err, dir); got != "PATH: is a directory, not a clip" {
		t.Errorf("directory: %s", got)
	}
	missing := filepath.Join(dir, "missing.y4m")
	_, err = Open(missing, RawOptions{})
	if got := errText(err, missing); got != "PATH: cannot open: no such file or directory" || !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("missing: %s", got)
	}
	fifo := filepath.Join(dir, "fifo.y4m")
	if err := syscall.Mkfifo(fifo, 0o644); err == nil {
		_, err = Open(fifo, RawOptions{})
		if got := errText(err, fifo); got != "PATH: not a regular file (p---------)" {
			t.Errorf("fifo: %s", got)
		}
	}
}

// TestUnreadable checks the message for a file the user may not read. Root
// reads anything, so as root the real check is skipped and the error is
// injected instead.
func TestUnreadable(t *testing.T) {
	path := writeFile(t, "secret.y4m", y4mBytes("YUV4MPEG2 W2 H2 F1:1 Cmono", mono2x2, 1, nil, 0))
	want := "PATH: cannot open: permission denied"
	t.Run("injected", func(t *testing.T) {
		defer func(f func(string) (*os.File, error)) { openFile = f }(openFile)
		openFile = func(name string) (*os.File, error) {
			return nil, &fs.PathError{Op: "open", Path: name, Err: syscall.EACCES}
		}
		_, err := Open(path, RawOptions{})
		if got := errText(err, path); got != want || !errors.Is(err, fs.ErrPermission) {
			t.Errorf("got %s, want %s", got, want)
		}
	})
	t.Run("chmod", func(t *testing.T) {
		if os.Geteuid() == 0 {
			t.Skip("running as root: chmod 000 does not stop root from reading (covered by the injected case)")
		}
		if err := os.Chmod(path, 0); err != nil {
			t.Fatal(err)
		}
		_, err := Open(path, RawOptions{})
		if got := errText(err, path); got != want {
			t.Errorf("got %s, want %s", got, want)
		}
	})
}

func TestCheckPair(t *testing.T) {
	f := yuv.Format{Width: 640, Height: 480, Chroma: yuv.C420, BitDepth: 10}
	ref := Info{Path: "ref.y4m", Format: f, Frames: 3}
	for _, tc := range []struct {
		dist      Info
		err       string
		countOnly bool
	}{
		{Info{Path: "d.y4m", Format: f, Frames: 3}, "<nil>", false},
		{Info{Path: "d.mp4", Format: f, Frames: -1}, "<nil>", false},
		{Info{Path: "d.y4m", Format: yuv.Format{Width: 320, Height: 240, Chroma: yuv.C420, BitDepth: 10}, Frames: 3},
			"reference ref.y4m and distorted d.y4m differ: size 640x480 vs 320x240", false},
		{Info{Path: "d.y4m", Format: yuv.Format{Width: 640, Height: 480, Chroma: yuv.C444, BitDepth: 8}, Frames: 2},
			"reference ref.y4m and distorted d.y4m differ: pixel format 420 vs 444, bit depth 10 vs 8, 3 vs 2 frames", false},
		{Info{Path: "d.y4m", Format: f, Frames: 4}, "reference ref.y4m and distorted d.y4m differ: 3 vs 4 frames", true},
	} {
		err := CheckPair(ref, tc.dist)
		if got := errText(err, "\x00"); got != tc.err {
			t.Errorf("got %s, want %s", got, tc.err)
		}
		if err != nil && (!errors.Is(err, ErrMismatch) || errors.Is(err, ErrFrameCount) != tc.countOnly) {
			t.Errorf("%v: Is(ErrMismatch) %v, Is(ErrFrameCount) %v", err, errors.Is(err, ErrMismatch), errors.Is(err, ErrFrameCount))
		}
	}
}
