package gpu

import (
	"fmt"
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
