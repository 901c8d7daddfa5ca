package cambi

import (
	"math"
	"testing"

	"github.com/bandscope/bandscope/kernels/synth"
	"github.com/bandscope/bandscope/kernels/yuv"
)

// TestBandingFixture is the known banding fixture: libvmaf scores it
// 5.846154004159058.
func TestBandingFixture(t *testing.T) {
	f := yuv.Format{Width: 640, Height: 480, Chroma: yuv.C420, BitDepth: 10}
	pic, err := synth.Frame(synth.Spec{Pattern: "grad10", Format: f}, 0)
	if err != nil {
		t.Fatal(err)
	}
	cfg, err := NewConfig(nil, f.Width, f.Height, f.BitDepth)
	if err != nil {
		t.Fatal(err)
	}
	r, err := New(cfg).Score(0, yuv.Plane{}, pic.Luma(), false)
	if err != nil {
		t.Fatal(err)
	}
	const want = 5.846154004159058
	if math.Float64bits(r.CAMBI) != math.Float64bits(want) {
		t.Fatalf("cambi = %v (%#x), want %v", r.CAMBI, math.Float64bits(r.CAMBI), want)
	}
}
