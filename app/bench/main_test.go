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
		{"six decimals", map[string]float64{"cambi": v, "x": 1}, map[string]float64{"cambi": 22.496633, "x": 1}, "same to libvmaf's 6 decimals (2)"},
		{"differs", map[string]float64{"cambi": v, "x": 1}, map[string]float64{"cambi": 22.496634, "x": 1}, "1 of 2 differ"},
		{"differs in full", map[string]float64{"cambi": v}, map[string]float64{"cambi": 22.496633142857146}, "1 of 1 differ"},
		{"no common key", map[string]float64{"a": 1}, map[string]float64{"b": 1}, "no common key"},
	} {
		if got := compare(c.a, c.b); got != c.want {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}
}
