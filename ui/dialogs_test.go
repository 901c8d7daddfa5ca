package ui

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
)

// TestEscClosesDialogs: Esc closes the help and the log check, as their
// Close button does; while a dialog is open the window's keys and
// shortcuts do nothing (Ctrl+R behind an error dialog started a run and
// stacked a second error).
func TestEscClosesDialogs(t *testing.T) {
	h := newHarness(t, nil)
	h.open()
	h.key(fyne.KeyF1)
	if len(h.i.dialogs) != 1 || h.w.Canvas().Overlays().Top() == nil {
		t.Fatalf("help: %d dialogs", len(h.i.dialogs))
	}
	// Behind the dialog: no step, no run.
	h.key(fyne.KeyRight)
	h.shortcut(fyne.KeyR, fyne.KeyModifierShortcutDefault)
	if h.i.cur != 0 || !h.i.scoresView.cancel.Disabled() || h.i.scores[0] != nil {
		t.Errorf("keys reached the window behind the help: frame %d, scores %v", h.i.cur, h.i.scores[0])
	}
	h.key(fyne.KeyEscape)
	if len(h.i.dialogs) != 0 || h.w.Canvas().Overlays().Top() != nil {
		t.Fatalf("Esc left %d dialogs", len(h.i.dialogs))
	}
	h.key(fyne.KeyRight)
	if h.i.cur != 1 {
		t.Errorf("frame %d after the help closed and a step", h.i.cur)
	}
	// The log check, and an error on top of it: Esc closes one at a time.
	dir := t.TempDir()
	h.do(h.i.scoresView.runClip)
	log := filepath.Join(dir, "run.json")
	if err := exportScores(log, scoreRun{Scores: h.i.scores[0]}); err != nil {
		t.Fatal(err)
	}
	h.do(func() { h.i.openLog(log) })
	h.shortcut(fyne.KeyL, fyne.KeyModifierShortcutDefault)
	h.do(func() { h.i.fail(errors.New("notvideo.mp4: not a video")) })
	if len(h.i.dialogs) != 2 {
		t.Fatalf("%d dialogs, want the check and the error", len(h.i.dialogs))
	}
	h.key(fyne.KeyEscape)
	h.key(fyne.KeyEscape)
	if len(h.i.dialogs) != 0 || h.w.Canvas().Overlays().Top() != nil {
		t.Errorf("%d dialogs after two Esc", len(h.i.dialogs))
	}
}

// TestErrorKeepsFileNames: an error dialog shows the message as written,
// its file name not capitalised.
func TestErrorKeepsFileNames(t *testing.T) {
	h := newHarness(t, nil)
	h.do(func() { h.i.fail(errors.New("mystery.yuv: width must be a positive number")) })
	if len(h.i.dialogs) != 1 {
		t.Fatalf("%d dialogs", len(h.i.dialogs))
	}
	shown := strings.Join(texts(h.w.Canvas().Overlays().Top()), "\n")
	if !strings.Contains(shown, "mystery.yuv: width") || strings.Contains(shown, "Mystery.yuv") {
		t.Errorf("error dialog says %q", shown)
	}
}

// TestDialogFolders: open dialogs start in the clip's folder, export
// dialogs in the folder of the last export; the map export's folder
// dialog says what it is for.
func TestDialogFolders(t *testing.T) {
	h := newHarness(t, nil)
	clips, exports := t.TempDir(), t.TempDir()
	h.do(func() { h.i.openPath(filepath.Join(clips, fixtureDist), false) })
	if got := h.i.clipDir(); got != clips {
		t.Errorf("open dialogs start in %q, want the clip's folder %q", got, clips)
	}
	if got := h.i.exportDir(); got != clips {
		t.Errorf("before any export, export dialogs start in %q, want the clip's folder", got)
	}
	h.i.prefs.SetString(prefExportDir, exports)
	if h.i.clipDir() != clips || h.i.exportDir() != exports {
		t.Errorf("after an export: open in %q, export in %q", h.i.clipDir(), h.i.exportDir())
	}
	if got := h.i.prefs.String(prefLastDir); got != clips {
		t.Errorf("last clip folder %q", got)
	}
}

// texts are the labels' texts under o, for tests.
func texts(o fyne.CanvasObject) []string {
	var out []string
	switch x := o.(type) {
	case nil:
	case *widget.Label:
		out = append(out, x.Text)
	case *fyne.Container:
		for _, c := range x.Objects {
			out = append(out, texts(c)...)
		}
	case fyne.Widget:
		for _, c := range test.WidgetRenderer(x).Objects() {
			out = append(out, texts(c)...)
		}
	}
	return out
}

// TestKeepReferenceAfterCheck: a new distorted clip beside the previous
// clip's reference is checked first; one that does not open gets its
// error, not the question, and stays out of the recent files.
func TestKeepReferenceAfterCheck(t *testing.T) {
	eng := newFakeEngine()
	h := newHarness(t, eng)
	h.open()
	dir := t.TempDir()
	eng.openErr = errors.New("notvideo.mp4: not a video")
	h.do(func() { h.i.openPath(filepath.Join(dir, "notvideo.mp4"), false) })
	if len(h.i.dialogs) != 1 || !strings.Contains(strings.Join(texts(h.w.Canvas().Overlays().Top()), " "), "notvideo.mp4: not a video") {
		t.Fatalf("%d dialogs: %q", len(h.i.dialogs), texts(h.w.Canvas().Overlays().Top()))
	}
	for _, e := range h.i.recent() {
		if strings.Contains(e, "notvideo") {
			t.Errorf("recent %v", h.i.recent())
		}
	}
	h.key(fyne.KeyEscape)
	eng.openErr = nil
	h.do(func() { h.i.openPath(filepath.Join(dir, fixtureCoarse), false) })
	if len(h.i.dialogs) != 1 || !strings.Contains(strings.Join(texts(h.w.Canvas().Overlays().Top()), " "), "Keep it as the reference") {
		t.Errorf("no question for a clip that opens: %q", texts(h.w.Canvas().Overlays().Top()))
	}
}
