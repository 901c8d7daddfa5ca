//go:build cgo && !js

package gpu

import (
	"testing"

	"github.com/bandscope/bandscope/kernels/adm"
	"github.com/bandscope/bandscope/kernels/yuv"
)

// TestADMBadInput: the GPU refuses what the CPU refuses, with the same
// message, and keeps working afterwards.
func TestADMBadInput(t *testing.T) {
	for _, d := range openAll(t) {
		cfg, err := adm.NewConfig(nil, 300, 216, 10)
		if err != nil {
			t.Fatal(err)
		}
		tc := admCase{pattern: "noise8", w: 300, h: 216, depth: 10}
		good, good2, _ := admPictures(t, &tc)
		bad := padded(good)
		bad.Pix[5*bad.Stride+17] = 1024
		bad.Pix[9*bad.Stride+3] = 2000
		small := padded(yuv.Plane{Width: 299, Height: 216, Stride: good.Stride, Pix: good.Pix})
		short := good
		short.Pix = short.Pix[:len(short.Pix)-10]

		cpu := adm.New(cfg)
		s, err := NewADM(d, cfg)
		if err != nil {
			t.Fatal(err)
		}
		for _, tc := range []struct {
			name      string
			ref, dist yuv.Plane
		}{
			{"bad distorted", good, bad},
			{"bad reference", bad, good},
			{"both bad", bad, bad},
			{"wrong size", small, good},
			{"short plane", short, good},
		} {
			_, werr := cpu.Score(0, tc.ref, tc.dist, false)
			_, gerr := s.Score(0, tc.ref, tc.dist, false)
			if werr == nil || gerr == nil || werr.Error() != gerr.Error() {
				t.Errorf("%s: GPU error %v, want %v", tc.name, gerr, werr)
			}
		}
		want, _ := cpu.Score(0, good, good2, false)
		got, err := s.Score(0, good, good2, false)
		if err != nil || got.ADM2 != want.ADM2 {
			t.Errorf("after errors: %v, %v, want %v", got, err, want.ADM2)
		}
		s.Close()
		if _, err := s.Score(0, good, good2, false); err == nil {
			t.Errorf("Score after Close: no error")
		}
		if _, err := NewADM(nil, cfg); err == nil {
			t.Errorf("NewADM without a device: no error")
		}
	}
}
