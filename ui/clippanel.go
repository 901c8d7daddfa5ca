package ui

import (
	"fmt"
	"path/filepath"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/bandscope/bandscope/engine/clip"
)

// clipPanel opens clips, states their facts and moves between frames.
type clipPanel struct {
	i       *inspector
	content fyne.CanvasObject
	facts   [4]*widget.Label // distorted name, its format, reference name, its format
	note    *widget.Label    // a rendition's scaling, frames that do not decode
	slider  *keySlider
	entry   *widget.Entry
	total   *widget.Label
	// setting is true while the panel itself moves the slider, so that
	// the slider's callback does not request the frame a second time.
	setting bool
}

func newClipPanel(i *inspector) *clipPanel {
	p := &clipPanel{i: i}
	facts := container.NewVBox()
	for k := range p.facts {
		p.facts[k] = widget.NewLabel("")
		p.facts[k].Truncation = fyne.TextTruncateEllipsis
		facts.Add(p.facts[k])
	}
	p.facts[0].SetText("No clip.")
	p.note = widget.NewLabel("")
	p.note.Wrapping = fyne.TextWrapWord
	p.note.Importance = widget.WarningImportance
	p.note.Hide()
	facts.Add(p.note)
	p.slider = newKeySlider(i, 0, 1)
	p.slider.Step = 1
	p.slider.OnChanged = func(v float64) {
		if !p.setting {
			i.gotoFrame(int(v))
		}
	}
	p.entry = widget.NewEntry()
	p.entry.SetText("0")
	p.entry.OnSubmitted = func(s string) {
		n, err := strconv.Atoi(s)
		if err != nil {
			p.entry.SetText(strconv.Itoa(i.cur))
			return
		}
		i.gotoFrame(n)
		i.win.Canvas().Unfocus()
	}
	p.total = widget.NewLabel("of 0")
	btn := func(icon fyne.Resource, f func()) *widget.Button {
		b := widget.NewButtonWithIcon("", icon, f)
		b.Importance = widget.LowImportance
		return b
	}
	nav := container.NewBorder(nil, nil,
		container.NewHBox(btn(theme.MediaSkipPreviousIcon(), func() { i.gotoFrame(0) }),
			btn(theme.NavigateBackIcon(), func() { i.step(-1) })),
		container.NewHBox(p.total, btn(theme.NavigateNextIcon(), func() { i.step(1) }),
			btn(theme.MediaSkipNextIcon(), func() { i.gotoFrame(i.frames - 1) })),
		p.entry)
	open := container.NewGridWithColumns(2,
		widget.NewButtonWithIcon("Distorted…", theme.FolderOpenIcon(), func() { i.openDialog(false) }),
		widget.NewButtonWithIcon("Reference…", theme.FolderOpenIcon(), func() { i.openDialog(true) }))
	p.content = widget.NewCard("Clip", "", container.NewVBox(open, facts, p.slider, nav))
	return p
}

// describe gives a clip's name line and its facts line: a rendition's own
// size (scalingText says how it is scored).
func describe(role string, c clip.Info) (string, string) {
	if c.Path == "" {
		return role + ": none", ""
	}
	frames := "unknown"
	if c.Frames >= 0 {
		frames = strconv.Itoa(c.Frames)
	}
	w, h := c.Width, c.Height
	if c.Scaled != nil {
		w, h = c.Scaled.Width, c.Scaled.Height
	}
	return role + ": " + filepath.Base(c.Path), fmt.Sprintf("    %dx%d  %s  %d-bit  %s frames  (%s)",
		w, h, c.Chroma, c.BitDepth, frames, c.Container)
}

// scalingText says how a ladder rendition is scored, as the command line
// scores it: "960x540, upscaled with ffmpeg bicubic to 1920x1080; CAMBI
// at 960x540"; "" for a clip at its reference's size.
func scalingText(c clip.Info) string {
	if c.Scaled == nil {
		return ""
	}
	return fmt.Sprintf("%dx%d, upscaled with ffmpeg bicubic (%s) to %dx%d; CAMBI at %dx%d",
		c.Scaled.Width, c.Scaled.Height, c.Scaled.Filter, c.Width, c.Height, c.Scaled.Width, c.Scaled.Height)
}

// update shows the facts of the open clips.
func (p *clipPanel) update() {
	i := p.i
	ref := i.refInfo
	if i.req.Reference == "" {
		ref = clip.Info{}
	}
	a, b := describe("Distorted", i.distInfo)
	c, d := describe("Reference", ref)
	if i.req.Reference == "" && i.req.Distorted != "" {
		d = "    none: ADM (and any full-reference feature) compares the clip with itself"
	} else if i.refInfo.Frames > 0 && i.distInfo.Frames > 0 && i.refInfo.Frames != i.distInfo.Frames {
		d += fmt.Sprintf("   ⚠ %d frames against the clip's %d", i.refInfo.Frames, i.distInfo.Frames)
	}
	for k, s := range []string{a, b, c, d} {
		p.facts[k].SetText(s)
	}
	var notes []string
	if s := scalingText(i.distInfo); s != "" && i.req.Distorted != "" {
		notes = append(notes, "Distorted: "+s+".")
	}
	if s := scalingText(i.distInfoB); s != "" && i.runsMode() {
		notes = append(notes, "Run B "+filepath.Base(i.distInfoB.Path)+": "+s+".")
	}
	if i.listed > 0 {
		notes = append(notes, fmt.Sprintf("⚠ the file lists %d frames; only %d decode.", i.listed, i.frames))
	}
	p.note.SetText(strings.Join(notes, "\n"))
	p.note.Hidden = len(notes) == 0
	p.note.Refresh()
	p.setting = true
	p.slider.Max = float64(max(i.frames-1, 1))
	p.slider.Refresh()
	p.setting = false
	p.total.SetText(fmt.Sprintf("of %d", i.frames))
	p.showFrame()
}

// showFrame moves the slider and the box to the current frame.
func (p *clipPanel) showFrame() {
	p.setting = true
	p.slider.SetValue(float64(p.i.cur))
	p.setting = false
	p.entry.SetText(strconv.Itoa(p.i.cur))
}
