package ui

import (
	"fmt"
	"image/color"
	"math"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/bandscope/bandscope/engine/inspect"
)

var (
	identicalColour = color.NRGBA{0x1b, 0x8a, 0x3a, 0xff}
	differsColour   = color.NRGBA{0xc6, 0x28, 0x28, 0xff}
	idleColour      = color.NRGBA{0x60, 0x60, 0x68, 0xff}
)

// compareView shows two backends' maps of one stage side by side with
// their difference, and a verdict that cannot be mistaken: a green
// "IDENTICAL" banner or a red "DIFFERS" one naming the first stage.
type compareView struct {
	i        *inspector
	content  fyne.CanvasObject
	banner   *canvas.Rectangle
	verdict  *canvas.Text
	detail   *widget.Label
	stage    *keySelect
	stats    *widget.Label
	titles   [3]*widget.Label
	panes    [3]*mapPane
	noDiff   *widget.Label // over the difference pane when it is all zero
	legend   *legend       // the two backends' maps
	dlegend  *legend       // the difference
	diffs    []inspect.Stage
	selected string
}

func newCompareView(i *inspector) *compareView {
	v := &compareView{i: i}
	v.banner = canvas.NewRectangle(idleColour)
	v.banner.CornerRadius = 6
	v.verdict = canvas.NewText("Compare mode is off", color.White)
	v.verdict.TextSize = 22
	v.verdict.TextStyle.Bold = true
	v.detail = widget.NewLabel(i.compareOffHint())
	v.detail.Wrapping = fyne.TextWrapWord // backend names can be long
	v.stage = newKeySelect(i, nil, func(s string) { v.selected = s; v.showStage() })
	v.stats = widget.NewLabel("")
	v.stats.TextStyle.Monospace = true
	v.stats.Wrapping = fyne.TextWrapWord // 17-digit scores: wrapped, never clipped
	var cols []fyne.CanvasObject
	v.noDiff = widget.NewLabelWithStyle("no difference\n(every value has the same bits)", fyne.TextAlignCenter, fyne.TextStyle{Bold: true})
	v.noDiff.Importance = widget.SuccessImportance
	v.noDiff.Hide()
	for k := range v.panes {
		v.panes[k] = newMapPane(i.vp)
		v.panes[k].hover = i.hoverFunc(func() int { return 0 }, v.hoverValues)
		v.titles[k] = widget.NewLabel("")
		v.titles[k].TextStyle.Bold = true
		v.titles[k].Truncation = fyne.TextTruncateEllipsis
		var body fyne.CanvasObject = v.panes[k]
		if k == 2 {
			body = container.NewStack(v.panes[k], container.NewCenter(v.noDiff))
		}
		cols = append(cols, container.NewBorder(v.titles[k], nil, nil, nil, body))
	}
	v.legend, v.dlegend = newLegend(), newLegend()
	v.legend.setText("")
	v.dlegend.setText("")
	banner := container.NewStack(v.banner, container.NewPadded(container.NewHBox(v.verdict)))
	controls := container.NewBorder(nil, nil, widget.NewLabel("Stage"), nil, v.stage)
	top := container.NewVBox(banner, v.detail, controls, v.stats)
	legends := container.NewVBox(v.legend.content, v.dlegend.content) // stacked: side by side they overflow 1280 px
	v.content = container.NewBorder(top, legends, nil, nil, container.NewGridWithColumns(3, cols...))
	return v
}

func stageLabel(d *inspect.Stage) string {
	mark := "✓ "
	if d.Differs() {
		mark = "✗ "
	}
	if d.Skipped {
		mark = "· "
	}
	return mark + d.Name
}

func (v *compareView) update() {
	i := v.i
	if i.showRuns() {
		return
	}
	if !i.compare || i.res == nil || i.cmpRes == nil {
		v.diffs = nil
		v.banner.FillColor = idleColour
		if i.compare {
			v.verdict.Text = "Comparing…"
			setText(v.detail, fmt.Sprintf("Scoring the frame on %s and %s…", i.backend, i.cmpBack))
		} else {
			v.verdict.Text = "Compare mode is off"
			setText(v.detail, i.compareOffHint())
		}
		v.banner.Refresh()
		v.verdict.Refresh()
		v.stage.SetOptions(nil)
		v.showStage()
		return
	}
	v.diffs = inspect.CompareStages(i.res, i.cmpRes)
	first := inspect.FirstDiff(v.diffs)
	a, b := i.backend, i.cmpBack
	var opts []string
	for k := range v.diffs {
		opts = append(opts, stageLabel(&v.diffs[k]))
	}
	if first < 0 {
		v.banner.FillColor = identicalColour
		v.verdict.Text = "✓ IDENTICAL"
		setText(v.detail, fmt.Sprintf("%s and %s agree bit for bit on frame %d: %d stages, every map and score.", a, b, i.res.Frame, len(v.diffs)))
	} else {
		d := &v.diffs[first]
		v.banner.FillColor = differsColour
		v.verdict.Text = "✗ DIFFERS from " + d.Name
		n := 0
		for k := range v.diffs {
			if v.diffs[k].Differs() {
				n++
			}
		}
		setText(v.detail, fmt.Sprintf("%s and %s differ on frame %d: %d of %d stages, first at %q.", a, b, i.res.Frame, n, len(v.diffs), d.Name))
	}
	if x, y := inspect.ADMOf(i.res), inspect.ADMOf(i.cmpRes); (x == nil) != (y == nil) {
		only := a
		if x == nil {
			only = b
		}
		setText(v.detail, v.detail.Text+" ADM is computed on "+only+" only.")
	}
	v.banner.Refresh()
	v.verdict.Refresh()
	v.stage.SetOptions(opts)
	// Keep the chosen stage across frames; default to the first that
	// differs, else the final c-values.
	// An identical stage stays chosen only while no stage differs.
	sel := ""
	for k := range v.diffs {
		if v.diffs[k].Name == v.selected && (first < 0 || v.diffs[k].Differs()) {
			sel = opts[k]
		}
	}
	if sel == "" {
		k := first
		for j := range v.diffs {
			if k < 0 && v.diffs[j].Name == "scale 0 c-values" {
				k = j
			}
		}
		if k >= 0 {
			sel = opts[k]
		}
	}
	if sel != "" {
		v.stage.SetSelected(sel)
	}
	v.showStage()
}

func (v *compareView) current() *inspect.Stage {
	for k := range v.diffs {
		if stageLabel(&v.diffs[k]) == v.selected || v.diffs[k].Name == v.selected {
			return &v.diffs[k]
		}
	}
	return nil
}

// showStage draws the selected stage's maps and numbers.
func (v *compareView) showStage() {
	i := v.i
	d := v.current()
	if d != nil {
		v.selected = d.Name
	}
	v.noDiff.Hide()
	if d == nil {
		for k := range v.panes {
			v.panes[k].set(nil, nil)
			setText(v.titles[k], "")
		}
		setText(v.stats, "")
		v.legend.setText("")
		v.dlegend.setText("")
		return
	}
	setText(v.titles[0], i.backendLabel(i.backend))
	setText(v.titles[1], i.backendLabel(i.cmpBack))
	setText(v.titles[2], "difference ("+i.cmpBack+" − "+i.backend+")")
	if d.Note != "" {
		setText(v.stats, d.Name+": "+d.Note)
	} else if d.Kind == "score" {
		setText(v.stats, fmt.Sprintf("%s: %.17g vs %.17g   |diff| %.3g", d.Name, d.ScoreA, d.ScoreB, d.MaxAbs))
	} else {
		setText(v.stats, fmt.Sprintf("%s: max |diff| %.6g   %d of %d pixels differ", d.Name, d.MaxAbs, d.Count, d.Total))
	}
	if d.A == nil || d.B == nil || d.Note != "" {
		for k := range v.panes {
			v.panes[k].set(nil, nil)
		}
		v.legend.setText("")
		v.dlegend.setText("")
		return
	}
	var col palette
	switch d.Kind {
	case "mask":
		col = maskColour
		v.legend.setText("mask: white = 1 (counted), dark = 0")
	case "luma":
		col = grayColour(10)
		v.legend.setRange(colormapNamed("gray"), "sample 0 (black)", "1023 (white)")
	default:
		top := math.Max(d.A.MaxAbs(), d.B.MaxAbs())
		col = absHeat(i.colormap, top)
		v.legend.setRange(i.colormap, "|value| 0", fmt.Sprintf("%.4g = the largest |value| of both maps", top))
	}
	v.panes[0].set(d.A, col)
	v.panes[1].set(d.B, col)
	diff := inspect.Difference(d.B, d.A)
	scale := d.MaxAbs
	if d.Count == 0 {
		// An all-white pane reads as "nothing drawn": say it.
		v.panes[2].set(nil, nil)
		v.noDiff.Show()
		v.dlegend.setText(i.cmpBack + " − " + i.backend + ": no difference")
		return
	}
	v.panes[2].set(diff, paletteFunc(func(x float64) color.NRGBA { return diffColor(x, scale) }))
	v.dlegend.setDiff(scale, i.cmpBack+" − "+i.backend)
}

// hoverValues gives both backends' values of the chosen stage under the
// pointer, with all the digits a float carries.
func (v *compareView) hoverValues(fx, fy float64) string {
	d := v.current()
	if d == nil || d.A == nil || d.B == nil || d.Note != "" {
		return ""
	}
	a, x, y, ok := d.A.Value(fx, fy, v.i.vp.fw, v.i.vp.fh)
	if !ok {
		return ""
	}
	b, _, _, _ := d.B.Value(fx, fy, v.i.vp.fw, v.i.vp.fh)
	return fmt.Sprintf("%s (%d, %d): %.9g vs %.9g", d.Name, x, y, a, b)
}
