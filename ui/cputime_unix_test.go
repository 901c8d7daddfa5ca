//go:build unix

package ui

import (
	"syscall"
	"time"
)

// cpuTime is the process's user and system CPU time so far: a benchmark's
// CPU per step, which on a machine shared with other work says more than
// the wall time.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
