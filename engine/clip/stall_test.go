package clip

import (
	"context"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/bandscope/bandscope/kernels/yuv"
)

// TestStoppedFFmpeg: an ffmpeg stopped by a signal used to block the
// reader forever; the watchdog kills it and the read names the file and
// the frame.
func TestStoppedFFmpeg(t *testing.T) {
	requireFFmpeg(t)
	old := SetStallTimeout(time.Second)
	defer SetStallTimeout(old)
	path := encode(t, "s.mkv", 60, "-pix_fmt", "yuv420p", "-c:v", "ffv1")
	r, err := Open(path, RawOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	dst := yuv.NewPicture(r.Info().Format)
	if err := r.ReadFrame(0, dst); err != nil {
		t.Fatal(err)
	}
	fr := r.(*ffReader)
	pid := fr.dec.cmd.Process.Pid
	if err := syscall.Kill(pid, syscall.SIGSTOP); err != nil {
		t.Fatal(err)
	}
	defer syscall.Kill(pid, syscall.SIGCONT)
	start := time.Now()
	var n int
	for n = 1; n < 60; n++ {
		if err = r.ReadFrame(n, dst); err != nil {
			break
		}
	}
	if err == nil || !strings.Contains(err.Error(), "s.mkv: frame ") || !strings.Contains(err.Error(), "stopped") {
		t.Fatalf("frame %d: %v", n, err)
	}
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("took %v", d)
	}
}

// TestFileURL: local paths reach ffmpeg as absolute file: URLs.
func TestFileURL(t *testing.T) {
	for _, name := range []string{"-", "pipe:0", "file:x.mp4", "/a/b.mkv"} {
		u := fileURL(name)
		if !strings.HasPrefix(u, "file:/") || !strings.HasSuffix(u, name) {
			t.Errorf("%q -> %q", name, u)
		}
	}
}

// TestStoppedScaler: the ffmpeg that upscales a ladder rendition is
// watched too; stopped by a signal, it is killed and the read fails naming
// the file and the frame.
func TestStoppedScaler(t *testing.T) {
	needFFmpeg(t)
	old := SetStallTimeout(time.Second)
	defer SetStallTimeout(old)
	path := rendition(t, "r.y4m", "yuv420p")
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
	pid := r.(*scaledReader).proc.cmd.Process.Pid
	if err := syscall.Kill(pid, syscall.SIGSTOP); err != nil {
		t.Fatal(err)
	}
	defer syscall.Kill(pid, syscall.SIGCONT)
	start := time.Now()
	for n := 1; n < 5; n++ {
		if err = r.ReadFrame(n, pic); err != nil {
			break
		}
	}
	// A 640x360 frame is larger than a pipe's buffer: a stopped ffmpeg
	// cannot have written the next one.
	if err == nil || !strings.Contains(err.Error(), "r.y4m: frame ") || !strings.Contains(err.Error(), "stopped") {
		t.Fatalf("%v", err)
	}
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("took %v", d)
	}
}
