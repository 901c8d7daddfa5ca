//go:build !amd64

package cpu

// haveAsm: other architectures run the scalar kernels only.
const haveAsm = false
