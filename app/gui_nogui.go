//go:build nogui

package main

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"runtime"
	"syscall"
)

// findInspector is the inspector binary next to this one (symbolic links
// followed: an install that links bandscope into ~/bin finds the one
// beside the real file), else the first on PATH. A file of that name
// beside this one that is no executable file is an error, not a reason
// to run another from PATH.
func findInspector() (string, error) {
	name := inspectorName
	if runtime.GOOS == "windows" {
		name += ".exe"
	}
	if exe, err := os.Executable(); err == nil {
		if real, err := filepath.EvalSymlinks(exe); err == nil {
			exe = real
		}
		p := filepath.Join(filepath.Dir(exe), name)
		if st, err := os.Stat(p); err == nil {
			// Windows has no execute bits: a regular file will do.
			if !st.Mode().IsRegular() || runtime.GOOS != "windows" && st.Mode()&0o111 == 0 {
				return "", fmt.Errorf("%s is not an executable file: the inspector is built with make build", p)
			}
			return p, nil
		}
	}
	p, err := exec.LookPath(name)
	if errors.Is(err, exec.ErrNotFound) {
		return "", fmt.Errorf("this binary is the headless CLI and the inspector, %s, is neither next to it nor on PATH (make build writes both): use bandscope score, regions or devices here", inspectorName)
	}
	if err != nil {
		return "", err
	}
	return p, nil
}

// openInspector replaces this process with the inspector, on the same
// command line: its window, its exit code and its signals are then the
// process's own. Where a process cannot be replaced (Windows), it runs the
// inspector and exits with its code.
func openInspector(args []string) error {
	if _, ok := os.LookupEnv(inspectorEnv); ok {
		return fmt.Errorf("%s was started as the inspector, but is built without it (-tags nogui): make build writes %s", os.Args[0], inspectorName)
	}
	p, err := findInspector()
	if err != nil {
		return err
	}
	env := append(os.Environ(), inspectorEnv+"=1")
	if runtime.GOOS != "windows" {
		err := syscall.Exec(p, append([]string{p}, args...), env)
		return fmt.Errorf("%s: %w", p, err)
	}
	// The inspector gets the console's interrupt and decides; this
	// process waits for its exit code.
	signal.Ignore(os.Interrupt)
	cmd := exec.Command(p, args...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr, cmd.Env = os.Stdin, os.Stdout, os.Stderr, env
	err = cmd.Run()
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		os.Exit(exit.ExitCode())
	}
	if err != nil {
		return fmt.Errorf("%s: %w", p, err)
	}
	os.Exit(0)
	return nil
}
