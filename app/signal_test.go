package main

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/bandscope/bandscope/engine/synth"
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
