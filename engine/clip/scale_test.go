package clip

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/bandscope/bandscope/kernels/yuv"
)

func needFFmpeg(t *testing.T) {
	t.Helper()
	if ok, why := FFmpegAvailable(); !ok {
		t.Skip(why)
	}
}

// ffmpegRun runs ffmpeg and returns its stdout.
func ffmpegRun(t *testing.T, args ...string) []byte {
	t.Helper()
	out, err := exec.Command("ffmpeg", append([]string{"-nostdin", "-hide_banner", "-v", "error"}, args...)...).Output()
	if err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			t.Fatalf("ffmpeg %v: %v: %s", args, err, ee.Stderr)
		}
		t.Fatalf("ffmpeg %v: %v", args, err)
	}
	return out
}

// rendition writes a small ladder rendition: testsrc2 at 320x180 (pix_fmt,
// 5 frames) in the given container.
func rendition(t *testing.T, name, pixFmt string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	args := []string{"-f", "lavfi", "-i", "testsrc2=s=320x180:r=25:d=0.2", "-pix_fmt", pixFmt}
	if filepath.Ext(name) == ".y4m" {
		args = append(args, "-strict", "-1")
	}
	ffmpegRun(t, append(args, "-y", p)...)
	return p
}

// TestScaledEqualsFFmpeg: OpenScaled's frames are the bytes ffmpeg itself
// writes with `-i FILE -vf scale=W:H:flags=bicubic`, for Y4M at 8 and 10
// bits, raw YUV and a container file, read in order, backwards and by
// jumps (every seek restarts ffmpeg at the frame).
func TestScaledEqualsFFmpeg(t *testing.T) {
	needFFmpeg(t)
	const w, h = 640, 360
	cases := []struct {
		name, file, pixFmt string
		raw                RawOptions
		inArgs             []string // ffmpeg's input options for the file
	}{
		{name: "y4m8", file: "r.y4m", pixFmt: "yuv420p"},
		{name: "y4m10", file: "r.y4m", pixFmt: "yuv420p10le"},
		{name: "y4m444", file: "r.y4m", pixFmt: "yuv444p"},
		{name: "raw", file: "r.yuv", pixFmt: "yuv420p",
			raw:    RawOptions{Width: 320, Height: 180, Chroma: yuv.C420, ChromaSet: true, BitDepth: 8},
			inArgs: []string{"-f", "rawvideo", "-pixel_format", "yuv420p", "-video_size", "320x180"}},
		{name: "mkv", file: "r.mkv", pixFmt: "yuv420p"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if testing.Short() && c.name != "y4m8" {
				t.Skip("short: 8-bit Y4M only")
			}
			path := rendition(t, c.file, c.pixFmt)
			if c.file == "r.mkv" {
				// ffv1: lossless, so the file's frames are known exactly.
				p2 := filepath.Join(t.TempDir(), "r.mkv")
				ffmpegRun(t, "-i", path, "-c:v", "ffv1", "-y", p2)
				path = p2
			}
			want := ffmpegRun(t, append(c.inArgs, "-i", path, "-vf", ScaleFilter(w, h), "-pix_fmt", c.pixFmt, "-f", "rawvideo", "pipe:1")...)
			src, err := Open(path, c.raw)
			if err != nil {
				t.Fatal(err)
			}
			r, err := OpenScaled(context.Background(), src, w, h)
			if err != nil {
				t.Fatal(err)
			}
			defer r.Close()
			info := r.Info()
			if info.Width != w || info.Height != h || info.Scaled == nil || info.Scaled.Width != 320 || info.Scaled.Height != 180 ||
				info.Scaled.Scaler != "ffmpeg bicubic" || info.Scaled.Filter != "scale=640:360:flags=bicubic" {
				t.Fatalf("info %+v scaled %+v", info, info.Scaled)
			}
			fb := int(planeBytes(info.Format))
			if len(want) != 5*fb {
				t.Fatalf("ffmpeg wrote %d bytes, want 5 frames of %d", len(want), fb)
			}
			pic := yuv.NewPicture(info.Format)
			wantPic := yuv.NewPicture(info.Format)
			for _, n := range []int{0, 1, 2, 4, 3, 3, 0, 4} {
				if err := r.ReadFrame(n, pic); err != nil {
					t.Fatalf("frame %d: %v", n, err)
				}
				if err := unpackPlanes(want[n*fb:(n+1)*fb], wantPic, wantPic.Chroma.Planes()); err != nil {
					t.Fatal(err)
				}
				samePicture(t, fmt.Sprintf("frame %d", n), pic, wantPic)
			}
			if err := r.ReadFrame(5, pic); !errors.Is(err, io.EOF) {
				t.Fatalf("frame 5: %v, want EOF", err)
			}
			if sr := r.(*scaledReader); sr.started > 5 {
				t.Errorf("%d ffmpeg starts for 8 reads", sr.started)
			}
		})
	}
}

// TestScaledSourceError: a source that fails mid-clip is named, with its
// frame, not hidden behind ffmpeg's end.
func TestScaledSourceError(t *testing.T) {
	needFFmpeg(t)
	f := yuv.Format{Width: 320, Height: 180, Chroma: yuv.C420, BitDepth: 10}
	// Frame 1 holds a sample above 10 bits.
	b := y4mBytes("YUV4MPEG2 W320 H180 F25:1 C420p10", f, 3, nil, 0)
	fb := int(planeBytes(f))
	hdr := len("YUV4MPEG2 W320 H180 F25:1 C420p10\n")
	off := hdr + 2*len("FRAME\n") + fb
	b[off], b[off+1] = 0xff, 0xff
	path := writeFile(t, "bad.y4m", b)
	src, err := Open(path, RawOptions{})
	if err != nil {
		t.Fatal(err)
	}
	r, err := OpenScaled(context.Background(), src, 640, 360)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	pic := yuv.NewPicture(r.Info().Format)
	if err := r.ReadFrame(0, pic); err != nil {
		t.Fatal(err)
	}
	err = r.ReadFrame(1, pic)
	var ce *Error
	if !errors.As(err, &ce) || ce.Frame != 1 || ce.Path != path || !errors.Is(err, ErrSampleRange) {
		t.Fatalf("frame 1: %v, want the source's sample range error at frame 1", err)
	}
}

// TestScaledClose: Close stops ffmpeg and closes the source; reads after
// it fail.
func TestScaledClose(t *testing.T) {
	needFFmpeg(t)
	path := rendition(t, "r.y4m", "yuv420p")
	src, err := Open(path, RawOptions{})
	if err != nil {
		t.Fatal(err)
	}
	r, err := OpenScaled(context.Background(), src, 640, 360)
	if err != nil {
		t.Fatal(err)
	}
	pic := yuv.NewPicture(r.Info().Format)
	if err := r.ReadFrame(2, pic); err != nil {
		t.Fatal(err)
	}
	if err := r.Close(); err != nil {
		t.Fatal(err)
	}
	if err := r.ReadFrame(3, pic); !errors.Is(err, errClosed) {
		t.Fatalf("read after Close: %v", err)
	}
	if err := src.ReadFrame(0, yuv.NewPicture(src.Info().Format)); err == nil {
		t.Fatal("source still open")
	}
	if _, err := os.Stat(path); err != nil {
		t.Fatal(err)
	}
}

// TestScaledCloseWhileReading: Close during reads from another goroutine
// neither hangs nor races; the reads end with "closed" (or succeed).
func TestScaledCloseWhileReading(t *testing.T) {
	needFFmpeg(t)
	path := rendition(t, "r.y4m", "yuv420p")
	src, err := Open(path, RawOptions{})
	if err != nil {
		t.Fatal(err)
	}
	r, err := OpenScaled(context.Background(), src, 1280, 720)
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan error)
	go func() {
		pic := yuv.NewPicture(r.Info().Format)
		for i := 0; ; i++ {
			if err := r.ReadFrame(i%5, pic); err != nil {
				done <- err
				return
			}
		}
	}()
	time.Sleep(200 * time.Millisecond)
	if err := r.Close(); err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-done:
		if !errors.Is(err, errClosed) {
			t.Fatalf("read during Close: %v", err)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("read still blocked after Close")
	}
}
