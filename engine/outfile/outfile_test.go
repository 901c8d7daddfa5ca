package outfile

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

func write(s string) func(io.Writer) error {
	return func(w io.Writer) error { _, err := io.WriteString(w, s); return err }
}

// TestResolve: how each kind of path is written.
func TestResolve(t *testing.T) {
	dir := t.TempDir()
	reg := filepath.Join(dir, "reg")
	os.WriteFile(reg, nil, 0o644)
	os.Symlink("reg", filepath.Join(dir, "link"))
	os.Symlink("missing", filepath.Join(dir, "dangling"))
	os.Symlink("loop", filepath.Join(dir, "loop"))
	for _, tc := range []struct {
		path    string
		final   string
		through bool
		err     string
	}{
		{reg, reg, false, ""},
		{filepath.Join(dir, "link"), reg, false, ""},
		{filepath.Join(dir, "dangling"), filepath.Join(dir, "missing"), false, ""},
		{filepath.Join(dir, "loop"), "", false, "too many levels"},
		{dir, "", false, "is a directory"},
		{filepath.Join(dir, "no", "x"), "", false, "directory"},
		{"/dev/stdout", "", true, ""},
		{"/proc/self/fd/1", "", true, ""},
		// A magic link to a directory: the file under it is an ordinary one.
		{"/proc/self/cwd/no-such-output.json", "/proc/self/cwd/no-such-output.json", false, ""},
		{"/dev/null", "/dev/null", true, ""},
		{"", "", false, "empty"},
	} {
		got, err := Resolve(tc.path)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%s: %v, want %q", tc.path, err, tc.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", tc.path, err)
			continue
		}
		if got.Through != tc.through || tc.final != "" && got.Final != tc.final {
			t.Errorf("%s: final %s through %v", tc.path, got.Final, got.Through)
		}
	}
}

// TestSetAllOrNothing: nothing is published when one output fails, and the
// directories the set created are removed.
func TestSetAllOrNothing(t *testing.T) {
	dir := t.TempDir()
	s := NewSet()
	sub := filepath.Join(dir, "a", "b")
	if err := s.MkdirAll(sub); err != nil {
		t.Fatal(err)
	}
	f, err := s.Stage(filepath.Join(sub, "staged"))
	if err != nil {
		t.Fatal(err)
	}
	f.Write([]byte("x"))
	s.Later(filepath.Join(dir, "later"), func(io.Writer) error { return errors.New("boom") })
	if err := s.Commit(); err == nil || !strings.Contains(err.Error(), "boom") {
		t.Fatalf("commit: %v", err)
	}
	if _, err := os.Stat(filepath.Join(dir, "a")); err == nil {
		t.Error("created directories left")
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("left: %v", entries)
	}
	// The same file twice in one set is refused.
	s = NewSet()
	s.Later(filepath.Join(dir, "x"), write("1"))
	if err := s.Later(filepath.Join(dir, ".", "x"), write("2")); !errors.Is(err, ErrConflict) || !errors.Is(err, ErrRefused) {
		t.Errorf("twice: %v", err)
	}
}

// TestSweepStale: temporaries of dead processes go, those of live ones stay.
func TestSweepStale(t *testing.T) {
	dir := t.TempDir()
	dead := filepath.Join(dir, ".x.bandscope-999999999-ab.part") // above pid_max
	live := filepath.Join(dir, fmt.Sprintf(".x.bandscope-%d-ab.part", os.Getppid()))
	other := filepath.Join(dir, ".x.part")
	// Named like a temporary of a dead process, but not owner-only: not
	// one this package made (a user's file), so it stays.
	users := filepath.Join(dir, ".y.bandscope-999999999-ab.part")
	for _, p := range []string{dead, live, other, users} {
		os.WriteFile(p, nil, 0o600)
	}
	os.Chmod(users, 0o644)
	if got := SweepStale(dir); len(got) != 1 || got[0] != dead {
		t.Errorf("removed %v", got)
	}
	for _, p := range []string{live, other, users} {
		if _, err := os.Stat(p); err != nil {
			t.Errorf("%s removed", p)
		}
	}
}

// TestWriteFileSameAsInput: WriteFile, the inspector's exports, refuses
// the open clips.
func TestWriteFileSameAsInput(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "clip.y4m")
	os.WriteFile(in, []byte("clip"), 0o644)
	if err := WriteFile(in, write("json"), in); !errors.Is(err, ErrSameAsInput) {
		t.Errorf("%v", err)
	}
	if b, _ := os.ReadFile(in); string(b) != "clip" {
		t.Error("input changed")
	}
}

// TestFIFOWithoutReader: writing a FIFO nobody reads waits for a reader
// but gives up when cancelled (an interrupt must not hang in open(2)).
func TestFIFOWithoutReader(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip(err)
	}
	s := NewSet()
	cancel := make(chan struct{})
	s.Cancel = cancel
	if err := s.Later(fifo, write("x")); err != nil {
		t.Fatal(err)
	}
	time.AfterFunc(100*time.Millisecond, func() { close(cancel) })
	start := time.Now()
	if err := s.Commit(); err == nil || !strings.Contains(err.Error(), "interrupted") {
		t.Errorf("commit: %v", err)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("took %v", d)
	}
}
