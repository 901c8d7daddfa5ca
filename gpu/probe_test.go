//go:build cgo && !js

package gpu

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// TestProbe runs the edge-case probe on every adapter: each must agree with
// Go on every case.
func TestProbe(t *testing.T) {
	for _, d := range openAll(t) {
		start := time.Now()
		if err := Probe(d); err != nil {
			t.Error(err)
		}
		t.Logf("%s: probe took %v", d.Info().Name, time.Since(start))
	}
}

// TestProbeReports: a case whose expected value is wrong is named, so a
// differing backend would be.
func TestProbeReports(t *testing.T) {
	for _, d := range openAll(t) {
		cases := append([]probeCase(nil), probeCases...)
		c := &cases[6] // sext16(0x8000)
		c.want = func(a []uint32) uint32 { return 0x8000 }
		err := d.probe(cases)
		if err == nil || !strings.Contains(err.Error(), "sext16(0x8000) = 0xffff8000, want 0x00008000") ||
			!strings.Contains(err.Error(), "1 of ") {
			t.Errorf("probe with one wrong expectation: %v", err)
		}
	}
}

func TestCheckAdapter(t *testing.T) {
	list, err := Adapters()
	if err != nil || len(list) == 0 {
		noAdapter(t, "CheckAdapter not checked")
	}
	for _, a := range list {
		l, err := CheckAdapter(fmt.Sprintf("gpu:%d", a.Index))
		if err != nil {
			t.Errorf("%s: %v", a.Name, err)
		}
		if l.MaxBufferSize == 0 {
			t.Errorf("%s: no limits", a.Name)
		}
	}
}
