package ui

import (
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/bandscope/bandscope/engine/inspect"
)

// BenchmarkPlaybackDemo plays the demo clip (1280x720 8-bit, 20 frames)
// from its first frame to its last on the CPU engine with the Frame view's
// heatmap overlay on, as space does: every frame scored with every map and
// drawn before the next is asked for. fps is frames shown per second of
// playback; the clip's own rate is 24.
func BenchmarkPlaybackDemo(b *testing.B) {
	req, err := demoRequest(b.TempDir())
	if err != nil {
		b.Fatal(err)
	}
	a := test.NewTempApp(b)
	w := a.NewWindow("bench")
	i := newInspector(a, w, cpuEngine{realEngine{}})
	w.Resize(fyne.NewSize(1280, 720))
	shown := make(chan struct{}, 64)
	i.onFrameShown = func() { shown <- struct{}{} }
	uiDo(func() { i.open(req) })
	<-shown
	i.wg.Wait()
	if i.res == nil || inspect.CAMBIOf(i.res) == nil || !i.frameView.overlay.Checked {
		b.Fatalf("no CAMBI overlay: %s", i.status.Text)
	}
	var frames int
	var played time.Duration
	for n := 0; n < b.N; n++ {
		uiDo(func() { i.gotoFrame(0) })
		<-shown
		start := time.Now()
		uiDo(i.play.toggle)
		for k := 1; k < i.frames; k++ {
			<-shown
			i.frameView.pane.render(1280, 720)
		}
		played += time.Since(start)
		frames += i.frames - 1
		var on bool
		uiDo(func() { on = i.play.on })
		if on {
			b.Fatal("still playing after the last frame")
		}
	}
	b.ReportMetric(float64(frames)/played.Seconds(), "fps")
	i.wg.Wait()
	uiDo(i.close)
	i.wg.Wait()
}
