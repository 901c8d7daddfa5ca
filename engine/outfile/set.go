package outfile

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"time"
)

// ErrInterrupted is Commit's error when Cancel closed before every output
// was published: the set has been rolled back.
var ErrInterrupted = errors.New("interrupted while writing the outputs")

// Set is every output of one run: staged now, published together by Commit
// or removed by Abort.
type Set struct {
	inputs  []string
	files   []*File
	dirs    []string // directories created by MkdirAll, outermost first
	swept   map[string]bool
	done    bool
	Warning func(string) // told about stale files it removes; may be nil
	// Cancel, when closed, stops Commit: it stops waiting for a FIFO's
	// reader or a blocked write, rolls back what it published and returns
	// ErrInterrupted.
	Cancel <-chan struct{}
}

// NewSet starts a set whose outputs must not be any of inputs.
func NewSet(inputs ...string) *Set {
	return &Set{inputs: inputs, swept: map[string]bool{}}
}

// AddInputs adds paths the outputs must not overwrite.
func (s *Set) AddInputs(inputs ...string) { s.inputs = append(s.inputs, inputs...) }

// File is one output of a Set.
type File struct {
	t     *Target
	tmp   *os.File              // the staged data (nil for a streamed write-through)
	later func(io.Writer) error // content produced at Commit (Later, LaterTo)
	w     io.Writer             // LaterTo's open writer

	// What publishing did, to undo it.
	published bool
	backup    string      // the replaced file, kept under a temporary name
	aside     bool        // backup is the replaced file moved aside (no hard link)
	renamed   os.FileInfo // the file renamed onto a name that was free
	saved     *os.File    // an in-place rewrite's old content
}

// WriteAt writes staged data.
func (f *File) WriteAt(b []byte, off int64) (int, error) { return f.tmp.WriteAt(b, off) }

// Write appends staged data.
func (f *File) Write(b []byte) (int, error) { return f.tmp.Write(b) }

// Target is where the file goes.
func (f *File) Target() *Target { return f.t }

func (s *Set) check(path string) (*Target, error) {
	if s.done {
		return nil, errors.New("output set already finished")
	}
	t, err := Resolve(path)
	if err != nil {
		return nil, refuse(err)
	}
	return t, s.admit(t)
}

// admit refuses t when it is an input or another output of the set.
func (s *Set) admit(t *Target) error {
	for _, in := range s.inputs {
		if t.sameFile(in) {
			return &refused{fmt.Errorf("output %s: %w %s (refused: it would be destroyed)", t.Path, ErrSameAsInput, in)}
		}
	}
	for _, f := range s.files {
		if t.same(f.t) {
			return &refused{fmt.Errorf("output %s: %w (also as %s)", t.Path, ErrConflict, f.t.Path)}
		}
	}
	return nil
}

// Later checks path now, creates its temporary file (a file written
// through has none), and writes it at Commit with write.
func (s *Set) Later(path string, write func(io.Writer) error) error {
	t, err := s.check(path)
	if err != nil {
		return err
	}
	f := &File{t: t, later: write}
	if !t.Through {
		if f.tmp, err = s.tempFor(t); err != nil {
			return refuse(err)
		}
	}
	s.files = append(s.files, f)
	return nil
}

// LaterTo writes w, an open stream named name (the process's stdout), at
// Commit with write, after every file is in place. A w that is a regular
// file must not be an input (`>> input.y4m`) nor another output.
func (s *Set) LaterTo(name string, w io.Writer, write func(io.Writer) error) error {
	if s.done {
		return errors.New("output set already finished")
	}
	t := &Target{Path: name, Through: true, Exists: true}
	if f, ok := w.(*os.File); ok {
		if st, err := f.Stat(); err == nil {
			t.st = st
		}
	}
	if err := s.admit(t); err != nil {
		return err
	}
	s.files = append(s.files, &File{t: t, later: write, w: w})
	return nil
}

// Stage checks path and opens a temporary file for its data, written during
// the run through the returned File.
func (s *Set) Stage(path string) (*File, error) {
	t, err := s.check(path)
	if err != nil {
		return nil, err
	}
	tmp, err := s.tempFor(t)
	if err != nil {
		return nil, refuse(err)
	}
	f := &File{t: t, tmp: tmp}
	s.files = append(s.files, f)
	return f, nil
}

// tempFor creates a temporary file for t: beside it when it is renamed
// onto; for a file written through or in place, in the directory of the
// path as given when it is a writable one (not /dev or /proc), else in the
// temp directory.
func (s *Set) tempFor(t *Target) (*os.File, error) {
	dir := filepath.Dir(t.Final)
	if t.Through {
		dir = filepath.Dir(t.Path)
	}
	if (t.Through || t.InPlace) && (system(dir) || syscall.Access(dir, 2|1) != nil) {
		dir = os.TempDir()
	}
	s.sweep(dir)
	f, err := createTemp(dir, filepath.Base(t.Final))
	if err != nil {
		return nil, fmt.Errorf("output %s: %w", t.Path, plain(err))
	}
	return f, nil
}

// system reports whether dir is one of the kernel's (/dev, /proc), where
// no temporary file belongs.
func system(dir string) bool {
	d, err := filepath.Abs(dir)
	if err != nil {
		return true
	}
	return d == "/dev" || d == "/proc" || strings.HasPrefix(d, "/dev/") || strings.HasPrefix(d, "/proc/")
}

// sweep removes the temporary files of dead processes in dir, once per set.
func (s *Set) sweep(dir string) {
	if s.swept[dir] {
		return
	}
	s.swept[dir] = true
	for _, name := range SweepStale(dir) {
		if s.Warning != nil {
			s.Warning(fmt.Sprintf("removed %s, left by a run that was killed", name))
		}
	}
}

// MkdirAll creates dir and its missing parents; a set that is not
// committed removes those it created when they are still empty.
func (s *Set) MkdirAll(dir string) error {
	if dir == "" {
		return &refused{errors.New("empty directory name")}
	}
	dir = filepath.Clean(dir)
	var missing []string
	for d := dir; ; d = filepath.Dir(d) {
		if _, err := os.Lstat(d); err == nil {
			break
		}
		missing = append(missing, d)
		if filepath.Dir(d) == d {
			break
		}
	}
	if err := os.MkdirAll(dir, 0o777); err != nil {
		return refuse(plain(err))
	}
	for i := len(missing) - 1; i >= 0; i-- {
		s.dirs = append(s.dirs, missing[i])
	}
	return nil
}

func (s *Set) cancelled() bool {
	select {
	case <-s.Cancel:
		return true
	default:
		return false
	}
}

// Commit produces the Later files, then publishes every file: renamed into
// place, rewritten in place, then written through. When any step fails, or
// Cancel closes first, everything published is rolled back and nothing of
// the set is left.
func (s *Set) Commit() (err error) {
	if s.done {
		return errors.New("output set already finished")
	}
	s.done = true
	var repanic any // a write's panic, carried to the caller once rolled back
	defer func() {
		if err != nil || repanic != nil {
			s.rollback()
		}
		s.cleanup(err == nil && repanic == nil)
		if repanic != nil {
			panic(repanic)
		}
	}()
	// Produce every file before publishing any.
	for _, f := range s.files {
		if f.later == nil || f.tmp == nil {
			continue
		}
		bw := bufio.NewWriterSize(f.tmp, 1<<16)
		if err := f.later(bw); err != nil {
			return fmt.Errorf("output %s: %w", f.t.Path, err)
		}
		if err := bw.Flush(); err != nil {
			return fmt.Errorf("output %s: %w", f.t.Path, plain(err))
		}
	}
	for _, f := range s.files {
		if f.tmp != nil {
			if err := f.prepare(); err != nil {
				return err
			}
		}
	}
	if s.cancelled() {
		return ErrInterrupted
	}
	for _, f := range s.files {
		if !f.t.Through && !f.t.InPlace {
			if err := f.rename(); err != nil {
				return err
			}
		}
	}
	for _, f := range s.files {
		if f.t.InPlace {
			if err := f.rewrite(); err != nil {
				return err
			}
		}
	}
	var through []*File
	for _, f := range s.files {
		if f.t.Through {
			through = append(through, f)
		}
	}
	if len(through) > 0 {
		// A pipe or FIFO may block for as long as its reader wants: the
		// writes run on their own goroutine, left behind when Cancel
		// closes (the process is about to exit).
		done := make(chan error, 1)
		panicked := make(chan any, 1)
		go func() {
			defer func() {
				if p := recover(); p != nil {
					panicked <- p
				}
			}()
			for _, f := range through {
				if err := f.writeThrough(s.Cancel); err != nil {
					done <- err
					return
				}
			}
			done <- nil
		}()
		select {
		case err := <-done:
			if err != nil {
				return err
			}
		case repanic = <-panicked:
			return nil
		case <-s.Cancel:
			return ErrInterrupted
		}
	}
	if s.cancelled() {
		return ErrInterrupted
	}
	return nil
}

// prepare syncs a staged file and gives it the owner of the file it
// replaces; one whose owner cannot be given is rewritten in place instead.
func (f *File) prepare() error {
	if err := f.tmp.Sync(); err != nil {
		return fmt.Errorf("output %s: %w", f.t.Path, plain(err))
	}
	if f.t.Through || f.t.InPlace || !f.t.Exists {
		return nil
	}
	if f.t.uid != os.Geteuid() || f.t.gid != os.Getegid() {
		if err := f.tmp.Chown(f.t.uid, f.t.gid); err != nil {
			f.t.InPlace = true // keep the owner by rewriting in place
		}
	}
	return nil
}

// rename gives the staged file its mode and renames it onto the name,
// keeping a replaced file under a temporary name until the set is done.
func (f *File) rename() error {
	fail := func(err error) error { return fmt.Errorf("output %s: %w", f.t.Path, plain(err)) }
	mode := f.t.Mode
	if !f.t.Exists {
		mode = 0o666 &^ umask()
	}
	if err := f.tmp.Chmod(mode); err != nil {
		return fail(err)
	}
	st, err := f.tmp.Stat()
	if err != nil {
		return fail(err)
	}
	if err := f.tmp.Close(); err != nil {
		return fail(err)
	}
	if f.t.Exists {
		backup := filepath.Join(filepath.Dir(f.t.Final), tempFile(filepath.Base(f.t.Final)))
		switch err := os.Link(f.t.Final, backup); {
		case err == nil:
			f.backup = backup
		case errors.Is(err, fs.ErrNotExist):
			// Gone since it was checked: the name is free.
		default:
			// No hard links here: move it aside instead.
			if err := os.Rename(f.t.Final, backup); err != nil {
				return fail(err)
			}
			f.backup, f.aside = backup, true
		}
	}
	if err := os.Rename(f.tmp.Name(), f.t.Final); err != nil {
		if f.aside {
			os.Rename(f.backup, f.t.Final)
			f.backup = ""
		}
		return fail(err)
	}
	f.published = true
	if f.backup == "" {
		f.renamed = st
	}
	return nil
}

// rewrite writes an existing file in place from the staged data, keeping a
// copy of its old content to restore on a rollback (when it can be read).
func (f *File) rewrite() error {
	if old, err := os.Open(f.t.Final); err == nil {
		if saved, err := createTemp(filepath.Dir(f.tmp.Name()), filepath.Base(f.t.Final)); err == nil {
			if _, err := io.Copy(saved, old); err == nil {
				f.saved = saved
			} else {
				saved.Close()
				os.Remove(saved.Name())
			}
		}
		old.Close()
	}
	f.published = true
	return f.copyInto(f.tmp)
}

// copyInto truncates the file and writes src into it, synced.
func (f *File) copyInto(src *os.File) error {
	if _, err := src.Seek(0, io.SeekStart); err != nil {
		return fmt.Errorf("output %s: %w", f.t.Path, plain(err))
	}
	w, err := os.OpenFile(f.t.Final, os.O_WRONLY|os.O_TRUNC, 0)
	if err != nil {
		return fmt.Errorf("output %s: %w", f.t.Path, plain(err))
	}
	_, err = io.Copy(w, src)
	if err == nil {
		err = w.Sync()
	}
	if cerr := w.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("output %s: %w", f.t.Path, plain(err))
	}
	return nil
}

// rollback undoes what publishing did, last step first: a renamed file's
// old content is renamed back (a new name is removed), an in-place rewrite
// gets its old content back.
func (s *Set) rollback() {
	for i := len(s.files) - 1; i >= 0; i-- {
		f := s.files[i]
		if !f.published {
			continue
		}
		switch {
		case f.backup != "":
			if os.Rename(f.backup, f.t.Final) == nil {
				f.backup = ""
			}
		case f.renamed != nil:
			if st, err := os.Lstat(f.t.Final); err == nil && os.SameFile(st, f.renamed) {
				os.Remove(f.t.Final)
			}
		case f.saved != nil:
			f.copyInto(f.saved)
		}
		f.published = false
	}
}

// cleanup removes what the set keeps aside: the temporary files (gone
// already when renamed into place), the in-place copies, the replaced
// files' backups once the set is published, and, unless it is, the
// directories MkdirAll created (when empty). A backup a rollback could not
// rename back is kept: it is the only copy of that file's old content.
func (s *Set) cleanup(published bool) {
	dirs := map[string]bool{}
	for _, f := range s.files {
		for _, tmp := range []*os.File{f.tmp, f.saved} {
			if tmp != nil {
				tmp.Close()
				os.Remove(tmp.Name())
			}
		}
		if published && f.backup != "" {
			os.Remove(f.backup)
		}
		if published && f.tmp != nil && !f.t.Through && !f.t.InPlace {
			dirs[filepath.Dir(f.t.Final)] = true
		}
	}
	if !published {
		for i := len(s.dirs) - 1; i >= 0; i-- {
			os.Remove(s.dirs[i]) // only when empty
		}
		return
	}
	for dir := range dirs {
		if d, err := os.Open(dir); err == nil {
			d.Sync() // the renames themselves, best effort
			d.Close()
		}
	}
}

// writeThrough opens the target itself and writes it (a device, a FIFO,
// /dev/stdout), or writes the open stream LaterTo was given: produced by
// the Later function, or copied from the staged data.
func (f *File) writeThrough(cancel <-chan struct{}) error {
	fail := func(err error) error { return fmt.Errorf("output %s: %w", f.t.Path, plain(err)) }
	write := f.later
	if f.tmp != nil {
		if _, err := f.tmp.Seek(0, io.SeekStart); err != nil {
			return fail(err)
		}
		write = func(w io.Writer) error { _, err := io.Copy(w, f.tmp); return err }
	}
	if f.w != nil {
		bw := bufio.NewWriterSize(f.w, 1<<16)
		err := write(bw)
		if err == nil {
			err = bw.Flush()
		}
		if err != nil {
			return fail(err)
		}
		return nil
	}
	flags := os.O_WRONLY
	if f.t.st != nil && f.t.st.Mode().IsRegular() {
		flags |= os.O_TRUNC // /dev/stdout onto a file: as `>` would
	}
	var w *os.File
	var err error
	if f.t.st != nil && f.t.st.Mode()&fs.ModeNamedPipe != 0 {
		w, err = openFIFO(f.t.Path, cancel)
	} else {
		w, err = os.OpenFile(f.t.Path, flags, 0) // the kernel follows /proc's magic links
	}
	if err != nil {
		return fail(err)
	}
	bw := bufio.NewWriterSize(w, 1<<16)
	err = write(bw)
	if err == nil {
		err = bw.Flush()
	}
	if cerr := w.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fail(err)
	}
	return nil
}

// openFIFO opens a FIFO for writing once it has a reader: open(2) would
// block in the kernel, out of reach of an interrupt; a non-blocking open
// fails with ENXIO until a reader comes, so it is retried until cancel.
func openFIFO(name string, cancel <-chan struct{}) (*os.File, error) {
	for {
		fd, err := syscall.Open(name, syscall.O_WRONLY|syscall.O_NONBLOCK|syscall.O_CLOEXEC, 0)
		if err == nil {
			if err := syscall.SetNonblock(fd, false); err != nil {
				syscall.Close(fd)
				return nil, err
			}
			return os.NewFile(uintptr(fd), name), nil
		}
		if err != syscall.ENXIO {
			return nil, err
		}
		select {
		case <-cancel:
			return nil, errors.New("interrupted while waiting for a reader of the FIFO")
		case <-time.After(50 * time.Millisecond):
		}
	}
}

// Abort removes every staged file and the directories MkdirAll created
// (when empty). It is a no-op after Commit.
func (s *Set) Abort() {
	if s.done {
		return
	}
	s.done = true
	s.cleanup(false)
}

// WriteFile writes one file by the rules above, refusing inputs.
func WriteFile(path string, write func(io.Writer) error, inputs ...string) error {
	s := NewSet(inputs...)
	if err := s.Later(path, write); err != nil {
		return err
	}
	return s.Commit()
}
