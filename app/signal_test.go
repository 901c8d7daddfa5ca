package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/bandscope/bandscope/kernels/synth"
)

// TestInterrupt: Ctrl-C during `bandscope score` stops within a second with
// exit code 130 and leaves neither the output file nor heatmaps behind.
func TestInterrupt(t *testing.T) {
	dir := t.TempDir()
	dist := writeSynth(t, dir, "dist.yuv", synth.Spec{Pattern: "grad10", Format: grad10}, 200)
	out := filepath.Join(dir, "out.json")
	heat := filepath.Join(dir, "heat")
	done := make(chan int, 1)
	var stderr string
	go func() {
		code, _, e := runScore("-d", dist, "-w", "640", "-h", "480", "-p", "420", "-b", "10",
			"--feature", "cambi=heatmaps_path="+heat, "--json", "-o", out)
		stderr = e
		done <- code
	}()
	time.Sleep(500 * time.Millisecond)
	sent := time.Now()
	if err := syscall.Kill(os.Getpid(), syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	select {
	case code := <-done:
		if code != 130 {
			t.Errorf("exit %d, want 130: %s", code, stderr)
		}
		if d := time.Since(sent); d > time.Second {
			t.Errorf("stopped %v after the interrupt", d)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("still running 5 s after the interrupt")
	}
	if !strings.Contains(stderr, "interrupted at frame") || strings.Contains(stderr, "canceled") {
		t.Errorf("stderr: %q", stderr)
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("output file left behind")
	}
	entries, _ := os.ReadDir(heat)
	for _, e := range entries {
		t.Errorf("heatmap left behind: %s", e.Name())
	}
}

// startHeatmapRun starts the CLI as a child process writing heatmaps and
// waits until its temporary files exist (the run is under way). Its stderr
// is the buffer returned, or stderr when given.
func startHeatmapRun(t *testing.T, dir, heat string, stderr ...*os.File) (*exec.Cmd, *bytes.Buffer) {
	t.Helper()
	dist := writeSynth(t, dir, "dist.yuv", synth.Spec{Pattern: "grad10", Format: grad10}, 60)
	cmd := child(t, "score", "-d", dist, "-w", "640", "-h", "480", "-p", "420", "-b", "10",
		"--feature", "cambi=heatmaps_path="+heat, "--json", "-o", filepath.Join(dir, "out.json"), "--threads", "1")
	var e bytes.Buffer
	cmd.Stderr = &e
	if len(stderr) > 0 {
		cmd.Stderr = stderr[0]
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	waitFor(t, 20*time.Second, "the heatmaps' temporary files", func() bool {
		m, _ := filepath.Glob(filepath.Join(heat, ".*.part"))
		return len(m) == 5
	})
	time.Sleep(200 * time.Millisecond) // a few frames in
	return cmd, &e
}

// TestHangup: SIGHUP and SIGQUIT are interrupts like SIGINT and SIGTERM:
// exit 130, "interrupted at frame N of FILE", and nothing left behind
// (SIGHUP used to exit 129 leaving hundreds of MB of hidden .part
// heatmaps, SIGQUIT to print Go's goroutine dump and exit 2), also when
// stderr's reader is gone (`2> >(true)`, a dropped SSH session under
// `| tee`: SIGPIPE on the message used to kill it first, exit 141 and the
// .part files left).
func TestHangup(t *testing.T) {
	for _, sig := range []syscall.Signal{syscall.SIGHUP, syscall.SIGTERM, syscall.SIGQUIT, syscall.SIGINT} {
		for _, dead := range []bool{false, true} {
			name := sig.String()
			if dead {
				name += "/dead stderr"
			}
			t.Run(name, func(t *testing.T) {
				dir := t.TempDir()
				heat := filepath.Join(dir, "heat")
				var redirect []*os.File
				if dead {
					r, w, err := os.Pipe()
					if err != nil {
						t.Fatal(err)
					}
					r.Close()
					defer w.Close()
					redirect = append(redirect, w)
				}
				cmd, stderr := startHeatmapRun(t, dir, heat, redirect...)
				cmd.Process.Signal(sig)
				if code := exitCode(cmd.Wait()); code != 130 {
					t.Errorf("exit %d: %s", code, stderr)
				}
				if !dead && !interrupted.MatchString(stderr.String()) {
					t.Errorf("stderr %q", stderr)
				}
				noTemps(t, dir)
				if _, err := os.Stat(heat); err == nil {
					t.Error("the heatmap directory the run created is left")
				}
			})
		}
	}
}

// TestKilledRunSwept: SIGKILL leaves temporary files nothing can remove at
// the time; they carry the dead process's pid, and the next run into the
// same directory removes them (and never those of a live process).
func TestKilledRunSwept(t *testing.T) {
	dir := t.TempDir()
	heat := filepath.Join(dir, "heat")
	cmd, _ := startHeatmapRun(t, dir, heat)
	cmd.Process.Kill()
	cmd.Wait()
	left, _ := filepath.Glob(filepath.Join(heat, ".*.part"))
	if len(left) != 5 {
		t.Fatalf("want the killed run's 5 temporaries, found %v", left)
	}
	live := filepath.Join(heat, fmt.Sprintf(".x.gray.bandscope-%d-00.part", os.Getppid()))
	os.WriteFile(live, nil, 0o600)
	// A file named like a dead run's temporary but not made by Bandscope
	// (not owner-only): a user's, kept.
	users := filepath.Join(heat, ".y.gray.bandscope-999999999-00.part")
	os.WriteFile(users, nil, 0o644)
	os.Chmod(users, 0o644)

	src, geom := smallRaw(t, dir, "small.yuv", 2)
	code, _, stderr := runScore(append([]string{"-d", src, "--feature", "cambi=heatmaps_path=" + heat, "-q"}, geom...)...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, p := range left {
		if _, err := os.Stat(p); err == nil {
			t.Errorf("stale %s not removed", filepath.Base(p))
		}
	}
	if _, err := os.Stat(live); err != nil {
		t.Error("a live process's temporary file was removed")
	}
	if _, err := os.Stat(users); err != nil {
		t.Error("a file Bandscope did not make was removed")
	}
	// No output may be named like a temporary file: the sweep would take it.
	code, _, stderr = runScore(append([]string{"-d", src, "--feature", "cambi", "--json", "-o", users}, geom...)...)
	if code != 2 || !strings.Contains(stderr, "temporary") {
		t.Errorf("-o named like a temporary: exit %d: %s", code, stderr)
	}
}
