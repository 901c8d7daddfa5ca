package ui

import (
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgpdf"
	"gonum.org/v1/plot/vg/vgsvg"

	"github.com/bandscope/bandscope/engine/outfile"
	"github.com/bandscope/bandscope/engine/summary"
)

// writeAtomic writes a file by the rules every Bandscope output follows
// (engine/outfile, shared with the CLI): never over one of inputs (the
// open clips), through to a device or FIFO, through a symlink to its
// target, else under a temporary name that is synced and renamed into place
// with the replaced file's mode (0666 minus the umask for a new one), so
// that a reader never sees half a file and a failed export leaves nothing
// behind.
func writeAtomic(path string, write func(io.Writer) error, inputs ...string) error {
	return outfile.WriteFile(path, write, inputs...)
}

// exportScores writes per-frame scores as JSON or CSV by the extension.
// One run to JSON keeps libvmaf's layout (with its pooled mean, minimum,
// maximum and harmonic mean), so that tools that read libvmaf's logs read
// it; several runs (compare mode, a log beside a run) are written side by
// side with each one's summary and worst frames. CSV always ends with the
// summary rows.
func exportScores(path string, runs ...scoreRun) error { return exportScoresTo(path, nil, runs...) }

// exportScoresTo is exportScores that never writes over one of inputs.
func exportScoresTo(path string, inputs []string, runs ...scoreRun) error {
	var have []scoreRun
	for _, r := range runs {
		if r.Scores != nil {
			have = append(have, r)
		}
	}
	if len(have) == 0 {
		return errors.New("no scores yet: score the whole clip first (Ctrl+R)")
	}
	switch strings.ToLower(filepath.Ext(path)) {
	case ".json":
		if len(have) == 1 {
			return writeAtomic(path, have[0].Scores.WriteJSON, inputs...)
		}
		return writeAtomic(path, func(w io.Writer) error { return summary.WriteJSON(w, summaryRuns(have)) }, inputs...)
	case ".csv":
		return writeAtomic(path, func(w io.Writer) error { return summary.WriteCSV(w, summaryRuns(have)) }, inputs...)
	}
	return fmt.Errorf("%s: choose a .json or .csv name", path)
}

// exportPlots stacks the plots on one page in PNG, SVG or PDF by the
// extension of path.
func exportPlots(path string, plots []*plot.Plot, inputs ...string) error {
	w, h := 8*vg.Inch, vg.Length(len(plots))*3*vg.Inch
	var c vg.CanvasWriterTo
	switch strings.ToLower(filepath.Ext(path)) {
	case ".png":
		c = vgimg.PngCanvas{Canvas: vgimg.NewWith(vgimg.UseWH(w, h), vgimg.UseDPI(150))}
	case ".svg":
		c = vgsvg.New(w, h)
	case ".pdf":
		c = vgpdf.New(w, h)
	default:
		return fmt.Errorf("%s: choose a .png, .svg or .pdf name", path)
	}
	dc := draw.New(c)
	tiles := draw.Tiles{Rows: len(plots), Cols: 1, PadY: vg.Points(8)}
	grid := make([][]*plot.Plot, len(plots))
	for k, p := range plots {
		grid[k] = []*plot.Plot{p}
	}
	canvases := plot.Align(grid, tiles, dc)
	for k, p := range plots {
		drawPlot(canvases[k][0], p)
	}
	return writeAtomic(path, func(w io.Writer) error { _, err := c.WriteTo(w); return err }, inputs...)
}

// exportRuns are the runs an export writes: the primary backend's, the
// compare backend's, and the per-scale CAMBI scores.
func (i *inspector) exportRuns() []scoreRun {
	var runs []scoreRun
	for k, sc := range i.scores {
		if sc == nil {
			continue
		}
		name := ""
		if i.scores[1] != nil {
			name = i.runName(k)
		}
		runs = append(runs, scoreRun{Name: name, Scores: sc})
	}
	if i.scaleScores != nil && len(runs) > 0 {
		if i.runsMode() && i.scaleScoresB != nil {
			runs = append(runs, scoreRun{Name: "per scale, " + i.runName(0), Scores: keptScores(summary.Frames(i.scaleScores))},
				scoreRun{Name: "per scale, " + i.runName(1), Scores: keptScores(summary.Frames(i.scaleScoresB))})
		} else {
			runs = append(runs, scoreRun{Name: "per scale", Scores: keptScores(summary.Frames(i.scaleScores))})
		}
	}
	return append(runs, i.logs...)
}

// nothingToExport says so instead of asking for a file name.
func (i *inspector) nothingToExport(what string) bool {
	if len(i.exportRuns()) > 0 {
		return false
	}
	showError(i.win, fmt.Errorf("no %s to export yet: score the whole clip first (Ctrl+R)", what))
	return true
}

func (i *inspector) exportScoresDialog() {
	if i.nothingToExport("scores") {
		return
	}
	i.saveDialog("Export scores", "scores.json", []string{".json", ".csv"}, func(p string) error {
		return exportScoresTo(p, i.exportInputs(), i.exportRuns()...)
	})
}

// exportPlots are the Scores view's plots, drawn in the light theme
// whatever the window's: reports are printed on white.
func (i *inspector) exportPlots() []*plot.Plot {
	v := i.scoresView
	ps := []*plot.Plot{scorePlot("CAMBI", v.seriesFor("CAMBI", v.ownCAMBI), -1, false)}
	if i.scaleScores != nil {
		ps = append(ps, scorePlot(scalesTitle, v.seriesFor(scalesTitle, nil), -1, false))
	}
	ps = append(ps, scorePlot("ADM", v.seriesFor("ADM", v.isADM), -1, false))
	return append(ps, i.vmafPlots.exportPlots()...)
}

func (i *inspector) exportPlotDialog() {
	if i.nothingToExport("plots") {
		return
	}
	i.saveDialog("Export plots", "scores.png", []string{".png", ".svg", ".pdf"}, func(p string) error {
		return exportPlots(p, i.exportPlots(), i.exportInputs()...)
	})
}

func (i *inspector) exportMapsDialog() {
	if i.res == nil {
		showError(i.win, errors.New("no frame to export yet: open a clip first"))
		return
	}
	dialog.ShowFolderOpen(func(u fyne.ListableURI, err error) {
		if err != nil {
			i.fail(err)
			return
		}
		if u == nil {
			return
		}
		names, err := i.exportFrameMaps(u.Path())
		if err != nil {
			i.fail(err)
			return
		}
		i.prefs.SetString(prefLastDir, u.Path())
		i.setStatus(fmt.Sprintf("Wrote %d files to %s", len(names), u.Path()))
	}, i.win)
}
