package clip

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// stallTimeout is how long ffmpeg or ffprobe may go without output while
// making no progress of its own (no CPU time used, no byte read, or stopped
// by a signal) before it is killed and the read fails. A helper that
// decodes slowly uses CPU and is never killed; one blocked on a FIFO inside
// an HLS playlist, on a dead network mount, or stopped with SIGSTOP is.
var stallTimeout atomic.Int64

func init() { stallTimeout.Store(int64(30 * time.Second)) }

// fileURL is how a local path is handed to ffmpeg and ffprobe: an absolute
// file: URL, so that names such as "-", "pipe:0" or "http:x" are files,
// never protocols.
func fileURL(path string) string {
	if abs, err := filepath.Abs(path); err == nil {
		path = abs
	}
	return "file:" + path
}

// procProgress is a number that grows while process pid does anything:
// its CPU time (utime+stime) and, when readable, the bytes it read and
// wrote. stopped reports a process stopped by a signal (state T or t).
func procProgress(pid int) (progress uint64, stopped, ok bool) {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return 0, false, false
	}
	// The command name (field 2) may hold spaces: fields start after ')'.
	i := bytes.LastIndexByte(b, ')')
	if i < 0 {
		return 0, false, false
	}
	f := strings.Fields(string(b[i+1:]))
	if len(f) < 13 {
		return 0, false, false
	}
	stopped = f[0] == "T" || f[0] == "t"
	ut, _ := strconv.ParseUint(f[11], 10, 64)
	st, _ := strconv.ParseUint(f[12], 10, 64)
	progress = ut + st
	if io, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/io"); err == nil {
		for _, line := range strings.Split(string(io), "\n") {
			if v, ok := strings.CutPrefix(line, "rchar: "); ok {
				n, _ := strconv.ParseUint(strings.TrimSpace(v), 10, 64)
				progress += n
			}
			if v, ok := strings.CutPrefix(line, "wchar: "); ok {
				n, _ := strconv.ParseUint(strings.TrimSpace(v), 10, 64)
				progress += n
			}
		}
	}
	return progress, stopped, true
}

// watchdog kills a helper that has stalled: while waiting() says its output
// is awaited, neither output (touch) nor progress of the process for
// stallTimeout. It stops when done is closed.
type watchdog struct {
	last    atomic.Int64 // unix nanoseconds of the last output or progress
	waiting func() bool
	stalled atomic.Pointer[string]
}

func (w *watchdog) touch() { w.last.Store(time.Now().UnixNano()) }

// why is the stall, or "" when the helper did not stall.
func (w *watchdog) why() string {
	if p := w.stalled.Load(); p != nil {
		return *p
	}
	return ""
}

func (w *watchdog) run(name string, pid int, kill func(), done <-chan struct{}) {
	timeout := time.Duration(stallTimeout.Load())
	tick := min(max(timeout/4, 10*time.Millisecond), time.Second)
	t := time.NewTicker(tick)
	defer t.Stop()
	w.touch()
	var prev uint64
	for {
		select {
		case <-done:
			return
		case <-t.C:
		}
		p, stopped, ok := procProgress(pid)
		if ok && p != prev && !stopped {
			prev = p
			w.touch()
			continue
		}
		if w.waiting != nil && !w.waiting() {
			w.touch()
			continue
		}
		if idle := time.Since(time.Unix(0, w.last.Load())); idle >= timeout {
			why := fmt.Sprintf("%s stalled: no output and no progress for %v", name, idle.Round(time.Second))
			if stopped {
				why = fmt.Sprintf("%s is stopped (by a signal) and gave no output for %v", name, idle.Round(time.Second))
			}
			w.stalled.Store(&why)
			kill()
			return
		}
	}
}

// watchReader counts a helper's output for its watchdog and says when the
// reader is blocked waiting for it.
type watchReader struct {
	r       interface{ Read([]byte) (int, error) }
	w       *watchdog
	reading atomic.Bool
}

func (r *watchReader) Read(b []byte) (int, error) {
	r.reading.Store(true)
	n, err := r.r.Read(b)
	r.reading.Store(false)
	if n > 0 {
		r.w.touch()
	}
	return n, err
}

// logFilter reads ffmpeg's stderr at level+verbose: it keeps warnings and
// errors (without their level tag) for error messages, and watches the
// verbose lines for what ffmpeg does not report as an error: a filter graph
// reconfigured for another frame size (the resolution changes mid-stream;
// ffmpeg would scale it silently) and a file that ended prematurely.
type logFilter struct {
	mu        sync.Mutex
	tail      *tailWriter
	partial   []byte
	firstSize string // WxH of the first filter graph input
	resized   string // "WxH to wxh" once the size changes
	early     bool   // "File ended prematurely"
	onResize  func()
}

var reGraphInput = regexp.MustCompile(`^\[graph[^\]]* input from stream [^\]]*\] \[verbose\] w:([0-9]+) h:([0-9]+) `)

func (l *logFilter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.partial = append(l.partial, p...)
	for {
		i := bytes.IndexByte(l.partial, '\n')
		if i < 0 {
			break
		}
		l.line(string(bytes.TrimRight(l.partial[:i], "\r")))
		l.partial = l.partial[i+1:]
	}
	if len(l.partial) > 4096 {
		l.partial = l.partial[:0]
	}
	return len(p), nil
}

func (l *logFilter) line(s string) {
	if m := reGraphInput.FindStringSubmatch(s); m != nil {
		size := m[1] + "x" + m[2]
		if l.firstSize == "" {
			l.firstSize = size
		} else if size != l.firstSize && l.resized == "" {
			l.resized = l.firstSize + " to " + size
			if l.onResize != nil {
				l.onResize()
			}
		}
		return
	}
	if strings.Contains(s, "ended prematurely") {
		l.early = true
	}
	for _, lvl := range []string{"[warning] ", "[error] ", "[fatal] ", "[panic] "} {
		if i := strings.Index(s, lvl); i >= 0 {
			prefix := s[:i]
			l.tail.Write([]byte(strings.TrimSpace(prefix+s[i+len(lvl):]) + "\n"))
			return
		}
	}
	if !strings.Contains(s, "] [") && !strings.HasPrefix(s, "[") {
		// An untagged line (older ffmpeg): keep it.
		l.tail.Write([]byte(s + "\n"))
	}
}

func (l *logFilter) state() (resized string, early bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.resized, l.early
}
