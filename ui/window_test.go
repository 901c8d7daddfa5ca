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
)

// TestRealWindow starts the real binary on the demo clip under the X
// server in $DISPLAY (Xvfb in make test), steps a frame with a key press
// sent to the window, and checks that the window is drawn, that the step
// redrew it, that the process stays up and that it quits on Ctrl+Q.
func TestRealWindow(t *testing.T) {
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
	// waitFor takes screenshots until ok accepts one. Capturing fails
	// (BadMatch) until the window is mapped: that is waited for too.
	waitFor := func(what string, ok func(image.Image) bool) image.Image {
		t.Helper()
		limit := time.Now().Add(60 * time.Second)
		for {
			alive(what)
			img, err := x.capture(win)
			if err == nil && ok(img) {
				return img
			}
			if time.Now().After(limit) {
				t.Fatalf("%s: nothing after 60 s (last screenshot error: %v)", what, err)
			}
			time.Sleep(500 * time.Millisecond)
		}
	}
	// Frame 0 is drawn once the middle of the window, the frame pane (a
	// flat grey until a frame arrives), shows a picture and stops changing.
	prev := waitFor("the first frame", func(img image.Image) bool { return !blank(middle(img)) })
	waitFor("frame 0", func(img image.Image) bool {
		same := imageDiff(prev, img) == ""
		prev = img
		return same
	})
	first := prev
	if err := x.press(win, keysymRight); err != nil {
		t.Fatalf("key press: %v", err)
	}
	// The frame's pixels sit in the middle of the window: they change.
	second := waitFor("the frame step", func(img image.Image) bool { return imageDiff(middle(first), middle(img)) != "" })
	if blank(second) {
		t.Fatal("the window is blank after a frame step")
	}
	if s := os.Getenv("BANDSCOPE_SCREENSHOT"); s != "" {
		if f, err := os.Create(s); err == nil {
			png.Encode(f, second)
			f.Close()
		}
	}
	time.Sleep(time.Second)
	alive("after the frame step")
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

// middle is the central half of an image.
func middle(img image.Image) image.Image {
	b := img.Bounds()
	r := image.Rect(b.Min.X+b.Dx()/4, b.Min.Y+b.Dy()/4, b.Max.X-b.Dx()/4, b.Max.Y-b.Dy()/4)
	return img.(interface {
		SubImage(image.Rectangle) image.Image
	}).SubImage(r)
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
