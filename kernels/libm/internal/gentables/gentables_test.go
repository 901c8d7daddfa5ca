package main

import (
	"bytes"
	"os"
	"testing"
)

// TestTablesUpToDate: go generate reproduces kernels/libm/tables.go byte
// for byte.
func TestTablesUpToDate(t *testing.T) {
	want, err := os.ReadFile("../../tables.go")
	if err != nil {
		t.Fatal(err)
	}
	if got := generate(); !bytes.Equal(got, want) {
		t.Error("tables.go differs from what gentables writes: run go generate in kernels/libm")
	}
}

// TestHex13: upstream's spelling of a double.
func TestHex13(t *testing.T) {
	for x, want := range map[float64]string{1.4140625: "0x1.6a00000000000p+0", -0x1.62c82f2b9c800p-2: "-0x1.62c82f2b9c800p-2",
		0x1.ab42428375680p-48: "0x1.ab42428375680p-48", 0: "0x0.0000000000000p+0", 0x1p10: "0x1.0000000000000p+10"} {
		if got := hex13(x); got != want {
			t.Errorf("hex13(%v) = %s, want %s", x, got, want)
		}
	}
}
