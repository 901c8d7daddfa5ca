package ui

import (
	"fmt"
	"image/color"
	"math"
	"path/filepath"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/bandscope/bandscope/engine"
	"github.com/bandscope/bandscope/engine/inspect"
)

// runsView is the Compare view of two runs (two encodes, or two option
// sets): run A's map, run B's map, their difference (for c-values, the
// banding delta A − B: red where A bands more, blue where B does) and the
// difference of the two distorted frames, all on the shared zoom.
type runsView struct {
	i       *inspector
	content fyne.CanvasObject
	heading *widget.Label // what runs A and B are
	verdict *widget.Label // which run bands more on this frame
	stage   *keySelect    // the map compared
	stats   *widget.Label
	titles  [4]*widget.Label
	panes   [4]*mapPane
	noDiff  [2]*widget.Label // over the difference panes when all zero
	legend  *legend          // A's and B's maps
	dlegend *legend          // the maps' difference
	flegend *legend          // the frames' difference
	cur     *runMaps
}

// runMaps is one map of both runs and how to show it.
type runMaps struct {
	name   string
	kind   string // "cvalue" or "band"
	a, b   *inspect.Map
	scoreA float64 // the stage's score in each run, NaN if none
	scoreB float64
}

// runStages are the maps the view can compare: CAMBI's c-values per scale,
// then every ADM band.
func runStages() []string {
	var s []string
	for k := 0; k < engine.CAMBIScales; k++ {
		s = append(s, fmt.Sprintf("CAMBI c-values, scale %d", k))
	}
	for sc := 0; sc < engine.ADMScales; sc++ {
		for b := 0; b < engine.ADMBands; b++ {
			s = append(s, fmt.Sprintf("ADM scale %d %s", sc, inspect.BandNames[b]))
		}
	}
	return s
}

func newRunsView(i *inspector) *runsView {
	v := &runsView{i: i}
	v.heading = widget.NewLabel("")
	v.heading.Truncation = fyne.TextTruncateEllipsis // one line: the maps need the height
	v.verdict = widget.NewLabel("")
	v.verdict.TextStyle.Bold = true
	v.verdict.Wrapping = fyne.TextWrapWord
	v.stage = newKeySelect(i, runStages(), nil)
	v.stage.SetSelectedIndex(0)
	v.stage.OnChanged = func(string) { v.update(); i.unfocus() }
	v.stats = widget.NewLabel("")
	v.stats.TextStyle.Monospace = true
	v.stats.Wrapping = fyne.TextWrapWord
	var cells []fyne.CanvasObject
	for k := range v.panes {
		v.panes[k] = newMapPane(i.vp)
		v.panes[k].hover = i.hoverFunc(v.hoverScale, v.hoverValues)
		v.titles[k] = widget.NewLabel("")
		v.titles[k].TextStyle.Bold = true
		v.titles[k].Truncation = fyne.TextTruncateEllipsis
		var body fyne.CanvasObject = v.panes[k]
		if k >= 2 {
			l := widget.NewLabelWithStyle("no difference", fyne.TextAlignCenter, fyne.TextStyle{Bold: true})
			l.Importance = widget.SuccessImportance
			l.Hide()
			v.noDiff[k-2] = l
			body = container.NewStack(v.panes[k], container.NewCenter(l))
		}
		cells = append(cells, container.NewBorder(v.titles[k], nil, nil, nil, body))
	}
	v.legend, v.dlegend, v.flegend = newLegend(), newLegend(), newLegend()
	controls := container.NewBorder(nil, nil, widget.NewLabel("Map"), nil, v.stage)
	top := container.NewVBox(v.heading, v.verdict, controls, v.stats)
	legends := container.NewVBox(v.legend.content, v.dlegend.content, v.flegend.content)
	v.content = container.NewBorder(top, legends, nil, nil, container.New(&paneGrid{vp: i.vp}, cells...))
	v.content.Hide()
	return v
}

// hoverScale is the CAMBI scale of the chosen map (0 for ADM's).
func (v *runsView) hoverScale() int {
	if k := v.stage.SelectedIndex(); k >= 0 && k < engine.CAMBIScales {
		return k
	}
	return 0
}

// maps picks the chosen map out of both runs' results.
func (v *runsView) maps(a, b *engine.FrameResult) *runMaps {
	k := max(v.stage.SelectedIndex(), 0)
	m := &runMaps{name: runStages()[k], scoreA: math.NaN(), scoreB: math.NaN()}
	if k < engine.CAMBIScales {
		m.kind = "cvalue"
		pick := func(r *engine.FrameResult) (*inspect.Map, float64) {
			c := inspect.CAMBIOf(r)
			if c == nil {
				return nil, math.NaN()
			}
			sc := c.Dist.Scales[k]
			return inspect.F32(sc.Width, sc.Height, sc.CValues), sc.Score
		}
		m.a, m.scoreA = pick(a)
		m.b, m.scoreB = pick(b)
		return m
	}
	k -= engine.CAMBIScales
	s, bd := k/engine.ADMBands, k%engine.ADMBands
	kind := max(v.i.admView.kind.SelectedIndex(), 0)
	m.kind = "band"
	m.name += " (" + inspect.ADMKinds[kind] + ")"
	pick := func(r *engine.FrameResult) (*inspect.Map, float64) {
		x := inspect.ADMOf(r)
		if x == nil {
			return nil, math.NaN()
		}
		band := x.Bands[s][bd]
		if band.Den == 0 {
			return band.Maps[kind], math.NaN()
		}
		return band.Maps[kind], band.Num / band.Den
	}
	m.a, m.scoreA = pick(a)
	m.b, m.scoreB = pick(b)
	return m
}

func (v *runsView) clear(why string) {
	v.cur = nil
	for k := range v.panes {
		v.panes[k].set(nil, nil)
		setText(v.titles[k], "")
	}
	for _, l := range v.noDiff {
		l.Hide()
	}
	setText(v.stats, "")
	setText(v.verdict, why)
	v.legend.setText("")
	v.dlegend.setText("")
	v.flegend.setText("")
}

func (v *runsView) update() {
	i := v.i
	setText(v.heading, fmt.Sprintf("Run A: %s     Run B: %s", v.describe(0), v.describe(1)))
	a, b := i.res, i.cmpRes
	if a == nil || b == nil {
		v.clear("Scoring the frame in both runs…")
		return
	}
	setText(v.verdict, frameVerdict(i.runName(0), i.runName(1), a, b))
	m := v.maps(a, b)
	v.cur = m
	for _, l := range v.noDiff {
		l.Hide()
	}
	setText(v.titles[0], i.runName(0))
	setText(v.titles[1], i.runName(1))
	if m.kind == "cvalue" {
		setText(v.titles[2], "banding delta A − B")
	} else {
		setText(v.titles[2], "difference A − B")
	}
	setText(v.titles[3], "frames B − A")
	v.showFrames(a, b)
	if m.a == nil || m.b == nil {
		for k := 0; k < 3; k++ {
			v.panes[k].set(nil, nil)
		}
		setText(v.stats, m.name+": not computed in both runs")
		v.legend.setText("")
		v.dlegend.setText("")
		return
	}
	// A rendition's CAMBI maps are at its encode size: both runs' maps
	// cover the frame as they are, and their difference is taken on the
	// finer grid, the coarser map read by nearest neighbour.
	sizes := ""
	if m.a.W != m.b.W || m.a.H != m.b.H {
		sizes = fmt.Sprintf("\nA's map is %dx%d, B's %dx%d (a rendition's CAMBI runs at its encode size): compared on the finer grid, the coarser read by nearest neighbour",
			m.a.W, m.a.H, m.b.W, m.b.H)
		w, h := max(m.a.W, m.b.W), max(m.a.H, m.b.H)
		m.a, m.b = inspect.Resampled(m.a, w, h), inspect.Resampled(m.b, w, h)
	}
	st := inspect.CompareMaps(m.a, m.b)
	top := math.Max(st.TopA, st.TopB)
	var col palette
	if m.kind == "band" {
		// ADM's bands: the 99.5th percentile of both, as the ADM view does.
		top = math.Max(m.a.Top(), m.b.Top())
		col = absHeat(i.colormap, top)
		v.legend.setRange(i.colormap, "|coefficient| 0", fmt.Sprintf("%.4g = the larger 99.5th percentile of both runs", top))
	} else {
		col = heatColour(i.colormap, top)
		if top <= 0 {
			v.legend.setRange(i.colormap, "c-value 0", "1 (no c-value above 0 in either run)")
		} else {
			v.legend.setRange(i.colormap, "c-value 0", fmt.Sprintf("%.4g = the largest c-value of both runs", top))
		}
	}
	v.panes[0].set(m.a, col)
	v.panes[1].set(m.b, col)
	setText(v.stats, deltaText(m, st)+sizes)
	if st.Differ == 0 {
		v.panes[2].set(nil, nil)
		v.noDiff[0].Show()
		v.dlegend.setText("A − B: no difference (every value has the same bits)")
		return
	}
	scale := st.MaxAbs
	v.panes[2].set(inspect.Difference(m.a, m.b),
		paletteFunc(func(x float64) color.NRGBA { return diffColor(x, scale) }))
	what := "A − B"
	if m.kind == "cvalue" {
		what = "banding delta A − B (red: A bands more)"
	}
	v.dlegend.setDiff(scale, what)
}

// showFrames draws B's distorted frame minus A's.
func (v *runsView) showFrames(a, b *engine.FrameResult) {
	la, lb := inspect.Luma(a.Dist), inspect.Luma(b.Dist)
	if la == nil || lb == nil || la.W != lb.W || la.H != lb.H {
		v.panes[3].set(nil, nil)
		v.flegend.setText("frames: no pictures to subtract")
		return
	}
	st := inspect.CompareMaps(lb, la)
	if st.Differ == 0 {
		v.panes[3].set(nil, nil)
		v.noDiff[1].Show()
		v.flegend.setText("frames B − A: no difference (the same pictures)")
		return
	}
	scale := st.MaxAbs
	v.panes[3].set(inspect.Difference(lb, la),
		paletteFunc(func(x float64) color.NRGBA { return diffColor(x, scale) }))
	v.flegend.setDiff(scale, "frames B − A (code values)")
}

// describe says what run k is: its clip, backend and options.
func (v *runsView) describe(k int) string {
	i := v.i
	dist := i.req.Distorted
	if k == 1 && i.runB.kind == runClip {
		dist = i.runB.dist
	}
	s := fmt.Sprintf("%s on %s", filepath.Base(dist), i.backend)
	if i.runB.kind == runOptions {
		c, a := i.cambiOpts, i.admOpts
		if k == 1 {
			c, a = i.runB.cambi, i.runB.adm
		}
		s += ", " + optionsText(c, a, nil, nil)
	}
	return s
}

// deltaText is the stats line under the verdict.
func deltaText(m *runMaps, s inspect.Delta) string {
	t := fmt.Sprintf("%s: mean A %.6g, B %.6g", m.name, s.MeanA, s.MeanB)
	if !math.IsNaN(m.scoreA) && !math.IsNaN(m.scoreB) {
		if m.kind == "cvalue" {
			t += fmt.Sprintf("   pooled score A %.6g, B %.6g", m.scoreA, m.scoreB)
		} else {
			t += fmt.Sprintf("   num/den A %.6g, B %.6g", m.scoreA, m.scoreB)
		}
	}
	if s.Differ == 0 {
		return t + fmt.Sprintf("\nall %d values equal, bit for bit", s.Total)
	}
	larger := "larger"
	if m.kind == "cvalue" {
		larger = "bands more"
	}
	return t + fmt.Sprintf("\nA %s at %d, B at %d of %d values   max |A − B| %.6g", larger, s.MoreA, s.MoreB, s.Total, s.MaxAbs)
}

// frameVerdict says which run bands more on this frame.
func frameVerdict(nameA, nameB string, a, b *engine.FrameResult) string {
	s := fmt.Sprintf("Frame %d: ", a.Frame)
	if ca, cb := inspect.CAMBIOf(a), inspect.CAMBIOf(b); ca == nil || cb == nil {
		s += "no CAMBI score in both runs."
	} else {
		x, y := ca.CAMBI, cb.CAMBI
		switch {
		case x > y:
			s += fmt.Sprintf("%s bands more, CAMBI %s against %s (+%.4g).", nameA, fmtScore(x), fmtScore(y), x-y)
		case y > x:
			s += fmt.Sprintf("%s bands more, CAMBI %s against %s (+%.4g).", nameB, fmtScore(y), fmtScore(x), y-x)
		default:
			s += fmt.Sprintf("both runs band as much, CAMBI %s (bit for bit).", fmtScore(x))
		}
	}
	if x, y := inspect.ADMOf(a), inspect.ADMOf(b); x != nil && y != nil {
		s += fmt.Sprintf("   ADM A %s, B %s", fmtScore(x.Score), fmtScore(y.Score))
	}
	return s
}

// hoverValues gives both runs' values of the chosen map under the pointer.
func (v *runsView) hoverValues(fx, fy float64) string {
	m := v.cur
	if m == nil || m.a == nil || m.b == nil {
		return ""
	}
	a, x, y, ok := m.a.Value(fx, fy, v.i.vp.fw, v.i.vp.fh)
	if !ok {
		return ""
	}
	b, _, _, _ := m.b.Value(fx, fy, v.i.vp.fw, v.i.vp.fh)
	return fmt.Sprintf("%s (%d, %d): A %.9g, B %.9g, A − B %.9g", m.name, x, y, a, b, a-b)
}

// paneGrid lays four titled panes in one row or in two rows of two,
// whichever shows the frame larger: a row on a laptop screen under the
// view's text, two rows on a tall one. Its minimum is the row's, so that
// the view's minimum size does not change with the window.
type paneGrid struct{ vp *viewport }

// arrangement is (columns, rows) and the frame's shown size for it.
func (g *paneGrid) arrangement(objects []fyne.CanvasObject, size fyne.Size) (cols int, cell fyne.Size) {
	pad := theme.Padding()
	cellMin := g.cellMin(objects)
	title := float32(0)
	if len(objects) > 0 {
		if b, ok := objects[0].(*fyne.Container); ok && len(b.Objects) > 1 {
			title = b.Objects[1].MinSize().Height // the Border's top: the title
		}
	}
	aspect := float32(g.vp.fw) / float32(max(g.vp.fh, 1))
	shown := func(c, r int) float32 { // the frame's width in one pane
		w := (size.Width - pad*float32(c-1)) / float32(c)
		h := (size.Height-pad*float32(r-1))/float32(r) - title
		return min(w, h*aspect)
	}
	cols = len(objects)
	if n := len(objects); n == 4 && (size.Height-pad)/2 >= cellMin.Height && shown(2, 2) > shown(4, 1) {
		cols = 2
	}
	rows := (len(objects) + cols - 1) / max(cols, 1)
	cell = fyne.NewSize((size.Width-pad*float32(cols-1))/float32(cols), (size.Height-pad*float32(rows-1))/float32(rows))
	return cols, cell
}

func (g *paneGrid) cellMin(objects []fyne.CanvasObject) fyne.Size {
	var m fyne.Size
	for _, o := range objects {
		m = m.Max(o.MinSize())
	}
	return m
}

func (g *paneGrid) Layout(objects []fyne.CanvasObject, size fyne.Size) {
	pad := theme.Padding()
	cols, cell := g.arrangement(objects, size)
	for k, o := range objects {
		c, r := k%cols, k/cols
		o.Move(fyne.NewPos(float32(c)*(cell.Width+pad), float32(r)*(cell.Height+pad)))
		o.Resize(cell)
	}
}

func (g *paneGrid) MinSize(objects []fyne.CanvasObject) fyne.Size {
	m := g.cellMin(objects)
	n := float32(len(objects))
	return fyne.NewSize(n*m.Width+(n-1)*theme.Padding(), m.Height)
}
