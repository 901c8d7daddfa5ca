package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/bandscope/bandscope/kernels/synth"
)

// TestThreadsClamped: absurd --threads counts run at once with a note
// (before: minutes filling a token channel, or Go's out-of-memory crash).
func TestThreadsClamped(t *testing.T) {
	dir := t.TempDir()
	dist, geom := smallRaw(t, dir, "dist.yuv", 2)
	for _, n := range []string{"9999999999", "100000000", "99999999999999999999999"} {
		start := time.Now()
		code, _, stderr := runScore(append([]string{"-d", dist, "--feature", "cambi", "--feature", "adm", "--threads", n, "-q"}, geom...)...)
		if code != 0 {
			t.Fatalf("--threads %s: exit %d: %s", n, code, stderr)
		}
		if d := time.Since(start); d > 5*time.Second {
			t.Errorf("--threads %s took %v", n, d)
		}
		if strings.Count(stderr, "--threads") != 1 || !strings.Contains(stderr, "using 256") {
			t.Errorf("--threads %s: stderr %q", n, stderr)
		}
	}
}

// hugeY4M is a sparse Y4M of one w x h frame: a few KB on disk.
func hugeY4M(t *testing.T, dir, name string, w, h int, c string, bytesPerFrame int64) string {
	t.Helper()
	p := filepath.Join(dir, name)
	head := fmt.Sprintf("YUV4MPEG2 W%d H%d F25:1 C%s\nFRAME\n", w, h, c)
	f, err := os.Create(p)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString(head)
	if err := f.Truncate(int64(len(head)) + bytesPerFrame); err != nil {
		t.Fatal(err)
	}
	f.Close()
	return p
}

// TestMemoryBudget: a run that cannot fit its memory budget is refused
// before allocating, with a line naming the file and the need; under an
// address-space limit the default budget refuses where Go's runtime used
// to crash with "fatal error: out of memory" (exit 2).
func TestMemoryBudget(t *testing.T) {
	dir := t.TempDir()
	huge := hugeY4M(t, dir, "huge.y4m", 16384, 8192, "420", 16384*8192*3/2)
	code, _, stderr := runScore("-d", huge, "--feature", "adm", "--max-memory", "1G", "-q")
	if code != 1 || !strings.Contains(stderr, "huge.y4m") || !strings.Contains(stderr, "needs about") || !strings.Contains(stderr, "--max-memory") {
		t.Errorf("exit %d: %s", code, stderr)
	}
	oneLine(t, stderr)
	// 0 is not a size (it used to mean no limit, as none does); refused
	// before the clip is read, as every bad value.
	small, geom := smallRaw(t, dir, "small.yuv", 2)
	for _, bad := range []string{"lots", "-1G", "1X", "0", "0M", "0.1"} {
		if code, _, stderr := runScore(append([]string{"-d", small, "--feature", "adm", "--max-memory", bad}, geom...)...); code != 2 || !strings.Contains(stderr, "max-memory") {
			t.Errorf("--max-memory %s: exit %d: %s", bad, code, stderr)
		}
	}

	// A 4:4:4 16-bit pair under a 2 GiB address-space limit, default
	// budget: nothing is allocated before the check (the readers' frame
	// buffers, 768 MiB each here, come with the first read).
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh")
	}
	const w, h = 16384, 8192
	ref := hugeY4M(t, dir, "ref444.y4m", w, h, "444p16", w*h*6)
	dist := hugeY4M(t, dir, "dist444.y4m", w, h, "444p16", w*h*6)
	code, stderr = limited(t, "-v 2097152", "score", "-r", ref, "-d", dist,
		"--feature", "cambi", "--feature", "adm", "-q", "-o", filepath.Join(dir, "o.json"))
	if code != 1 || strings.Contains(stderr, "fatal error") || !strings.Contains(stderr, "needs about") {
		t.Errorf("under ulimit -v 2G: exit %d: %s", code, stderr)
	}
}

// limited runs the CLI as a child under `ulimit LIMIT` (sh's syntax, e.g.
// "-v 2097152") and returns its exit code and stderr.
func limited(t *testing.T, limit string, args ...string) (int, string) {
	t.Helper()
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh")
	}
	exe, _ := os.Executable()
	cmd := exec.Command("sh", append([]string{"-c", `ulimit ` + limit + ` && exec "$0" "$@"`, exe}, args...)...)
	cmd.Env = append(os.Environ(), "BANDSCOPE_TEST_MAIN=1")
	var e bytes.Buffer
	cmd.Stderr = &e
	return exitCode(cmd.Run()), e.String()
}

// resultOrOneLine reports whether a run gave its result (exit 0) or one
// line of its own and exit 1.
func resultOrOneLine(code int, stderr string) bool {
	return code == 0 || code == 1 && strings.Count(strings.TrimSpace(stderr), "\n") == 0 && strings.HasPrefix(stderr, "bandscope: ")
}

// TestAddressSpaceLimit: under any `ulimit -v` a run gives its result, or
// one line and exit 1: never the Go runtime's crash (exit 2, a goroutine
// dump), which it used to be from 1.0 to 1.6 GB (the runtime's own
// reservations, glibc's 64 MiB thread arenas, 8 MiB thread stacks), and
// a small run fits from about 1.4 GB (it needed 1.9).
func TestAddressSpaceLimit(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector maps terabytes of shadow memory")
	}
	dir := t.TempDir()
	dist, geom := smallRaw(t, dir, "dist.yuv", 2)
	ran := 0
	for _, mb := range []int{300, 1000, 1200, 1300, 1340, 1400, 1500, 1600, 1800, 2000, 2400} {
		code, stderr := limited(t, fmt.Sprintf("-v %d", mb<<10), append([]string{"score", "-d", dist,
			"--model", "version=vmaf_v0.6.1", "--json", "-o", filepath.Join(dir, "o.json")}, geom...)...)
		if !resultOrOneLine(code, stderr) {
			t.Errorf("ulimit -v %d MiB: exit %d: %.300s", mb, code, stderr)
		}
		if code == 0 {
			ran++
		}
	}
	if ran == 0 {
		t.Error("no run fitted even 2.4 GB")
	}
	// More frames in flight, --explain's second feature set and heatmaps:
	// the budget holds the heap where the address space runs out.
	big := writeSynth(t, dir, "big.yuv", synth.Spec{Pattern: "grad10", Format: grad10}, 12)
	for mb := 1380; mb <= 1500; mb += 20 {
		code, stderr := limited(t, fmt.Sprintf("-v %d", mb<<10), "score", "-d", big, "-r", big,
			"-w", "640", "-h", "480", "-p", "420", "-b", "10", "--threads", "4", "--model", "version=vmaf_v0.6.1", "--explain",
			"--feature", fmt.Sprintf("cambi=heatmaps_path=%s/hm%d", dir, mb), "--json", "-o", filepath.Join(dir, "o.json"))
		if !resultOrOneLine(code, stderr) {
			t.Errorf("ulimit -v %d MiB, 640x480 with heatmaps: exit %d: %.300s", mb, code, stderr)
		}
	}
	noTemps(t, dir)
}

// TestFewFileDescriptors: running out of file descriptors (`ulimit -n`)
// fails the run (exit 1, one line), not the command line, and leaves
// nothing.
func TestFewFileDescriptors(t *testing.T) {
	dir := t.TempDir()
	dist, geom := smallRaw(t, dir, "dist.yuv", 2)
	hm := filepath.Join(dir, "hm")
	code, stderr := limited(t, "-n 12", append([]string{"score", "-d", dist,
		"--feature", "cambi=heatmaps_path=" + hm, "--json", "-o", filepath.Join(dir, "o.json")}, geom...)...)
	if code != 1 || !strings.Contains(stderr, "too many open files") {
		t.Errorf("exit %d: %s", code, stderr)
	}
	oneLine(t, stderr)
	if _, err := os.Stat(hm); err == nil {
		t.Error("the heatmap directory was left")
	}
	noTemps(t, dir)
}

// TestExitCodes: every command-line error exits 2 with one line naming
// the flag and what it accepts; run failures exit 1.
func TestExitCodes(t *testing.T) {
	dir := t.TempDir()
	dist, geom := smallRaw(t, dir, "dist.yuv", 2)
	base := func(extra ...string) []string {
		return append(append([]string{"-d", dist, "--feature", "cambi"}, geom...), extra...)
	}
	for _, tc := range []struct {
		args []string
		want []string // in stderr
	}{
		{base("-b", "9"), []string{"-b", "8, 10, 12 or 16"}},
		{base("-b", "x"), []string{"-b", "8, 10, 12 or 16"}},
		{base("-p", "411"), []string{"-p", "420, 422, 444 or 400"}},
		{base("-w", "-5"), []string{"-w", "width"}},
		{base("-w", "abc"), []string{"-w", "width"}},
		{base("--height", "0"), []string{"height", "from 1"}},
		{base("--feature", "cambi=window_size=3"), []string{"window_size", "15"}},
		{base("--feature", "cambi=bogus=1"), []string{"bogus", "options:"}},
		{base("--feature", "cambi=enc_width=1280"), []string{"enc_width", "enc_height"}},
		{base("--feature", "psnr"), []string{"psnr", "cambi"}},
		{base("--feature", "=x"), []string{"feature"}},
		{base("--backend", "tpu"), []string{"backend", "gpu:N"}},
		{base("--backend", "gpu:x"), []string{"backend", "gpu:N"}},
		{base("--max-memory", "0"), []string{"max-memory", "none"}},
		{base("--cpu-kernels", "sse9"), []string{"cpu-kernels", "scalar"}},
		{base("--threads", "-1"), []string{"threads", "0 (all cores)"}},
		{base("--frame_cnt", "x"), []string{"frame_cnt"}},
		{base("--precision", "99"), []string{"precision", "max"}},
		{base("--json", "--csv"), []string{"--json", "--csv"}},
		{base("--nope"), []string{"nope"}},
		{base("-o"), []string{"-o"}},
		{base("extra"), []string{"extra"}},
		{[]string{"--feature", "cambi"}, []string{"--distorted"}},
		{base("--model", "version=vmaf_v9"), []string{"vmaf_v9", "vmaf_v0.6.1"}},
		{base("--model", "path=/nonexistent/m.json"), []string{"/nonexistent/m.json"}},
		{base("--model", "version=vmaf_v0.6.1", "--model", "version=vmaf_v1.0.16_3d0h"), []string{"name"}},
		{base("--explain"), []string{"--explain", "--model"}},
	} {
		code, stdout, stderr := runScore(tc.args...)
		if code != 2 {
			t.Errorf("%v: exit %d, want 2: %s", tc.args, code, stderr)
		}
		oneLine(t, stderr)
		if stdout != "" {
			t.Errorf("%v: stdout %q", tc.args, stdout)
		}
		for _, w := range tc.want {
			if !strings.Contains(stderr, w) {
				t.Errorf("%v: stderr %q does not mention %q", tc.args, stderr, w)
			}
		}
	}
}

// TestHelp: --help prints the usage on stdout, grouped, each flag with its
// aliases on one line, and exits 0.
func TestHelp(t *testing.T) {
	code, stdout, stderr := runScore("--help")
	if code != 0 || stderr != "" {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, group := range []string{"Input:", "Features and models:", "Output:", "Run:"} {
		if !strings.Contains(stdout, group) {
			t.Errorf("no %s group", group)
		}
	}
	for _, name := range []string{"-r, --reference", "-d, --distorted", "-o, --output", "--threads", "--max-memory", "--backend", "--model version=", "--explain"} {
		if strings.Count(stdout, name) != 1 {
			t.Errorf("%q listed %d times", name, strings.Count(stdout, name))
		}
	}
	if strings.Contains(stdout, "-reference") && strings.Count(stdout, "reference") > 3 {
		t.Errorf("aliases repeated:\n%s", stdout)
	}
}

// panicWriter crashes the table writer: the CLI's top-level recovery must
// turn it into exit 1 and one "internal error" line.
type panicWriter struct{}

func (panicWriter) Write([]byte) (int, error) { panic("boom") }

// TestPanicIsExit1: a panic is "internal error" with exit 1, never Go's
// exit status 2 (which means "bad command line").
func TestPanicIsExit1(t *testing.T) {
	dir := t.TempDir()
	dist, geom := smallRaw(t, dir, "dist.yuv", 2)
	var e bytes.Buffer
	code := scoreMain(append([]string{"-d", dist, "--feature", "cambi", "-q"}, geom...), panicWriter{}, &e)
	if code != 1 || !strings.HasPrefix(e.String(), "bandscope: internal error: boom") {
		t.Errorf("exit %d: %q", code, e.String())
	}
	oneLine(t, e.String())
}
