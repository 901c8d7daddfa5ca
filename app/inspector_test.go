package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// TestInspectorExec builds the headless CLI (-tags nogui, as make build
// builds bandscope) and holds its way to the inspector: with no
// subcommand it becomes the bandscope-inspector beside it (the same
// process, argv[0] the inspector's path, every argument as given, the
// inspector's exit code), also when started through a symbolic link in
// another folder (os.Executable resolves it on Linux; EvalSymlinks where
// it does not); a subcommand never leaves it. One line and exit 1, and
// no other binary run, when the file beside it is no executable file,
// when there is none (PATH searched too), and when a headless build was
// installed as the inspector (it would start itself again).
func TestInspectorExec(t *testing.T) {
	if testing.Short() || runtime.GOOS == "windows" {
		t.Skip("builds a binary (not with -short); the stand-in inspector is a shell script")
	}
	goBin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command on PATH to build the headless CLI with")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "bandscope")
	build := exec.Command(goBin, "build", "-tags", "nogui", "-o", bin, ".")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build -tags nogui: %v\n%s", err, out)
	}
	fake := filepath.Join(dir, inspectorName)
	// The stand-in prints its process id, argv[0], each argument on a line
	// of its own and the mark, and exits 3.
	script := "#!/bin/sh\necho \"pid $$\"\necho \"$0\"\nprintf '%s\\n' \"$@\"\necho \"mark $BANDSCOPE_INSPECTOR_EXEC\"\nexit 3\n"
	if err := os.WriteFile(fake, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	elsewhere := t.TempDir()
	link := filepath.Join(elsewhere, "bandscope")
	if err := os.Symlink(bin, link); err != nil {
		t.Fatal(err)
	}
	noPath := "PATH=" + t.TempDir()
	type result struct {
		out, errs string
		code, pid int
	}
	runBin := func(exe string, env []string, args ...string) result {
		t.Helper()
		cmd := exec.Command(exe, args...)
		cmd.Env = append(os.Environ(), env...)
		var out, errb strings.Builder
		cmd.Stdout, cmd.Stderr = &out, &errb
		err := cmd.Run()
		r := result{out: out.String(), errs: errb.String(), code: exitCode(err), pid: cmd.Process.Pid}
		if r.code == -1000 {
			t.Fatal(err)
		}
		return r
	}
	for _, exe := range []string{bin, link} {
		r := runBin(exe, []string{noPath}, "dist clip.y4m", "ref.y4m")
		want := fmt.Sprintf("pid %d\n%s\ndist clip.y4m\nref.y4m\nmark 1\n", r.pid, fake)
		if r.code != 3 || r.out != want {
			t.Errorf("%s 'dist clip.y4m' ref.y4m: exit %d, stdout %q, stderr %q; want exit 3 and %q", exe, r.code, r.out, r.errs, want)
		}
	}
	if r := runBin(bin, []string{noPath}, "version"); r.code != 0 || !strings.HasPrefix(r.out, "bandscope ") {
		t.Errorf("version: exit %d, %q", r.code, r.out)
	}
	fails := func(what string, r result, want string) {
		t.Helper()
		if r.code != 1 || r.out != "" || !strings.Contains(r.errs, want) {
			t.Errorf("%s: exit %d, stdout %q, stderr %q; want exit 1 and %q", what, r.code, r.out, r.errs, want)
			return
		}
		oneLine(t, r.errs)
	}
	fails("the mark set, even empty", runBin(bin, []string{noPath, inspectorEnv + "="}), "was started as the inspector, but is built without it")
	if err := os.Chmod(fake, 0o644); err != nil {
		t.Fatal(err)
	}
	fails("a stand-in that is no executable", runBin(bin, []string{noPath}), fake+" is not an executable file")
	if err := os.Remove(fake); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(fake, 0o755); err != nil {
		t.Fatal(err)
	}
	fails("a folder of the inspector's name", runBin(bin, []string{noPath}), fake+" is not an executable file")
	if err := os.Remove(fake); err != nil {
		t.Fatal(err)
	}
	fails("no inspector", runBin(bin, []string{noPath}), inspectorName+", is neither next to it nor on PATH")
	// A headless build installed as the inspector: the CLI starts it, and
	// it says what it is rather than start itself again.
	data, err := os.ReadFile(bin)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(fake, data, 0o755); err != nil {
		t.Fatal(err)
	}
	fails("a headless build as the inspector", runBin(bin, []string{noPath}), "was started as the inspector, but is built without it")
}
