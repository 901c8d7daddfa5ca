//go:build !purego

package cpu

// asmBuild: this build carries its architecture's assembly sets.
const asmBuild = true
