package assets

import (
	"bytes"
	"compress/gzip"
	"image/png"
	"io"
	"testing"
)

func TestDemoClip(t *testing.T) {
	want := int64(DemoWidth * DemoHeight * 3 / 2 * DemoFrames)
	for name, gz := range map[string][]byte{DemoDistName: DemoDistGz, DemoRefName: DemoRefGz} {
		zr, err := gzip.NewReader(bytes.NewReader(gz))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		n, err := io.Copy(io.Discard, zr)
		if err != nil || n != want {
			t.Errorf("%s: %d bytes (%v), want %d", name, n, err, want)
		}
	}
}

func TestIcon(t *testing.T) {
	img, err := png.Decode(bytes.NewReader(Icon))
	if err != nil {
		t.Fatal(err)
	}
	if b := img.Bounds(); b.Dx() != 512 || b.Dy() != 512 {
		t.Errorf("icon is %v, want 512x512", b.Size())
	}
}
