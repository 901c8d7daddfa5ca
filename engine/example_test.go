package engine_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/bandscope/bandscope/engine"
	"github.com/bandscope/bandscope/engine/clip"
	"github.com/bandscope/bandscope/kernels/synth"
)

// pair writes frames of a synthetic pattern (kernels/synth) as raw YUV files
// in dir, the distorted clip the pattern's distorted variant, and returns
// the request that opens them: 320x240 8-bit 4:2:0.
func pair(dir, pattern string, frames int) (engine.Request, error) {
	f := engine.Format{Width: 320, Height: 240, Chroma: engine.C420, BitDepth: 8}
	req := engine.Request{
		Reference: filepath.Join(dir, "ref.yuv"),
		Distorted: filepath.Join(dir, "dist.yuv"),
		Raw:       clip.RawOptions{Width: f.Width, Height: f.Height, Chroma: f.Chroma, ChromaSet: true, BitDepth: f.BitDepth},
	}
	for path, dist := range map[string]bool{req.Reference: false, req.Distorted: true} {
		b, err := synth.Raw(synth.Spec{Pattern: pattern, Format: f, Dist: dist}, frames)
		if err != nil {
			return req, err
		}
		if err := os.WriteFile(path, b, 0o644); err != nil {
			return req, err
		}
	}
	return req, nil
}

// open writes a synthetic pattern's clip pair (pair) to a temporary folder
// and opens a session on it with engine.Open, the request completed by
// set; done closes the session and removes the folder.
func open(pattern string, frames int, set func(*engine.Request)) (s *engine.Session, done func(), err error) {
	dir, err := os.MkdirTemp("", "bandscope-example")
	if err != nil {
		return nil, nil, err
	}
	req, err := pair(dir, pattern, frames)
	if err == nil {
		set(&req)
		s, err = engine.Open(context.Background(), req)
	}
	if err != nil {
		os.RemoveAll(dir)
		return nil, nil, err
	}
	return s, func() { s.Close(); os.RemoveAll(dir) }, nil
}

// Score every frame of a pair of clips with a VMAF model and a feature of
// their own: the results hold libvmaf's keys per frame and pool them as
// libvmaf does. Noise does not band (CAMBI 0); from the second
// frame on, its motion lifts the model to its ceiling.
func ExampleSession_Run() {
	s, done, err := open("noise8", 3, func(r *engine.Request) {
		r.Models = []string{"version=vmaf_v0.6.1"}
		r.Features = []engine.Spec{{Name: "cambi"}}
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer done()
	res, err := s.Run(context.Background(), nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(res.Names)
	for n := range res.Frames {
		vmaf, _ := res.Value(n, "vmaf")
		cambi, _ := res.Value(n, "cambi")
		fmt.Printf("frame %d: vmaf %.6f, cambi %.6f\n", n, vmaf, cambi)
	}
	p, _ := res.Pooled("vmaf")
	fmt.Printf("vmaf mean %.6f, harmonic mean %.6f\n", p.Mean, p.HarmonicMean)
	// Output:
	// [integer_adm2 integer_aim integer_adm3 integer_adm_scale0 integer_adm_scale1 integer_adm_scale2 integer_adm_scale3 VMAF_integer_feature_motion_sad_score integer_vif_scale0 integer_vif_scale1 integer_vif_scale2 integer_vif_scale3 cambi integer_motion2 integer_motion3 vmaf]
	// frame 0: vmaf 96.520937, cambi 0.000000
	// frame 1: vmaf 100.000000, cambi 0.000000
	// frame 2: vmaf 100.000000, cambi 0.000000
	// vmaf mean 98.840312, harmonic mean 98.813055
}

// A VMAF model's score on one frame, with what each of its inputs costs it
// (Request.Explain): the model's score with that input at its value on a
// perfect copy (the reference against itself), minus the score.
func ExampleSession_Frame_model() {
	s, done, err := open("noise8", 1, func(r *engine.Request) {
		r.Models = []string{"version=vmaf_v0.6.1"}
		r.Explain = true
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer done()
	fr, err := s.Frame(context.Background(), 0)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, m := range fr.VMAF {
		fmt.Printf("%s %.6f\n", m.Name, m.Score)
		for _, in := range m.Inputs {
			fmt.Printf("  %-18s %-7s %.6f costs %.6f\n", in.Key, in.Feature, in.Value, in.Cost)
		}
	}
	// Output:
	// vmaf 96.520937
	//   integer_adm2       adm     0.996667 costs 0.728074
	//   integer_motion2    motion  0.000000 costs 0.000000
	//   integer_vif_scale0 vif     0.909877 costs 0.027810
	//   integer_vif_scale1 vif     0.995232 costs 0.025615
	//   integer_vif_scale2 vif     0.997916 costs 0.093419
	//   integer_vif_scale3 vif     0.999583 costs 0.033247
}

// CAMBI's heatmaps of a frame of a ramp that bands: each scale's c-value
// map, as the inspector draws it and as libvmaf's heatmaps_path writes it
// (16-bit samples).
func ExampleSession_Frame_heatmap() {
	s, done, err := open("hramp8", 1, func(r *engine.Request) {
		r.Features = []engine.Spec{{Name: "cambi"}}
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer done()
	fr, err := s.Frame(context.Background(), 0)
	if err != nil {
		fmt.Println(err)
		return
	}
	c, _ := engine.ResultOf[*engine.CAMBIResult](fr)
	fmt.Printf("CAMBI %.6f\n", c.CAMBI)
	for k := range c.Dist.Scales {
		sc := &c.Dist.Scales[k]
		top := float32(0)
		for _, v := range sc.CValues {
			top = max(top, v)
		}
		gray := engine.AppendHeatmap(nil, sc, 2)
		fmt.Printf("scale %d: %dx%d c-values, largest %.4f, %d heatmap bytes\n", k, sc.Width, sc.Height, top, len(gray))
	}
	// Output:
	// CAMBI 22.595663
	// scale 0: 320x240 c-values, largest 48.9796, 153600 heatmap bytes
	// scale 1: 160x120 c-values, largest 48.9796, 38400 heatmap bytes
	// scale 2: 80x60 c-values, largest 48.9796, 9600 heatmap bytes
	// scale 3: 40x30 c-values, largest 39.9000, 2400 heatmap bytes
	// scale 4: 20x15 c-values, largest 30.7097, 600 heatmap bytes
}
