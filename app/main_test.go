package main

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestTopLevelCommandLine: the inspector's command line is checked before
// any window or setting is made: help exits 0, a bad flag or a word that
// names no command and no file exits 2, a missing clip or a machine
// without a display exits 1, each in one line that names the problem, and
// nothing is created under $HOME.
func TestTopLevelCommandLine(t *testing.T) {
	dir := t.TempDir()
	home := filepath.Join(dir, "home")
	os.Mkdir(home, 0o755)
	clip, _ := smallRaw(t, dir, "clip.yuv", 1)
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"-h"}, 0, "usage"},
		{[]string{"--bogus"}, 2, "unknown flag --bogus"},
		{[]string{"--log"}, 2, "--log needs a file name"},
		{[]string{"scor"}, 2, `unknown command "scor"`},
		{[]string{filepath.Join(dir, "missing.y4m")}, 1, "missing.y4m: no such file"},
		{[]string{clip, "--log", filepath.Join(dir, "nolog.txt")}, 1, "nolog.txt: no such file"},
		{[]string{clip}, 1, "no display"},
		{nil, 1, "no display"},
	} {
		cmd := child(t, tc.args...)
		cmd.Env = append(cmd.Env, "DISPLAY=", "WAYLAND_DISPLAY=", "HOME="+home, "XDG_CONFIG_HOME=", "XDG_CACHE_HOME=")
		out, err := cmd.CombinedOutput()
		code := 0
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			code = ee.ExitCode()
		} else if err != nil {
			t.Fatal(err)
		}
		text := string(out)
		if code != tc.code || !strings.Contains(strings.ToLower(text), strings.ToLower(tc.want)) {
			t.Errorf("bandscope %q: exit %d, want %d with %q:\n%s", tc.args, code, tc.code, tc.want, text)
		}
		if code != 0 && strings.Count(strings.TrimSpace(text), "\n") > 0 {
			t.Errorf("bandscope %q: more than one line:\n%s", tc.args, text)
		}
	}
	if entries, _ := os.ReadDir(home); len(entries) > 0 {
		t.Errorf("a refused start created %s in $HOME", entries[0].Name())
	}

	// A display that is named but cannot be opened: GLFW's reason, in
	// one line, not its log and a panic.
	cmd := child(t, clip)
	cmd.Env = append(cmd.Env, "DISPLAY=:987", "WAYLAND_DISPLAY=", "HOME="+t.TempDir(), "XDG_CONFIG_HOME=", "XDG_CACHE_HOME=")
	out, err := cmd.CombinedOutput()
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != 1 || string(out) != "bandscope: cannot open a window: X11: Failed to open display :987\n" {
		t.Errorf("unreachable display: %v: %q", err, out)
	}
}

// TestPrintableNames: a file name's control characters print escaped, so
// a message stays one line and sends no terminal escape.
func TestPrintableNames(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"tr\nunc.y4m", "x\x1b[31mred.y4m"} {
		code, _, stderr := runScore("-d", filepath.Join(dir, name), "--feature", "cambi")
		if code != 1 || strings.Count(stderr, "\n") != 1 || strings.ContainsAny(stderr, "\x1b\r") {
			t.Errorf("%q: exit %d: %q", name, code, stderr)
		}
	}
	for in, want := range map[string]string{
		"a\tb\nc\x1bd\u0085e": `a\tb\nc\x1bd\u0085e`,
		"csi\x9b31m é":        `csi\x9b31m é`,
		"plain é.y4m":         "plain é.y4m",
	} {
		if got := printable(in); got != want {
			t.Errorf("printable(%q) = %q, want %q", in, got, want)
		}
	}
}
