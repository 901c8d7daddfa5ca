//go:build cgo && !js

package gpu

import (
	"testing"

	"github.com/bandscope/bandscope/kernels/cambi"
	"github.com/bandscope/bandscope/kernels/yuv"
)

// TestCAMBIBadInput: the GPU refuses what the CPU refuses, with the same
// message, and keeps working afterwards.
func TestCAMBIBadInput(t *testing.T) {
	for _, d := range openAll(t) {
		cfg, err := cambi.NewConfig(opts(t, "full_ref", "true"), 300, 216, 10)
		if err != nil {
			t.Fatal(err)
		}
		good := bandPlane(300, 216, 10, 3)
		bad := bandPlane(300, 216, 10, 3)
		bad.Pix[5*bad.Stride+17] = 1024
		bad.Pix[9*bad.Stride+3] = 2000
		small := bandPlane(299, 216, 10, 3)
		short := good
		short.Pix = short.Pix[:len(short.Pix)-10]

		cpu := cambi.New(cfg)
		s, err := NewCAMBI(d, cfg)
		if err != nil {
			t.Fatal(err)
		}
		for _, tc := range []struct {
			name      string
			dist, ref yuv.Plane
		}{
			{"bad distorted", bad, good},
			{"bad reference", good, bad},
			{"wrong size", small, good},
		} {
			_, werr := cpu.Score(0, tc.ref, tc.dist, false)
			_, gerr := s.Score(0, tc.ref, tc.dist, false)
			if werr == nil || gerr == nil || werr.Error() != gerr.Error() {
				t.Errorf("%s: GPU error %v, want %v", tc.name, gerr, werr)
			}
		}
		if _, err := s.Score(0, good, short, false); err == nil {
			t.Errorf("short plane: no error")
		}
		want, _ := cpu.Score(0, good, good, false)
		got, err := s.Score(0, good, good, false)
		if err != nil || got.CAMBI != want.CAMBI {
			t.Errorf("after errors: %v, %v, want %v", got, err, want.CAMBI)
		}
		s.Close()
		if _, err := s.Score(0, good, good, false); err == nil {
			t.Errorf("Score after Close: no error")
		}
	}
}
