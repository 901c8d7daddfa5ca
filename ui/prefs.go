package ui

import (
	"encoding/json"
	"io"
	"math"
	"os"
	"path/filepath"
	"sync"
	"time"
)

// settings are what the inspector remembers between runs: the few kinds
// of value it keeps (fyne.Preferences has them; the tests use Fyne's
// in-memory ones).
type settings interface {
	String(key string) string
	StringWithFallback(key, fallback string) string
	SetString(key, value string)
	IntWithFallback(key string, fallback int) int
	SetInt(key string, value int)
	FloatWithFallback(key string, fallback float64) float64
	SetFloat(key string, value float64)
}

// prefsFile is the inspector's own preferences file, beside Fyne's in the
// app's storage folder. Fyne rewrites its preferences.json in place, so a
// process killed during a write (during a run, say) leaves it cut short
// and the next start says "Preferences load error: EOF" and forgets
// everything; this file is written whole under a temporary name and
// renamed (writeAtomic), so it holds the old settings or the new ones.
const prefsFile = "inspector.json"

// filePrefs are settings kept in a JSON file, written atomically a moment
// after the last change (and at once by flush), off the UI goroutine.
type filePrefs struct {
	path string

	mu      sync.Mutex
	vals    map[string]any
	pending *time.Timer
	writing sync.Mutex // one write at a time, in order
}

// saveDelay gathers a burst of changes (a window resized, a tab switched)
// into one write.
const saveDelay = 300 * time.Millisecond

// openPrefs reads the settings at path; when there are none yet, those an
// older Bandscope kept in Fyne's file (legacy, possibly cut short) are
// taken over. A file that does not parse is treated as empty: the next
// change replaces it.
func openPrefs(path, legacy string) *filePrefs {
	p := &filePrefs{path: path, vals: map[string]any{}}
	if !readPrefs(path, p.vals) && legacy != "" {
		readPrefs(legacy, p.vals)
	}
	return p
}

// readPrefs fills vals from a JSON file; it reports whether the file was
// there and whole.
func readPrefs(path string, vals map[string]any) bool {
	b, err := os.ReadFile(path)
	if err != nil {
		return false
	}
	m := map[string]any{}
	if json.Unmarshal(b, &m) != nil {
		return false
	}
	for k, v := range m {
		vals[k] = v
	}
	return true
}

func (p *filePrefs) get(key string) (any, bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	v, ok := p.vals[key]
	return v, ok
}

func (p *filePrefs) set(key string, v any) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if old, ok := p.vals[key]; ok && old == v {
		return
	}
	p.vals[key] = v
	if p.pending == nil {
		p.pending = time.AfterFunc(saveDelay, func() { p.flush() })
	}
}

// flush writes the settings now if any changed.
func (p *filePrefs) flush() error {
	p.writing.Lock()
	defer p.writing.Unlock()
	p.mu.Lock()
	if p.pending == nil {
		p.mu.Unlock()
		return nil
	}
	p.pending.Stop()
	p.pending = nil
	b, err := json.MarshalIndent(p.vals, "", "  ")
	p.mu.Unlock()
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(p.path), 0o700); err != nil {
		return err
	}
	return writeAtomic(p.path, func(w io.Writer) error { _, err := w.Write(b); return err })
}

func (p *filePrefs) String(key string) string { return p.StringWithFallback(key, "") }

func (p *filePrefs) StringWithFallback(key, fallback string) string {
	if v, ok := p.get(key); ok {
		if s, ok := v.(string); ok {
			return s
		}
	}
	return fallback
}

func (p *filePrefs) SetString(key, value string) { p.set(key, value) }

// JSON numbers read back as float64; integers are kept as float64 too, so
// that a value set and one read back compare equal.
func (p *filePrefs) IntWithFallback(key string, fallback int) int {
	if f := p.FloatWithFallback(key, math.NaN()); !math.IsNaN(f) && f == math.Trunc(f) && math.Abs(f) < 1<<53 {
		return int(f)
	}
	return fallback
}

func (p *filePrefs) SetInt(key string, value int) { p.set(key, float64(value)) }

func (p *filePrefs) FloatWithFallback(key string, fallback float64) float64 {
	if v, ok := p.get(key); ok {
		if f, ok := v.(float64); ok {
			return f
		}
	}
	return fallback
}

func (p *filePrefs) SetFloat(key string, value float64) {
	if math.IsNaN(value) || math.IsInf(value, 0) {
		return // JSON has no such number
	}
	p.set(key, value)
}
