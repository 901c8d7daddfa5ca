package benchclip

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/bandscope/bandscope/kernels/golden"
	"github.com/bandscope/bandscope/kernels/yuv"
)

// TestWriteScaled checks the nearest-neighbour upscale sample by sample on
// a small 10-bit frame, and that frames cycle past the clip's end.
func TestWriteScaled(t *testing.T) {
	src := yuv.Format{Width: 4, Height: 2, Chroma: yuv.C420, BitDepth: 10}
	size, err := src.FrameBytes()
	if err != nil {
		t.Fatal(err)
	}
	raw := make([]byte, 2*size) // two frames of distinct little-endian samples
	for i := 0; i < len(raw)/2; i++ {
		raw[2*i], raw[2*i+1] = byte(i), byte(i>>8)
	}
	for _, scale := range []int{1, 2, 3} {
		path := filepath.Join(t.TempDir(), "out.yuv")
		if err := writeScaled(path, raw, src, scale, 3); err != nil {
			t.Fatal(err)
		}
		got, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if want := 3 * int(size) * scale * scale; len(got) != want {
			t.Fatalf("scale %d: %d bytes, want %d", scale, len(got), want)
		}
		out := 0
		for frame := 0; frame < 3; frame++ {
			in := (frame % 2) * int(size)
			for pl := 0; pl < 3; pl++ {
				pw, ph := src.PlaneSize(pl)
				for y := 0; y < ph*scale; y++ {
					for x := 0; x < pw*scale; x++ {
						s := in + 2*((y/scale)*pw+x/scale)
						if got[out] != raw[s] || got[out+1] != raw[s+1] {
							t.Fatalf("scale %d frame %d plane %d (%d,%d): got %x %x, want %x %x",
								scale, frame, pl, x, y, got[out], got[out+1], raw[s], raw[s+1])
						}
						out += 2
					}
				}
				in += 2 * pw * ph
			}
		}
	}
}

// TestWritePair checks that a pair at scale 1 is the clips' own bytes and
// that reference and distorted differ.
func TestWritePair(t *testing.T) {
	p, ok := LookupPair("grad")
	if !ok {
		t.Fatal("no grad pair")
	}
	dir := t.TempDir()
	ref, dist, f, err := WritePair(dir, p, 1, 2)
	if err != nil {
		t.Skip(err) // the clips are not in this checkout
	}
	if f != p.Format {
		t.Fatalf("format %v, want %v", f, p.Format)
	}
	size, _ := f.FrameBytes()
	var got [2][]byte
	for i, c := range []struct{ path, clip string }{{ref, p.Ref}, {dist, p.Dist}} {
		b, err := os.ReadFile(c.path)
		if err != nil {
			t.Fatal(err)
		}
		raw, err := golden.RawClip(c.clip + ".yuv")
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(b, raw[:2*size]) {
			t.Fatalf("%s: not the clip's first two frames", c.path)
		}
		got[i] = b
	}
	if bytes.Equal(got[0], got[1]) {
		t.Fatal("reference and distorted are the same bytes")
	}
}
