//go:build amd64 && purego

package speed

// vfilt8Kernel: the purego build has no assembly.
var vfilt8Kernel = vfiltGo[uint8]
