//go:build !purego

package adm

import (
	"testing"

	"github.com/bandscope/bandscope/kernels/cpu"
)

// i64f32NEON is angle123NEON's int64-to-float32 conversion on its own
// (kernels_arm64.s). It is declared here, for the test alone: no package
// code calls it, so the linker leaves it out of every other binary.
//
//go:noescape
func i64f32NEON(dst *float64, src *int64, n int)

// TestInt64ToFloat32NEON checks angle123NEON's int64-to-float32 rounding
// (the magnitude's low bits folded into a sticky bit above 2^53, an exact
// double, then one rounding to float32) against Go's conversion.
func TestInt64ToFloat32NEON(t *testing.T) {
	if !cpu.NEON.Supported() {
		t.Skip("no NEON on this host")
	}
	checkInt64ToFloat32(t, i64f32NEON)
}
