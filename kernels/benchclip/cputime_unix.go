//go:build unix

package benchclip

import (
	"os"
	"runtime"
	"syscall"
	"time"
)

// CPUTime is the user+system CPU time this process has used; benchmarks
// on a shared machine report frames per CPU second next to wall-clock fps.
func CPUTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// ChildUsage is the CPU time (user+system, every thread) and the peak
// resident set size in bytes of one exited child; 0 where unknown.
func ChildUsage(ps *os.ProcessState) (cpu time.Duration, maxRSS int64) {
	if ps == nil {
		return 0, 0
	}
	cpu = ps.UserTime() + ps.SystemTime()
	if ru, ok := ps.SysUsage().(*syscall.Rusage); ok {
		maxRSS = int64(ru.Maxrss)
		if runtime.GOOS != "darwin" { // kilobytes elsewhere, bytes on macOS
			maxRSS *= 1024
		}
	}
	return cpu, maxRSS
}
