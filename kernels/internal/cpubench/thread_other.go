//go:build !linux

package cpubench

import "time"

// threadCPU is not measured outside Linux: Loop reports wall time alone.
func threadCPU() (time.Duration, bool) { return 0, false }
