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
			return writePNG(p, mapImage(inspect.Luma(r.Dist), grayColour(r.Dist.BitDepth)), inputs...)
		}); err != nil {
			return names, err
		}
	}
	if p := inspect.CAMBIPicture(r, false); p != nil {
		top, _ := inspect.CValueTop(p)
		heat := heatColour(cm, top)
		for s, sc := range p.Scales {
			if m := inspect.F32(sc.Width, sc.Height, sc.CValues); m != nil {
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
		if m := inspect.U8(p.Width, p.Height, p.SpatialMask); m != nil {
			if err := put(fmt.Sprintf("frame%d_cambi_spatial_mask.png", r.Frame), func(path string) error {
				return writePNG(path, mapImage(m, maskColour), inputs...)
			}); err != nil {
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
				heat := absHeat(cm, bd.Map.Top())
				m := bd.Map
				if err := put(fmt.Sprintf("frame%d_adm_scale%d_%s.png", r.Frame, s, inspect.BandNames[b]), func(path string) error {
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
	return exportInputMaps(dir, prefix, r.Frame, ref, inspect.MapsFor(r, ref), i.colormap, inputs...)
}

// exportInputMaps writes one model input's maps (mapsForInput) as PNGs.
func exportInputMaps(dir, prefix string, frame int, ref inspect.InputRef, im inspect.InputMaps, cm *Colormap, inputs ...string) ([]string, error) {
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

// exportFrameMaps writes the current frame's maps into dir: run A's alone,
// or in compare mode both runs' (prefixed "A_" and "B_", with run B's own
// options) and the difference of each c-value map (A − B).
func (i *inspector) exportFrameMaps(dir string) ([]string, error) {
	mlc := i.cambiOpts.Int("max_log_contrast")
	if !i.compare || i.cmpRes == nil {
		names, err := exportMaps(dir, i.res, i.colormap, mlc, i.exportInputs()...)
		if err != nil {
			return names, err
		}
		nv, err := i.exportVMAFMaps(dir, "", i.res, i.exportInputs()...)
		return append(names, nv...), err
	}
	inputs := append(i.exportInputs(), i.runB.dist)
	names, err := exportMapsNamed(dir, "A_", i.res, i.colormap, mlc, inputs...)
	if err != nil {
		return names, err
	}
	nv, err := i.exportVMAFMaps(dir, "A_", i.res, inputs...)
	names = append(names, nv...)
	if err != nil {
		return names, err
	}
	mlcB := mlc
	if i.runsMode() && i.runB.kind == runOptions {
		mlcB = i.runB.cambi.Int("max_log_contrast")
	}
	nb, err := exportMapsNamed(dir, "B_", i.cmpRes, i.colormap, mlcB, inputs...)
	names = append(names, nb...)
	if err != nil {
		return names, err
	}
	nv, err = i.exportVMAFMaps(dir, "B_", i.cmpRes, inputs...)
	names = append(names, nv...)
	if err != nil {
		return names, err
	}
	nd, err := exportDeltaMaps(dir, i.res, i.cmpRes, inputs...)
	return append(names, nd...), err
}

// exportDeltaMaps writes each CAMBI scale's c-values of run A minus run B's
// with the views' signed colours (red: A bands more; white: equal).
func exportDeltaMaps(dir string, a, b *engine.FrameResult, inputs ...string) ([]string, error) {
	ca, cb := inspect.CAMBIOf(a), inspect.CAMBIOf(b)
	if ca == nil || cb == nil {
		return nil, nil
	}
	var names []string
	for s := 0; s < engine.CAMBIScales; s++ {
		x, y := ca.Dist.Scales[s], cb.Dist.Scales[s]
		ma, mb := inspect.F32(x.Width, x.Height, x.CValues), inspect.F32(y.Width, y.Height, y.CValues)
		if ma == nil || mb == nil || ma.W != mb.W || ma.H != mb.H {
			continue
		}
		st := inspect.CompareMaps(ma, mb)
		d := inspect.Difference(ma, mb)
		name := fmt.Sprintf("delta_A-B_frame%d_cambi_cvalues_scale%d.png", a.Frame, s)
		scale := st.MaxAbs
		if err := writePNG(filepath.Join(dir, name), mapImage(d, paletteFunc(func(v float64) color.NRGBA { return diffColor(v, scale) })), inputs...); err != nil {
			return names, err
		}
		names = append(names, name)
	}
	return names, nil
}
