//go:build !amd64 || purego

package cpu

// haveAsm: other architectures, and amd64 built with the purego tag, run
// the scalar kernels (the Go twins) only.
const haveAsm = false
