//go:build !purego

package cpu

// haveAsm: this build carries the amd64 assembly kernels.
const haveAsm = true
