package ui

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/bandscope/bandscope/engine"
)

// The inspector's speed and memory on real 1080p encodes, as a user meets
// them: a 1080p 8-bit gradient source (ffmpeg's gradients source, moving)
// and its x264 encodes at CRF 30 (run A) and 45 (run B), made with ffmpeg
// once and kept in the temporary directory. Without ffmpeg and libx264 the
// benchmarks skip.

// x264Clips are the source and the two encodes, frames long.
type x264Clips struct{ src, encA, encB string }

var clipsMu sync.Mutex

// makeX264Clips encodes the clips (frames long) into a folder of the
// system's temporary directory, or finds them there from an earlier run
// (each file is written under another name and renamed when whole).
func makeX264Clips(b *testing.B, frames int) x264Clips {
	clipsMu.Lock()
	defer clipsMu.Unlock()
	dir := filepath.Join(os.TempDir(), "bandscope-bench-x264", strconv.Itoa(frames))
	c := x264Clips{src: filepath.Join(dir, "grad_1080p_src.y4m"), encA: filepath.Join(dir, "encA_crf30.mp4"), encB: filepath.Join(dir, "encB_crf45.mp4")}
	if fileExists(c.src) && fileExists(c.encA) && fileExists(c.encB) {
		return c
	}
	if _, err := exec.LookPath("ffmpeg"); err != nil {
		b.Skip("ffmpeg not found")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		b.Fatal(err)
	}
	run := func(out string, args ...string) {
		tmp := strings.TrimSuffix(out, filepath.Ext(out)) + ".part" + filepath.Ext(out)
		cmd := exec.Command("ffmpeg", append(append([]string{"-v", "error", "-y"}, args...), tmp)...)
		if msg, err := cmd.CombinedOutput(); err != nil {
			b.Skipf("ffmpeg %s: %v\n%s", strings.Join(args, " "), err, msg)
		}
		if err := os.Rename(tmp, out); err != nil {
			b.Fatal(err)
		}
	}
	run(c.src, "-f", "lavfi", "-i", "gradients=s=1920x1080:r=24:speed=0.02:n=3", "-frames:v", strconv.Itoa(frames), "-pix_fmt", "yuv420p")
	for path, crf := range map[string]string{c.encA: "30", c.encB: "45"} {
		run(path, "-i", c.src, "-c:v", "libx264", "-preset", "medium", "-crf", crf, "-pix_fmt", "yuv420p")
	}
	return c
}

// benchWindow is an inspector on the real CPU engine with models picked
// and a view selected, whose frames shown come through shown (partial
// ones, the visible view's part, too).
type benchWindow struct {
	i     *inspector
	shown chan bool // each frame shown: partial or whole
}

func newBenchWindow(b *testing.B, models string, tab int, size fyne.Size) *benchWindow {
	limitMemory()
	a := test.NewTempApp(b)
	a.Preferences().SetString(prefModels, models)
	a.Preferences().SetInt(prefTab, tab)
	w := a.NewWindow("bench")
	bw := &benchWindow{shown: make(chan bool, 256)}
	bw.i = newInspector(a, w, cpuEngine{realEngine{}})
	w.Resize(size)
	bw.i.onFrameShown = func(partial bool) { bw.shown <- partial }
	b.Cleanup(func() {
		bw.i.wg.Wait()
		uiDo(bw.i.close)
		bw.i.wg.Wait()
		uiDo(w.Close)
		// A closed inspector stays reachable (the test app keeps its
		// window's widgets, whose callbacks hold it), and with it its last
		// frames' maps, hundreds of megabytes: the next run of the
		// benchmark (b.N = 1, then the N timed) would run beside them,
		// its collector chasing them. The inspector holds nothing once
		// zeroed.
		uiDo(func() { *bw.i = inspector{} })
	})
	return bw
}

// whole waits for a frame shown whole; first is when its first part was.
func (bw *benchWindow) whole() (first time.Time) {
	for {
		partial := <-bw.shown
		if first.IsZero() {
			first = time.Now()
		}
		if !partial {
			return first
		}
	}
}

// open opens req and waits for its first frame, whole.
func (bw *benchWindow) open(b *testing.B, req engine.Request) {
	uiDo(func() { bw.i.open(req) })
	bw.whole()
	bw.i.wg.Wait()
	if bw.i.res == nil {
		b.Fatalf("no frame: %s", bw.i.status.Text)
	}
}

// drawFrameView draws the Frame view's pane as the window does.
func (bw *benchWindow) drawFrameView(w, h int) { bw.i.frameView.pane.render(w, h) }

// BenchmarkPlayback plays a clip from its first frame to its last with the
// Frame view's CAMBI overlay, as space does, each frame drawn before the
// next is asked for: fps is frames shown per second of playback (the
// clips' rate is 24), ms-cpu/frame the CPU a frame took on every core.
// demo is the embedded 1280x720 clip in a 1920x1080 window; x264_1080p a
// 1080p x264 encode (CRF 30) against its source with vmaf_v0.6.1 and
// vmaf_v1.0.16_3d0h picked, drawn at 1600x900.
func BenchmarkPlayback(b *testing.B) {
	b.Run("demo", func(b *testing.B) {
		req, err := demoRequest(b.TempDir())
		if err != nil {
			b.Fatal(err)
		}
		playback(b, req, "", 1600, 900)
	})
	b.Run("x264_1080p", func(b *testing.B) {
		c := makeX264Clips(b, 48)
		playback(b, engine.Request{Distorted: c.encA, Reference: c.src}, strings.Join(testModels, ","), 1600, 900)
	})
}

func playback(b *testing.B, req engine.Request, models string, w, h int) {
	bw := newBenchWindow(b, models, 0, fyne.NewSize(1920, 1080))
	bw.open(b, req)
	i := bw.i
	var played time.Duration
	frames := 0
	cpu0 := cpuTime()
	b.ResetTimer()
	for n := 0; n < b.N; n++ {
		uiDo(func() { i.gotoFrame(0) })
		bw.whole()
		i.wg.Wait()
		for len(bw.shown) > 0 {
			<-bw.shown
		}
		start := time.Now()
		uiDo(i.play.toggle)
		for k := 1; k < i.frames; k++ {
			<-bw.shown
			bw.drawFrameView(w, h)
		}
		played += time.Since(start)
		frames += i.frames - 1
		bw.whole() // the last frame completed once playback stops
		var on bool
		uiDo(func() { on = i.play.on })
		if on {
			b.Fatal("still playing after the last frame")
		}
	}
	b.StopTimer()
	b.ReportMetric(float64(frames)/played.Seconds(), "fps")
	b.ReportMetric(float64((cpuTime()-cpu0).Microseconds())/1000/float64(frames), "ms-cpu/frame")
}

// BenchmarkStep1080p steps onto frames of the 1080p x264 encode that were
// never scored (the look-ahead has no time to), in the Frame view with its
// overlay: ms-view/op is the key press to the Frame view's pane drawn,
// ms-all/op to every view updated (the rest scored behind it). Each step
// waits for the one before to be whole, as a reader does. v1 picks
// vmaf_v1.0.16_3d0h; ab_two_models compares the CRF 30 and CRF 45
// encodes (runs A and B) with vmaf_v0.6.1 and vmaf_v1.0.16_3d0h picked;
// vmaf_view is v1 with the VMAF view shown, which needs the whole frame.
func BenchmarkStep1080p(b *testing.B) {
	for _, c := range []struct {
		name, models string
		tab          int
		ab           bool
	}{
		{"v1", "vmaf_v1.0.16_3d0h", 0, false},
		{"ab_two_models", strings.Join(testModels, ","), 0, true},
		{"vmaf_view", "vmaf_v1.0.16_3d0h", 5, false},
	} {
		b.Run(c.name, func(b *testing.B) {
			const frames = 48
			if b.N > frames-1 {
				b.Skipf("at most %d steps onto new frames (-benchtime %dx)", frames-1, frames-1)
			}
			clips := makeX264Clips(b, frames)
			bw := newBenchWindow(b, c.models, c.tab, fyne.NewSize(1920, 1080))
			bw.open(b, engine.Request{Distorted: clips.encA, Reference: clips.src})
			i := bw.i
			if c.ab {
				uiDo(func() { i.bar.compareWith(clips.encB) })
				bw.whole()
				i.wg.Wait()
				if !i.runsMode() || i.cmpRes == nil {
					b.Fatalf("not comparing two encodes: %s", i.status.Text)
				}
				// Compare mode turned on shows the Compare view: back.
				uiDo(func() { i.tabs.SelectIndex(c.tab) })
			}
			var view, all time.Duration
			cpu0 := cpuTime()
			b.ResetTimer()
			for n := 0; n < b.N; n++ {
				start := time.Now()
				uiDo(func() { i.typedKey(&fyne.KeyEvent{Name: fyne.KeyRight}) })
				first := bw.whole()
				view += first.Sub(start) + drawTime(bw)
				all += time.Since(start)
			}
			b.StopTimer()
			b.ReportMetric(float64(view.Microseconds())/1000/float64(b.N), "ms-view/op")
			b.ReportMetric(float64(all.Microseconds())/1000/float64(b.N), "ms-all/op")
			b.ReportMetric(float64((cpuTime()-cpu0).Microseconds())/1000/float64(b.N), "ms-cpu/op")
		})
	}
}

// drawTime is how long the Frame view's pane takes to draw at 1600x900.
func drawTime(bw *benchWindow) time.Duration {
	t := time.Now()
	bw.drawFrameView(1600, 900)
	return time.Since(t)
}

// BenchmarkMemory1080p visits every frame of the x264 encode in order,
// then as many at random, in the Frame view with vmaf_v0.6.1 and
// vmaf_v1.0.16_3d0h picked, each frame scored whole, and reports the
// process's peak resident memory (VmHWM, MB-peak-rss), its resident memory
// at the end (MB-rss) and the Go heap in use after a collection
// (MB-heap): flat in the clip's length (frames_12 against frames_48) and
// in the frames visited. Run one sub-benchmark per process: the peak is
// the process's.
func BenchmarkMemory1080p(b *testing.B) {
	for _, frames := range []int{12, 48} {
		b.Run(fmt.Sprintf("frames_%d", frames), func(b *testing.B) {
			clips := makeX264Clips(b, frames)
			bw := newBenchWindow(b, strings.Join(testModels, ","), 0, fyne.NewSize(1920, 1080))
			bw.open(b, engine.Request{Distorted: clips.encA, Reference: clips.src})
			i := bw.i
			b.ResetTimer()
			for n := 0; n < b.N; n++ {
				order := make([]int, 0, 2*frames)
				for f := 0; f < frames; f++ {
					order = append(order, f)
				}
				for f := 0; f < frames; f++ {
					order = append(order, (f*29+7)%frames)
				}
				for _, f := range order {
					uiDo(func() { i.gotoFrame(f) })
					bw.whole()
					bw.drawFrameView(1600, 900)
				}
			}
			b.StopTimer()
			i.wg.Wait()
			runtime.GC()
			var ms runtime.MemStats
			runtime.ReadMemStats(&ms)
			b.ReportMetric(float64(ms.HeapInuse)/(1<<20), "MB-heap")
			b.ReportMetric(procStatusMB("VmHWM"), "MB-peak-rss")
			b.ReportMetric(procStatusMB("VmRSS"), "MB-rss")
		})
	}
}

// procStatusMB reads a memory line of /proc/self/status in MB (0 where
// there is none).
func procStatusMB(key string) float64 {
	f, err := os.Open("/proc/self/status")
	if err != nil {
		return 0
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(sc.Text(), key+":"); ok {
			kb, _ := strconv.ParseFloat(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 64)
			return kb / 1024
		}
	}
	return 0
}
