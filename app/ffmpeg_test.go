package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestTruncatedContainer: a cut mkv whose count ffmpeg reports "ended
// prematurely" fails (it used to score the frames it had and exit 0),
// unless --frame_cnt asks for no more than it has.
func TestTruncatedContainer(t *testing.T) {
	dir := t.TempDir()
	full := ffmpegClip(t, filepath.Join(dir, "full.mkv"), "-f", "lavfi", "-i", "testsrc=size=224x64:rate=25", "-frames:v", "60", "-c:v", "ffv1", "-pix_fmt", "yuv420p")
	b, _ := os.ReadFile(full)
	cut := filepath.Join(dir, "cut.mkv")
	os.WriteFile(cut, b[:len(b)/2], 0o644)
	code, _, stderr := runScore("-d", cut, "--feature", "cambi", "-q")
	if code != 1 || !strings.Contains(stderr, "cut.mkv") || !strings.Contains(stderr, "prematurely") {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	oneLine(t, stderr)
	code, _, stderr = runScore("-d", cut, "--feature", "cambi", "-q", "--frame_cnt", "5")
	if code != 0 {
		t.Errorf("--frame_cnt 5: exit %d: %s", code, stderr)
	}
}

// TestResolutionChange: a stream whose size changes mid-way is refused
// (ffmpeg used to scale it silently to the first size), naming the frame
// where it changes, and --frame_cnt up to that frame scores the frames
// before it (it used to report the change frames early and refuse them).
func TestResolutionChange(t *testing.T) {
	dir := t.TempDir()
	needFFmpeg(t)
	if out, _ := exec.Command("ffmpeg", "-hide_banner", "-encoders").Output(); !strings.Contains(string(out), "libx264") {
		t.Skip("ffmpeg has no libx264")
	}
	// Two H.264 elementary streams, 10 frames then 5: the decoder follows
	// the second one's size without losing a frame.
	a := ffmpegClip(t, filepath.Join(dir, "a.h264"), "-f", "lavfi", "-i", "testsrc=size=320x240:rate=25", "-frames:v", "10", "-c:v", "libx264", "-pix_fmt", "yuv420p")
	b := ffmpegClip(t, filepath.Join(dir, "b.h264"), "-f", "lavfi", "-i", "testsrc=size=256x144:rate=25", "-frames:v", "5", "-c:v", "libx264", "-pix_fmt", "yuv420p")
	ab, _ := os.ReadFile(a)
	bb, _ := os.ReadFile(b)
	both := filepath.Join(dir, "both.h264")
	os.WriteFile(both, append(ab, bb...), 0o644)
	for _, tc := range []struct {
		frames string
		code   int
	}{{"", 1}, {"11", 1}, {"10", 0}, {"4", 0}} {
		args := []string{"-d", both, "--feature", "cambi", "-q"}
		if tc.frames != "" {
			args = append(args, "--frame_cnt", tc.frames)
		}
		code, _, stderr := runScore(args...)
		if code != tc.code {
			t.Errorf("--frame_cnt %q: exit %d, want %d: %s", tc.frames, code, tc.code, stderr)
		}
		if tc.code == 1 && (!strings.Contains(stderr, "both.h264: frame 10: the resolution changes") || !strings.Contains(stderr, "--frame_cnt 10")) {
			t.Errorf("--frame_cnt %q: %s", tc.frames, stderr)
		}
		oneLine(t, stderr)
	}
}

// TestRawWithoutExtension: a raw YUV file without one of the raw
// extensions goes to ffmpeg, and the error says why -w/-h/-p/-b did not
// apply.
func TestRawWithoutExtension(t *testing.T) {
	needFFmpeg(t)
	dir := t.TempDir()
	raw := writeSynthRaw(t, dir, "clip", 224*64*3/2*2)
	code, _, stderr := runScore("-d", raw, "-w", "224", "-h", "64", "-p", "420", "-b", "8", "--feature", "cambi", "-q")
	if code != 1 || !strings.Contains(stderr, ".yuv, .raw or .bin") || !strings.Contains(stderr, "-w/-h/-p/-b") {
		t.Errorf("exit %d: %s", code, stderr)
	}
	oneLine(t, stderr)
}

// TestContainerContradictsRawFlags: -w/-h/-p/-b that contradict a
// container's own format are refused, as for Y4M.
func TestContainerContradictsRawFlags(t *testing.T) {
	dir := t.TempDir()
	mkv := ffmpegClip(t, filepath.Join(dir, "c.mkv"), "-f", "lavfi", "-i", "testsrc=size=224x64:rate=25", "-frames:v", "3", "-c:v", "ffv1", "-pix_fmt", "yuv420p")
	code, _, stderr := runScore("-d", mkv, "--feature", "cambi", "-q", "-w", "640", "-h", "480")
	if code != 1 || !strings.Contains(stderr, "c.mkv") || !strings.Contains(stderr, "640x480") {
		t.Errorf("exit %d: %s", code, stderr)
	}
	code, _, stderr = runScore("-d", mkv, "--feature", "cambi", "-q", "-b", "10")
	if code != 1 || !strings.Contains(stderr, "bit depth") {
		t.Errorf("-b 10: exit %d: %s", code, stderr)
	}
	code, _, stderr = runScore("-d", mkv, "--feature", "cambi", "-q", "-w", "224", "-h", "64", "-p", "420", "-b", "8")
	if code != 0 {
		t.Errorf("agreeing flags: exit %d: %s", code, stderr)
	}
}

// TestProtocolLikeNames: files named "-", "pipe:0" or "file:x.mp4" are
// files (they used to be handed to ffmpeg as protocols).
func TestProtocolLikeNames(t *testing.T) {
	dir := t.TempDir()
	src := ffmpegClip(t, filepath.Join(dir, "src.mkv"), "-f", "lavfi", "-i", "testsrc=size=224x64:rate=25", "-frames:v", "3", "-c:v", "ffv1", "-pix_fmt", "yuv420p")
	b, _ := os.ReadFile(src)
	t.Chdir(dir)
	for _, name := range []string{"-", "pipe:0", "file:x.mp4", "http:y"} {
		os.WriteFile(name, b, 0o644)
		code, stdout, stderr := runScore("-d", name, "--feature", "cambi", "-q")
		if code != 0 || strings.Count(stdout, "\n") != 1+3+4 {
			t.Errorf("%q: exit %d: %s\n%s", name, code, stderr, stdout)
		}
	}
}

// TestSurprisesReported: frame counts that differ are reported with the
// frames scored; frames too small for a feature name the file.
func TestSurprisesReported(t *testing.T) {
	dir := t.TempDir()
	ref, geom := smallRaw(t, dir, "ref.yuv", 3)
	dist, _ := smallRaw(t, dir, "dist.yuv", 2)
	code, _, stderr := runScore(append([]string{"-r", ref, "-d", dist, "--feature", "adm", "-q"}, geom...)...)
	if code != 0 || !strings.Contains(stderr, "3 frames") || !strings.Contains(stderr, "has 2") || !strings.Contains(stderr, "frames 0 to 1") {
		t.Errorf("exit %d: %q", code, stderr)
	}
	tiny := writeSynthRaw(t, dir, "tiny.yuv", 20*20*3/2*2)
	for _, f := range []string{"adm", "cambi"} {
		code, _, stderr = runScore("-d", tiny, "-w", "20", "-h", "20", "-p", "420", "-b", "8", "--feature", f, "-q")
		if code != 1 || !strings.Contains(stderr, "tiny.yuv") || !strings.Contains(stderr, "too small") {
			t.Errorf("%s: exit %d: %s", f, code, stderr)
		}
	}
}

func writeSynthRaw(t *testing.T, dir, name string, n int) string {
	t.Helper()
	p := filepath.Join(dir, name)
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(16 + i%200)
	}
	os.WriteFile(p, b, 0o644)
	return p
}
