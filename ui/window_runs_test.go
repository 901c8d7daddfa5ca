package ui

import (
	"bytes"
	"context"
	"image"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/jezek/xgb/xproto"
)

// More X keysyms: Ctrl+4 (Compare), Ctrl+5 (Scores), Ctrl+R (score the
// whole clip).
const (
	keysym4 = 0x34
	keysym5 = 0x35
	keysymR = 0x72
)

// title is a window's WM_NAME.
func (d *xDisplay) title(w xproto.Window) string {
	p, err := xproto.GetProperty(d.c, false, w, xproto.AtomWmName, xproto.AtomAny, 0, 1024).Reply()
	if err != nil {
		return ""
	}
	return string(p.Value)
}

// smoothEncode writes a second encode of the source: the demo encode with
// its luma smoothed by a 7x7 box filter, as a denoising or deblocking
// post-filter does (chroma as it is). Smoothing takes away the noise that
// breaks up contours: the result bands more by CAMBI (mean about 23 against
// the demo encode's 22).
func smoothEncode(t *testing.T, dist, out string, w, h int) {
	t.Helper()
	data, err := os.ReadFile(dist)
	if err != nil {
		t.Fatal(err)
	}
	const r = 3
	frame := w * h * 3 / 2
	tmp := make([]int, w*h)
	for f := 0; f+frame <= len(data); f += frame {
		luma := data[f : f+w*h]
		for y := 0; y < h; y++ {
			for x := 0; x < w; x++ {
				sum := 0
				for k := -r; k <= r; k++ {
					sum += int(luma[y*w+min(max(x+k, 0), w-1)])
				}
				tmp[y*w+x] = sum
			}
		}
		for y := 0; y < h; y++ {
			for x := 0; x < w; x++ {
				sum := 0
				for k := -r; k <= r; k++ {
					sum += tmp[min(max(y+k, 0), h-1)*w+x]
				}
				luma[y*w+x] = byte((sum + 24) / 49)
			}
		}
	}
	if err := os.WriteFile(out, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestRealWindowRuns starts the real binary on two encodes of the demo
// clip's source (the demo encode, and that encode smoothed) with libvmaf's
// own log of the demo encode, under the X
// server in $DISPLAY. It checks that the window compares the two runs (its
// title names both), that a frame step redraws the Compare view, that a
// whole-clip run of both draws the Scores view, and that it quits on Ctrl+Q.
func TestRealWindowRuns(t *testing.T) {
	if testing.Short() {
		t.Skip("starts the real application")
	}
	if os.Getenv("DISPLAY") == "" {
		t.Skip("no X server: DISPLAY is not set (make test runs Xvfb)")
	}
	x, err := openX()
	if err != nil {
		t.Fatalf("X server %s: %v", os.Getenv("DISPLAY"), err)
	}
	defer x.close()
	dir := t.TempDir()
	req, err := demoRequest(filepath.Join(dir, "clips"))
	if err != nil {
		t.Fatal(err)
	}
	second := filepath.Join(dir, "clips", "demo_smooth_1280x720_8b420.yuv")
	smoothEncode(t, req.Distorted, second, req.Raw.Width, req.Raw.Height)
	// libvmaf's log of the demo encode (cambi and adm, printed with %.17g).
	log, err := filepath.Abs(filepath.Join("testdata", "demo_libvmaf_cambi_adm.json"))
	if err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(dir, "bandscope")
	build := exec.Command("go", "build", "-o", bin, "github.com/bandscope/bandscope/app")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 4*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, req.Distorted, req.Reference, "--compare-with", second, "--log", log)
	cmd.Env = append(os.Environ(), "HOME="+dir, "XDG_CONFIG_HOME="+dir+"/config",
		"XDG_CACHE_HOME="+dir+"/cache", "XDG_RUNTIME_DIR="+dir, "LANG=en_US.UTF-8")
	var output bytes.Buffer
	cmd.Stdout, cmd.Stderr = &output, &output
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	defer func() {
		cmd.Process.Kill()
		if t.Failed() {
			t.Logf("application output:\n%s", output.String())
		}
	}()
	alive := func(when string) {
		t.Helper()
		select {
		case err := <-exited:
			t.Fatalf("%s: the application exited: %v", when, err)
		default:
		}
	}
	deadline := time.Now().Add(90 * time.Second)
	win, found := x.window("Bandscope")
	for !found {
		alive("waiting for the window")
		if time.Now().After(deadline) {
			t.Fatal("no Bandscope window after 90 s")
		}
		time.Sleep(300 * time.Millisecond)
		win, found = x.window("Bandscope")
	}
	waitFor := func(what string, limit time.Duration, ok func(image.Image) bool) image.Image {
		t.Helper()
		end := time.Now().Add(limit)
		for {
			alive(what)
			img, err := x.capture(win)
			if err == nil && ok(img) {
				return img
			}
			if time.Now().After(end) {
				t.Fatalf("%s: nothing after %v (last screenshot error: %v)", what, limit, err)
			}
			time.Sleep(500 * time.Millisecond)
		}
	}
	// Both runs open: the title names them.
	for end := time.Now().Add(90 * time.Second); !strings.Contains(x.title(win), " vs B demo_smooth_1280x720_8b420"); {
		alive("waiting for both runs")
		if time.Now().After(end) {
			t.Fatalf("window title %q: run B never opened", x.title(win))
		}
		time.Sleep(300 * time.Millisecond)
	}
	if got := x.title(win); !strings.Contains(got, "A demo_dist_1280x720_8b420 vs B demo_smooth_1280x720_8b420") {
		t.Errorf("title %q", got)
	}
	// Compare mode selects the Compare view; frame 0 of both runs is
	// drawn once the middle shows maps and stops changing.
	prev := waitFor("the first frame", 60*time.Second, func(img image.Image) bool { return !blank(middle(img)) })
	waitFor("frame 0 of both runs", 60*time.Second, func(img image.Image) bool {
		same := imageDiff(prev, img) == ""
		prev = img
		return same
	})
	first := prev
	if err := x.press(win, keysymRight); err != nil {
		t.Fatalf("key press: %v", err)
	}
	second1 := waitFor("the frame step", 60*time.Second, func(img image.Image) bool { return imageDiff(middle(first), middle(img)) != "" })
	shot := os.Getenv("BANDSCOPE_SCREENSHOT_RUNS") // a path prefix: PREFIXcompare.png, PREFIXscores.png
	if shot != "" {
		writeScreenshot(shot+"compare.png", second1)
	}
	// The Scores view, then a whole-clip run of both encodes: the plots
	// (both runs and the log) change the view once drawn.
	if err := x.press(win, keysymControlL, keysym5); err != nil {
		t.Fatalf("Ctrl+5: %v", err)
	}
	time.Sleep(time.Second)
	prev = waitFor("the Scores view", 30*time.Second, func(img image.Image) bool {
		same := imageDiff(prev, img) == ""
		prev = img
		return same
	})
	before := prev
	if err := x.press(win, keysymControlL, keysymR); err != nil {
		t.Fatalf("Ctrl+R: %v", err)
	}
	waitFor("the whole-clip run of both encodes", 3*time.Minute/2, func(img image.Image) bool {
		return imageDiff(middle(before), middle(img)) != "" && !blank(middle(img))
	})
	time.Sleep(time.Second)
	if shot != "" {
		if img, err := x.capture(win); err == nil {
			writeScreenshot(shot+"scores.png", img)
		}
	}
	alive("after the whole-clip run")
	if strings.Contains(output.String(), "panic") {
		t.Fatalf("the application panicked:\n%s", output.String())
	}
	if err := x.press(win, keysymControlL, keysymQ); err != nil {
		t.Fatalf("Ctrl+Q: %v", err)
	}
	select {
	case err := <-exited:
		if err != nil {
			t.Errorf("exit after Ctrl+Q: %v", err)
		}
	case <-time.After(20 * time.Second):
		t.Error("the application did not quit on Ctrl+Q")
	}
}

func writeScreenshot(path string, img image.Image) {
	if f, err := os.Create(path); err == nil {
		png.Encode(f, img)
		f.Close()
	}
}
