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
	"github.com/bandscope/bandscope/kernels/golden"
	"github.com/bandscope/bandscope/kernels/synth"
	"github.com/bandscope/bandscope/kernels/yuv"
)

// BenchmarkFrameStepVMAF1080p measures a frame step on the real CPU engine
// at 1920x1080, from the key press to every map drawn: the frame view at
// 1280x720 and every other pane with something to show (the CAMBI and ADM
// views', the compare panes, the VMAF view's maps of the costliest input)
// at 420x236. Sub-benchmarks: none (the inspector's CAMBI and ADM alone),
// vmaf_v1.0.16_3d0h (its CAMBI, SpEED, ADM and motion beside them, and
// with Explain the same features on the reference against itself), and
// both models (vmaf_v0.6.1 adds VIF). ms-engine/op is the key press to the
// views updated (engine and UI callback), ms-draw/op the panes' drawing,
// ms-cpu/op the CPU time of a step on every core: on a machine shared with
// other work the wall times vary, and an idle machine of C cores steps in
// at least ms-cpu/op / C. The goal is 150 ms a step.
//
// Each step is a press of the right arrow as soon as the previous frame's
// panes are drawn. The steps loop over a 4-frame clip, so after the first
// round a step also finds its frame's perfect-copy metrics and motion SADs
// kept. "new_frames" steps through a longer clip onto a frame it has not
// scored every time (at most 21 steps: -benchtime 20x): a frame scored from
// scratch. "new_frames_paused" waits 300 ms after each frame is drawn, as a
// user reading the maps does, and the inspector scores the next frame in
// that time (its look-ahead): the step then only shows it. "real_grad"
// steps onto new frames of a real banding encode (testdata's 8-bit 1080p
// x264 CRF 40 gradient and its source), where CAMBI has most to do.
func BenchmarkFrameStepVMAF1080p(b *testing.B) {
	f := yuv.Format{Width: 1920, Height: 1080, Chroma: yuv.C420, BitDepth: 8}
	dir := b.TempDir()
	const frames, longFrames = 4, 22
	sp := synth.Spec{Pattern: "noise8", Format: f}
	ref := writeClip(b, dir, sp, frames)
	sp.Dist = true
	dist := writeClip(b, dir, sp, frames)

	for _, models := range []string{"", "vmaf_v1.0.16_3d0h", "vmaf_v0.6.1,vmaf_v1.0.16_3d0h"} {
		name := models
		if name == "" {
			name = "none"
		}
		b.Run(name, func(b *testing.B) { frameStepVMAF(b, f, ref, dist, frames, 0, models) })
	}
	var lref, ldist string
	for _, c := range []struct {
		name  string
		pause time.Duration
	}{{"new_frames", 0}, {"new_frames_paused", 300 * time.Millisecond}} {
		b.Run("vmaf_v1.0.16_3d0h/"+c.name, func(b *testing.B) {
			if b.N >= longFrames-1 {
				b.Skipf("at most %d steps onto new frames (-benchtime %dx)", longFrames-2, longFrames-2)
			}
			if lref == "" {
				// In the parent's directory: it outlives each run of this
				// sub-benchmark (one with b.N = 1 comes first).
				ldir := filepath.Join(dir, "long")
				if err := os.Mkdir(ldir, 0o755); err != nil {
					b.Fatal(err)
				}
				sp := synth.Spec{Pattern: "noise8", Format: f}
				lref = writeClip(b, ldir, sp, longFrames)
				sp.Dist = true
				ldist = writeClip(b, ldir, sp, longFrames)
			}
			frameStepVMAF(b, f, lref, ldist, longFrames, c.pause, "vmaf_v1.0.16_3d0h")
		})
	}
	b.Run("vmaf_v1.0.16_3d0h/real_grad", func(b *testing.B) {
		c, frames := realGrad(b)
		if b.N >= frames-1 {
			b.Skipf("at most %d steps onto new frames (-benchtime %dx)", frames-2, frames-2)
		}
		rdir := filepath.Join(dir, "real")
		if _, err := os.Stat(rdir); err != nil {
			if err := os.Mkdir(rdir, 0o755); err != nil {
				b.Fatal(err)
			}
			var ref, dist []byte
			for t := 0; t < frames; t++ {
				r, d, err := c.Pictures(t)
				if err != nil {
					b.Fatal(err)
				}
				ref, dist = synth.AppendRaw(ref, r), synth.AppendRaw(dist, d)
			}
			for name, raw := range map[string][]byte{"ref.yuv": ref, "dist.yuv": dist} {
				if err := os.WriteFile(filepath.Join(rdir, name), raw, 0o644); err != nil {
					b.Fatal(err)
				}
			}
		}
		frameStepVMAF(b, c.Format(), filepath.Join(rdir, "ref.yuv"), filepath.Join(rdir, "dist.yuv"), frames, 0, "vmaf_v1.0.16_3d0h")
	})
}

// realGrad is the real 1080p 8-bit gradient pair of testdata and its frame
// count.
func realGrad(b *testing.B) (*golden.Case, int) {
	cases, err := golden.RealPairs1080p()
	if err != nil {
		b.Skip(err)
	}
	for _, c := range cases {
		if c.BD == 8 {
			return c, c.N
		}
	}
	b.Skip("no 8-bit real 1080p pair in testdata")
	return nil, 0
}

// frameStepVMAF steps through the clip with models picked (back to frame
// 0 at the end), pausing that long after each frame is drawn.
func frameStepVMAF(b *testing.B, f yuv.Format, ref, dist string, frames int, pause time.Duration, models string) {
	a := test.NewTempApp(b)
	a.Preferences().SetString(prefModels, models)
	w := a.NewWindow("bench")
	i := newInspector(a, w, cpuEngine{realEngine{}})
	w.Resize(fyne.NewSize(1600, 1000))
	// Each step waits for the whole frame: every view's maps.
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
	if i.res == nil || len(i.res.VMAF) != len(i.models) {
		b.Fatalf("no VMAF result: %s", i.status.Text)
	}
	var engineTime, drawTime time.Duration
	cpu0 := cpuTime()
	b.ResetTimer()
	for n := 0; n < b.N; n++ {
		start := time.Now()
		uiDo(func() { i.typedKey(&fyne.KeyEvent{Name: fyne.KeyRight}) })
		if i.cur == frames-1 {
			uiDo(func() { i.gotoFrame(0) })
		}
		<-shown
		mid := time.Now()
		drawn := 0
		for k, p := range i.vp.panes {
			switch {
			case k == 0:
				p.render(1280, 720)
			case p.base != nil:
				p.render(420, 236)
			default:
				continue // a pane with nothing to show is not drawn
			}
			drawn++
		}
		engineTime += mid.Sub(start)
		drawTime += time.Since(mid)
		if pause > 0 {
			b.StopTimer()
			time.Sleep(pause)
			b.StartTimer()
		}
		if n == 0 {
			b.Logf("%d panes drawn; maps of %s", drawn, i.vmafView.title.Text)
		}
	}
	b.StopTimer() // the closing waits (a look-ahead, its timer) are not a step
	b.ReportMetric(float64((cpuTime()-cpu0).Microseconds())/1000/float64(b.N), "ms-cpu/op")
	b.ReportMetric(float64(engineTime.Microseconds())/1000/float64(b.N), "ms-engine/op")
	b.ReportMetric(float64(drawTime.Microseconds())/1000/float64(b.N), "ms-draw/op")
	i.wg.Wait()
	uiDo(i.close)
	i.wg.Wait()
}
