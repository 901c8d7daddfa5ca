package ui

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/bandscope/bandscope/engine"
	"github.com/bandscope/bandscope/engine/clip"
	"github.com/bandscope/bandscope/engine/inspect"
	"github.com/bandscope/bandscope/kernels/synth"
	"github.com/bandscope/bandscope/kernels/yuv"
)

// writeClip writes n frames of a synthetic pattern as raw YUV.
func writeClip(b testing.TB, dir string, sp synth.Spec, n int) string {
	b.Helper()
	raw, err := synth.Raw(sp, n)
	if err != nil {
		b.Fatal(err)
	}
	name := "ref.yuv"
	if sp.Dist {
		name = "dist.yuv"
	}
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, raw, 0o644); err != nil {
		b.Fatal(err)
	}
	return path
}

// BenchmarkFrameStep1080p measures a frame step on the real CPU engine at
// 1920x1080, CAMBI and ADM with every map: from the key press to the maps
// drawn. all-maps draws every pane of every view (the frame view at
// 1280x720; the 5 c-value maps, the spatial mask, the 12 ADM bands and the
// 3 compare panes at 420x236); frame-view only the Frame view. The goal is
// 150 ms.
func BenchmarkFrameStep1080p(b *testing.B) {
	f := yuv.Format{Width: 1920, Height: 1080, Chroma: yuv.C420, BitDepth: 8}
	dir := b.TempDir()
	const frames = 4
	sp := synth.Spec{Pattern: "wide_hramp", Format: f}
	ref := writeClip(b, dir, sp, frames)
	sp.Dist = true
	dist := writeClip(b, dir, sp, frames)

	a := test.NewTempApp(b)
	a.Preferences().SetInt(prefTab, 4)
	w := a.NewWindow("bench")
	i := newInspector(a, w, cachedBackends(defaultEngine()))
	w.Resize(fyne.NewSize(1600, 1000))
	// In the Scores view (prefTab above) every frame is scored whole.
	shown := make(chan struct{}, 1)
	i.onFrameShown = func(partial bool) {
		if !partial {
			shown <- struct{}{}
		}
	}
	uiDo(func() {
		i.open(engine.Request{Distorted: dist, Reference: ref,
			Raw: clip.RawOptions{Width: f.Width, Height: f.Height, Chroma: f.Chroma, ChromaSet: true, BitDepth: f.BitDepth}})
	})
	<-shown
	i.wg.Wait()
	if i.res == nil || inspect.CAMBIOf(i.res) == nil {
		b.Fatalf("no CAMBI result: %s", i.status.Text)
	}
	// all: every map pane of every view; frame: the Frame view alone, what
	// the window draws when that view is shown.
	draws := []struct {
		name string
		draw func()
	}{
		{"all-maps", func() {
			for k, p := range i.vp.panes {
				if k == 0 {
					p.render(1280, 720)
				} else {
					p.render(420, 236)
				}
			}
		}},
		{"frame-view", func() { i.frameView.pane.render(1280, 720) }},
	}
	for _, d := range draws {
		b.Run(d.name, func(b *testing.B) {
			var engineTime, drawTime time.Duration
			for n := 0; n < b.N; n++ {
				start := time.Now()
				uiDo(func() { i.typedKey(&fyne.KeyEvent{Name: fyne.KeyRight}) })
				if i.cur == frames-1 {
					uiDo(func() { i.gotoFrame(0) })
				}
				<-shown
				mid := time.Now()
				d.draw()
				engineTime += mid.Sub(start)
				drawTime += time.Since(mid)
			}
			b.ReportMetric(float64(engineTime.Microseconds())/1000/float64(b.N), "ms-engine/op")
			b.ReportMetric(float64(drawTime.Microseconds())/1000/float64(b.N), "ms-draw/op")
		})
	}
	i.wg.Wait()
	uiDo(i.close)
	i.wg.Wait()
}
