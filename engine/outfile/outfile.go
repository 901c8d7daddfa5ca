// Package outfile writes Bandscope's output files (the CLI's -o file, CAMBI's
// heatmaps, the inspector's exports) so that writing one can never destroy
// anything else, and so that every output of a run appears together, only
// when the run succeeds.
//
// The rules, each checked before any work starts (Set.Later, Set.Stage):
//
//   - an output that is the same file as an input (same device and inode,
//     or the same path once links are resolved) is refused;
//   - a symlink is followed and its target replaced (the link stays);
//   - a character device, a FIFO, and /dev/stdout or anything else reached
//     through /proc or /dev/fd, is written through: opened and written, never
//     renamed onto; a block device, a socket and a directory are refused;
//   - a regular file is written under a temporary name in its own directory,
//     synced, and renamed onto the name: it keeps an existing file's mode and
//     owner, and a new file gets 0666 minus the umask. A file with other hard
//     links, or whose owner cannot be given to the new file, is rewritten in
//     place from the finished temporary file instead, so that the links and
//     the owner survive;
//   - the directory must exist and be writable.
//
// Temporary files are named ".NAME.bandscope-PID-RANDOM.part": staging into a
// directory first removes such files whose process is gone (a run killed by
// SIGKILL or a power cut leaves them), and never those of a live process.
package outfile

import (
	"bufio"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// ErrSameAsInput is wrapped when an output would overwrite an input.
var ErrSameAsInput = errors.New("is the same file as an input")

// ErrConflict is wrapped when two outputs of one run are the same file.
var ErrConflict = errors.New("is written twice by this run")

// ErrRefused is wrapped by every error of the checks made before a run
// (Later, Stage): the output path given is wrong, not the run.
var ErrRefused = errors.New("output refused")

type refused struct{ err error }

func (e *refused) Error() string        { return e.err.Error() }
func (e *refused) Unwrap() error        { return e.err }
func (e *refused) Is(target error) bool { return target == ErrRefused }

// Target is an output path resolved for writing.
type Target struct {
	Path    string // as given
	Final   string // symlinks followed: the name that is replaced or written
	Through bool   // written through (device, FIFO, /dev/stdout): never renamed onto
	Exists  bool
	InPlace bool        // an existing regular file rewritten in place (hard links, owner)
	Mode    fs.FileMode // an existing file's permission bits
	uid     int
	gid     int
	st      os.FileInfo // nil when the file does not exist
}

const maxLinks = 40

// Resolve follows path's symlinks and says how it will be written. It checks
// that a new or replaced file's directory exists and is writable, and that a
// written-through file is writable.
func Resolve(path string) (*Target, error) {
	if path == "" {
		return nil, errors.New("output: empty file name")
	}
	t := &Target{Path: path, Final: path}
	for hops := 0; ; hops++ {
		if hops > maxLinks {
			return nil, fmt.Errorf("output %s: too many levels of symbolic links", path)
		}
		if strings.HasPrefix(filepath.Clean(t.Final), "/proc/") || strings.HasPrefix(filepath.Clean(t.Final), "/dev/fd/") {
			// /dev/stdout and friends: magic links the kernel follows
			// to an open file; written through whatever they are.
			t.Through = true
			break
		}
		lst, err := os.Lstat(t.Final)
		if errors.Is(err, fs.ErrNotExist) {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("output %s: %w", path, plain(err))
		}
		if lst.Mode()&fs.ModeSymlink == 0 {
			t.Exists, t.st = true, lst
			break
		}
		dest, err := os.Readlink(t.Final)
		if err != nil {
			return nil, fmt.Errorf("output %s: %w", path, plain(err))
		}
		if !filepath.IsAbs(dest) {
			dest = filepath.Join(filepath.Dir(t.Final), dest)
		}
		t.Final = dest
	}
	if t.Through {
		st, err := os.Stat(t.Path)
		if err != nil {
			return nil, fmt.Errorf("output %s: %w", path, plain(err))
		}
		t.Exists, t.st = true, st
	}
	if t.Exists {
		m := t.st.Mode()
		switch {
		case m.IsDir():
			return nil, fmt.Errorf("output %s: is a directory", path)
		case m&fs.ModeDevice != 0 && m&fs.ModeCharDevice == 0:
			return nil, fmt.Errorf("output %s: is a block device (refused: it would be overwritten)", path)
		case m&fs.ModeSocket != 0:
			return nil, fmt.Errorf("output %s: is a socket", path)
		case !m.IsRegular():
			t.Through = true // character device, FIFO
		}
		t.Mode = m.Perm() | m&(fs.ModeSetuid|fs.ModeSetgid|fs.ModeSticky)
		if sys, ok := t.st.Sys().(*syscall.Stat_t); ok {
			t.uid, t.gid = int(sys.Uid), int(sys.Gid)
			if !t.Through && (sys.Nlink > 1 || int(sys.Uid) != os.Geteuid() && os.Geteuid() != 0) {
				t.InPlace = true
			}
		}
	}
	if t.Through || t.InPlace {
		if err := syscall.Access(t.Final, 2); err != nil && !t.Through {
			return nil, fmt.Errorf("output %s: not writable: %w", path, err)
		} else if err != nil {
			if err2 := syscall.Access(t.Path, 2); err2 != nil {
				return nil, fmt.Errorf("output %s: not writable: %w", path, err2)
			}
		}
		return t, nil
	}
	dir := filepath.Dir(t.Final)
	st, err := os.Stat(dir)
	if err != nil {
		return nil, fmt.Errorf("output %s: directory %s: %w", path, dir, plain(err))
	}
	if !st.IsDir() {
		return nil, fmt.Errorf("output %s: %s is not a directory", path, dir)
	}
	if err := syscall.Access(dir, 2|1); err != nil {
		return nil, fmt.Errorf("output %s: directory %s is not writable: %w", path, dir, err)
	}
	return t, nil
}

// plain drops the path an *fs.PathError repeats.
func plain(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// sameFile reports whether t would write input.
func (t *Target) sameFile(input string) bool {
	if input == "" {
		return false
	}
	ist, err := os.Stat(input)
	if err == nil && t.st != nil && os.SameFile(ist, t.st) {
		return true
	}
	if t.Exists {
		if st, err := os.Stat(t.Final); err == nil && ist != nil && os.SameFile(ist, st) {
			return true
		}
	}
	a, err1 := filepath.EvalSymlinks(input)
	b, err2 := filepath.Abs(t.Final)
	if err1 == nil && err2 == nil {
		if ai, err := filepath.Abs(a); err == nil && ai == filepath.Clean(b) {
			return true
		}
	}
	return false
}

// Set is every output of one run: staged now, published together by Commit
// or removed by Abort.
type Set struct {
	inputs  []string
	files   []*File
	dirs    []string // directories created by MkdirAll, outermost first
	swept   map[string]bool
	done    bool
	Warning func(string) // told about stale files it removes; may be nil
	// Cancel, when closed, stops Commit waiting for a FIFO's reader (an
	// interrupted run must not hang in open(2)).
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
	tmp   *os.File              // staged data (Stage), or nil
	later func(io.Writer) error // content produced at Commit (Later)
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
		return nil, &refused{err}
	}
	for _, in := range s.inputs {
		if t.sameFile(in) {
			return nil, &refused{fmt.Errorf("output %s: %w %s (refused: it would be destroyed)", path, ErrSameAsInput, in)}
		}
	}
	for _, f := range s.files {
		if f.t.Final == t.Final || t.st != nil && f.t.st != nil && os.SameFile(t.st, f.t.st) {
			return nil, &refused{fmt.Errorf("output %s: %w (also as %s)", path, ErrConflict, f.t.Path)}
		}
	}
	return t, nil
}

// Later checks path now and writes it at Commit with write.
func (s *Set) Later(path string, write func(io.Writer) error) error {
	t, err := s.check(path)
	if err != nil {
		return err
	}
	s.files = append(s.files, &File{t: t, later: write})
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
		return nil, err
	}
	f := &File{t: t, tmp: tmp}
	s.files = append(s.files, f)
	return f, nil
}

// tempFor creates a temporary file for t: beside it when it is renamed
// onto, else in its directory when writable, else in the temp directory.
func (s *Set) tempFor(t *Target) (*os.File, error) {
	dir := filepath.Dir(t.Final)
	if (t.Through || t.InPlace) && syscall.Access(dir, 2|1) != nil {
		dir = os.TempDir()
	}
	s.sweep(dir)
	f, err := CreateTemp(dir, filepath.Base(t.Final))
	if err != nil {
		return nil, fmt.Errorf("output %s: %w", t.Path, plain(err))
	}
	return f, nil
}

// CreateTemp creates ".NAME.bandscope-PID-RANDOM.part" in dir with mode 0666
// minus the umask (the mode a new output file gets).
func CreateTemp(dir, name string) (*os.File, error) {
	for range 100 {
		var r [6]byte
		rand.Read(r[:])
		p := filepath.Join(dir, fmt.Sprintf(".%s.bandscope-%d-%s.part", name, os.Getpid(), hex.EncodeToString(r[:])))
		f, err := os.OpenFile(p, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o666)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		return f, err
	}
	return nil, errors.New("cannot find a free temporary name")
}

// tempName matches this package's temporary files, the writer's process
// ID in the first group.
var tempName = regexp.MustCompile(`^\..*\.bandscope-([0-9]+)-[0-9a-f]+\.part$`)

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

// SweepStale removes dir's temporary files whose process no longer exists
// and returns their paths. A file whose process is alive (or may be: it
// belongs to another user) is kept.
func SweepStale(dir string) []string {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	var removed []string
	for _, e := range entries {
		m := tempName.FindStringSubmatch(e.Name())
		if m == nil || !e.Type().IsRegular() {
			continue
		}
		pid, err := strconv.Atoi(m[1])
		if err != nil || pid <= 0 || pid == os.Getpid() || alive(pid) {
			continue
		}
		p := filepath.Join(dir, e.Name())
		if os.Remove(p) == nil {
			removed = append(removed, p)
		}
	}
	return removed
}

func alive(pid int) bool {
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}

// MkdirAll creates dir and its missing parents; Abort removes those it
// created when they are still empty.
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
		return &refused{plain(err)}
	}
	for i := len(missing) - 1; i >= 0; i-- {
		s.dirs = append(s.dirs, missing[i])
	}
	return nil
}

// Commit writes the Later files, then publishes every file: renamed into
// place, or written through. Nothing is published when producing or
// syncing any of them fails.
func (s *Set) Commit() error {
	if s.done {
		return errors.New("output set already finished")
	}
	// Produce every file before publishing any.
	for _, f := range s.files {
		if f.later == nil || f.t.Through {
			continue
		}
		tmp, err := s.tempFor(f.t)
		if err != nil {
			s.Abort()
			return err
		}
		f.tmp = tmp
		bw := bufio.NewWriterSize(tmp, 1<<16)
		if err := f.later(bw); err != nil {
			s.Abort()
			return fmt.Errorf("output %s: %w", f.t.Path, err)
		}
		if err := bw.Flush(); err != nil {
			s.Abort()
			return fmt.Errorf("output %s: %w", f.t.Path, plain(err))
		}
	}
	for _, f := range s.files {
		if f.tmp == nil {
			continue
		}
		if err := f.prepare(); err != nil {
			s.Abort()
			return err
		}
	}
	s.done = true
	var errs []error
	for _, f := range s.files {
		errs = append(errs, f.publish(s.Cancel))
	}
	return errors.Join(errs...)
}

// prepare syncs a staged file and gives it the mode and owner of the file
// it replaces.
func (f *File) prepare() error {
	if err := f.tmp.Sync(); err != nil {
		return fmt.Errorf("output %s: %w", f.t.Path, plain(err))
	}
	if f.t.Through || f.t.InPlace || !f.t.Exists {
		return nil
	}
	if err := f.tmp.Chmod(f.t.Mode); err != nil {
		return fmt.Errorf("output %s: %w", f.t.Path, plain(err))
	}
	if f.t.uid != os.Geteuid() || f.t.gid != os.Getegid() {
		if err := f.tmp.Chown(f.t.uid, f.t.gid); err != nil {
			f.t.InPlace = true // keep the owner by rewriting in place
		}
	}
	return nil
}

func (f *File) publish(cancel <-chan struct{}) error {
	if f.later != nil && f.t.Through {
		return f.writeThrough(cancel, func(w io.Writer) error { return f.later(w) })
	}
	defer func() {
		if f.tmp != nil {
			f.tmp.Close()
			os.Remove(f.tmp.Name()) // fails harmlessly once renamed
		}
	}()
	if f.t.Through || f.t.InPlace {
		if _, err := f.tmp.Seek(0, io.SeekStart); err != nil {
			return fmt.Errorf("output %s: %w", f.t.Path, plain(err))
		}
		return f.writeThrough(cancel, func(w io.Writer) error { _, err := io.Copy(w, f.tmp); return err })
	}
	if err := f.tmp.Close(); err != nil {
		return fmt.Errorf("output %s: %w", f.t.Path, plain(err))
	}
	if err := os.Rename(f.tmp.Name(), f.t.Final); err != nil {
		return fmt.Errorf("output %s: %w", f.t.Path, plain(err))
	}
	f.tmp = nil
	if d, err := os.Open(filepath.Dir(f.t.Final)); err == nil {
		d.Sync() // the rename itself, best effort
		d.Close()
	}
	return nil
}

// writeThrough opens the target itself and writes it: devices, FIFOs and
// files rewritten in place (truncated first).
func (f *File) writeThrough(cancel <-chan struct{}, write func(io.Writer) error) error {
	flags := os.O_WRONLY
	if f.t.st != nil && f.t.st.Mode().IsRegular() {
		flags |= os.O_TRUNC
	}
	name := f.t.Final
	if f.t.Through {
		name = f.t.Path // the kernel follows /proc's magic links
	}
	var w *os.File
	var err error
	if f.t.st != nil && f.t.st.Mode()&fs.ModeNamedPipe != 0 {
		w, err = openFIFO(name, cancel)
	} else {
		w, err = os.OpenFile(name, flags, 0)
	}
	if err != nil {
		return fmt.Errorf("output %s: %w", f.t.Path, plain(err))
	}
	bw := bufio.NewWriterSize(w, 1<<16)
	err = write(bw)
	if err == nil {
		err = bw.Flush()
	}
	if err == nil && f.t.InPlace {
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
	for _, f := range s.files {
		if f.tmp != nil {
			f.tmp.Close()
			os.Remove(f.tmp.Name())
		}
	}
	for i := len(s.dirs) - 1; i >= 0; i-- {
		os.Remove(s.dirs[i]) // only when empty
	}
}

// WriteFile writes one file by the rules above, refusing inputs.
func WriteFile(path string, write func(io.Writer) error, inputs ...string) error {
	s := NewSet(inputs...)
	if err := s.Later(path, write); err != nil {
		return err
	}
	return s.Commit()
}
