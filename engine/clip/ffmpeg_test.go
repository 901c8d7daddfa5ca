package clip

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/bandscope/bandscope/kernels/yuv"
)

func requireFFmpeg(t testing.TB) {
	t.Helper()
	if ok, why := FFmpegAvailable(); !ok {
		t.Skip("skipped: " + why)
	}
}

func hasEncoder(t testing.TB, name string) bool {
	out, err := exec.Command("ffmpeg", "-hide_banner", "-encoders").Output()
	return err == nil && strings.Contains(string(out), " "+name+" ")
}

// encode makes a test clip with ffmpeg's testsrc2 (moving content, so
// every frame differs).
func encode(t testing.TB, name string, frames int, args ...string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	cmd := append([]string{"-nostdin", "-v", "error", "-y", "-f", "lavfi", "-i", "testsrc2=size=176x144:rate=25",
		"-frames:v", fmt.Sprint(frames)}, args...)
	cmd = append(cmd, path)
	if out, err := exec.Command("ffmpeg", cmd...).CombinedOutput(); err != nil {
		t.Fatalf("ffmpeg %v: %v\n%s", cmd, err, out)
	}
	return path
}

// decodeY4M decodes a clip to Y4M with ffmpeg, the way a user would before
// scoring with libvmaf, and reads every frame with the Y4M reader.
func decodeY4M(t testing.TB, path, pixFmt string) []*yuv.Picture {
	t.Helper()
	y := filepath.Join(t.TempDir(), "ref.y4m")
	args := []string{"-nostdin", "-v", "error", "-y", "-i", path, "-map", "0:v:0", "-fps_mode", "passthrough",
		"-pix_fmt", pixFmt, "-strict", "-1", y}
	if out, err := exec.Command("ffmpeg", args...).CombinedOutput(); err != nil {
		t.Fatalf("ffmpeg %v: %v\n%s", args, err, out)
	}
	r, err := Open(y, RawOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	var pics []*yuv.Picture
	for n := 0; n < r.Info().Frames; n++ {
		p := yuv.NewPicture(r.Info().Format)
		if err := r.ReadFrame(n, p); err != nil {
			t.Fatal(err)
		}
		pics = append(pics, p)
	}
	return pics
}

var containerClips = []struct {
	name    string
	encoder string
	depth   int
	args    []string
}{
	{"x264.mp4", "libx264", 8, []string{"-pix_fmt", "yuv420p", "-c:v", "libx264", "-g", "10", "-bf", "2"}},
	{"x264.mkv", "libx264", 8, []string{"-pix_fmt", "yuv420p", "-c:v", "libx264", "-g", "7", "-bf", "3"}},
	{"x265_10b.mkv", "libx265", 10, []string{"-pix_fmt", "yuv420p10le", "-c:v", "libx265", "-x265-params", "keyint=10:log-level=error"}},
	{"x265_10b.mp4", "libx265", 10, []string{"-pix_fmt", "yuv420p10le", "-c:v", "libx265", "-x265-params", "keyint=8:log-level=error"}},
	{"aom.ivf", "libaom-av1", 8, []string{"-pix_fmt", "yuv420p", "-c:v", "libaom-av1", "-cpu-used", "8", "-g", "10"}},
	{"aom_10b.webm", "libaom-av1", 10, []string{"-pix_fmt", "yuv420p10le", "-c:v", "libaom-av1", "-cpu-used", "8", "-g", "9"}},
	{"vp9_444.webm", "libvpx-vp9", 8, []string{"-pix_fmt", "yuv444p", "-c:v", "libvpx-vp9", "-deadline", "realtime", "-g", "10"}},
	{"x264_422_10b.mov", "libx264", 10, []string{"-pix_fmt", "yuv422p10le", "-c:v", "libx264", "-g", "10"}},
}

// TestContainersMatchY4M: every frame read from a container, in order and
// in a scrubbing order, equals, sample for sample, the same frame decoded
// to Y4M first; equal frames give equal scores.
func TestContainersMatchY4M(t *testing.T) {
	requireFFmpeg(t)
	const frames = 30
	for _, tc := range containerClips {
		t.Run(tc.name, func(t *testing.T) {
			if !hasEncoder(t, tc.encoder) {
				t.Skipf("skipped: this ffmpeg has no %s encoder", tc.encoder)
			}
			path := encode(t, tc.name, frames, tc.args...)
			r, err := Open(path, RawOptions{})
			if err != nil {
				t.Fatal(err)
			}
			defer r.Close()
			ff := r.(*ffReader)
			info := r.Info()
			want := decodeY4M(t, path, ff.Probe().OutPixFmt)
			if info.Frames != len(want) || info.Width != 176 || info.Height != 144 || info.BitDepth != tc.depth {
				t.Fatalf("info %+v, want %d frames 176x144 %d-bit", info, len(want), tc.depth)
			}
			var pic *yuv.Picture
			order := []int{0, 1, 2, 3, 29, 28, 12, 13, 11, 5, 20, 19, 18, 25, 9, 10, 0, 15, 4}
			for n := 0; n < frames; n++ {
				order = append(order, n)
			}
			for _, n := range order {
				pic = yuv.Reuse(pic, info.Format)
				if err := r.ReadFrame(n, pic); err != nil {
					t.Fatalf("frame %d: %v", n, err)
				}
				samePicture(t, fmt.Sprintf("%s frame %d", tc.name, n), pic, want[n])
				luma := yuv.NewPicture(info.Format)
				if err := r.(LumaReader).ReadLuma(n, luma); err != nil {
					t.Fatalf("frame %d: ReadLuma: %v", n, err)
				}
				for j, v := range want[n].Planes[0] {
					if luma.Planes[0][j] != v {
						t.Fatalf("%s frame %d: ReadLuma sample %d = %d, want %d", tc.name, n, j, luma.Planes[0][j], v)
					}
				}
			}
			if err := r.ReadFrame(frames, pic); !errors.Is(err, io.EOF) {
				t.Errorf("frame %d: %v, want EOF", frames, err)
			}
			t.Logf("%s: %s %s -> %s, %d decoder starts for %d reads", tc.name, info.Container, ff.Probe().PixFmt, ff.Probe().OutPixFmt, ff.started, len(order))
		})
	}
}

// TestSequentialReadStartsOnce: reading in order never restarts ffmpeg.
func TestSequentialReadStartsOnce(t *testing.T) {
	requireFFmpeg(t)
	path := encode(t, "s.mkv", 40, "-pix_fmt", "yuv420p", "-c:v", "ffv1")
	r, err := Open(path, RawOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	pic := yuv.NewPicture(r.Info().Format)
	for n := 0; n < 40; n++ {
		if err := r.ReadFrame(n, pic); err != nil {
			t.Fatal(err)
		}
	}
	if s := r.(*ffReader).started; s != 1 {
		t.Errorf("%d decoder starts, want 1", s)
	}
}

func TestFFmpegAvailable(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	ok, why := FFmpegAvailable()
	want := "ffmpeg and ffprobe not found on PATH: container files (mp4, mkv, webm, mov, ivf, ...) cannot be opened; " +
		"Y4M and raw YUV clips still work (install ffmpeg, e.g. apt-get install ffmpeg)"
	if ok || why != want {
		t.Errorf("%v %q", ok, why)
	}
	path := writeFile(t, "c.mp4", []byte("not really"))
	_, err := Open(path, RawOptions{})
	if got := errText(err, path); got != "PATH: not a YUV4MPEG2 or raw YUV file, and ffmpeg and ffprobe are needed for this file: "+want || !errors.Is(err, ErrNoFFmpeg) {
		t.Errorf("Open without ffmpeg: %s", got)
	}
	// Y4M and raw still open.
	y := writeFile(t, "c.y4m", y4mBytes("YUV4MPEG2 W2 H2 F1:1 Cmono", mono2x2, 1, nil, 0))
	if r, err := Open(y, RawOptions{}); err != nil {
		t.Error(err)
	} else {
		r.Close()
	}
}

func TestDecodeFormat(t *testing.T) {
	for _, tc := range []struct {
		src, out string
		c        yuv.Chroma
		depth    int
		err      string
	}{
		{"yuv420p", "yuv420p", yuv.C420, 8, ""},
		{"yuvj420p", "yuvj420p", yuv.C420, 8, ""},
		{"nv12", "yuv420p", yuv.C420, 8, ""},
		{"yuv420p10le", "yuv420p10le", yuv.C420, 10, ""},
		{"yuv420p10be", "yuv420p10le", yuv.C420, 10, ""},
		{"yuva444p12le", "yuv444p12le", yuv.C444, 12, ""},
		{"p010le", "yuv420p10le", yuv.C420, 10, ""},
		{"p216le", "yuv422p16le", yuv.C422, 16, ""},
		{"gray", "gray", yuv.C400, 8, ""},
		{"gray12le", "gray12le", yuv.C400, 12, ""},
		{"yuv411p", "yuv411p", yuv.C411, 8, ""},
		{"rgb24", "", 0, 0, "pixel format rgb24 is not planar YUV or grey (RGB and others are not measured; convert to YUV first)"},
		{"gbrp10le", "", 0, 0, "pixel format gbrp10le is not planar YUV or grey (RGB and others are not measured; convert to YUV first)"},
		{"", "", 0, 0, "ffprobe reports no pixel format (an undecodable stream?)"},
	} {
		out, c, d, err := decodeFormat(tc.src)
		if out != tc.out || c != tc.c || d != tc.depth || errText(err, "\x00") != map[bool]string{true: "<nil>", false: tc.err}[tc.err == ""] {
			t.Errorf("%s: %s %v %d %v", tc.src, out, c, d, err)
		}
	}
}

// fakeFFmpeg puts scripts named ffmpeg (and, if given, ffprobe) first on
// PATH; the real tools stay reachable as $REAL_FFMPEG and $REAL_FFPROBE.
func fakeFFmpeg(t *testing.T, ffmpeg, ffprobe string) {
	t.Helper()
	realFF, _ := exec.LookPath("ffmpeg")
	realFP, _ := exec.LookPath("ffprobe")
	dir := t.TempDir()
	if ffprobe == "" {
		ffprobe = `exec "$REAL_FFPROBE" "$@"`
	}
	for name, body := range map[string]string{"ffmpeg": ffmpeg, "ffprobe": ffprobe} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte("#!/bin/sh\n"+body+"\n"), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	t.Setenv("REAL_FFMPEG", realFF)
	t.Setenv("REAL_FFPROBE", realFP)
	t.Setenv("PATH", dir+":"+os.Getenv("PATH"))
}

// TestFFmpegFailures is the catalogue of helper failures.
func TestFFmpegFailures(t *testing.T) {
	requireFFmpeg(t)
	clip := encode(t, "c.mkv", 10, "-pix_fmt", "yuv420p", "-c:v", "ffv1")
	frame := 176*144 + 2*88*72
	for _, tc := range []struct {
		name, ffmpeg, ffprobe string
		open, read            string // exact messages
		frame                 int
	}{
		{"exits early", fmt.Sprintf(`head -c %d /dev/zero; echo "Error while decoding stream #0:0: Invalid data found" >&2; exit 1`, 3*frame+100), "",
			"<nil>", "PATH: frame 3: truncated frame: ffmpeg stopped: Error while decoding stream #0:0: Invalid data found (exit status 1)", 5},
		{"exits at a frame boundary", fmt.Sprintf(`head -c %d /dev/zero; echo "Conversion failed!" >&2; exit 1`, 2*frame), "",
			"<nil>", "PATH: frame 2: ffmpeg stopped: Conversion failed! (exit status 1)", 5},
		{"ends cleanly early", fmt.Sprintf(`head -c %d /dev/zero`, 2*frame), "",
			"<nil>", "PATH: frame 2: fewer frames decode than the file lists: ffmpeg decodes frames 0 to 1, 2 of the 10 the file lists (is the file cut short?)", 5},
		{"killed", `kill -9 $$`, "",
			"<nil>", "PATH: frame 0: ffmpeg stopped: signal: killed", 0},
		{"ffprobe fails", "", `for a; do last=$a; done; echo "$last: Invalid data found when processing input" >&2; exit 1`,
			"PATH: ffprobe cannot read it: Invalid data found when processing input (exit status 1)", "", 0},
		{"ffprobe no stream", "", `echo '{"streams":[],"format":{"format_name":"wav"}}'`,
			`PATH: no video stream (ffprobe format "wav")`, "", 0},
		{"ffprobe garbage", "", `echo 'not json'`,
			"PATH: ffprobe output unreadable: invalid character 'o' in literal null (expecting 'u')", "", 0},
		{"ffprobe rgb", "", `echo '{"streams":[{"width":16,"height":16,"pix_fmt":"rgb24"}],"format":{}}'`,
			"PATH: pixel format rgb24 is not planar YUV or grey (RGB and others are not measured; convert to YUV first)", "", 0},
		{"ffprobe absurd size", "", `echo '{"streams":[{"width":100000,"height":100000,"pix_fmt":"yuv420p"}],"format":{}}'`,
			"PATH: frame size too large: 100000x100000 (at most 134217728 pixels)", "", 0},
		{"ffprobe zero size", "", `echo '{"streams":[{"width":0,"height":0,"pix_fmt":"yuv420p"}],"format":{}}'`,
			"PATH: frame size 0x0 is not positive", "", 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ff := tc.ffmpeg
			if ff == "" {
				ff = `exec "$REAL_FFMPEG" "$@"`
			}
			fakeFFmpeg(t, ff, tc.ffprobe)
			before := runtime.NumGoroutine()
			r, err := Open(clip, RawOptions{})
			if got := errText(err, clip); got != tc.open {
				t.Fatalf("Open: %s, want %s", got, tc.open)
			}
			if err != nil {
				return
			}
			pic := yuv.NewPicture(r.Info().Format)
			var rerr error
			for n := 0; n <= tc.frame && rerr == nil; n++ {
				rerr = r.ReadFrame(n, pic)
			}
			if got := errText(rerr, clip); got != tc.read {
				t.Errorf("read: %s, want %s", got, tc.read)
			}
			r.Close()
			noLeak(t, before)
		})
	}
}

// noLeak waits for goroutines to return to a baseline.
func noLeak(t *testing.T, before int) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for runtime.NumGoroutine() > before {
		if time.Now().After(deadline) {
			buf := make([]byte, 1<<16)
			t.Fatalf("goroutines: %d before, %d after\n%s", before, runtime.NumGoroutine(), buf[:runtime.Stack(buf, true)])
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// TestCancel: cancelling the context stops ffmpeg mid-stream; the read
// fails naming the frame and nothing is left running.
func TestCancel(t *testing.T) {
	requireFFmpeg(t)
	clip := encode(t, "c.mkv", 10, "-pix_fmt", "yuv420p", "-c:v", "ffv1")
	// ffmpeg that writes one frame and then hangs.
	fakeFFmpeg(t, fmt.Sprintf(`head -c %d /dev/zero; sleep 600`, 176*144*3/2), "")
	before := runtime.NumGoroutine()
	ctx, cancel := context.WithCancel(context.Background())
	r, err := OpenContext(ctx, clip, RawOptions{})
	if err != nil {
		t.Fatal(err)
	}
	pic := yuv.NewPicture(r.Info().Format)
	if err := r.ReadFrame(0, pic); err != nil {
		t.Fatal(err)
	}
	dec := r.(*ffReader).dec
	go func() { time.Sleep(100 * time.Millisecond); cancel() }()
	start := time.Now()
	err = r.ReadFrame(1, pic)
	if got := errText(err, clip); got != "PATH: frame 1: context canceled" || !errors.Is(err, context.Canceled) {
		t.Errorf("read after cancel: %s", got)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("cancel took %v", d)
	}
	if dec.cmd.ProcessState == nil {
		t.Error("ffmpeg was not reaped")
	}
	r.Close()
	noLeak(t, before)

	// Close alone, with ffmpeg still running, reaps it too.
	r, err = Open(clip, RawOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if err := r.ReadFrame(0, pic); err != nil {
		t.Fatal(err)
	}
	dec = r.(*ffReader).dec
	r.Close()
	if dec.cmd.ProcessState == nil {
		t.Error("Close did not reap ffmpeg")
	}
	noLeak(t, before)
}

// TestCloseDuringRead: Close while a read waits on a stalled ffmpeg ends
// the read with a clear error and reaps ffmpeg.
func TestCloseDuringRead(t *testing.T) {
	requireFFmpeg(t)
	clip := encode(t, "c.mkv", 10, "-pix_fmt", "yuv420p", "-c:v", "ffv1")
	fakeFFmpeg(t, fmt.Sprintf(`head -c %d /dev/zero; sleep 600`, 176*144*3/2), "")
	before := runtime.NumGoroutine()
	r, err := Open(clip, RawOptions{})
	if err != nil {
		t.Fatal(err)
	}
	pic := yuv.NewPicture(r.Info().Format)
	if err := r.ReadFrame(0, pic); err != nil {
		t.Fatal(err)
	}
	dec := r.(*ffReader).dec
	errc := make(chan error)
	go func() { errc <- r.ReadFrame(1, yuv.NewPicture(r.Info().Format)) }()
	time.Sleep(100 * time.Millisecond)
	if err := r.Close(); err != nil {
		t.Error(err)
	}
	select {
	case err := <-errc:
		if got := errText(err, clip); got != "PATH: frame 1: reader is closed" {
			t.Errorf("read during Close: %s", got)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("read still blocked after Close")
	}
	if dec.cmd.ProcessState == nil {
		t.Error("ffmpeg was not reaped")
	}
	noLeak(t, before)
}

// TestNoTimeBase: without a time base seeking is impossible; the reader
// decodes from the start instead and still gives the right frames.
func TestNoTimeBase(t *testing.T) {
	requireFFmpeg(t)
	if !hasEncoder(t, "libx264") {
		t.Skip("skipped: this ffmpeg has no libx264 encoder")
	}
	clip := encode(t, "c.mp4", 20, "-pix_fmt", "yuv420p", "-c:v", "libx264", "-g", "5")
	want := decodeY4M(t, clip, "yuv420p")
	fakeFFmpeg(t, `exec "$REAL_FFMPEG" "$@"`,
		`case "$*" in *packet*) exec "$REAL_FFPROBE" "$@";; esac; "$REAL_FFPROBE" "$@" | sed 's/"time_base"/"no_time_base"/'`)
	r, err := Open(clip, RawOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	pic := yuv.NewPicture(r.Info().Format)
	for _, n := range []int{15, 3, 19, 0, 12} {
		if err := r.ReadFrame(n, pic); err != nil {
			t.Fatal(err)
		}
		samePicture(t, fmt.Sprintf("frame %d", n), pic, want[n])
	}
}
