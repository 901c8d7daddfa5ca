package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/bandscope/bandscope/engine"
	"github.com/bandscope/bandscope/kernels/synth"
)

// smallPipe shrinks a pipe's buffer to one page, so that a few kilobytes
// of output block in write(2) when nobody reads.
func smallPipe(t *testing.T, f *os.File) {
	t.Helper()
	const fSetPipeSz = 1031 // F_SETPIPE_SZ
	if _, _, e := syscall.Syscall(syscall.SYS_FCNTL, f.Fd(), fSetPipeSz, 4096); e != 0 {
		t.Skip("cannot shrink a pipe:", e)
	}
}

// exitCode is a finished child's exit status, or -signal when killed.
func exitCode(err error) int {
	if err == nil {
		return 0
	}
	if ee, ok := err.(*exec.ExitError); ok {
		if ws, ok := ee.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			return -int(ws.Signal())
		}
		return ee.ExitCode()
	}
	return -1000
}

// waitFor polls until cond holds or the deadline passes.
func waitFor(t *testing.T, d time.Duration, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(d)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// published reports whether dir holds the five heatmaps under their names.
func published(dir string, w, h int) bool {
	for _, name := range engine.HeatmapNames(w, h) {
		if _, err := os.Stat(filepath.Join(dir, name)); err != nil {
			return false
		}
	}
	return true
}

// TestFailedPublishLeavesNothing: an output that fails when it is written
// (a full device, a pipe whose reader is gone, a heatmap directory removed
// during the run) leaves none of the run's outputs: heatmaps already
// renamed into place are rolled back, a replaced file has its old content,
// and the directories the run made are removed.
func TestFailedPublishLeavesNothing(t *testing.T) {
	dir := t.TempDir()
	dist, geom := smallRaw(t, dir, "dist.yuv", 2)
	hm := filepath.Join(dir, "new", "deep")
	check := func(t *testing.T, code int, stderr, want string) {
		t.Helper()
		if code != 1 || !strings.Contains(stderr, want) {
			t.Errorf("exit %d: %s", code, stderr)
		}
		oneLine(t, stderr)
		if _, err := os.Stat(filepath.Join(dir, "new")); err == nil {
			t.Error("the heatmaps (or the directories made for them) were left")
		}
		noTemps(t, dir)
	}
	t.Run("device full", func(t *testing.T) {
		if _, err := os.Stat("/dev/full"); err != nil {
			t.Skip("no /dev/full")
		}
		code, _, stderr := runScore(append([]string{"-d", dist, "--feature", "cambi=heatmaps_path=" + hm, "--json", "-o", "/dev/full"}, geom...)...)
		check(t, code, stderr, "no space left")
	})
	t.Run("broken pipe", func(t *testing.T) {
		r, w, err := os.Pipe()
		if err != nil {
			t.Fatal(err)
		}
		r.Close()
		defer w.Close()
		out := fmt.Sprintf("/proc/self/fd/%d", w.Fd())
		code, _, stderr := runScore(append([]string{"-d", dist, "--feature", "cambi=heatmaps_path=" + hm, "--json", "-o", out}, geom...)...)
		check(t, code, stderr, "broken pipe")
	})
	t.Run("heatmap directory removed", func(t *testing.T) {
		long := writeSynth(t, dir, "long.yuv", synth.Spec{Pattern: "grad10", Format: grad10}, 40)
		out := filepath.Join(dir, "keep.json")
		os.WriteFile(out, []byte("old"), 0o644)
		hm2 := filepath.Join(dir, "hm2")
		done := make(chan struct{})
		var code int
		var stderr string
		go func() {
			defer close(done)
			code, _, stderr = runScore("-d", long, "-w", "640", "-h", "480", "-p", "420", "-b", "10", "--threads", "1",
				"--feature", "cambi=heatmaps_path="+hm2, "--json", "-o", out)
		}()
		waitFor(t, 20*time.Second, "the heatmaps' temporary files", func() bool {
			m, _ := filepath.Glob(filepath.Join(hm2, ".*.part"))
			return len(m) == 5
		})
		os.RemoveAll(hm2)
		<-done
		if code != 1 || !strings.Contains(stderr, "cambi_heatmap") {
			t.Errorf("exit %d: %s", code, stderr)
		}
		if b, _ := os.ReadFile(out); string(b) != "old" {
			t.Errorf("-o was published by a failed run: %.40q", b)
		}
		noTemps(t, dir)
	})
}

// blockedRun starts a run whose output (a FIFO given as -o, or stdout)
// blocks in write(2) once the heatmaps are in place: nobody reads, and
// the pipe holds one page.
func blockedRun(t *testing.T, dir string, toStdout bool) (*exec.Cmd, *bytes.Buffer, string) {
	t.Helper()
	dist, geom := smallRaw(t, dir, "dist.yuv", 20)
	hm := filepath.Join(dir, "hm")
	args := append([]string{"score", "-d", dist, "--model", "version=vmaf_v0.6.1", "--explain",
		"--feature", "cambi=heatmaps_path=" + hm, "--precision", "max"}, geom...)
	var keep *os.File // the reader's end, never read
	var w *os.File
	if toStdout {
		r, pw, err := os.Pipe()
		if err != nil {
			t.Fatal(err)
		}
		smallPipe(t, pw)
		keep, w = r, pw
	} else {
		fifo := filepath.Join(dir, "out.fifo")
		if err := syscall.Mkfifo(fifo, 0o644); err != nil {
			t.Skip("no FIFOs here:", err)
		}
		r, err := os.OpenFile(fifo, os.O_RDONLY|syscall.O_NONBLOCK, 0)
		if err != nil {
			t.Fatal(err)
		}
		smallPipe(t, r)
		keep = r
		args = append(args, "--json", "-o", fifo)
	}
	t.Cleanup(func() { keep.Close() })
	cmd := child(t, args...)
	var e bytes.Buffer
	cmd.Stderr = &e
	if w != nil {
		cmd.Stdout = w
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	if w != nil {
		w.Close()
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	waitFor(t, 30*time.Second, "the heatmaps in place", func() bool { return published(hm, 224, 64) })
	time.Sleep(300 * time.Millisecond) // and the write blocked
	return cmd, &e, hm
}

// TestSignalWhileOutputBlocks: SIGINT, SIGTERM, SIGHUP and SIGQUIT stop a
// run whose output is blocked in a pipe or FIFO nobody reads (they used to
// be ignored until the reader went away, then SIGPIPE killed it leaving
// the heatmaps): exit 130 within a second or two, the heatmaps it had
// renamed into place rolled back, nothing left.
func TestSignalWhileOutputBlocks(t *testing.T) {
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP, syscall.SIGQUIT} {
		for _, toStdout := range []bool{false, true} {
			name := sig.String() + "/fifo"
			if toStdout {
				name = sig.String() + "/stdout"
			}
			t.Run(name, func(t *testing.T) {
				dir := t.TempDir()
				cmd, stderr, hm := blockedRun(t, dir, toStdout)
				cmd.Process.Signal(sig)
				done := make(chan error, 1)
				go func() { done <- cmd.Wait() }()
				select {
				case err := <-done:
					if code := exitCode(err); code != 130 {
						t.Errorf("exit %d: %s", code, stderr)
					}
				case <-time.After(5 * time.Second):
					t.Fatalf("still running 5 s after %v", sig)
				}
				if !interrupted.MatchString(stderr.String()) {
					t.Errorf("stderr %q", stderr)
				}
				if _, err := os.Stat(hm); err == nil {
					t.Error("the heatmaps were left")
				}
				noTemps(t, dir)
			})
		}
	}
}

// TestDeadStderr: a stderr whose reader is gone (`2> >(true)`) never turns
// a failure into SIGPIPE's exit 141; an interrupted run's cleanup is
// TestHangup's.
func TestDeadStderr(t *testing.T) {
	dir := t.TempDir()
	dist, _ := smallRaw(t, dir, "dist.yuv", 2)
	for _, tc := range []struct {
		name string
		args []string
		want int
	}{
		{"failed run", []string{"score", "-d", filepath.Join(dir, "missing.y4m"), "--feature", "cambi"}, 1},
		{"bad command line", []string{"score", "-d", dist, "--bogus"}, 2},
	} {
		r, w, err := os.Pipe()
		if err != nil {
			t.Fatal(err)
		}
		r.Close()
		cmd := child(t, tc.args...)
		cmd.Stderr = w
		err = cmd.Run()
		w.Close()
		if code := exitCode(err); code != tc.want {
			t.Errorf("%s: exit %d, want %d", tc.name, code, tc.want)
		}
	}
}

// TestOutputsSameFileTwoWays: two outputs that are one file reached two
// ways (a symlink to a directory) are refused before any work, as when
// spelled alike: two CAMBI instances' heatmaps, and -o naming a heatmap.
func TestOutputsSameFileTwoWays(t *testing.T) {
	dir := t.TempDir()
	dist, geom := smallRaw(t, dir, "dist.yuv", 2)
	hm := filepath.Join(dir, "hm")
	os.Mkdir(hm, 0o755)
	link := filepath.Join(dir, "hmlink")
	os.Symlink("hm", link)
	names := engine.HeatmapNames(224, 64)
	for _, tc := range []struct {
		name string
		args []string
	}{
		{"two instances", []string{"--feature", "cambi=heatmaps_path=" + hm, "--feature", "cambi=heatmaps_path=" + link + ":window_size=40",
			"--json", "-o", filepath.Join(dir, "o.json")}},
		{"-o is a heatmap", []string{"--feature", "cambi=heatmaps_path=" + hm, "--json", "-o", filepath.Join(link, names[0])}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, _, stderr := runScore(append(append([]string{"-d", dist}, tc.args...), geom...)...)
			if code != 2 || !strings.Contains(stderr, "written twice") {
				t.Errorf("exit %d: %s", code, stderr)
			}
			oneLine(t, stderr)
			if entries, _ := os.ReadDir(hm); len(entries) != 0 {
				t.Errorf("left in the heatmap directory: %v", entries)
			}
			if _, err := os.Stat(filepath.Join(dir, "o.json")); err == nil {
				t.Error("-o written")
			}
		})
	}
}

// TestLongOutputName: a legal output name up to 255 bytes is written (its
// temporary name is cut to fit); a name too long for any file is refused
// before the run.
func TestLongOutputName(t *testing.T) {
	dir := t.TempDir()
	dist, geom := smallRaw(t, dir, "dist.yuv", 2)
	for _, n := range []int{221, 245, 255} {
		out := filepath.Join(dir, strings.Repeat("b", n-5)+".json")
		code, _, stderr := runScore(append([]string{"-d", dist, "--feature", "cambi", "--json", "-o", out}, geom...)...)
		if b, err := os.ReadFile(out); code != 0 || err != nil || !json.Valid(b) {
			t.Errorf("%d bytes: exit %d: %s", n, code, stderr)
		}
	}
	noTemps(t, dir)
	out := filepath.Join(dir, strings.Repeat("b", 256))
	if code, _, stderr := runScore(append([]string{"-d", dist, "--feature", "cambi", "--json", "-o", out}, geom...)...); code != 2 || !strings.Contains(stderr, "too long") {
		t.Errorf("256 bytes: exit %d: %s", code, stderr)
	}
}

// TestHeatmapSymlinkToStdout: a heatmap file that is a symlink to
// /dev/stdout is written through, as -o /dev/stdout is.
func TestHeatmapSymlinkToStdout(t *testing.T) {
	dir := t.TempDir()
	dist, geom := smallRaw(t, dir, "dist.yuv", 3)
	names := engine.HeatmapNames(224, 64)
	plain := filepath.Join(dir, "plain")
	if code, _, stderr := runScore(append([]string{"-d", dist, "--feature", "cambi=heatmaps_path=" + plain, "-q"}, geom...)...); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	want, _ := os.ReadFile(filepath.Join(plain, names[4]))

	hm := filepath.Join(dir, "hm")
	os.Mkdir(hm, 0o755)
	os.Symlink("/dev/stdout", filepath.Join(hm, names[4]))
	stdout := filepath.Join(dir, "stdout.bin")
	f, err := os.Create(stdout)
	if err != nil {
		t.Fatal(err)
	}
	cmd := child(t, append([]string{"score", "-d", dist, "--feature", "cambi=heatmaps_path=" + hm, "--json", "-o", filepath.Join(dir, "o.json")}, geom...)...)
	cmd.Stdout = f
	var e bytes.Buffer
	cmd.Stderr = &e
	err = cmd.Run()
	f.Close()
	if err != nil {
		t.Fatalf("%v: %s", err, e.String())
	}
	if got, _ := os.ReadFile(stdout); len(want) == 0 || !bytes.Equal(got, want) {
		t.Errorf("stdout got %d bytes, want the %d-byte scale-4 heatmap", len(got), len(want))
	}
	if st, err := os.Lstat(filepath.Join(hm, names[4])); err != nil || st.Mode()&os.ModeSymlink == 0 {
		t.Error("the symlink was replaced")
	}
	noTemps(t, dir)
}

// TestStdoutIsAnInput: the table on stdout is refused, before any work,
// when stdout is an input (`>> dist.y4m`), as -o /dev/stdout is.
func TestStdoutIsAnInput(t *testing.T) {
	dir := t.TempDir()
	dist, geom := smallRaw(t, dir, "dist.yuv", 2)
	want, _ := os.ReadFile(dist)
	for _, extra := range [][]string{nil, {"--json", "-o", "/dev/stdout"}} {
		f, err := os.OpenFile(dist, os.O_WRONLY|os.O_APPEND, 0)
		if err != nil {
			t.Fatal(err)
		}
		cmd := child(t, append(append([]string{"score", "-d", dist, "--feature", "cambi"}, geom...), extra...)...)
		cmd.Stdout = f
		var e bytes.Buffer
		cmd.Stderr = &e
		err = cmd.Run()
		f.Close()
		if code := exitCode(err); code != 2 || !strings.Contains(e.String(), "same file as an input") {
			t.Errorf("%v: exit %d: %s", extra, code, e.String())
		}
		if got, _ := os.ReadFile(dist); !bytes.Equal(got, want) {
			t.Fatalf("%v: the input was changed", extra)
		}
	}
}

// TestDeletedWorkingDirectory: -o with a relative name in a working
// directory that was deleted is refused before the run.
func TestDeletedWorkingDirectory(t *testing.T) {
	dir := t.TempDir()
	long := writeSynth(t, dir, "long.yuv", synth.Spec{Pattern: "grad10", Format: grad10}, 30)
	gone := filepath.Join(dir, "gone")
	os.Mkdir(gone, 0o755)
	t.Chdir(gone)
	os.Remove(gone)
	start := time.Now()
	code, _, stderr := runScore("-d", long, "-w", "640", "-h", "480", "-p", "420", "-b", "10", "--feature", "cambi", "--json", "-o", "rel.json")
	if code != 2 || !strings.Contains(stderr, "deleted") {
		t.Errorf("exit %d: %s", code, stderr)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("refused after %v: the run was done first", d)
	}
}
