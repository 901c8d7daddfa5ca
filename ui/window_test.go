package ui

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestRealWindow starts the real binary on the demo clip under the X
// server in $DISPLAY (Xvfb in CI), steps a frame with a key press, and
// checks that the window is drawn, that the step redrew it, that the
// process stays up and that it quits cleanly on Ctrl+Q.
func TestRealWindow(t *testing.T) {
	if testing.Short() {
		t.Skip("starts the real application")
	}
	if os.Getenv("DISPLAY") == "" {
		t.Skip("no X server: DISPLAY is not set (CI runs Xvfb)")
	}
	for _, tool := range []string{"xdotool", "import"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s is not installed (apt-get install xdotool imagemagick)", tool)
		}
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "bandscope")
	build := exec.Command("go", "build", "-o", bin, "github.com/bandscope/bandscope/app")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin)
	// A fresh home: no preferences from an earlier run, and the demo clip
	// unpacks into the test's folder.
	cmd.Env = append(os.Environ(), "HOME="+dir, "XDG_CONFIG_HOME="+dir+"/config",
		"XDG_CACHE_HOME="+dir+"/cache", "XDG_RUNTIME_DIR="+dir, "LANG=en_US.UTF-8")
	var stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stderr, &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	defer func() {
		cmd.Process.Kill()
		if t.Failed() {
			t.Logf("application output:\n%s", stderr.String())
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
	wid := ""
	for deadline := time.Now().Add(90 * time.Second); wid == ""; {
		alive("waiting for the window")
		if time.Now().After(deadline) {
			t.Fatal("no Bandscope window after 90 s")
		}
		out, _ := exec.Command("xdotool", "search", "--name", "^Bandscope").Output()
		if f := strings.Fields(string(out)); len(f) > 0 {
			wid = f[0]
		} else {
			time.Sleep(300 * time.Millisecond)
		}
	}
	// Wait until frame 0 is drawn: the status line's timing appears.
	first := waitForShot(t, alive, func(img image.Image) bool { return !blank(img) }, 60*time.Second)
	time.Sleep(2 * time.Second)
	first = screenshot(t)
	exec.Command("xdotool", "windowactivate", "--sync", wid).Run()
	exec.Command("xdotool", "windowfocus", "--sync", wid).Run()
	if out, err := exec.Command("xdotool", "key", "--window", wid, "Right").CombinedOutput(); err != nil {
		t.Fatalf("xdotool key: %v %s", err, out)
	}
	second := waitForShot(t, alive, func(img image.Image) bool { return imageDiff(first, img) != "" }, 30*time.Second)
	if blank(second) {
		t.Fatal("the window is blank after a frame step")
	}
	if s := os.Getenv("BANDSCOPE_SCREENSHOT"); s != "" {
		f, _ := os.Create(s)
		png.Encode(f, second)
		f.Close()
	}
	time.Sleep(time.Second)
	alive("after the frame step")
	if strings.Contains(stderr.String(), "panic") {
		t.Fatalf("the application panicked:\n%s", stderr.String())
	}
	exec.Command("xdotool", "key", "--window", wid, "ctrl+q").Run()
	select {
	case err := <-exited:
		if err != nil {
			t.Errorf("exit after Ctrl+Q: %v", err)
		}
	case <-time.After(20 * time.Second):
		t.Error("the application did not quit on Ctrl+Q")
	}
}

func screenshot(t *testing.T) image.Image {
	t.Helper()
	out, err := exec.Command("import", "-window", "root", "png:-").Output()
	if err != nil {
		t.Fatalf("import: %v", err)
	}
	img, err := png.Decode(bytes.NewReader(out))
	if err != nil {
		t.Fatalf("screenshot: %v", err)
	}
	return img
}

// waitForShot takes screenshots until ok accepts one.
func waitForShot(t *testing.T, alive func(string), ok func(image.Image) bool, limit time.Duration) image.Image {
	t.Helper()
	deadline := time.Now().Add(limit)
	for {
		alive("waiting for the window to draw")
		img := screenshot(t)
		if ok(img) {
			return img
		}
		if time.Now().After(deadline) {
			t.Fatalf("the window did not change as expected within %v", limit)
		}
		time.Sleep(500 * time.Millisecond)
	}
}

// blank says whether an image has fewer than 16 distinct colours: a window
// that drew its views has hundreds.
func blank(img image.Image) bool {
	seen := map[[3]uint32]bool{}
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y += 3 {
		for x := b.Min.X; x < b.Max.X; x += 3 {
			r, g, bl, _ := img.At(x, y).RGBA()
			seen[[3]uint32{r >> 8, g >> 8, bl >> 8}] = true
			if len(seen) >= 16 {
				return false
			}
		}
	}
	return true
}

var _ = fmt.Sprint
