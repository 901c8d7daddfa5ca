package ui

import (
	"bytes"
	"testing"
)

// TestQuietLogPlatformError: GLFW's PlatformError before the app starts
// (no display to open) is held back for Run's one-line error; one that
// turned out harmless is printed at the start, and later ones pass
// through.
func TestQuietLogPlatformError(t *testing.T) {
	var out bytes.Buffer
	q := &quietLog{w: &out}
	q.Write([]byte("2026/12/02 03:49:26 PlatformError: X11: Failed to open display :97\n"))
	if out.Len() != 0 || q.platformError() != "X11: Failed to open display :97" {
		t.Fatalf("held back %q, printed %q", q.platformError(), out.String())
	}
	q.started()
	if out.String() != "PlatformError: X11: Failed to open display :97\n" || q.platformError() != "" {
		t.Fatalf("at start: printed %q, held %q", out.String(), q.platformError())
	}
	out.Reset()
	q.Write([]byte("PlatformError: clipboard\n"))
	if out.String() != "PlatformError: clipboard\n" {
		t.Errorf("once running: printed %q", out.String())
	}
}
