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
	"fyne.io/fyne/v2/layout"
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
	i.vmafView.update() // map names and bars in the theme's colours
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

// shortcuts are the window's keyboard bindings. Each does nothing while a
// dialog is open (showDialog).
func (i *inspector) shortcuts() []shortcut {
	ctl := fyne.KeyModifierShortcutDefault
	list := []shortcut{
		{fyne.KeyO, ctl, "Ctrl+O", "open the distorted clip", func() { i.openDialog(false) }},
		{fyne.KeyO, ctl | fyne.KeyModifierShift, "Ctrl+Shift+O", "open the reference clip", func() { i.openDialog(true) }},
		{fyne.KeyR, ctl, "Ctrl+R", "score the whole clip", i.scoresView.runClip},
		{fyne.KeyG, ctl, "Ctrl+G", "find the banding events (regions over time)", i.banding.findEvents},
		{fyne.KeyB, ctl, "Ctrl+B", "next backend", i.bar.cycleBackend},
		{fyne.KeyK, ctl, "Ctrl+K", "compare mode on/off", func() { i.setCompare(!i.compare) }},
		{fyne.KeyK, ctl | fyne.KeyModifierShift, "Ctrl+Shift+K", "compare with another encode of the reference (run B)", i.bar.compareWithDialog},
		{fyne.KeyE, ctl, "Ctrl+E", "export scores (JSON/CSV)", i.exportScoresDialog},
		{fyne.KeyP, ctl, "Ctrl+P", "export the plots (PNG/SVG/PDF)", i.exportPlotDialog},
		{fyne.KeyM, ctl, "Ctrl+M", "export the current maps (PNG and .gray)", i.exportMapsDialog},
		{fyne.KeyL, ctl | fyne.KeyModifierShift, "Ctrl+Shift+L", "open a libvmaf log (JSON/XML/CSV) or a CAMBI .gray dump", i.openLogDialog},
		{fyne.KeyL, ctl, "Ctrl+L", "check this frame against the open logs, bit for bit", i.checkLogs},
		{fyne.KeyT, ctl, "Ctrl+T", "light/dark theme", i.toggleTheme},
		{fyne.Key1, ctl, "Ctrl+1…6", "switch view (Frame, CAMBI, ADM, Compare, Scores, VMAF)", func() { i.tabs.SelectIndex(0) }},
		{fyne.Key2, ctl, "", "", func() { i.tabs.SelectIndex(1) }},
		{fyne.Key3, ctl, "", "", func() { i.tabs.SelectIndex(2) }},
		{fyne.Key4, ctl, "", "", func() { i.tabs.SelectIndex(3) }},
		{fyne.Key5, ctl, "", "", func() { i.tabs.SelectIndex(4) }},
		{fyne.Key6, ctl, "", "", func() { i.tabs.SelectIndex(5) }},
		{fyne.KeyQ, ctl, "Ctrl+Q", "quit", i.quit},
		{fyne.KeyLeft, fyne.KeyModifierShift, "Shift+arrows", "pan every map pane", func() { i.panBy(-1, 0) }},
		{fyne.KeyRight, fyne.KeyModifierShift, "", "", func() { i.panBy(1, 0) }},
		{fyne.KeyUp, fyne.KeyModifierShift, "", "", func() { i.panBy(0, -1) }},
		{fyne.KeyDown, fyne.KeyModifierShift, "", "", func() { i.panBy(0, 1) }},
	}
	for k := range list {
		list[k].do = i.unlessModal(list[k].do)
	}
	return list
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
	{"Space", "play / pause (at the clip's rate, or as fast as the engine scores)"},
	{"b", "frame view: banding boost on/off"},
	{"w", "frame view: next mode (overlay, wipe, side by side, difference)"},
	{"[ / ]", "previous / next banding event (its worst frame)"},
	{"Enter, click a map", "enlarge the map under the pointer to the whole view (again: back)"},
	{"Esc", "close a dialog; shrink an enlarged map; stop playing; cancel a whole-clip run or a banding search"},
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
	if i.modal() {
		// The window waits behind a dialog; Esc closes the dialog.
		if e.Name == fyne.KeyEscape {
			i.dismissDialog()
		}
		return
	}
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
		if i.big.shrink() {
			return
		}
		i.play.stop()
		i.scoresView.cancelRun()
		i.banding.cancelSearch()
	case fyne.KeyReturn, fyne.KeyEnter:
		i.big.toggleHovered()
	case fyne.KeySpace:
		i.play.toggle()
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
	if i.modal() {
		return
	}
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
	case 'b':
		b := i.frameView.boost
		if b.SelectedIndex() > 0 {
			b.SetSelectedIndex(0)
		} else {
			b.SetSelectedIndex(3) // x16
		}
	case 'w':
		m := i.frameView.mode
		m.SetSelectedIndex((max(m.SelectedIndex(), 0) + 1) % len(frameModes))
	case '[':
		i.banding.step(-1)
	case ']':
		i.banding.step(1)
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

// helpRows are the help dialog's (keys, action) rows.
func (i *inspector) helpRows() [][2]string {
	var rows [][2]string
	for _, s := range i.shortcuts() {
		if s.keys != "" {
			rows = append(rows, [2]string{s.keys, s.what})
		}
	}
	return append(rows, plainKeys...)
}

// showHelp shows every binding in two columns, large enough to read at
// once: a scroll box appears only when the window is too small for it.
func (i *inspector) showHelp() {
	grid := container.New(layout.NewFormLayout())
	for _, r := range i.helpRows() {
		k := widget.NewLabel(r[0])
		k.TextStyle.Bold = true
		grid.Add(k)
		grid.Add(widget.NewLabel(r[1]))
	}
	scroll := container.NewVScroll(grid)
	size := grid.MinSize()
	if c := i.win.Canvas(); c != nil && c.Size().Height > 0 {
		size.Height = min(size.Height, c.Size().Height-140)
		size.Width = min(size.Width+20, c.Size().Width-60)
	}
	scroll.SetMinSize(size)
	i.showDialog(dialog.NewCustom("Keyboard and mouse", "Close", scroll, i.win))
}

func (i *inspector) mainMenu() *fyne.MainMenu {
	recent := fyne.NewMenuItem("Open recent", nil)
	recent.ChildMenu = fyne.NewMenu("")
	for _, e := range i.recent() {
		e := e
		path, raw, ok := decodeRecent(e)
		label := filepath.Base(path) + "  (" + filepath.Dir(path) + ")"
		if ok {
			label += fmt.Sprintf("  %dx%d %s %d-bit", raw.Width, raw.Height, raw.Chroma, raw.BitDepth)
		}
		recent.ChildMenu.Items = append(recent.ChildMenu.Items, fyne.NewMenuItem(label, func() { i.openRecent(e) }))
	}
	if len(recent.ChildMenu.Items) == 0 {
		recent.Disabled = true
	}
	// item is a menu item that shows its key. Menus only show the key: the
	// window's canvas shortcuts do the work (a menu's own shortcut would
	// fire twice).
	item := func(label string, key fyne.KeyName, mod fyne.KeyModifier, do func()) *fyne.MenuItem {
		m := fyne.NewMenuItem(label, do)
		if key != "" {
			m.Shortcut = &menuKey{desktop.CustomShortcut{KeyName: key, Modifier: mod}}
		}
		return m
	}
	ctl := fyne.KeyModifierShortcutDefault
	hasClip := i.req.Distorted != ""
	i.menuRun = item("Score whole clip", fyne.KeyR, ctl, i.scoresView.runClip)
	i.menuRun.Disabled = !hasClip
	exportScores := item("Export scores (JSON, CSV)…", fyne.KeyE, ctl, i.exportScoresDialog)
	exportPlots := item("Export plots (PNG, SVG, PDF)…", fyne.KeyP, ctl, i.exportPlotDialog)
	exportMaps := item("Export current maps (PNG, .gray)…", fyne.KeyM, ctl, i.exportMapsDialog)
	// Logs alone are scores to export and plot too.
	exportScores.Disabled = len(i.exportRuns()) == 0
	exportPlots.Disabled = exportScores.Disabled
	exportMaps.Disabled = i.res == nil
	exportEvents := fyne.NewMenuItem("Export banding events (JSON)…", func() { i.banding.exportJSON(0) })
	exportMask := fyne.NewMenuItem("Export banding mask (Y4M)…", func() { i.banding.exportMask(0) })
	closeLogs := fyne.NewMenuItem("Close logs", i.closeLogs)
	checkLogs := item("Check this frame against the logs", fyne.KeyL, ctl, i.checkLogs)
	closeLogs.Disabled = len(i.logs) == 0 && len(i.heatLogs) == 0
	checkLogs.Disabled = closeLogs.Disabled
	file := fyne.NewMenu("File",
		item("Open distorted…", fyne.KeyO, ctl, func() { i.openDialog(false) }),
		item("Open reference…", fyne.KeyO, ctl|fyne.KeyModifierShift, func() { i.openDialog(true) }),
		recent,
		item("Compare with another encode…", fyne.KeyK, ctl|fyne.KeyModifierShift, i.bar.compareWithDialog),
		fyne.NewMenuItemSeparator(),
		item("Open log (libvmaf JSON, XML, CSV; CAMBI .gray)…", fyne.KeyL, ctl|fyne.KeyModifierShift, i.openLogDialog),
		closeLogs,
		fyne.NewMenuItemSeparator(),
		exportScores, exportPlots, exportMaps, exportEvents, exportMask,
		fyne.NewMenuItemSeparator(),
		item("Quit", fyne.KeyQ, ctl, i.quit),
	)
	view := fyne.NewMenu("View",
		item("Frame", fyne.Key1, ctl, func() { i.tabs.SelectIndex(0) }),
		item("CAMBI", fyne.Key2, ctl, func() { i.tabs.SelectIndex(1) }),
		item("ADM", fyne.Key3, ctl, func() { i.tabs.SelectIndex(2) }),
		item("Compare", fyne.Key4, ctl, func() { i.tabs.SelectIndex(3) }),
		item("Scores", fyne.Key5, ctl, func() { i.tabs.SelectIndex(4) }),
		item("VMAF", fyne.Key6, ctl, func() { i.tabs.SelectIndex(5) }),
		fyne.NewMenuItemSeparator(),
		item("Zoom in", fyne.KeyPlus, 0, func() { i.vp.zoomBy(2) }),
		item("Zoom out", fyne.KeyMinus, 0, func() { i.vp.zoomBy(0.5) }),
		item("Zoom 1:1", fyne.Key1, 0, i.vp.oneToOne),
		item("Fit", fyne.Key0, 0, i.vp.fitAll),
		fyne.NewMenuItemSeparator(),
		item("Light/dark theme", fyne.KeyT, ctl, i.toggleTheme),
		fyne.NewMenuItem("Light theme", func() { i.applyTheme("light") }),
		fyne.NewMenuItem("Dark theme", func() { i.applyTheme("dark") }),
		fyne.NewMenuItem("System theme", func() { i.applyTheme("system") }),
	)
	run := fyne.NewMenu("Run",
		i.menuRun,
		item("Find banding events", fyne.KeyG, ctl, i.banding.findEvents),
		item("Cancel", fyne.KeyEscape, 0, i.scoresView.cancelRun),
		item("Next backend", fyne.KeyB, ctl, i.bar.cycleBackend),
		item("Compare mode", fyne.KeyK, ctl, func() { i.setCompare(!i.compare) }),
		fyne.NewMenuItem("Compare with other options (run B)…", i.bar.compareOptionsDialog),
		fyne.NewMenuItemSeparator(),
		checkLogs,
		item("Play / pause", fyne.KeySpace, 0, i.play.toggle),
	)
	help := fyne.NewMenu("Help",
		item("Keyboard and mouse", fyne.KeyF1, 0, i.showHelp),
		fyne.NewMenuItem("About Bandscope", func() {
			i.showDialog(dialog.NewInformation("Bandscope", "Bandscope "+engine.Version+
				"\nWhere CAMBI and ADM see banding, CPU and GPU side by side.", i.win))
		}),
	)
	return fyne.NewMainMenu(file, view, run, help)
}

// menuKey is a shortcut a menu shows but does not bind: the canvas binds
// the same keys (see bindKeys), so each acts once.
type menuKey struct{ desktop.CustomShortcut }

// clipOpen enables what needs a clip and rebuilds the menus.
func (i *inspector) clipOpen() {
	if i.scoresView.cancel.Disabled() {
		i.scoresView.runBtn.Enable()
	}
	i.refreshMenu()
}

// refreshMenu rebuilds the main menu: recent files, enabled items.
func (i *inspector) refreshMenu() { i.win.SetMainMenu(i.mainMenu()) }
