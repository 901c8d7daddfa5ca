package clip

import (
	"context"
	"os"
	"path/filepath"
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
	defer setStallTimeout(setStallTimeout(time.Second))
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

// setStallTimeout changes the time a helper may make no progress before it
// is killed, and returns the previous one; a watchdog already running
// keeps the value it started with.
func setStallTimeout(d time.Duration) time.Duration {
	return time.Duration(stallTimeout.Swap(int64(d)))
}

// TestHLSWithFIFOSegment: a playlist whose second segment is a FIFO used
// to hang (the packet-count probe timed out after 2 minutes, its error was
// ignored, then decoding blocked forever). The watchdog kills the stalled
// helper, and opening or reading the clip fails naming it.
func TestHLSWithFIFOSegment(t *testing.T) {
	needFFmpeg(t)
	defer setStallTimeout(setStallTimeout(time.Second))
	dir := t.TempDir()
	ffmpegRun(t, "-f", "lavfi", "-i", "testsrc=size=224x64:rate=25", "-frames:v", "5", "-c:v", "mpeg2video", "-y", filepath.Join(dir, "seg0.ts"))
	if err := syscall.Mkfifo(filepath.Join(dir, "seg1.ts"), 0o644); err != nil {
		t.Skip("no FIFOs:", err)
	}
	pl := filepath.Join(dir, "list.m3u8")
	os.WriteFile(pl, []byte("#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:1\n#EXTINF:0.2,\nseg0.ts\n#EXTINF:0.2,\nseg1.ts\n#EXT-X-ENDLIST\n"), 0o644)
	done := make(chan error, 1)
	go func() {
		r, err := Open(pl, RawOptions{})
		if err == nil {
			defer r.Close()
			pic := yuv.NewPicture(r.Info().Format)
			for n := 0; err == nil; n++ {
				err = r.ReadFrame(n, pic)
			}
		}
		done <- err
	}()
	var err error
	select {
	case err = <-done:
	case <-time.After(30 * time.Second):
		// Unblock the FIFO so the test can end.
		if f, err := os.OpenFile(filepath.Join(dir, "seg1.ts"), os.O_WRONLY, 0); err == nil {
			f.Close()
		}
		t.Fatal("still reading after 30 s")
	}
	if err == nil || !strings.Contains(err.Error(), "list.m3u8") || !strings.Contains(err.Error(), "stalled") {
		t.Errorf("%v", err)
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
	defer setStallTimeout(setStallTimeout(time.Second))
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
