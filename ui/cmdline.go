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
var commands = []string{"score", "regions", "devices", "help", "version"}

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

// runArgs is the inspector's command line: bandscope [DIST [REF]]
// [--ref REF] [--compare-with DIST2] [--log LOG]...
type runArgs struct {
	dist, ref   string
	compareWith string
	logs        []string
}

// parseRunArgs reads the inspector's command line. Flags take their value
// as the next argument or after "=".
func parseRunArgs(args []string) (runArgs, error) {
	var r runArgs
	var pos []string
	for k := 0; k < len(args); k++ {
		a := args[k]
		if !strings.HasPrefix(a, "-") || a == "-" {
			pos = append(pos, a)
			continue
		}
		name, val, hasVal := strings.Cut(strings.TrimLeft(a, "-"), "=")
		switch name {
		case "compare-with", "compare_with", "ref", "reference", "log":
		default:
			return r, fmt.Errorf("unknown flag %s (usage: %s)", a, runUsage)
		}
		if !hasVal {
			if k+1 >= len(args) {
				return r, fmt.Errorf("%s needs a file name (usage: %s)", a, runUsage)
			}
			k++
			val = args[k]
		}
		if val == "" {
			return r, fmt.Errorf("%s needs a file name (usage: %s)", a, runUsage)
		}
		switch name {
		case "compare-with", "compare_with":
			r.compareWith = val
		case "ref", "reference":
			r.ref = val
		case "log":
			r.logs = append(r.logs, val)
		}
	}
	if len(pos) > 2 || len(pos) == 2 && r.ref != "" {
		return r, fmt.Errorf("usage: %s (got %d clips)", runUsage, len(pos))
	}
	if len(pos) > 0 {
		r.dist = pos[0]
	}
	if len(pos) == 2 {
		r.ref = pos[1]
	}
	if r.ref != "" && r.dist == "" {
		return r, fmt.Errorf("--ref needs a distorted clip (usage: %s)", runUsage)
	}
	return r, nil
}

const runUsage = "bandscope [DIST [REF]] [--ref REF] [--compare-with DIST2] [--log LOG]..."
