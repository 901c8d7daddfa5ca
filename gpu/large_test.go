//go:build cgo && !js

package gpu

import (
	"os"
	"testing"
)

// largeEnv enables the parity cases too big for CI on lavapipe (4K
// pictures, fifty repeated 1080p frames): the real-GPU check sets it.
const largeEnv = "BANDSCOPE_GPU_LARGE"

// skipUnlessLarge skips a large case unless the run is long and asks for
// large cases.
func skipUnlessLarge(t testing.TB) {
	t.Helper()
	if testing.Short() {
		t.Skip("large case skipped with -short")
	}
	if os.Getenv(largeEnv) != "1" {
		t.Skipf("large case: set %s=1 to run it", largeEnv)
	}
}

func isLarge() bool { return !testing.Short() && os.Getenv(largeEnv) == "1" }
