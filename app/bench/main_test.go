package main

import "testing"

// TestCompare: the bits column tells equal bits, agreement at a stock
// libvmaf's six decimals, and real differences apart.
func TestCompare(t *testing.T) {
	v := 22.496633142857143
	for _, c := range []struct {
		name string
		a, b map[string]float64
		want string
	}{
		{"same bits", map[string]float64{"cambi": v, "x": 1}, map[string]float64{"cambi": v, "x": 1, "y": 2}, "same (2)"},
		{"six decimals", map[string]float64{"cambi": v, "x": 1}, map[string]float64{"cambi": 22.496633, "x": 1}, "same at libvmaf's 6 decimals (2)"},
		{"differs at six decimals", map[string]float64{"cambi": v, "x": 1, "z": 0.5}, map[string]float64{"cambi": 22.496634, "x": 1, "z": 0.5}, "1 of 3 differ at libvmaf's 6 decimals"},
		{"differs in full", map[string]float64{"cambi": v}, map[string]float64{"cambi": 22.496633142857146}, "1 of 1 differ"},
		// A libvmaf printing %.17g: a value with few decimals is still
		// compared in full, since another value shows the full print.
		{"full print, round value", map[string]float64{"cambi": v, "x": 1.0000000000000002}, map[string]float64{"cambi": v, "x": 1}, "1 of 2 differ"},
		{"no common key", map[string]float64{"a": 1}, map[string]float64{"b": 1}, "no common key"},
	} {
		if got := compare(c.a, c.b); got != c.want {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}
}
