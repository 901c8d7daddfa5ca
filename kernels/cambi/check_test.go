package cambi

import (
	"fmt"
	"testing"

	"github.com/bandscope/bandscope/kernels/cpu"
)

// TestBadSampleErrors: the CPU scorer checks the samples' range inside its
// preprocessing; it must refuse the same pictures with the same words as
// the reference (the first offending sample in row order), for the
// distorted picture and for the reference, in every kernel set.
func TestBadSampleErrors(t *testing.T) {
	const w, h = 217, 140
	type bad struct{ x, y int }
	cases := []struct {
		bd   int
		bads []bad
	}{
		{8, []bad{{0, 0}}},
		{8, []bad{{216, 139}}},
		{10, []bad{{100, 70}, {3, 71}, {200, 130}}},
		{12, []bad{{50, 20}, {17, 20}}},
		{9, []bad{{216, 0}}},
	}
	for _, set := range cpu.Supported() {
		for _, threads := range []int{1, 3} {
			for ci, c := range cases {
				for _, inRef := range []bool{false, true} {
					name := fmt.Sprintf("%v/t%d/%d/ref=%v", set, threads, ci, inRef)
					o := NewOptions()
					if err := o.Set("full_ref", "true"); err != nil {
						t.Fatal(err)
					}
					cfg, err := NewConfig(o, w, h, c.bd)
					if err != nil {
						t.Fatal(err)
					}
					dist, ref := parityPlane(w, h, c.bd, 1), parityPlane(w, h, c.bd, 2)
					p := dist
					if inRef {
						p = ref
					}
					for i, b := range c.bads {
						p.Pix[b.y*p.Stride+b.x] = uint16(1<<c.bd + i)
					}
					_, want := New(cfg).Score(0, ref, dist, false)
					_, got := NewCPU(cfg, Options{Kernels: set, Threads: threads}).Score(0, ref, dist, false)
					if want == nil || got == nil || got.Error() != want.Error() {
						t.Errorf("%s: error %v, want %v", name, got, want)
					}
				}
			}
		}
	}
}
