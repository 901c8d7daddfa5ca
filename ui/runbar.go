package ui

import (
	"path/filepath"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"github.com/bandscope/bandscope/engine"
	"github.com/bandscope/bandscope/engine/clip"
)

// runBar is the bar above the views: run A's backend, and compare mode
// with its run B (another backend, another encode of the reference or
// other options: runB).
type runBar struct {
	i          *inspector
	content    fyne.CanvasObject
	backendSel *keySelect
	compareChk *widget.Check
	cmpSel     *keySelect
}

// newRunBar builds the bar on i's backends and its run B as the
// preferences restored it.
func newRunBar(i *inspector) *runBar {
	b := &runBar{i: i}
	b.backendSel = newKeySelect(i, i.backendOptions(), func(s string) {
		id := backendFromLabel(s)
		if id == i.backend {
			return
		}
		i.backend = id
		i.prefs.SetString(prefBackend, id)
		i.reopen()
		i.unfocus()
	})
	b.backendSel.SetSelected(i.backendLabel(i.backend))
	b.cmpSel = newKeySelect(i, i.compareOptions(), func(s string) {
		if b.compareChosen(s) {
			return
		}
		id := backendFromLabel(s)
		if id == i.cmpBack {
			return
		}
		i.cmpBack = id
		i.prefs.SetString(prefCompare, id)
		if i.compare {
			i.reopen()
		}
	})
	// Run B as restored from the preferences, without acting on it.
	onCmp := b.cmpSel.OnChanged
	b.cmpSel.OnChanged = nil
	b.cmpSel.SetSelected(i.compareLabel())
	b.cmpSel.OnChanged = onCmp
	b.compareChk = widget.NewCheck("Compare with", func(on bool) { i.setCompare(on); i.unfocus() })

	wide := func(o fyne.CanvasObject) fyne.CanvasObject {
		return container.NewGridWrap(fyne.NewSize(300, o.MinSize().Height), o)
	}
	b.content = container.NewHBox(
		widget.NewLabel("Backend"), wide(b.backendSel),
		b.compareChk, wide(b.cmpSel),
	)
	return b
}

// cycleBackend selects the next backend.
func (b *runBar) cycleBackend() {
	i := b.i
	if len(i.backends) == 0 {
		return
	}
	k := (i.backendIndex(i.backend) + 1) % len(i.backends)
	b.backendSel.SetSelected(i.backendLabel(i.backends[k].ID))
}

// refreshCompareSelect shows the current run B in the drop-down without
// acting on it.
func (b *runBar) refreshCompareSelect() {
	i := b.i
	on := b.cmpSel.OnChanged
	b.cmpSel.OnChanged = nil
	b.cmpSel.SetOptions(i.compareOptions())
	b.cmpSel.SetSelected(i.compareLabel())
	b.cmpSel.OnChanged = on
}

// compareChosen handles a choice in the compare drop-down. It returns false
// for a backend while run B already is another backend: the caller then
// switches backends as it always did.
func (b *runBar) compareChosen(label string) bool {
	i := b.i
	switch {
	case label == pickEncodeLabel:
		b.refreshCompareSelect() // until a file is chosen
		b.compareWithDialog()
		return true
	case label == pickOptionsLabel || label == optionsLabel:
		b.refreshCompareSelect()
		b.compareOptionsDialog()
		return true
	case strings.HasPrefix(label, encodePrefix):
		if i.runB.kind != runClip && i.runB.dist != "" {
			i.setRunB(runClip)
		}
		return true
	case i.runB.kind != runBackend:
		i.cmpBack = backendFromLabel(label)
		i.prefs.SetString(prefCompare, i.cmpBack)
		i.setRunB(runBackend)
		return true
	}
	return false
}

// compareWithDialog asks for a second encode of the reference.
func (b *runBar) compareWithDialog() {
	b.i.openFileDialog("Compare with another encode of the same reference (run B)", clipExtensions(), b.compareWith)
}

// compareWith makes path, a second encode of the open reference, run B.
// A raw file's format comes from its name, else from run A's raw format
// (two encodes compare at one size), else from the raw-format dialog.
// Before run A is open (its raw format still being asked for), run B waits
// for it: opening run A opens both.
func (b *runBar) compareWith(path string) {
	i := b.i
	if i.req.Distorted == "" {
		i.runB.dist, i.runB.raw, i.runB.kind = path, clip.RawOptions{}, runClip
		if g, complete := guessRaw(path); isRaw(path) && complete {
			i.runB.raw = g
		}
		i.compare = true
		b.compareChk.SetChecked(true)
		i.saveRunB()
		b.refreshCompareSelect()
		i.setStatus("Run B is " + filepath.Base(path) + ": open run A's distorted clip to compare them.")
		return
	}
	set := func(raw clip.RawOptions) {
		i.runB.dist, i.runB.raw = path, raw
		i.setRunB(runClip)
	}
	if !isRaw(path) {
		set(i.req.Raw)
		return
	}
	g, complete := guessRaw(path)
	switch {
	case complete:
		set(g)
	case isRaw(i.req.Distorted):
		set(i.req.Raw)
	default:
		i.askRaw(path, g, func(o *clip.RawOptions) { set(*o) })
	}
}

// compareOptionsDialog edits run B's options: the same clip and backend
// scored with other CAMBI and ADM options. B starts from A's options.
func (b *runBar) compareOptionsDialog() {
	i := b.i
	if i.runB.cambi == nil {
		i.runB.cambi, i.runB.adm = i.cambiOpts.Clone(), i.admOpts.Clone()
	}
	changed := func(string) {
		i.scores[1] = nil
		i.notice = "Run B's options changed: " + i.runName(1)
		i.setRunB(runOptions)
	}
	cf := newOptionsForm(i, func() *engine.Options { return i.runB.cambi },
		func() { i.runB.cambi = i.cambiOpts.Clone() }, changed)
	af := newOptionsForm(i, func() *engine.Options { return i.runB.adm },
		func() { i.runB.adm = i.admOpts.Clone() }, changed)
	acc := widget.NewAccordion(widget.NewAccordionItem("CAMBI options of run B", cf.content),
		widget.NewAccordionItem("ADM options of run B", af.content))
	acc.MultiOpen = true
	acc.Open(0)
	note := widget.NewLabel("Run B scores the same clip on " + i.backend + " with these options; " +
		"\"Defaults\" copies run A's. Each change scores the frame again.")
	note.Wrapping = fyne.TextWrapWord
	scroll := container.NewVScroll(acc)
	size := fyne.NewSize(460, 520)
	if c := i.win.Canvas(); c != nil && c.Size().Height > 0 {
		size.Height = min(size.Height, c.Size().Height-200)
	}
	scroll.SetMinSize(size)
	i.showDialog(dialog.NewCustom("Run B: other options", "Close", container.NewBorder(note, nil, nil, nil, scroll), i.win))
	if i.runB.kind != runOptions || !i.compare {
		i.setRunB(runOptions)
	}
}
