//go:build unix

package benchclip

import (
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

// ChildCPUTime is the CPU time of the waited-for child processes (libvmaf).
func ChildCPUTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_CHILDREN, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
