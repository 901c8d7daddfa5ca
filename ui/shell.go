package ui

import (
	"fmt"
	"image/color"
	"path/filepath"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/bandscope/bandscope/engine"
)

// variantTheme forces the light or dark variant of the default theme.
type variantTheme struct {
	fyne.Theme
	variant fyne.ThemeVariant
}

func (t variantTheme) Color(n fyne.ThemeColorName, _ fyne.ThemeVariant) color.Color {
	return t.Theme.Color(n, t.variant)
}

// dark reports whether the window uses the dark variant.
func (i *inspector) dark() bool {
	switch i.prefs.StringWithFallback(prefTheme, "system") {
	case "dark":
		return true
	case "light":
		return false
	}
	return i.app.Settings().ThemeVariant() == theme.VariantDark
}

// applyTheme sets "light", "dark" or "system".
func (i *inspector) applyTheme(name string) {
	i.prefs.SetString(prefTheme, name)
	switch name {
	case "dark":
		i.app.Settings().SetTheme(variantTheme{theme.DefaultTheme(), theme.VariantDark})
	case "light":
		i.app.Settings().SetTheme(variantTheme{theme.DefaultTheme(), theme.VariantLight})
	default:
		i.app.Settings().SetTheme(theme.DefaultTheme())
	}
	i.scoresView.update()
	i.admView.bars.redraw()
}

func (i *inspector) toggleTheme() {
	if i.dark() {
		i.applyTheme("light")
	} else {
		i.applyTheme("dark")
	}
}

// shortcut is one keyboard binding, listed in the help dialog.
type shortcut struct {
	key  fyne.KeyName
	mod  fyne.KeyModifier
	keys string
	what string
	do   func()
}

func (i *inspector) shortcuts() []shortcut {
	ctl := fyne.KeyModifierShortcutDefault
	return []shortcut{
		{fyne.KeyO, ctl, "Ctrl+O", "open the distorted clip", func() { i.openDialog(false) }},
		{fyne.KeyO, ctl | fyne.KeyModifierShift, "Ctrl+Shift+O", "open the reference clip", func() { i.openDialog(true) }},
		{fyne.KeyR, ctl, "Ctrl+R", "score the whole clip", i.runClip},
		{fyne.KeyB, ctl, "Ctrl+B", "next backend", i.cycleBackend},
		{fyne.KeyK, ctl, "Ctrl+K", "compare mode on/off", func() { i.setCompare(!i.compare) }},
		{fyne.KeyE, ctl, "Ctrl+E", "export scores (JSON/CSV)", i.exportScoresDialog},
		{fyne.KeyP, ctl, "Ctrl+P", "export the plots (PNG/SVG/PDF)", i.exportPlotDialog},
		{fyne.KeyM, ctl, "Ctrl+M", "export the current maps (PNG and .gray)", i.exportMapsDialog},
		{fyne.KeyT, ctl, "Ctrl+T", "light/dark theme", i.toggleTheme},
		{fyne.Key1, ctl, "Ctrl+1…5", "switch view (Frame, CAMBI, ADM, Compare, Scores)", func() { i.tabs.SelectIndex(0) }},
		{fyne.Key2, ctl, "", "", func() { i.tabs.SelectIndex(1) }},
		{fyne.Key3, ctl, "", "", func() { i.tabs.SelectIndex(2) }},
		{fyne.Key4, ctl, "", "", func() { i.tabs.SelectIndex(3) }},
		{fyne.Key5, ctl, "", "", func() { i.tabs.SelectIndex(4) }},
		{fyne.KeyQ, ctl, "Ctrl+Q", "quit", i.quit},
		{fyne.KeyLeft, fyne.KeyModifierShift, "Shift+arrows", "pan every map pane", func() { i.panBy(-1, 0) }},
		{fyne.KeyRight, fyne.KeyModifierShift, "", "", func() { i.panBy(1, 0) }},
		{fyne.KeyUp, fyne.KeyModifierShift, "", "", func() { i.panBy(0, -1) }},
		{fyne.KeyDown, fyne.KeyModifierShift, "", "", func() { i.panBy(0, 1) }},
	}
}

// Keys without modifiers, handled when no entry has the focus.
var plainKeys = [][2]string{
	{"← / →", "previous / next frame"},
	{"PgUp / PgDn", "10 frames back / forward"},
	{"Home / End", "first / last frame"},
	{"+ / −", "zoom in / out (every map pane)"},
	{"1", "zoom 1:1 (one frame pixel per screen pixel)"},
	{"0", "fit the frame"},
	{"r", "frame view: the reference frame / the distorted one"},
	{"h", "frame view: heatmap on/off"},
	{"Esc", "cancel a whole-clip run"},
	{"F1", "this help"},
	{"mouse wheel / drag", "zoom about the pointer / pan"},
	{"click a plot", "jump to that frame"},
}

func (i *inspector) bindKeys() {
	c := i.win.Canvas()
	for _, s := range i.shortcuts() {
		do := s.do
		c.AddShortcut(&desktop.CustomShortcut{KeyName: s.key, Modifier: s.mod}, func(fyne.Shortcut) { do() })
	}
	c.SetOnTypedKey(i.typedKey)
	c.SetOnTypedRune(i.typedRune)
}

func (i *inspector) typedKey(e *fyne.KeyEvent) {
	switch e.Name {
	case fyne.KeyLeft:
		i.step(-1)
	case fyne.KeyRight:
		i.step(1)
	case fyne.KeyPageUp:
		i.step(-10)
	case fyne.KeyPageDown:
		i.step(10)
	case fyne.KeyHome:
		i.gotoFrame(0)
	case fyne.KeyEnd:
		i.gotoFrame(i.frames - 1)
	case fyne.KeyEscape:
		i.cancelRun()
	case fyne.KeyF1:
		i.showHelp()
	}
}

// panBy moves the view an eighth of a pane in direction (dx, dy).
func (i *inspector) panBy(dx, dy float64) {
	w, h := 800, 450
	if len(i.vp.panes) > 0 {
		w, h = i.vp.panes[0].pixelSize()
	}
	i.vp.pan(-dx*float64(w)/8, -dy*float64(h)/8, w, h)
}

func (i *inspector) typedRune(r rune) {
	switch r {
	case '+', '=':
		i.vp.zoomBy(2)
	case '-':
		i.vp.zoomBy(0.5)
	case '1':
		i.vp.oneToOne()
	case '0':
		i.vp.fitAll()
	case 'r':
		c := i.frameView.showRef
		c.SetChecked(!c.Checked)
	case 'h':
		c := i.frameView.overlay
		c.SetChecked(!c.Checked)
	}
}

// helpText lists every binding.
func (i *inspector) helpText() string {
	var b strings.Builder
	for _, s := range i.shortcuts() {
		if s.keys != "" {
			fmt.Fprintf(&b, "%-14s %s\n", s.keys, s.what)
		}
	}
	for _, k := range plainKeys {
		fmt.Fprintf(&b, "%-14s %s\n", k[0], k[1])
	}
	return b.String()
}

func (i *inspector) showHelp() {
	t := widget.NewLabel(i.helpText())
	t.TextStyle.Monospace = true
	dialog.ShowCustom("Keyboard and mouse", "Close", container.NewVScroll(t), i.win)
}

func (i *inspector) mainMenu() *fyne.MainMenu {
	recent := fyne.NewMenuItem("Open recent", nil)
	recent.ChildMenu = fyne.NewMenu("")
	for _, p := range i.recent() {
		path := p
		recent.ChildMenu.Items = append(recent.ChildMenu.Items, fyne.NewMenuItem(filepath.Base(path)+"  ("+filepath.Dir(path)+")", func() {
			i.openPath(path, false)
		}))
	}
	if len(recent.ChildMenu.Items) == 0 {
		recent.Disabled = true
	}
	file := fyne.NewMenu("File",
		fyne.NewMenuItem("Open distorted…", func() { i.openDialog(false) }),
		fyne.NewMenuItem("Open reference…", func() { i.openDialog(true) }),
		recent,
		fyne.NewMenuItemSeparator(),
		fyne.NewMenuItem("Export scores (JSON, CSV)…", i.exportScoresDialog),
		fyne.NewMenuItem("Export plots (PNG, SVG, PDF)…", i.exportPlotDialog),
		fyne.NewMenuItem("Export current maps (PNG, .gray)…", i.exportMapsDialog),
	)
	view := fyne.NewMenu("View",
		fyne.NewMenuItem("Zoom in", func() { i.vp.zoomBy(2) }),
		fyne.NewMenuItem("Zoom out", func() { i.vp.zoomBy(0.5) }),
		fyne.NewMenuItem("Zoom 1:1", i.vp.oneToOne),
		fyne.NewMenuItem("Fit", i.vp.fitAll),
		fyne.NewMenuItemSeparator(),
		fyne.NewMenuItem("Light theme", func() { i.applyTheme("light") }),
		fyne.NewMenuItem("Dark theme", func() { i.applyTheme("dark") }),
		fyne.NewMenuItem("System theme", func() { i.applyTheme("system") }),
	)
	run := fyne.NewMenu("Run",
		fyne.NewMenuItem("Score whole clip", i.runClip),
		fyne.NewMenuItem("Cancel", i.cancelRun),
		fyne.NewMenuItem("Next backend", i.cycleBackend),
		fyne.NewMenuItem("Compare mode", func() { i.setCompare(!i.compare) }),
	)
	help := fyne.NewMenu("Help",
		fyne.NewMenuItem("Keyboard and mouse", i.showHelp),
		fyne.NewMenuItem("About Bandscope", func() {
			dialog.ShowInformation("Bandscope", "Bandscope "+engine.Version+
				"\nWhere CAMBI and ADM see banding, CPU and GPU side by side.", i.win)
		}),
	)
	return fyne.NewMainMenu(file, view, run, help)
}

// showError shows err in a dialog.
func showError(w fyne.Window, err error) {
	if w == nil || err == nil {
		return
	}
	dialog.ShowError(err, w)
}
