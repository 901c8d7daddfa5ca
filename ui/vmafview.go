package ui

import (
	"fmt"
	"math"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/bandscope/bandscope/engine"
	"github.com/bandscope/bandscope/engine/inspect"
	"github.com/bandscope/bandscope/engine/summary"
)

// maxInputMaps is the most maps one model input's feature has: ADM's
// 4 scales x 3 bands.
const maxInputMaps = engine.ADMScales * engine.ADMBands

// autoMaps is the map chooser's first entry: the costliest input's maps.
const autoMaps = "costliest input (auto)"

// vmafView shows, for the current frame and each picked model, the score,
// a table of the model's inputs (raw value, value on a perfect copy, value
// after the model's normalisation, points it costs) with how to read the
// costs, a bar chart of the costs, and the maps of the costliest input's
// feature through the shared viewport.
type vmafView struct {
	i       *inspector
	content fyne.CanvasObject
	scores  *widget.Label
	tables  *widget.Label
	costs   *widget.Label // how to read the costs (costNote), under the tables
	bars    *plotView
	which   *keySelect // whose maps: autoMaps or "MODEL: input"
	title   *widget.Label
	note    *widget.Label
	panes   [maxInputMaps]*mapPane
	names   [maxInputMaps]*canvas.Text
	cells   [maxInputMaps]fyne.CanvasObject
	grid    *fyne.Container
	legend  *legend
	shown   inspect.InputMaps // the maps on screen, for hover
}

func newVMAFView(i *inspector) *vmafView {
	v := &vmafView{i: i}
	for k := range v.panes {
		k := k
		p := newMapPane(i.vp)
		p.hover = i.hoverFunc(func() int { return 0 }, func(fx, fy float64) string {
			if k >= len(v.shown.Maps) || p.base == nil {
				return ""
			}
			val, x, y, ok := p.base.Value(fx, fy, i.vp.fw, i.vp.fh)
			if !ok {
				return ""
			}
			return fmt.Sprintf("%s (%d, %d) %.6g", v.shown.Maps[k].Name, x, y, val)
		})
		v.panes[k] = p
		// Plain caption text, without a label's padding: ADM's twelve
		// maps stand in four rows at 1280x720.
		v.names[k] = canvas.NewText("", theme.Color(theme.ColorNameForeground))
		v.names[k].TextSize = theme.CaptionTextSize()
		v.cells[k] = container.NewBorder(v.names[k], nil, nil, nil, p)
	}
	v.scores = widget.NewLabel("")
	v.scores.TextStyle.Monospace = true
	v.scores.Wrapping = fyne.TextWrapWord // a long reason wraps
	v.tables = widget.NewLabel("")
	v.tables.TextStyle.Monospace = true
	// Five columns of numbers beside the maps at 1280x720: the caption
	// size keeps the maps their room.
	v.tables.SizeName = theme.SizeNameCaptionText
	v.costs = widget.NewLabel("")
	v.costs.Wrapping = fyne.TextWrapWord
	v.costs.SizeName = theme.SizeNameCaptionText
	v.costs.Hide()
	v.bars = newPlotView(func() *figure {
		if v.i.res == nil {
			return nil
		}
		return costBars(v.i.res.VMAF, v.i.dark())
	}, fyne.NewSize(300, 150))
	v.which = newKeySelect(i, []string{autoMaps}, nil)
	v.which.SetSelected(autoMaps)
	v.which.OnChanged = func(string) { v.update(); i.unfocus() }
	v.title = widget.NewLabel("")
	v.title.Truncation = fyne.TextTruncateEllipsis
	v.title.TextStyle.Bold = true
	v.note = widget.NewLabel("")
	v.note.Wrapping = fyne.TextWrapWord
	v.legend = newLegend()
	v.grid = container.NewGridWithColumns(3)
	which := container.NewGridWrap(fyne.NewSize(300, v.which.MinSize().Height), v.which)
	top := container.NewBorder(nil, nil, nil, container.NewHBox(widget.NewLabel("Maps of"), which), v.scores)
	// The bars take what height the tables leave.
	right := container.NewBorder(container.NewVBox(v.tables, v.costs), nil, nil, nil, v.bars)
	bottom := container.NewVBox(v.note, v.legend.content)
	centre := container.NewBorder(v.title, nil, nil, nil, v.grid)
	v.content = container.NewBorder(top, bottom, nil, right, centre)
	return v
}

// inputTable lists a model's inputs on one frame: raw value, its value on
// a perfect copy (the reference against itself), the value the model's
// SVM reads (after its normalisation) and the points it costs: the score
// with that one input at its perfect-copy value, minus the score. The
// score is on the view's first line.
func inputTable(pm *pickedModel, r engine.ModelResult) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%-18s %11s %11s %11s %8s\n", r.Name, "raw", "perfect", "normalised", "cost")
	for k, in := range r.Inputs {
		norm := "-"
		if pm != nil {
			if n, ok := pm.M.Normalized(k, in.Value); ok {
				norm = fmt.Sprintf("%11.6g", n)
			}
		}
		perfect := "-"
		if !math.IsNaN(in.Perfect) {
			perfect = fmt.Sprintf("%11.6g", in.Perfect)
		}
		fmt.Fprintf(&b, "  %-16s %11.6g %11s %11s %8s\n", summary.ShortName(in.Base), in.Value, perfect, norm, inspect.FormatCost(in.Cost))
	}
	return strings.TrimRight(b.String(), "\n")
}

// costNote says how to read the costs: one input at a time, so they do
// not add up to 100 minus the score, and negative where the input is
// better than on a perfect copy (the source itself bands, say).
const costNote = "Cost: the score with that one input at its perfect-copy value, minus the score. " +
	"One input at a time, so the costs do not add up to 100 − score; " +
	"a negative cost is an input better than on a perfect copy (the source itself bands)."

// showCostNote shows costNote under the tables while they show costs.
func (v *vmafView) showCostNote(on bool) {
	if on == v.costs.Visible() {
		return
	}
	if on {
		v.costs.SetText(costNote)
		v.costs.Show()
	} else {
		v.costs.Hide()
	}
}

// choices are the map chooser's entries for a frame's results.
func mapChoices(vm []engine.ModelResult) []string {
	out := []string{autoMaps}
	for _, r := range vm {
		for _, in := range r.Inputs {
			out = append(out, r.Name+": "+in.Base)
		}
	}
	return out
}

// chosenInput is the input whose maps the view shows.
func (v *vmafView) chosenInput(vm []engine.ModelResult) (inspect.InputRef, bool) {
	sel := v.which.Selected
	if sel != "" && sel != autoMaps {
		for _, r := range vm {
			for _, in := range r.Inputs {
				if r.Name+": "+in.Base == sel {
					return inspect.InputRef{Model: r.Name, In: in}, true
				}
			}
		}
	}
	return inspect.Costliest(vm)
}

func (v *vmafView) clearMaps() {
	for k := range v.panes {
		v.panes[k].set(nil, nil)
	}
	v.shown = inspect.InputMaps{}
	v.grid.Objects = nil
	v.grid.Refresh()
	setText(v.title, "")
	v.legend.setText("")
}

func (v *vmafView) update() {
	i := v.i
	r := i.res
	switch {
	case len(i.models) > 0 && i.modelErr != nil:
		setText(v.scores, "No VMAF score on this clip: "+i.modelErr.Error())
		setText(v.tables, "")
		v.showCostNote(false)
		v.setNote("")
		v.clearMaps()
		v.bars.redraw()
		return
	case len(i.models) == 0:
		setText(v.scores, "No VMAF model picked: choose one or two under \"VMAF models\" in the sidebar.")
		setText(v.tables, "")
		v.showCostNote(false)
		v.setNote("")
		v.clearMaps()
		v.bars.redraw()
		return
	case r == nil:
		setText(v.scores, "No frame scored yet.")
		setText(v.tables, "")
		v.showCostNote(false)
		v.setNote("")
		v.clearMaps()
		v.bars.redraw()
		return
	case len(r.VMAF) == 0:
		msg := "No VMAF score for this frame"
		var errs []string
		for k, err := range r.Errors {
			errs = append(errs, k+": "+err.Error())
		}
		switch {
		case len(errs) > 0:
			msg += " (a feature failed: " + strings.Join(errs, "; ") + ")"
		case i.pending("") != "":
			msg = i.pending("The models' scores")
		default:
			msg += " (the frame is scored again with the picked models…)"
		}
		setText(v.scores, msg)
		setText(v.tables, "")
		v.showCostNote(false)
		v.setNote("")
		v.clearMaps()
		v.bars.redraw()
		return
	}
	var head []string
	var tables []string
	for _, m := range r.VMAF {
		head = append(head, fmt.Sprintf("%s %s", m.Name, fmtScore(m.Score)))
		tables = append(tables, inputTable(i.pickedFor(m.Name), m))
	}
	setText(v.scores, strings.Join(head, "   "))
	setText(v.tables, strings.Join(tables, "\n"))
	v.showCostNote(true)
	v.bars.redraw()

	choices := mapChoices(r.VMAF)
	if strings.Join(choices, "\n") != strings.Join(v.which.Options, "\n") {
		sel := v.which.Selected
		v.which.Options = choices
		found := false
		for _, c := range choices {
			found = found || c == sel
		}
		if !found {
			sel = autoMaps
		}
		on := v.which.OnChanged
		v.which.OnChanged = nil
		v.which.SetSelected(sel)
		v.which.OnChanged = on
	}
	ref, ok := v.chosenInput(r.VMAF)
	if !ok {
		v.clearMaps()
		v.setNote("No costs on this frame: the models were scored without a perfect copy to compare with.")
		return
	}
	im := inspect.MapsFor(r, ref)
	v.showMaps(im)
}

// showMaps lays out a feature's maps, each on its own colour scale.
func (v *vmafView) showMaps(im inspect.InputMaps) {
	v.shown = im
	setText(v.title, im.Title)
	if len(im.Maps) == 0 {
		for k := range v.panes {
			v.panes[k].set(nil, nil)
		}
		v.grid.Objects = nil
		v.grid.Refresh()
		note := im.Note
		if note == "" {
			note = "the engine keeps no map for this input"
		}
		v.setNote("No maps: " + note + ".")
		v.legend.setText("")
		return
	}
	n := min(len(im.Maps), maxInputMaps)
	cols := 3
	switch {
	case n <= 2:
		cols = n
	case n == 4:
		cols = 2
	}
	objs := make([]fyne.CanvasObject, n)
	for k := 0; k < n; k++ {
		m := im.Maps[k]
		col := heatColour(v.i.colormap, m.Top)
		col.abs = m.Abs
		v.panes[k].set(m.Data, col)
		v.names[k].Text = m.Name
		v.names[k].Color = theme.Color(theme.ColorNameForeground)
		v.names[k].Refresh()
		objs[k] = v.cells[k]
	}
	for k := n; k < maxInputMaps; k++ {
		v.panes[k].set(nil, nil)
	}
	v.grid.Objects = objs
	v.grid.Layout = layout.NewGridLayoutWithColumns(cols)
	v.grid.Refresh()
	v.setNote(im.Note)
	v.legend.setRange(v.i.colormap, im.Lo, im.Hi)
}

// setNote shows a note under the maps; an empty one takes no room.
func (v *vmafView) setNote(s string) {
	setText(v.note, s)
	if s == "" {
		v.note.Hide()
	} else {
		v.note.Show()
	}
}
