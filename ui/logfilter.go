package ui

import (
	"bytes"
	"fmt"
	"io"
	"sync"
)

// quietLog drops Fyne's report that the file dialog found no favourite
// folders (a desktop without XDG user directories has no VIDEOS folder):
// three log lines on stderr each time a dialog opens, about nothing the
// user can act on; and holds back GLFW's PlatformError, which Run turns
// into its error. Every other line passes through.
type quietLog struct {
	mu   sync.Mutex
	w    io.Writer
	drop bool // dropping the Cause/At lines of a dropped error
	// platform is GLFW's last PlatformError before the app started (no
	// display to open): held back, for Run's one-line error. Once running,
	// GLFW's errors pass through.
	platform string
	running  bool
}

// started marks the app as running (its window is up).
func (q *quietLog) started() {
	q.mu.Lock()
	defer q.mu.Unlock()
	q.running = true
	if q.platform != "" {
		// Held back, but GLFW started after all: say it now.
		fmt.Fprintf(q.w, "PlatformError: %s\n", q.platform)
		q.platform = ""
	}
}

// platformError is GLFW's last PlatformError, or "".
func (q *quietLog) platformError() string {
	q.mu.Lock()
	defer q.mu.Unlock()
	return q.platform
}

var quietReasons = [][]byte{[]byte("Getting favorite locations"), []byte("Fyne error:  Error parsing user locale")}

func (q *quietLog) Write(p []byte) (int, error) {
	q.mu.Lock()
	defer q.mu.Unlock()
	if _, why, ok := bytes.Cut(p, []byte("PlatformError: ")); ok && !q.running {
		// GLFW could not start (Run reports it in one line).
		q.platform = string(bytes.TrimSpace(why))
		return len(p), nil
	}
	if bytes.Contains(p, []byte("Fyne error:")) {
		q.drop = false
		for _, r := range quietReasons {
			if bytes.Contains(p, r) {
				q.drop = true
			}
		}
	} else if !bytes.Contains(p, []byte("  Cause:")) && !bytes.Contains(p, []byte("  At:")) {
		q.drop = false
	}
	if q.drop {
		return len(p), nil
	}
	return q.w.Write(p)
}
