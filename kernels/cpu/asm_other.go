//go:build (!amd64 && !arm64) || purego

package cpu

// asmSupports: other architectures, and amd64 and arm64 built with the
// purego tag, run the scalar kernels (the Go twins) only.
func asmSupports(Set) bool { return false }
