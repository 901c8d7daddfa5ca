package ui

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
)

// UsageError is a refusal of the inspector's command line (the caller
// exits 2, as for a bad `bandscope score` command line).
type UsageError struct{ Err error }

func (e *UsageError) Error() string { return e.Err.Error() }
func (e *UsageError) Unwrap() error { return e.Err }

// Usage marks the error as the command line's.
func (e *UsageError) Usage() bool { return true }

// commands are bandscope's subcommands, for a word that names none of them
// and no file either.
var commands = []string{"score", "devices", "help", "version"}

// checkRunArgs checks, before any window or setting is made, that every
// file the command line names can be opened and that there is a display
// to open a window on: a typo or a headless machine gets one line, not a
// windowing library's log.
func checkRunArgs(ra runArgs) error {
	for _, p := range append([]string{ra.dist, ra.ref, ra.compareWith}, ra.logs...) {
		if p == "" {
			continue
		}
		if _, err := os.Stat(p); err != nil {
			// A lone word that is no file: a mistyped command, most likely.
			if errors.Is(err, os.ErrNotExist) && p == ra.dist && ra.ref == "" && ra.compareWith == "" &&
				filepath.Ext(p) == "" && !strings.ContainsRune(p, os.PathSeparator) {
				return &UsageError{fmt.Errorf("unknown command %q (commands: %s; or name clips to inspect: %s)",
					p, strings.Join(commands, ", "), runUsage)}
			}
			return fmt.Errorf("%s: %w", p, plainStatError(err))
		}
	}
	return checkDisplay(runtime.GOOS, os.Getenv)
}

// plainStatError drops the path an *os.PathError repeats.
func plainStatError(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// checkDisplay refuses to start the inspector where X11 and Wayland have
// no display to open (macOS and Windows always have one).
func checkDisplay(goos string, getenv func(string) string) error {
	switch goos {
	case "darwin", "windows", "ios", "android", "js":
		return nil
	}
	if getenv("DISPLAY") == "" && getenv("WAYLAND_DISPLAY") == "" {
		return errors.New("no display to open the inspector on (DISPLAY and WAYLAND_DISPLAY are unset); `bandscope score` scores without one")
	}
	return nil
}
