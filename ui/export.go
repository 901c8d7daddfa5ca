package ui

import (
	"errors"
	"fmt"
	"image"
	"image/png"
	"io"
	"math"
	"os"
	"path/filepath"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/storage"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgpdf"
	"gonum.org/v1/plot/vg/vgsvg"

	"github.com/bandscope/bandscope/engine"
	"github.com/bandscope/bandscope/engine/outfile"
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

// exportInputs are the files an export must never overwrite: the open
// clips.
func (i *inspector) exportInputs() []string { return []string{i.req.Reference, i.req.Distorted} }

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
		return writeAtomic(path, func(w io.Writer) error { return writeRunsJSON(w, have) }, inputs...)
	case ".csv":
		return writeAtomic(path, func(w io.Writer) error { return writeRunsCSV(w, have) }, inputs...)
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

// grayHeatmap writes c-values as libvmaf's cambi heatmaps hold them
// (engine.AppendHeatmap).
func grayHeatmap(w io.Writer, sc engine.CAMBIScale, maxLogContrast int) error {
	_, err := w.Write(engine.AppendHeatmap(nil, &sc, maxLogContrast))
	return err
}

// mapImage colours a map at its own size.
func mapImage(m *mapData, col palette) image.Image {
	img := image.NewNRGBA(image.Rect(0, 0, m.W, m.H))
	for k := 0; k < m.W*m.H; k++ {
		c := col.colour(m.At(k))
		copy(img.Pix[4*k:], []byte{c.R, c.G, c.B, c.A})
	}
	return img
}

func writePNG(path string, img image.Image, inputs ...string) error {
	return writeAtomic(path, func(w io.Writer) error { return png.Encode(w, img) }, inputs...)
}

// exportMaps writes the frame's maps into dir and returns the file names.
func exportMaps(dir string, r *engine.FrameResult, cm *Colormap, maxLogContrast int, inputs ...string) ([]string, error) {
	return exportMapsNamed(dir, "", r, cm, maxLogContrast, inputs...)
}

// exportMapsNamed is exportMaps with prefix before every file name (a
// compare run's "A_" and "B_").
func exportMapsNamed(dir, prefix string, r *engine.FrameResult, cm *Colormap, maxLogContrast int, inputs ...string) ([]string, error) {
	if r == nil {
		return nil, errors.New("no frame to export yet")
	}
	var names []string
	put := func(name string, write func(path string) error) error {
		name = prefix + name
		names = append(names, name)
		return write(filepath.Join(dir, name))
	}
	if r.Dist != nil {
		if err := put(fmt.Sprintf("frame%d_luma.png", r.Frame), func(p string) error {
			return writePNG(p, mapImage(lumaMap(r.Dist), grayColour(r.Dist.BitDepth)), inputs...)
		}); err != nil {
			return names, err
		}
	}
	if p := cambiPicture(r, false); p != nil {
		heat := heatColour(cm, cValueTop(p))
		for s, sc := range p.Scales {
			if m := f32Map(sc.Width, sc.Height, sc.CValues); m != nil {
				if err := put(fmt.Sprintf("frame%d_cambi_cvalues_scale%d.png", r.Frame, s), func(path string) error {
					return writePNG(path, mapImage(m, heat), inputs...)
				}); err != nil {
					return names, err
				}
				sc := sc
				name := fmt.Sprintf("frame%d_cambi_heatmap_scale_%d_%dx%d_16b.gray", r.Frame, s, sc.Width, sc.Height)
				if err := put(name, func(path string) error {
					return writeAtomic(path, func(w io.Writer) error { return grayHeatmap(w, sc, maxLogContrast) }, inputs...)
				}); err != nil {
					return names, err
				}
			}
		}
		if m := u8Map(p.Width, p.Height, p.SpatialMask); m != nil {
			if err := put(fmt.Sprintf("frame%d_cambi_spatial_mask.png", r.Frame), func(path string) error {
				return writePNG(path, mapImage(m, maskColour), inputs...)
			}); err != nil {
				return names, err
			}
		}
	}
	if a := admOf(r); a != nil {
		for s := range a.Bands {
			for b, bd := range a.Bands[s] {
				if bd.Map == nil {
					continue
				}
				heat := absHeat(cm, bandTop(bd.Map))
				m := bd.Map
				if err := put(fmt.Sprintf("frame%d_adm_scale%d_%s.png", r.Frame, s, bandNames[b]), func(path string) error {
					return writePNG(path, mapImage(m, heat), inputs...)
				}); err != nil {
					return names, err
				}
			}
		}
	}
	return names, nil
}

// exportVMAFMaps writes the maps the VMAF view shows for a frame (the
// input chosen under "Maps of", by default the costliest input's) when the
// frame has model scores: one PNG per map, in the view's colours (each map
// on its own scale), named after the model, the input and the map. None
// without a model.
func (i *inspector) exportVMAFMaps(dir, prefix string, r *engine.FrameResult, inputs ...string) ([]string, error) {
	if r == nil || len(r.VMAF) == 0 {
		return nil, nil
	}
	ref, ok := i.vmafView.chosenInput(r.VMAF)
	if !ok {
		return nil, nil
	}
	return exportInputMaps(dir, prefix, r.Frame, ref, mapsForInput(r, ref), i.colormap, inputs...)
}

// exportInputMaps writes one model input's maps (mapsForInput) as PNGs.
func exportInputMaps(dir, prefix string, frame int, ref modelInputRef, im inputMaps, cm *Colormap, inputs ...string) ([]string, error) {
	var names []string
	for k, m := range im.Maps {
		if m.Data == nil {
			continue
		}
		col := heatColour(cm, m.Top)
		col.abs = m.Abs
		name := fmt.Sprintf("%sframe%d_vmaf_%s_%s_%02d_%s.png", prefix, frame, fileSlug(ref.Model), fileSlug(ref.In.Base), k, fileSlug(m.Name))
		if err := writePNG(filepath.Join(dir, name), mapImage(m.Data, col), inputs...); err != nil {
			return names, err
		}
		names = append(names, name)
	}
	return names, nil
}

// fileSlug makes a map's name a file name's part: letters, digits, '.'
// and '-' kept, runs of anything else one '_'.
func fileSlug(s string) string {
	var b strings.Builder
	under := false
	for _, r := range strings.ToLower(s) {
		if r < 0x80 && (r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '.' || r == '-') {
			b.WriteRune(r)
			under = false
		} else if !under && b.Len() > 0 {
			b.WriteByte('_')
			under = true
		}
	}
	return strings.TrimRight(b.String(), "_")
}

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}

// The export dialogs.

func (i *inspector) saveDialog(title, name string, exts []string, save func(path string) error) {
	d := dialog.NewFileSave(func(wc fyne.URIWriteCloser, err error) {
		if err != nil {
			i.fail(err)
			return
		}
		if wc == nil {
			return
		}
		path := wc.URI().Path()
		wc.Close()
		if err := save(path); err != nil {
			os.Remove(path) // the dialog created it empty
			i.fail(err)
			return
		}
		i.prefs.SetString(prefLastDir, filepath.Dir(path))
		i.setStatus("Wrote " + path)
	}, i.win)
	d.SetFileName(name)
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
			runs = append(runs, scoreRun{Name: "per scale, " + i.runName(0), Scores: seriesScores(i.scaleScores)},
				scoreRun{Name: "per scale, " + i.runName(1), Scores: seriesScores(i.scaleScoresB)})
		} else {
			runs = append(runs, scoreRun{Name: "per scale", Scores: seriesScores(i.scaleScores)})
		}
	}
	return append(runs, i.logRuns()...)
}

// seriesScores turns series back into per-frame metrics.
func seriesScores(ss []series) ClipScores {
	n := 0
	for _, s := range ss {
		n = max(n, len(s.Values))
	}
	out := make(keptScores, n)
	for _, s := range ss {
		for f, v := range s.Values {
			if !math.IsNaN(v) {
				out[f] = append(out[f], engine.Metric{Name: strings.ReplaceAll(s.Name, " ", "_"), Value: v})
			}
		}
	}
	return out
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
