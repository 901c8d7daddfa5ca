package ui

import (
	"bytes"
	"flag"
	"fmt"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"

	"github.com/bandscope/bandscope/engine"
)

var update = flag.Bool("update", false, "rewrite the golden images under testdata/")

var uiMu sync.Mutex

func init() {
	now = func() time.Time { return time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC) }
	// The test driver runs fyne.Do callbacks on the calling goroutine;
	// a lock makes them one at a time, as on the real UI goroutine.
	uiDo = func(f func()) {
		uiMu.Lock()
		defer uiMu.Unlock()
		f()
	}
}

// harness is an inspector in a headless test window on the fake engine.
type harness struct {
	t   *testing.T
	a   fyne.App
	w   fyne.Window
	eng *fakeEngine
	i   *inspector
	// closed: the test closed the window (a second Close panics in the
	// test driver).
	closed bool
}

const fixtureDist, fixtureRef = "fixture_dist_320x240_8b420.yuv", "fixture_ref_320x240_8b420.yuv"

func newHarness(t *testing.T, eng *fakeEngine) *harness {
	t.Helper()
	a := test.NewTempApp(t)
	a.Settings().SetTheme(variantTheme{theme.DefaultTheme(), theme.VariantLight})
	w := a.NewWindow("Bandscope")
	if eng == nil {
		eng = newFakeEngine()
	}
	// The look-ahead starts at once: h.do waits for it either way, and a
	// delay would add itself to every step of every test.
	delay := lookAheadDelay
	lookAheadDelay = 0
	t.Cleanup(func() { lookAheadDelay = delay })
	h := &harness{t: t, a: a, w: w, eng: eng}
	h.i = newInspector(a, w, eng)
	w.Resize(fyne.NewSize(1280, 820))
	t.Cleanup(func() {
		h.wait()
		h.i.close()
		h.wait()
		if !h.closed {
			w.Close()
		}
	})
	return h
}

// open opens the fixture clip and waits for frame 0.
func (h *harness) open() {
	h.do(func() { h.i.open(engine.Request{Distorted: fixtureDist, Reference: fixtureRef}) })
	if h.i.res == nil || h.i.res.Frame != 0 {
		h.t.Fatalf("frame 0 not shown after open (status %q)", h.i.status.Text)
	}
}

// do runs f as the UI goroutine would, then waits for every engine job it
// started and their UI callbacks.
func (h *harness) do(f func()) {
	h.t.Helper()
	uiMu.Lock()
	f()
	uiMu.Unlock()
	h.wait()
}

func (h *harness) wait() { h.i.wg.Wait() }

// key sends a key press to the window.
func (h *harness) key(k fyne.KeyName) {
	h.do(func() { h.w.Canvas().OnTypedKey()(&fyne.KeyEvent{Name: k}) })
}

func (h *harness) rune(r rune) {
	h.do(func() { h.w.Canvas().OnTypedRune()(r) })
}

// shortcut sends a modifier shortcut to the window.
func (h *harness) shortcut(k fyne.KeyName, mod fyne.KeyModifier) {
	h.do(func() {
		for _, s := range h.i.shortcuts() {
			if s.key == k && s.mod == mod {
				s.do()
				return
			}
		}
		h.t.Fatalf("no shortcut %v+%v", mod, k)
	})
}

// assertGolden compares img with testdata/name, or writes it with -update.
func assertGolden(t *testing.T, name string, img image.Image) {
	t.Helper()
	path := filepath.Join("testdata", name)
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatalf("%v (run go test ./ui -run %s -update to create it)", err, t.Name())
	}
	defer f.Close()
	want, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	if diff := imageDiff(want, img); diff != "" {
		failed := filepath.Join("testdata", "failed", name)
		os.MkdirAll(filepath.Dir(failed), 0o755)
		os.WriteFile(failed, buf.Bytes(), 0o644)
		t.Errorf("%s: %s; got written to %s", path, diff, failed)
	}
}

func imageDiff(a, b image.Image) string {
	if a.Bounds().Size() != b.Bounds().Size() {
		return fmt.Sprintf("size %v, want %v", b.Bounds().Size(), a.Bounds().Size())
	}
	n := 0
	ab, bb := a.Bounds(), b.Bounds()
	for y := 0; y < ab.Dy(); y++ {
		for x := 0; x < ab.Dx(); x++ {
			r1, g1, b1, a1 := a.At(ab.Min.X+x, ab.Min.Y+y).RGBA()
			r2, g2, b2, a2 := b.At(bb.Min.X+x, bb.Min.Y+y).RGBA()
			if r1 != r2 || g1 != g2 || b1 != b2 || a1 != a2 {
				n++
			}
		}
	}
	if n > 0 {
		return fmt.Sprintf("%d pixels differ", n)
	}
	return ""
}

type desktopMouse struct{ Position fyne.Position }

func (m desktopMouse) event() *desktop.MouseEvent {
	return &desktop.MouseEvent{PointEvent: fyne.PointEvent{Position: m.Position}}
}
