//go:build !unix

package benchclip

import (
	"os"
	"time"
)

// CPUTime is not measured on this system.
func CPUTime() time.Duration { return 0 }

// ChildUsage is the CPU time of one exited child; its peak memory is not
// measured on this system.
func ChildUsage(ps *os.ProcessState) (cpu time.Duration, maxRSS int64) {
	if ps == nil {
		return 0, 0
	}
	return ps.UserTime() + ps.SystemTime(), 0
}
