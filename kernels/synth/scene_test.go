package synth

import (
	"testing"

	"github.com/bandscope/bandscope/kernels/yuv"
)

// TestScene: a patch shows on its frames only, where Box says, as a ramp
// of one code value per Step pixels; the background is noise, and the
// same frame twice is the same picture.
func TestScene(t *testing.T) {
	f := yuv.Format{Width: 64, Height: 48, Chroma: yuv.C420, BitDepth: 10}
	sc := Scene{Format: f, Patches: []Patch{{X: 50, Y: 10, W: 20, H: 8, First: 1, Last: 2, DX: -10, Base: 100, Step: 4}}}
	if _, _, _, _, ok := sc.Box(0, 0); ok {
		t.Error("the patch shows before its first frame")
	}
	if x, y, w, h, ok := sc.Box(0, 1); !ok || x != 50 || y != 10 || w != 14 || h != 8 {
		t.Errorf("frame 1: box %d,%d %dx%d %v, want 50,10 14x8 (clipped)", x, y, w, h, ok)
	}
	p, err := sc.Frame(2)
	if err != nil {
		t.Fatal(err)
	}
	x, y, w, _, _ := sc.Box(0, 2) // 40,10 20x8
	for dx := 0; dx < w; dx++ {
		if got, want := p.Planes[0][y*64+x+dx], uint16(100+dx/4)<<2; got != want {
			t.Fatalf("patch column %d: %d, want %d", dx, got, want)
		}
	}
	again, _ := sc.Frame(2)
	same, flat := true, true
	for k, v := range p.Planes[0] {
		same = same && again.Planes[0][k] == v
		flat = flat && v == p.Planes[0][0]
	}
	if !same || flat {
		t.Errorf("same frame twice equal: %v; all one value: %v", same, flat)
	}
	if p.Planes[1][0] != 512 {
		t.Errorf("chroma %d, want mid-grey 512", p.Planes[1][0])
	}
}
