//go:build purego

package cpu

// asmBuild: purego leaves every assembly set out.
const asmBuild = false
