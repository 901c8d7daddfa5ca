package vif

import (
	"fmt"
	"testing"

	"github.com/bandscope/bandscope/kernels/cpu"
	"github.com/bandscope/bandscope/kernels/synth"
	"github.com/bandscope/bandscope/kernels/yuv"
)

// TestInRange: a caller's InRange guarantee skips the range check and
// changes nothing else (every kernel set).
func TestInRange(t *testing.T) {
	f := yuv.Format{Width: 200, Height: 120, Chroma: yuv.C420, BitDepth: 10}
	ref, err := synth.Frame(synth.Spec{Pattern: "diag8", Format: f}, 0)
	if err != nil {
		t.Fatal(err)
	}
	dist, err := synth.Frame(synth.Spec{Pattern: "diag8", Format: f, Dist: true}, 0)
	if err != nil {
		t.Fatal(err)
	}
	cfg, err := NewConfig(nil, f.Width, f.Height, 10)
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range cpu.Supported() {
		var out [2]string
		for i, in := range []bool{false, true} {
			r, err := NewCPU(cfg, Options{Kernels: k, Threads: 1, InRange: in}).Score(0, ref.Luma(), dist.Luma(), false)
			if err != nil {
				t.Fatal(err)
			}
			out[i] = fmt.Sprintf("%+v", *r)
		}
		if out[0] != out[1] {
			t.Errorf("%s: InRange changes the result", k)
		}
	}
}
