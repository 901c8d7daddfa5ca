package cpu

// DefaultError is the error of a BANDSCOPE_CPU_KERNELS value that Default
// ignored, for the tests of the selection.
func DefaultError() error { Default(); return defaultErr }
