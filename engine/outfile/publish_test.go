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

// readOr is a file's content, or "<missing>".
func readOr(t *testing.T, p string) string {
	t.Helper()
	b, err := os.ReadFile(p)
	if err != nil {
		return "<missing>"
	}
	return string(b)
}

// leftovers lists dir's entries, recursively, but for keep.
func leftovers(t *testing.T, dir string, keep ...string) []string {
	t.Helper()
	var out []string
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || p == dir {
			return nil
		}
		for _, k := range keep {
			if p == k {
				return nil
			}
		}
		out = append(out, p)
		return nil
	})
	return out
}

// TestCommitRollsBack: when one output fails at publish time (a rename
// refused, a device full, a write-through that fails), the files already
// renamed into place are rolled back: a replaced file has its old content
// (and inode), a new one is gone, and so are the directories the set made.
func TestCommitRollsBack(t *testing.T) {
	for _, tc := range []struct {
		name string
		fail func(t *testing.T, s *Set, dir string)
	}{
		{"rename refused", func(t *testing.T, s *Set, dir string) {
			p := filepath.Join(dir, "becomes-a-dir")
			if err := s.Later(p, write("x")); err != nil {
				t.Fatal(err)
			}
			os.Mkdir(p, 0o755) // the rename onto it fails
			os.WriteFile(filepath.Join(p, "in"), nil, 0o644)
		}},
		{"device full", func(t *testing.T, s *Set, dir string) {
			if _, err := os.Stat("/dev/full"); err != nil {
				t.Skip("no /dev/full")
			}
			if err := s.Later("/dev/full", write("x")); err != nil {
				t.Fatal(err)
			}
		}},
		{"producing fails", func(t *testing.T, s *Set, dir string) {
			if err := s.Later(filepath.Join(dir, "late"), func(io.Writer) error { return errors.New("boom") }); err != nil {
				t.Fatal(err)
			}
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			old := filepath.Join(dir, "old")
			os.WriteFile(old, []byte("old content"), 0o640)
			before, _ := os.Stat(old)
			s := NewSet()
			if err := s.Later(old, write("new content")); err != nil {
				t.Fatal(err)
			}
			sub := filepath.Join(dir, "new", "deep")
			if err := s.MkdirAll(sub); err != nil {
				t.Fatal(err)
			}
			f, err := s.Stage(filepath.Join(sub, "heat"))
			if err != nil {
				t.Fatal(err)
			}
			f.Write([]byte("heat"))
			tc.fail(t, s, dir)
			if err := s.Commit(); err == nil {
				t.Fatal("commit succeeded")
			}
			if got := readOr(t, old); got != "old content" {
				t.Errorf("replaced file: %q", got)
			}
			if after, err := os.Stat(old); err != nil || !os.SameFile(before, after) || after.Mode().Perm() != 0o640 {
				t.Errorf("replaced file not restored as it was: %v", err)
			}
			if _, err := os.Stat(filepath.Join(dir, "new")); err == nil {
				t.Error("a new file or the directories made for it are left")
			}
			keep := []string{old, filepath.Join(dir, "becomes-a-dir"), filepath.Join(dir, "becomes-a-dir", "in")}
			if left := leftovers(t, dir, keep...); len(left) > 0 {
				t.Errorf("left: %v", left)
			}
		})
	}
}

// TestCommitCancelledWhileBlocked: a write-through that blocks (a FIFO
// whose reader never reads) is abandoned when Cancel closes: Commit
// returns ErrInterrupted at once and rolls back the files it renamed.
func TestCommitCancelledWhileBlocked(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip(err)
	}
	// A reader that opens and never reads: the pipe fills.
	r, err := os.OpenFile(fifo, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	s := NewSet()
	cancel := make(chan struct{})
	s.Cancel = cancel
	out := filepath.Join(dir, "out")
	if err := s.Later(out, write("x")); err != nil {
		t.Fatal(err)
	}
	big := strings.Repeat("y", 4<<20)
	if err := s.Later(fifo, write(big)); err != nil {
		t.Fatal(err)
	}
	time.AfterFunc(300*time.Millisecond, func() { close(cancel) })
	start := time.Now()
	if err := s.Commit(); !errors.Is(err, ErrInterrupted) {
		t.Errorf("commit: %v", err)
	}
	if d := time.Since(start); d > 3*time.Second {
		t.Errorf("took %v", d)
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("the renamed output was not rolled back")
	}
	if left := leftovers(t, dir, fifo); len(left) > 0 {
		t.Errorf("left: %v", left)
	}
}

// TestConflictThroughSymlinkedDirectory: two outputs with the same name in
// one directory reached two ways (a symlink to it) are the same file.
func TestConflictThroughSymlinkedDirectory(t *testing.T) {
	dir := t.TempDir()
	real := filepath.Join(dir, "real")
	os.Mkdir(real, 0o755)
	link := filepath.Join(dir, "link")
	os.Symlink("real", link)
	for _, exists := range []bool{false, true} {
		if exists {
			os.WriteFile(filepath.Join(real, "f"), nil, 0o644)
		}
		s := NewSet()
		if _, err := s.Stage(filepath.Join(real, "f")); err != nil {
			t.Fatal(err)
		}
		if err := s.Later(filepath.Join(link, "f"), write("x")); !errors.Is(err, ErrConflict) || !errors.Is(err, ErrRefused) {
			t.Errorf("exists %v: %v", exists, err)
		}
		if err := s.Later(filepath.Join(link, "g"), write("x")); err != nil {
			t.Errorf("another name: %v", err)
		}
		s.Abort()
	}
	if left := leftovers(t, dir, real, link, filepath.Join(real, "f")); len(left) > 0 {
		t.Errorf("left: %v", left)
	}
}

// TestLongNames: an output name up to NAME_MAX (255 bytes, multi-byte
// characters included) is written; its temporary name is cut to fit.
func TestLongNames(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{strings.Repeat("b", 255), strings.Repeat("b", 230) + ".json", strings.Repeat("é", 127)} {
		p := filepath.Join(dir, name)
		if err := WriteFile(p, write("ok")); err != nil {
			t.Errorf("%d bytes: %v", len(name), err)
		}
		if got := readOr(t, p); got != "ok" {
			t.Errorf("%d bytes: %q", len(name), got)
		}
	}
	if err := WriteFile(filepath.Join(dir, strings.Repeat("b", 256)), write("x")); !errors.Is(err, ErrRefused) {
		t.Errorf("256 bytes: %v", err)
	}
	if n := len(tempFile(strings.Repeat("é", 127))); n > nameMax {
		t.Errorf("temporary name of %d bytes", n)
	}
}

// TestTempNamesRefused: no output may be named like a temporary file (the
// sweep would remove it later).
func TestTempNamesRefused(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, ".x.bandscope-999999999-ab.part")
	if err := WriteFile(p, write("x")); !errors.Is(err, ErrRefused) {
		t.Errorf("%v", err)
	}
}

// TestDeletedDirectory: a directory deleted before the run (a deleted
// working directory) is refused when the output is checked.
func TestDeletedDirectory(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "gone")
	os.Mkdir(dir, 0o755)
	t.Chdir(dir)
	os.Remove(dir)
	s := NewSet()
	if err := s.Later("rel.json", write("x")); !errors.Is(err, ErrRefused) {
		t.Errorf("%v", err)
	}
}

// TestThroughMagicLink: a file that is a symlink to /proc's magic link of
// an open pipe (as /dev/stdout is) is written through, staged data too.
func TestThroughMagicLink(t *testing.T) {
	dir := t.TempDir()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	link := filepath.Join(dir, "heat")
	os.Symlink(fmt.Sprintf("/proc/self/fd/%d", w.Fd()), link)
	s := NewSet()
	f, err := s.Stage(link)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteAt([]byte("staged"), 0)
	got := make(chan string, 1)
	go func() { b, _ := io.ReadAll(r); got <- string(b) }()
	if err := s.Commit(); err != nil {
		t.Fatal(err)
	}
	w.Close()
	if g := <-got; g != "staged" {
		t.Errorf("pipe got %q", g)
	}
	if st, err := os.Lstat(link); err != nil || st.Mode()&os.ModeSymlink == 0 {
		t.Error("the link was replaced")
	}
	if left := leftovers(t, dir, link); len(left) > 0 {
		t.Errorf("left: %v", left)
	}
}

// TestLaterToInput: an open stream that is an input (stdout appended to a
// clip) is refused; one that is another output too.
func TestLaterToInput(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "clip.y4m")
	os.WriteFile(in, []byte("clip"), 0o644)
	f, err := os.OpenFile(in, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	s := NewSet(in)
	if err := s.LaterTo("stdout", f, write("table")); !errors.Is(err, ErrSameAsInput) || !errors.Is(err, ErrRefused) {
		t.Errorf("%v", err)
	}
	out := filepath.Join(dir, "out")
	os.WriteFile(out, nil, 0o644)
	g, _ := os.OpenFile(out, os.O_WRONLY, 0)
	defer g.Close()
	s = NewSet(in)
	if err := s.Later(out, write("x")); err != nil {
		t.Fatal(err)
	}
	if err := s.LaterTo("stdout", g, write("table")); !errors.Is(err, ErrConflict) {
		t.Errorf("%v", err)
	}
	s.Abort()
	if got := readOr(t, in); got != "clip" {
		t.Errorf("input: %q", got)
	}
}
