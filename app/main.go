// Command bandscope is Bandscope's binary: with no subcommand it opens the
// inspector (on the embedded demo clip when no clip is given); `bandscope
// score` scores clips headless with libvmaf's command line; `bandscope
// regions` finds banding regions over time and writes masks for a
// debanding filter; `bandscope devices` lists the backends (the CPU kernel
// sets and the GPU adapters).
//
// make build builds it twice: bandscope, the headless CLI (-tags nogui),
// which with no subcommand becomes the bandscope-inspector next to it
// (gui_nogui.go), and bandscope-inspector, which links the inspector in.
package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime/debug"
	"strconv"
	"strings"
	"syscall"
	"unicode"
	"unicode/utf8"

	_ "github.com/bandscope/bandscope/app/internal/addrspace"   // before the Go runtime starts
	_ "github.com/bandscope/bandscope/app/internal/quietlocale" // before Fyne initialises
)

func main() {
	os.Exit(run(os.Args[1:]))
}

// run dispatches a command line and returns the exit code. A panic is
// reported as an internal error with a clean exit code rather than a trace.
func run(args []string) (code int) {
	// A write to a stdout or stderr whose reader is gone (`| head`, a
	// dropped SSH session under `| tee`) fails with EPIPE instead of
	// killing the process with SIGPIPE, so that a failed run still cleans
	// up and exits with its own code.
	signal.Notify(make(chan os.Signal, 1), syscall.SIGPIPE)
	defer func() {
		if p := recover(); p != nil {
			sayf(os.Stderr, "bandscope: internal error: %v", p)
			if os.Getenv("BANDSCOPE_TRACE") != "" {
				os.Stderr.Write(debug.Stack())
			}
			code = 1
		}
	}()
	if len(args) > 0 {
		switch args[0] {
		case "score":
			return scoreMain(args[1:], os.Stdout, os.Stderr)
		case "regions":
			return regionsMain(args[1:], os.Stdout, os.Stderr)
		case "devices":
			return devicesMain(args[1:], os.Stdout, os.Stderr)
		case "help", "-help", "--help", "-h":
			usage(os.Stdout)
			return 0
		case "version", "--version", "-v":
			fmt.Println("bandscope", version)
			return 0
		}
	}
	if err := openInspector(args); err != nil {
		sayf(os.Stderr, "bandscope: %v", err)
		var u interface{ Usage() bool }
		if errors.As(err, &u) && u.Usage() {
			return 2
		}
		return 1
	}
	return 0
}

// sayf prints one line of a message to w, printable.
func sayf(w io.Writer, format string, a ...any) {
	fmt.Fprintln(w, printable(fmt.Sprintf(format, a...)))
}

// printable escapes the control characters of a message (a file name's
// newline, a terminal escape) and the bytes that are not UTF-8 (an 8-bit
// CSI), so that it stays one line and prints as it reads.
func printable(s string) string {
	if utf8.ValidString(s) && !strings.ContainsFunc(s, unicode.IsControl) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case unicode.IsControl(r):
			q := strconv.QuoteRune(r)
			b.WriteString(q[1 : len(q)-1])
		default:
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	return b.String()
}

func usage(w *os.File) {
	fmt.Fprint(w, `Bandscope: see where video banding is detected.

Usage:
  bandscope                      open the inspector on the embedded demo clip
  bandscope DIST [REF]           open the inspector on a distorted clip (and its reference)
      [--compare-with DIST2]     compare it with a second encode of the reference (run B;
                                 without DIST: a second encode of the demo clip's reference)
      [--log LOG]...             read libvmaf logs (JSON, XML, CSV) or CAMBI .gray dumps beside it
  bandscope score [flags]        score clips headless (libvmaf's flags; bandscope score --help)
  bandscope regions [flags]      banding regions over time, and masks for debanding (bandscope regions --help)
  bandscope devices              list the backends: CPU kernel sets, GPU adapters
  bandscope version              print the version
`)
}
