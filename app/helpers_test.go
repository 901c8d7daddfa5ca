package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/bandscope/bandscope/kernels/synth"
	"github.com/bandscope/bandscope/kernels/yuv"
)

// TestMain lets a test run the CLI as a child process (for signals that
// kill, resource limits and exit statuses of crashes): with
// BANDSCOPE_TEST_MAIN=1 the test binary is bandscope itself.
func TestMain(m *testing.M) {
	if os.Getenv("BANDSCOPE_TEST_MAIN") == "1" {
		os.Exit(run(os.Args[1:]))
	}
	os.Exit(m.Run())
}

// child is the CLI as a process: the test binary re-run as bandscope.
func child(t *testing.T, args ...string) *exec.Cmd {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe, args...)
	cmd.Env = append(os.Environ(), "BANDSCOPE_TEST_MAIN=1")
	return cmd
}

var small8 = yuv.Format{Width: 224, Height: 64, Chroma: yuv.C420, BitDepth: 8}

// smallRaw writes a small 8-bit clip (fast to score) and returns its path
// and the flags that describe it.
func smallRaw(t *testing.T, dir, name string, frames int) (string, []string) {
	t.Helper()
	return writeSynth(t, dir, name, synth.Spec{Pattern: "vramp_b", Format: small8}, frames),
		[]string{"-w", "224", "-h", "64", "-p", "420", "-b", "8"}
}

func needFFmpeg(t *testing.T) {
	t.Helper()
	for _, tool := range []string{"ffmpeg", "ffprobe"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skip(tool + " not installed")
		}
	}
}

// ffmpegClip encodes a test pattern with ffmpeg.
func ffmpegClip(t *testing.T, path string, args ...string) string {
	t.Helper()
	needFFmpeg(t)
	full := append([]string{"-nostdin", "-v", "error", "-y"}, args...)
	full = append(full, path)
	if out, err := exec.Command("ffmpeg", full...).CombinedOutput(); err != nil {
		t.Fatalf("ffmpeg %v: %v\n%s", full, err, out)
	}
	return path
}

// noTemps fails when dir holds temporary (.part) files.
func noTemps(t *testing.T, dir string) {
	t.Helper()
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && strings.HasSuffix(d.Name(), ".part") {
			t.Errorf("temporary file left behind: %s", p)
		}
		return nil
	})
}

// interrupted is the one line an interrupted run of dist.yuv prints.
var interrupted = regexp.MustCompile(`^bandscope: interrupted at frame [0-9]+ of .*dist.yuv\n$`)

func oneLine(t *testing.T, stderr string) {
	t.Helper()
	if n := strings.Count(strings.TrimSpace(stderr), "\n"); n > 0 {
		t.Errorf("want one line on stderr, got %d:\n%s", n+1, stderr)
	}
}
