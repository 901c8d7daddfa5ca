package ui

import (
	"os"
	"path/filepath"
	"slices"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// The window's dialogs are modal: while one is open, the window's keys
// and shortcuts do nothing (a Ctrl+R behind an error dialog would start a
// run and stack a second error), and Esc dismisses the top one, as Cancel
// or Close does. Every dialog is shown through showDialog, which keeps
// the stack.

// prefExportDir is the folder of the last export, where export dialogs
// start; open dialogs start in the clip's folder (prefLastDir: the one a
// clip was last opened from).
const prefExportDir = "exportDir"

// showDialog shows d on top of the window's dialogs.
func (i *inspector) showDialog(d dialog.Dialog) {
	i.dialogs = append(i.dialogs, d)
	d.SetOnClosed(func() {
		if k := slices.Index(i.dialogs, d); k >= 0 {
			i.dialogs = slices.Delete(i.dialogs, k, k+1)
		}
	})
	d.Show()
}

// modal reports whether a dialog is open.
func (i *inspector) modal() bool { return len(i.dialogs) > 0 }

// dismissDialog closes the top dialog as its Cancel or Close button does
// (Esc); it reports whether there was one.
func (i *inspector) dismissDialog() bool {
	if len(i.dialogs) == 0 {
		return false
	}
	d := i.dialogs[len(i.dialogs)-1]
	d.Dismiss()
	// A dialog whose dismissal does not report back leaves the stack too.
	if k := slices.Index(i.dialogs, d); k >= 0 {
		i.dialogs = slices.Delete(i.dialogs, k, k+1)
	}
	return true
}

// unlessModal is do, doing nothing while a dialog is open.
func (i *inspector) unlessModal(do func()) func() {
	return func() {
		if !i.modal() {
			do()
		}
	}
}

// showError shows err in a dialog, as written: Fyne's error dialog
// capitalises the first letter, which turns "notvideo.mp4: ..." into
// another file's name.
func (i *inspector) showError(err error) {
	if i.win == nil || err == nil {
		return
	}
	msg := widget.NewLabel(oneLine(err.Error()))
	msg.Wrapping = fyne.TextWrapWord
	body := container.NewBorder(nil, nil, widget.NewIcon(theme.ErrorIcon()), nil, msg)
	d := dialog.NewCustom("Error", "OK", body, i.win)
	d.Resize(fyne.NewSize(min(560, max(i.win.Canvas().Size().Width-80, 320)), d.MinSize().Height))
	i.showDialog(d)
}

// openFileDialog asks for a file to open among exts, starting in dir (the
// open clip's folder, else the last one a clip was opened from), and
// hands its path to open; an error of the dialog's is shown (fail).
func (i *inspector) openFileDialog(title string, exts []string, open func(path string)) {
	d := dialog.NewFileOpen(func(r fyne.URIReadCloser, err error) {
		if path, ok := i.chosenPath(r, err); ok {
			open(path)
		}
	}, i.win)
	d.SetFilter(storage.NewExtensionFileFilter(exts))
	i.showFileDialog(d, title, i.clipDir())
}

// saveDialog asks for a file to write among exts, name by default, in the
// folder of the last export, and has save write it: the file the dialog
// made stays only if save succeeds, and the status line names it.
func (i *inspector) saveDialog(title, name string, exts []string, save func(path string) error) {
	d := dialog.NewFileSave(func(wc fyne.URIWriteCloser, err error) {
		path, ok := i.chosenPath(wc, err)
		if !ok {
			return
		}
		if err := save(path); err != nil {
			os.Remove(path) // the dialog created it empty
			i.fail(err)
			return
		}
		i.prefs.SetString(prefExportDir, filepath.Dir(path))
		i.setStatus("Wrote " + path)
	}, i.win)
	d.SetFileName(name)
	d.SetFilter(storage.NewExtensionFileFilter(exts))
	i.showFileDialog(d, title, i.exportDir())
}

// folderDialog asks for a folder to export into, titled what it is for,
// starting in the folder of the last export, and hands it to export.
func (i *inspector) folderDialog(title, confirm string, export func(dir string)) {
	d := dialog.NewFolderOpen(func(u fyne.ListableURI, err error) {
		if err != nil {
			i.fail(err)
			return
		}
		if u == nil {
			return
		}
		i.prefs.SetString(prefExportDir, u.Path())
		export(u.Path())
	}, i.win)
	d.SetConfirmText(confirm)
	i.showFileDialog(d, title, i.exportDir())
}

// chosenPath is the path of the file a dialog opened, which it closes; ok
// is false when the dialog was cancelled or failed (fail shows why).
func (i *inspector) chosenPath(f interface {
	URI() fyne.URI
	Close() error
}, err error) (path string, ok bool) {
	if err != nil {
		i.fail(err)
		return "", false
	}
	if f == nil {
		return "", false
	}
	path = f.URI().Path()
	f.Close()
	return path, true
}

// clipDir is where open dialogs start: the open clip's folder, else the
// folder a clip was last opened from.
func (i *inspector) clipDir() string {
	if i.req.Distorted != "" {
		return filepath.Dir(absPath(i.req.Distorted))
	}
	return i.prefs.StringWithFallback(prefLastDir, "")
}

// exportDir is where export dialogs start: the folder of the last export,
// else the clip's.
func (i *inspector) exportDir() string {
	if d := i.prefs.StringWithFallback(prefExportDir, ""); d != "" {
		return d
	}
	return i.clipDir()
}

// showFileDialog shows a file or folder dialog in dir (when it exists),
// at a size that lists long names and a dozen entries, within the window.
func (i *inspector) showFileDialog(d *dialog.FileDialog, title, dir string) {
	if dir != "" && filepath.IsAbs(dir) {
		if u, err := storage.ListerForURI(storage.NewFileURI(dir)); err == nil {
			d.SetLocation(u)
		}
	}
	d.SetTitleText(title)
	size := fyne.NewSize(860, 600)
	if c := i.win.Canvas(); c != nil && c.Size().Height > 0 {
		size = fyne.NewSize(min(size.Width, c.Size().Width-40), min(size.Height, c.Size().Height-40))
	}
	d.Resize(size)
	i.showDialog(d)
}
