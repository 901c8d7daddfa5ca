//go:build !linux

package yuv

// newPlane allocates a plane of n samples.
func newPlane(n int) []uint16 { return make([]uint16, n) }
