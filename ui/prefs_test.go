package ui

import (
	"os"
	"path/filepath"
	"testing"
)

// TestFilePrefs: settings survive a restart; a file cut short (the old
// in-place writes, killed during a run) reads as empty, says nothing, and
// the next change replaces it whole; an older Bandscope's settings in
// Fyne's file are taken over when there are none yet.
func TestFilePrefs(t *testing.T) {
	dir := t.TempDir()
	path, legacy := filepath.Join(dir, prefsFile), filepath.Join(dir, "preferences.json")
	if err := os.WriteFile(legacy, []byte(`{"vmafModels":"vmaf_v0.6.1","windowW":1600}`), 0o600); err != nil {
		t.Fatal(err)
	}
	p := openPrefs(path, legacy)
	if p.String(prefModels) != "vmaf_v0.6.1" || p.IntWithFallback(prefWinW, 0) != 1600 {
		t.Fatalf("legacy settings not taken over: %v", p.vals)
	}
	p.SetString(prefTheme, "dark")
	p.SetInt(prefTab, 3)
	p.SetFloat(prefSplit, 0.3)
	if err := p.flush(); err != nil {
		t.Fatal(err)
	}
	q := openPrefs(path, "")
	if q.String(prefTheme) != "dark" || q.IntWithFallback(prefTab, 0) != 3 || q.FloatWithFallback(prefSplit, 0) != 0.3 || q.String(prefModels) != "vmaf_v0.6.1" {
		t.Errorf("after a restart: %v", q.vals)
	}
	for _, cut := range []string{"", "{", `{"theme":"da`} {
		if err := os.WriteFile(path, []byte(cut), 0o600); err != nil {
			t.Fatal(err)
		}
		r := openPrefs(path, "")
		if len(r.vals) != 0 || r.IntWithFallback(prefTab, 7) != 7 {
			t.Errorf("%q read as %v", cut, r.vals)
		}
		r.SetString(prefTheme, "light")
		if err := r.flush(); err != nil {
			t.Fatal(err)
		}
		if s := openPrefs(path, ""); s.String(prefTheme) != "light" {
			t.Errorf("not replaced after %q: %v", cut, s.vals)
		}
	}
	// No temporary file is left beside it.
	entries, _ := os.ReadDir(dir)
	if len(entries) != 2 {
		var names []string
		for _, e := range entries {
			names = append(names, e.Name())
		}
		t.Errorf("files %v", names)
	}
}
