package ui

import (
	"os"
	"path/filepath"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/storage"
)

// openFileDialog asks for a file to open among exts and hands its path to
// open; an error of the dialog's is shown (fail).
func (i *inspector) openFileDialog(title string, exts []string, open func(path string)) {
	d := dialog.NewFileOpen(func(r fyne.URIReadCloser, err error) {
		if path, ok := i.chosenPath(r, err); ok {
			open(path)
		}
	}, i.win)
	i.showFileDialog(d, title, exts)
}

// saveDialog asks for a file to write among exts, name by default, and
// has save write it: the file the dialog made stays only if save
// succeeds, and the status line names it.
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
		i.prefs.SetString(prefLastDir, filepath.Dir(path))
		i.setStatus("Wrote " + path)
	}, i.win)
	d.SetFileName(name)
	i.showFileDialog(d, title, exts)
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

// showFileDialog shows a file dialog offering exts, in the folder last
// used, at a size that lists long names.
func (i *inspector) showFileDialog(d *dialog.FileDialog, title string, exts []string) {
	d.SetFilter(storage.NewExtensionFileFilter(exts))
	if dir := i.prefs.StringWithFallback(prefLastDir, ""); dir != "" {
		if u, err := storage.ListerForURI(storage.NewFileURI(dir)); err == nil {
			d.SetLocation(u)
		}
	}
	d.SetTitleText(title)
	d.Resize(fyne.NewSize(800, 560))
	d.Show()
}
