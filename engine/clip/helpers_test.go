package clip

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bandscope/bandscope/kernels/synth"
	"github.com/bandscope/bandscope/kernels/yuv"
)

// testPicture fills every plane with a pattern that differs per plane and
// frame and covers the whole sample range of the bit depth.
func testPicture(f yuv.Format, frame int) *yuv.Picture {
	p := yuv.NewPicture(f)
	mod := 1 << f.BitDepth
	for i := 0; i < f.Chroma.Planes(); i++ {
		for j := range p.Planes[i] {
			p.Planes[i][j] = uint16((j*7919 + i*31 + frame*1013) % mod)
		}
	}
	return p
}

// y4mBytes writes a Y4M stream: header line, then FRAME lines (frameLines[i]
// or "FRAME") and the frames' samples, plus extra bytes per frame (alpha).
func y4mBytes(header string, f yuv.Format, frames int, frameLines []string, extra int) []byte {
	b := []byte(header + "\n")
	for t := 0; t < frames; t++ {
		line := "FRAME"
		if t < len(frameLines) {
			line = frameLines[t]
		}
		b = append(b, line+"\n"...)
		b = synth.AppendRaw(b, testPicture(f, t))
		for k := 0; k < extra; k++ {
			b = append(b, byte(0xA5))
		}
	}
	return b
}

func writeFile(t testing.TB, name string, b []byte) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func samePicture(t testing.TB, what string, got, want *yuv.Picture) {
	t.Helper()
	if got.Format != want.Format {
		t.Fatalf("%s: format %+v, want %+v", what, got.Format, want.Format)
	}
	for i := 0; i < want.Chroma.Planes(); i++ {
		if len(got.Planes[i]) != len(want.Planes[i]) {
			t.Fatalf("%s: plane %d has %d samples, want %d", what, i, len(got.Planes[i]), len(want.Planes[i]))
		}
		for j := range want.Planes[i] {
			if got.Planes[i][j] != want.Planes[i][j] {
				t.Fatalf("%s: plane %d sample %d = %d, want %d", what, i, j, got.Planes[i][j], want.Planes[i][j])
			}
		}
	}
}

// errText gives an error's message with the test's directory replaced, so
// tables can hold exact messages.
func errText(err error, path string) string {
	if err == nil {
		return "<nil>"
	}
	return strings.ReplaceAll(err.Error(), path, "PATH")
}
