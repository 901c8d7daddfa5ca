package ui

import (
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"path/filepath"
	"strings"

	"github.com/bandscope/bandscope/engine"
	"github.com/bandscope/bandscope/engine/inspect"
)

// grayHeatmap writes c-values as libvmaf's cambi heatmaps hold them
// (engine.AppendHeatmap).
func grayHeatmap(w io.Writer, sc engine.CAMBIScale, maxLogContrast int) error {
	_, err := w.Write(engine.AppendHeatmap(nil, &sc, maxLogContrast))
	return err
}

// mapImage colours a map at its own size.
func mapImage(m *inspect.Map, col palette) image.Image {
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
	return exportMapsNamed(dir, "", frameCaption{}, r, cm, maxLogContrast, inputs...)
}

// exportMapsNamed is exportMaps with prefix before every file name (a
// compare run's "A_" and "B_") and fc under every picture (caption). The
// .gray heatmaps are libvmaf's bytes, without one.
func exportMapsNamed(dir, prefix string, fc frameCaption, r *engine.FrameResult, cm *Colormap, maxLogContrast int, inputs ...string) ([]string, error) {
	if r == nil {
		return nil, errors.New("no frame to export yet")
	}
	var names []string
	put := func(name string, write func(path string) error) error {
		name = prefix + name
		names = append(names, name)
		return write(filepath.Join(dir, name))
	}
	picture := func(img image.Image, c caption) func(string) error {
		return func(path string) error { return writePNG(path, c.apply(img), inputs...) }
	}
	if r.Dist != nil {
		c := caption{lines: fc.lines(r, "luma of the distorted frame")}
		if err := put(fmt.Sprintf("frame%d_luma.png", r.Frame), picture(mapImage(inspect.Luma(r.Dist), grayColour(r.Dist.BitDepth)), c)); err != nil {
			return names, err
		}
	}
	if p := inspect.CAMBIPicture(r, false); p != nil {
		top, at := inspect.CValueTop(p)
		heat := heatColour(cm, top)
		for s, sc := range p.Scales {
			if m := inspect.F32(sc.Width, sc.Height, sc.CValues); m != nil {
				c := caption{lines: fc.lines(r, fmt.Sprintf("CAMBI c-values, scale %d (%dx%d), pooled score %s", s, sc.Width, sc.Height, fmtScore(sc.Score))),
					scale: heatScale(heat, top, "c-value 0", inspect.TopLabel(top, at))}
				if err := put(fmt.Sprintf("frame%d_cambi_cvalues_scale%d.png", r.Frame, s), picture(mapImage(m, heat), c)); err != nil {
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
		if m := inspect.U8(p.Width, p.Height, p.SpatialMask); m != nil {
			c := caption{lines: fc.lines(r, fmt.Sprintf("CAMBI spatial mask (%dx%d): light where CAMBI looks for bands", p.Width, p.Height))}
			if err := put(fmt.Sprintf("frame%d_cambi_spatial_mask.png", r.Frame), picture(mapImage(m, maskColour), c)); err != nil {
				return names, err
			}
		}
	}
	if a := inspect.ADMOf(r); a != nil {
		for s := range a.Bands {
			for b, bd := range a.Bands[s] {
				if bd.Map == nil {
					continue
				}
				top := bd.Map.Top()
				heat := absHeat(cm, top)
				c := caption{lines: fc.lines(r, fmt.Sprintf("ADM scale %d %s band, |restored coefficient|, num %.6g, den %.6g", s, inspect.BandNames[b], bd.Num, bd.Den)),
					scale: heatScale(heat, top, "|coefficient| 0", fmt.Sprintf("%.4g = the band's 99.5th percentile", top))}
				if err := put(fmt.Sprintf("frame%d_adm_scale%d_%s.png", r.Frame, s, inspect.BandNames[b]), picture(mapImage(bd.Map, heat), c)); err != nil {
					return names, err
				}
			}
		}
	}
	return names, nil
}

// vmafMaps are the maps the VMAF view shows for a frame (the input chosen
// under "Maps of", by default the costliest input's), or none without a
// model score.
func (i *inspector) vmafMaps(r *engine.FrameResult) *inputExport {
	if r == nil || len(r.VMAF) == 0 {
		return nil
	}
	ref, ok := i.vmafView.chosenInput(r.VMAF)
	if !ok {
		return nil
	}
	return &inputExport{ref: ref, maps: inspect.MapsFor(r, ref)}
}

// inputExport is one model input's maps to export.
type inputExport struct {
	ref  inspect.InputRef
	maps inspect.InputMaps
}

// exportInputMaps writes one model input's maps (mapsForInput) as PNGs,
// each with fc and its own colour scale under it.
func exportInputMaps(dir, prefix string, fc frameCaption, r *engine.FrameResult, ref inspect.InputRef, im inspect.InputMaps, cm *Colormap, inputs ...string) ([]string, error) {
	var names []string
	for k, m := range im.Maps {
		if m.Data == nil {
			continue
		}
		col := heatColour(cm, m.Top)
		col.abs = m.Abs
		c := caption{lines: fc.lines(r, fmt.Sprintf("%s: %s", im.Title, m.Name)),
			scale: heatScale(col, m.Top, "0", fmt.Sprintf("%.4g", m.Top))}
		name := fmt.Sprintf("%sframe%d_vmaf_%s_%s_%02d_%s.png", prefix, r.Frame, fileSlug(ref.Model), fileSlug(ref.In.Base), k, fileSlug(m.Name))
		if err := writePNG(filepath.Join(dir, name), c.apply(mapImage(m.Data, col)), inputs...); err != nil {
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

// mapExport is what a map export writes, gathered on the UI goroutine
// (frameMaps): writing it (write) reads no window state, so it runs off
// the UI goroutine.
type mapExport struct {
	a, b       *engine.FrameResult // run B's: nil outside compare mode
	cm         *Colormap
	mlcA, mlcB int // CAMBI's max_log_contrast, for the .gray heatmaps
	fa, fb, fd frameCaption
	va, vb     *inputExport // the VMAF view's maps of each run's frame
	inputs     []string     // files an export must never overwrite
}

// frameMaps gathers the current frame's maps: run A's alone, or in
// compare mode both runs' (prefixed "A_" and "B_", with run B's own
// options) and the difference of each c-value map (A − B), every picture
// captioned with the clips, the frame, its scores and its colour scale.
func (i *inspector) frameMaps() *mapExport {
	e := &mapExport{a: i.res, cm: i.colormap, mlcA: i.cambiOpts.Int("max_log_contrast"),
		fa: i.exportCaption(0), va: i.vmafMaps(i.res), inputs: i.exportInputs()}
	if !i.compare || i.cmpRes == nil {
		return e
	}
	e.b, e.fb, e.vb = i.cmpRes, i.exportCaption(1), i.vmafMaps(i.cmpRes)
	e.inputs = append(e.inputs, i.runB.dist)
	e.mlcB = e.mlcA
	if i.runsMode() && i.runB.kind == runOptions {
		e.mlcB = i.runB.cambi.Int("max_log_contrast")
	}
	e.fd = frameCaption{clips: i.runName(0) + " minus " + i.runName(1)}
	return e
}

// exportFrameMaps writes the current frame's maps into dir (frameMaps).
func (i *inspector) exportFrameMaps(dir string) ([]string, error) { return i.frameMaps().write(dir) }

// write writes the maps into dir and returns the file names.
func (e *mapExport) write(dir string) ([]string, error) {
	var names []string
	run := func(prefix string, r *engine.FrameResult, fc frameCaption, mlc int, v *inputExport) error {
		n, err := exportMapsNamed(dir, prefix, fc, r, e.cm, mlc, e.inputs...)
		names = append(names, n...)
		if err != nil || v == nil {
			return err
		}
		n, err = exportInputMaps(dir, prefix, fc, r, v.ref, v.maps, e.cm, e.inputs...)
		names = append(names, n...)
		return err
	}
	if e.b == nil {
		return names, run("", e.a, e.fa, e.mlcA, e.va)
	}
	if err := run("A_", e.a, e.fa, e.mlcA, e.va); err != nil {
		return names, err
	}
	if err := run("B_", e.b, e.fb, e.mlcB, e.vb); err != nil {
		return names, err
	}
	nd, err := exportDeltaMaps(dir, e.fd, e.a, e.b, e.inputs...)
	return append(names, nd...), err
}

// exportDeltaMaps writes each CAMBI scale's c-values of run A minus run B's
// with the views' signed colours (red: A bands more; white: equal).
func exportDeltaMaps(dir string, fc frameCaption, a, b *engine.FrameResult, inputs ...string) ([]string, error) {
	ca, cb := inspect.CAMBIOf(a), inspect.CAMBIOf(b)
	if ca == nil || cb == nil {
		return nil, nil
	}
	var names []string
	for s := 0; s < engine.CAMBIScales; s++ {
		x, y := ca.Dist.Scales[s], cb.Dist.Scales[s]
		ma, mb := inspect.F32(x.Width, x.Height, x.CValues), inspect.F32(y.Width, y.Height, y.CValues)
		if ma == nil || mb == nil {
			continue
		}
		// A rendition's maps (its encode size) on the finer grid, as the
		// Compare view shows them.
		w, h := max(ma.W, mb.W), max(ma.H, mb.H)
		ma, mb = inspect.Resampled(ma, w, h), inspect.Resampled(mb, w, h)
		st := inspect.CompareMaps(ma, mb)
		d := inspect.Difference(ma, mb)
		name := fmt.Sprintf("delta_A-B_frame%d_cambi_cvalues_scale%d.png", a.Frame, s)
		scale := st.MaxAbs
		c := caption{lines: fc.lines(a, fmt.Sprintf("CAMBI banding delta A − B, scale %d: red where A bands more, blue where B does", s)),
			scale: diffScale(scale, "A − B")}
		if err := writePNG(filepath.Join(dir, name), c.apply(mapImage(d, paletteFunc(func(v float64) color.NRGBA { return diffColor(v, scale) }))), inputs...); err != nil {
			return names, err
		}
		names = append(names, name)
	}
	return names, nil
}
