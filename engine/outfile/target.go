package outfile

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"syscall"
)

// ErrSameAsInput is wrapped when an output would overwrite an input.
var ErrSameAsInput = errors.New("is the same file as an input")

// ErrConflict is wrapped when two outputs of one run are the same file.
var ErrConflict = errors.New("is written twice by this run")

// ErrRefused is wrapped by every error of the checks made before a run
// (Later, LaterTo, Stage, MkdirAll): the output path given is wrong, not
// the run.
var ErrRefused = errors.New("output refused")

type refused struct{ err error }

// refuse marks err as the output path's fault (ErrRefused), unless the
// system ran short of something (file descriptors, space, memory): that
// fails the run, not the command line.
func refuse(err error) error {
	for _, e := range []error{syscall.EMFILE, syscall.ENFILE, syscall.ENOSPC, syscall.EDQUOT, syscall.ENOMEM, syscall.EIO, syscall.EAGAIN, syscall.EINTR} {
		if errors.Is(err, e) {
			return err
		}
	}
	return &refused{err}
}

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
	// dir is the directory Final is in, for a file renamed into place:
	// two names are the same file when their directories are and their
	// base names match, however each directory was reached.
	dir os.FileInfo
}

const maxLinks = 40

// magicFD matches the kernel's magic links to open files (/dev/stdout is a
// symlink to /proc/self/fd/1); a path under /proc/self/cwd or /proc/PID/root
// is an ordinary file reached through a magic link to a directory.
var magicFD = regexp.MustCompile(`^(/proc/(self|thread-self|[0-9]+)(/task/[0-9]+)?/fd|/dev/fd)/[0-9]+$`)

// magic reports whether path is one of the kernel's magic links to an open
// file.
func magic(path string) bool { return magicFD.MatchString(filepath.Clean(path)) }

// Resolve follows path's symlinks and says how it will be written. It checks
// that a new or replaced file's directory exists and is writable, and that a
// written-through file is writable.
func Resolve(path string) (*Target, error) {
	if path == "" {
		return nil, errors.New("output: empty file name")
	}
	if isTemp(filepath.Base(path)) {
		return nil, fmt.Errorf("output %s: named like a temporary file of Bandscope (.NAME.bandscope-PID-HEX.part), which a later run would remove; choose another name", path)
	}
	t := &Target{Path: path, Final: path}
	for hops := 0; ; hops++ {
		if hops > maxLinks {
			return nil, fmt.Errorf("output %s: too many levels of symbolic links", path)
		}
		if magic(t.Final) {
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
	if sys, ok := st.Sys().(*syscall.Stat_t); ok && sys.Nlink == 0 {
		return nil, fmt.Errorf("output %s: directory %s was deleted", path, dir)
	}
	if err := syscall.Access(dir, 2|1); err != nil {
		return nil, fmt.Errorf("output %s: directory %s is not writable: %w", path, dir, err)
	}
	t.dir = st
	return t, nil
}

// plain drops the path an *fs.PathError repeats.
func plain(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	var le *os.LinkError
	if errors.As(err, &le) {
		return le.Err
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

// same reports whether t and u are the same file: the same resolved name,
// the same inode, or the same base name in the same directory.
func (t *Target) same(u *Target) bool {
	switch {
	case t.Final == u.Final:
		return true
	case t.st != nil && u.st != nil && os.SameFile(t.st, u.st):
		return true
	case t.dir != nil && u.dir != nil && os.SameFile(t.dir, u.dir):
		return filepath.Base(t.Final) == filepath.Base(u.Final)
	}
	return false
}
