package gpu

import (
	"fmt"
	"os"
	"testing"
)

// TestOpenRepeatedly opens and releases the best adapter many times: the
// bindings once returned garbage in an extra limit now and then, and asking
// for it failed the device request at random.
func TestOpenRepeatedly(t *testing.T) {
	if ads, err := Adapters(); err != nil || len(ads) == 0 {
		noAdapter(t, fmt.Sprintf("repeated opening not checked (%v)", err))
	}
	for i := 0; i < 50; i++ {
		d, err := Open("gpu")
		if err != nil {
			t.Fatalf("open %d: %v", i, err)
		}
		if err := d.Release(); err != nil {
			t.Fatalf("release %d: %v", i, err)
		}
	}
}

// noAdapter skips a test on a host without a WebGPU adapter, saying so,
// or fails it where BANDSCOPE_REQUIRE_GPU says there must be one.
func noAdapter(t testing.TB, what string) {
	t.Helper()
	if os.Getenv("BANDSCOPE_REQUIRE_GPU") != "" {
		t.Fatalf("no WebGPU adapter on this host, and BANDSCOPE_REQUIRE_GPU is set: %s", what)
	}
	t.Skipf("no WebGPU adapter on this host: %s (Linux: apt-get install mesa-vulkan-drivers libvulkan1 for lavapipe)", what)
}
