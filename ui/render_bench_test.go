package ui

import (
	"testing"

	"github.com/bandscope/bandscope/engine/inspect"
	"github.com/bandscope/bandscope/kernels/cambi"
	"github.com/bandscope/bandscope/kernels/synth"
	"github.com/bandscope/bandscope/kernels/yuv"
)

// BenchmarkRenderPanes draws a 1080p frame's panes as a frame step does:
// the frame view with its heatmap at 1280x720 and 18 map panes at 420x236.
func BenchmarkRenderPanes(b *testing.B) {
	f := yuv.Format{Width: 1920, Height: 1080, Chroma: yuv.C420, BitDepth: 8}
	p, err := synth.Frame(synth.Spec{Pattern: "wide_hramp", Format: f, Dist: true}, 0)
	if err != nil {
		b.Fatal(err)
	}
	cfg, _ := cambi.NewConfig(nil, f.Width, f.Height, f.BitDepth)
	r, err := cambi.New(cfg).Score(0, p.Luma(), p.Luma(), true)
	if err != nil {
		b.Fatal(err)
	}
	vp := newViewport()
	vp.setFrame(f.Width, f.Height)
	top, _ := inspect.CValueTop(&r.Dist)
	heat := heatColour(colormaps[0], top)
	frame := newMapPane(vp)
	frame.set(inspect.Luma(p), grayColour(8))
	sc := r.Dist.Scales[0]
	frame.setOverlay(inspect.F32(sc.Width, sc.Height, sc.CValues), heat, top, 0.8)
	var small []*mapPane
	for k := 0; k < 18; k++ {
		q := newMapPane(vp)
		sc := r.Dist.Scales[k%cambi.NumScales]
		q.set(inspect.F32(sc.Width, sc.Height, sc.CValues), heat)
		small = append(small, q)
	}
	b.ResetTimer()
	for n := 0; n < b.N; n++ {
		frame.render(1280, 720)
		for _, q := range small {
			q.render(420, 236)
		}
	}
}
