package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// TestInspectorExec builds the headless CLI (-tags nogui, as make build
// builds bandscope) and holds its way to the inspector: with no
// subcommand it becomes the bandscope-inspector next to it (its real
// path's, through a symbolic link), on the same command line and with
// its exit code; a subcommand never leaves it; without an inspector, or
// started as one, it says so in one line and exits 1.
func TestInspectorExec(t *testing.T) {
	if testing.Short() || runtime.GOOS == "windows" {
		t.Skip("builds a binary (not with -short); the stand-in inspector is a shell script")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "bandscope")
	build := exec.Command(filepath.Join(runtime.GOROOT(), "bin", "go"), "build", "-tags", "nogui", "-o", bin, ".")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build -tags nogui: %v\n%s", err, out)
	}
	fake := filepath.Join(dir, "bandscope-inspector")
	script := "#!/bin/sh\necho \"inspector $BANDSCOPE_INSPECTOR_EXEC: $*\"\nexit 3\n"
	if err := os.WriteFile(fake, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	elsewhere := t.TempDir()
	link := filepath.Join(elsewhere, "bandscope")
	if err := os.Symlink(bin, link); err != nil {
		t.Fatal(err)
	}
	noPath := "PATH=" + t.TempDir()
	runBin := func(exe string, env []string, args ...string) (string, string, int) {
		t.Helper()
		cmd := exec.Command(exe, args...)
		cmd.Env = append(os.Environ(), env...)
		var out, errb strings.Builder
		cmd.Stdout, cmd.Stderr = &out, &errb
		err := cmd.Run()
		code := 0
		if e, ok := err.(*exec.ExitError); ok {
			code = e.ExitCode()
		} else if err != nil {
			t.Fatal(err)
		}
		return out.String(), errb.String(), code
	}
	for _, exe := range []string{bin, link} {
		out, errs, code := runBin(exe, []string{noPath}, "dist.y4m", "ref.y4m")
		if code != 3 || out != "inspector 1: dist.y4m ref.y4m\n" {
			t.Errorf("%s dist.y4m ref.y4m: exit %d, stdout %q, stderr %q; want the inspector's exit 3 and its line", exe, code, out, errs)
		}
	}
	if out, _, code := runBin(bin, []string{noPath}, "version"); code != 0 || !strings.HasPrefix(out, "bandscope ") {
		t.Errorf("version: exit %d, %q", code, out)
	}
	if out, errs, code := runBin(bin, []string{noPath, "BANDSCOPE_INSPECTOR_EXEC=1"}); code != 1 || out != "" || !strings.Contains(errs, "built without the inspector") {
		t.Errorf("started as the inspector: exit %d, stdout %q, stderr %q", code, out, errs)
	} else {
		oneLine(t, errs)
	}
	if err := os.Remove(fake); err != nil {
		t.Fatal(err)
	}
	if out, errs, code := runBin(bin, []string{noPath}); code != 1 || out != "" || !strings.Contains(errs, "bandscope-inspector, is neither next to it nor on PATH") {
		t.Errorf("no inspector: exit %d, stdout %q, stderr %q", code, out, errs)
	} else {
		oneLine(t, errs)
	}
}
