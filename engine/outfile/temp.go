package outfile

import (
	"bufio"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"unicode/utf8"
)

// nameMax is the longest file name Linux file systems take (NAME_MAX).
const nameMax = 255

// tempFile is the name of a temporary file for an output named name: the
// name cut short (at a character boundary) so that the whole fits nameMax.
func tempFile(name string) string {
	var r [6]byte
	rand.Read(r[:])
	tail := fmt.Sprintf(".bandscope-%d-%s.part", os.Getpid(), hex.EncodeToString(r[:]))
	if room := nameMax - 1 - len(tail); len(name) > room {
		name = name[:room]
		for len(name) > 0 && !utf8.ValidString(name) {
			name = name[:len(name)-1]
		}
	}
	return "." + name + tail
}

// createTemp creates a temporary file for an output named name in dir,
// owner-only until it is published.
func createTemp(dir, name string) (*os.File, error) {
	for range 100 {
		f, err := os.OpenFile(filepath.Join(dir, tempFile(name)), os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o600)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		return f, err
	}
	return nil, errors.New("cannot find a free temporary name")
}

var tempName = regexp.MustCompile(`^\..*\.bandscope-([0-9]+)-[0-9a-f]+\.part$`)

// isTemp reports whether name is named like one of this package's
// temporary files.
func isTemp(name string) bool { return tempName.MatchString(name) }

// SweepStale removes dir's temporary files whose process no longer exists
// and returns their paths. Only files this package made are removed: named
// like its temporaries (which no output may be), regular, owner-only and
// this user's. A file whose process is alive (or may be: another user's)
// is kept.
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
		st, err := os.Lstat(p)
		if err != nil || st.Mode()&fs.ModePerm != 0o600 || !mine(st) {
			continue
		}
		if os.Remove(p) == nil {
			removed = append(removed, p)
		}
	}
	return removed
}

func mine(st os.FileInfo) bool {
	sys, ok := st.Sys().(*syscall.Stat_t)
	return ok && int(sys.Uid) == os.Geteuid()
}

func alive(pid int) bool {
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}

// umask is the process's file mode creation mask: a new output gets 0666
// minus it, as a file created by open(2) would.
var umask = sync.OnceValue(func() fs.FileMode {
	if f, err := os.Open("/proc/self/status"); err == nil {
		defer f.Close()
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			if v, ok := strings.CutPrefix(sc.Text(), "Umask:"); ok {
				if m, err := strconv.ParseUint(strings.TrimSpace(v), 8, 32); err == nil {
					return fs.FileMode(m)
				}
			}
		}
	}
	m := syscall.Umask(0o22)
	syscall.Umask(m)
	return fs.FileMode(m)
})
