package motion

import (
	"testing"

	"github.com/bandscope/bandscope/kernels/internal/twindoc"
)

// TestTwinIndex checks doc.go's twin index against the code: every Go
// function, kernel-set field, assembly symbol, shader and test it names
// exists, and every field, symbol and motion_*.wgsl shader is in it.
func TestTwinIndex(t *testing.T) {
	for _, e := range twindoc.Check(".", "../../gpu", "motion_") {
		t.Error(e)
	}
}
