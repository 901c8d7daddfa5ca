//go:build !linux

package yuv

// newPlane allocates a plane of n samples.
func newPlane(n int) []uint16 { return make([]uint16, n) }

// newBytes allocates a packed plane of n samples.
func newBytes(n int) []uint8 { return make([]uint8, n) }
