//go:build !unix

package benchclip

import "time"

// CPUTime is not measured on this system.
func CPUTime() time.Duration { return 0 }

// ChildCPUTime is not measured on this system.
func ChildCPUTime() time.Duration { return 0 }
