package ui

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"

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
func exportPlots(path string, plots []*figure, inputs ...string) error {
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
	canvases := make([]draw.Canvas, len(plots))
	align := figureMargins{}
	for k, p := range plots {
		// A first pass measures every plot's Y axis and legend, so that
		// all the data areas line up on the page.
		canvases[k] = tiles.At(dc, 0, k)
		_, own := drawFigure(draw.New(vgimg.New(w, h/vg.Length(len(plots)))), p, figureMargins{})
		align.left, align.right = max(align.left, own.left), max(align.right, own.right)
	}
	for k, p := range plots {
		drawFigure(canvases[k], p, align)
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
	i.showError(fmt.Errorf("no %s to export yet: score the whole clip first (Ctrl+R)", what))
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
func (i *inspector) exportPlots() []*figure {
	v := i.scoresView
	ps := []*figure{scorePlot("CAMBI", v.seriesFor("CAMBI", v.ownCAMBI), -1, false)}
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
		i.showError(errors.New("no frame to export yet: open a clip first"))
		return
	}
	i.folderDialog(fmt.Sprintf("Export the maps of frame %d into a folder", i.res.Frame), "Export here", func(dir string) {
		// Some sixty captioned pictures: written off the UI goroutine.
		e := i.frameMaps()
		i.setStatus(fmt.Sprintf("Writing the maps of frame %d to %s…", e.a.Frame, dir))
		i.exporter.submit(func(context.Context) func() {
			names, err := e.write(dir)
			return func() {
				if err != nil {
					i.fail(err)
					return
				}
				i.setStatus(fmt.Sprintf("Wrote %d files to %s", len(names), dir))
			}
		})
	})
}
