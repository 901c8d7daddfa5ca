package ui

import (
	"context"
	"errors"
	"fmt"
	"image"
	"image/color"
	"math"
	"path/filepath"
	"strconv"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/bandscope/bandscope/engine"
	"github.com/bandscope/bandscope/engine/inspect"
	"github.com/bandscope/bandscope/engine/summary"
)

// summaryPanel is the Scores view's column of statistics per metric and
// the ten worst frames of a chosen metric (click one to go there).
type summaryPanel struct {
	i       *inspector
	content fyne.CanvasObject
	table   *widget.Label
	verdict *widget.Label // compare runs: which bands more, and where
	metric  *keySelect
	worst   *fyne.Container
	export  *widget.Button
}

func newSummaryPanel(i *inspector) *summaryPanel {
	p := &summaryPanel{i: i}
	p.table = widget.NewLabel("No whole-clip scores yet.")
	p.table.TextStyle.Monospace = true
	p.metric = newKeySelect(i, nil, func(string) { p.showWorst(); i.unfocus() })
	p.worst = container.NewGridWithColumns(5)
	p.export = widget.NewButton("Export worst frames (PNG)…", p.exportWorstDialog)
	p.export.Disable()
	p.verdict = widget.NewLabel("")
	p.verdict.Wrapping = fyne.TextWrapWord
	p.verdict.TextStyle.Bold = true
	p.verdict.Hide()
	p.content = container.NewVBox(p.verdict, p.table,
		container.NewBorder(nil, nil, widget.NewLabel("10 worst frames by"), nil, p.metric),
		p.worst, p.export)
	return p
}

// update shows the statistics of the runs so far.
func (p *summaryPanel) update() {
	runs := p.i.exportRuns()
	if s := p.i.runsVerdict(); s != "" {
		p.verdict.SetText(s)
		p.verdict.Show()
	} else {
		p.verdict.Hide()
	}
	if len(runs) == 0 {
		p.table.SetText("No whole-clip scores yet.")
		p.metric.SetOptions(nil)
		p.metric.ClearSelected()
		p.worst.RemoveAll()
		p.export.Disable()
		return
	}
	p.table.SetText(p.vmafClipSummary() + summary.Table(summaryRuns(runs)))
	var names []string
	for _, st := range summary.Summarise(runs[0].Scores.PerFrame()) {
		names = append(names, st.Metric)
	}
	p.metric.SetOptions(names)
	sel := p.metric.Selected
	found := false
	for _, n := range names {
		found = found || n == sel
	}
	if !found && len(names) > 0 {
		sel = names[0]
		for _, n := range names {
			if n == "cambi" {
				sel = n
			}
		}
		p.metric.SetSelected(sel) // calls showWorst
	} else {
		p.showWorst()
	}
	p.export.Enable()
}

// vmafClipSummary heads the Scores view's summary with each picked
// model's score over the first run and the input that costs it most on
// average (summary.ModelsText), then a blank line; "" without a model or a
// run.
func (p *summaryPanel) vmafClipSummary() string {
	i := p.i
	if i.scores[0] == nil || len(i.models) == 0 {
		return ""
	}
	if s := summary.ModelsText(i.pickedModels(), i.scores[0].PerFrame()); s != "" {
		return s + "\n"
	}
	return ""
}

// frames are the worst frames of the chosen metric in the first run.
func (p *summaryPanel) frames() []int {
	runs := p.i.exportRuns()
	if len(runs) == 0 || p.metric.Selected == "" {
		return nil
	}
	return summary.Worst(runs[0].Scores.PerFrame(), p.metric.Selected, 10)
}

func (p *summaryPanel) showWorst() {
	p.worst.RemoveAll()
	runs := p.i.exportRuns()
	for _, f := range p.frames() {
		f := f
		v, _ := engine.FindMetric(runs[0].Scores.PerFrame()[f], p.metric.Selected)
		b := widget.NewButton(strconv.Itoa(f), func() { p.i.gotoFrame(f); p.i.unfocus() })
		b.Importance = widget.LowImportance
		b.SetText(fmt.Sprintf("%d (%.4g)", f, v))
		p.worst.Add(b)
	}
	p.worst.Refresh()
}

// overlayImage is the frame as the Frame view shows it: the distorted
// luma with scale's c-values laid over it at opacity, at the frame's size.
func overlayImage(r *engine.FrameResult, scale int, cm *Colormap, opacity float64) image.Image {
	luma := inspect.Luma(r.Dist)
	gray := grayColour(r.Dist.BitDepth)
	img := image.NewNRGBA(image.Rect(0, 0, luma.W, luma.H))
	var over *inspect.Map
	top := 1.0
	if c := inspect.CAMBIOf(r); c != nil {
		top, _ = inspect.CValueTop(&c.Dist)
		sc := c.Dist.Scales[scale]
		over = inspect.F32(sc.Width, sc.Height, sc.CValues)
	}
	heat := heatColour(cm, top)
	for y := 0; y < luma.H; y++ {
		for x := 0; x < luma.W; x++ {
			c := gray.colour(luma.At(y*luma.W + x))
			if over != nil {
				v := over.At(y*over.H/luma.H*over.W + x*over.W/luma.W)
				if v > 0 {
					c = blendOn(c, heat.colour(v), v/top, opacity)
				}
			}
			img.SetNRGBA(x, y, c)
		}
	}
	return img
}

// exportWorstDialog writes the worst frames, each as its luma and its
// heatmap overlay, into a folder.
func (p *summaryPanel) exportWorstDialog() {
	i := p.i
	frames := p.frames()
	if len(frames) == 0 || i.req.Distorted == "" {
		i.showError(errors.New("no worst frames yet: score the whole clip first (Ctrl+R)"))
		return
	}
	i.folderDialog(fmt.Sprintf("Export the %d worst frames by %s into a folder", len(frames), p.metric.Selected), "Export here", p.exportWorstTo)
}

// exportWorstTo writes the worst frames into dir in the background (each
// run's in runs mode) and says how many files it wrote.
func (p *summaryPanel) exportWorstTo(dir string) {
	i := p.i
	jobs := p.worstJobs()
	eng, cm := i.eng, i.colormap
	scale, opacity := max(i.frameView.scale.SelectedIndex(), 0), i.frameView.opacity.Value
	n := 0
	for _, j := range jobs {
		n += len(j.frames)
	}
	i.setStatus(fmt.Sprintf("Writing %d worst frames…", n))
	i.exporter.submit(func(ctx context.Context) func() {
		var names []string
		var err error
		for _, j := range jobs {
			var nj []string
			nj, err = exportWorst(ctx, eng, j.req, dir, j, scale, cm, opacity)
			names = append(names, nj...)
			if err != nil {
				break
			}
		}
		return func() {
			if err != nil {
				i.fail(err)
				return
			}
			i.setStatus(fmt.Sprintf("Wrote %d files to %s", len(names), dir))
		}
	})
}

// worstJob is one run's worst frames to export.
type worstJob struct {
	req     engine.Request
	prefix  string // "A_", "B_" in runs mode
	metric  string
	frames  []int
	values  []float64    // each frame's value of the metric
	caption frameCaption // under each picture
}

// worstJobs are the worst frames to export: run A's of the chosen metric,
// and in runs mode run B's of the same metric (its CAMBI under B's own
// name when B's options rename it), from B's whole-clip scores.
func (p *summaryPanel) worstJobs() []worstJob {
	i := p.i
	metric := p.metric.Selected
	a := worstJob{req: i.request(i.backend), metric: metric, frames: p.frames(), caption: i.exportCaption(0)}
	a.values = metricValues(i.scores[0], metric, a.frames)
	if !i.runsMode() || i.scores[0] == nil || i.scores[1] == nil {
		return []worstJob{a}
	}
	a.prefix = "A_"
	pfB := i.scores[1].PerFrame()
	mb := metric
	if !hasMetric(pfB, mb) && metric == summary.CAMBIKey(i.scores[0].PerFrame()) {
		mb = summary.CAMBIKey(pfB)
	}
	if mb == "" || !hasMetric(pfB, mb) {
		return []worstJob{a}
	}
	b := worstJob{req: i.requestB(), prefix: "B_", metric: mb, frames: summary.Worst(pfB, mb, 10), caption: i.exportCaption(1)}
	b.values = metricValues(i.scores[1], mb, b.frames)
	return []worstJob{a, b}
}

// metricValues are a run's values of metric on frames (NaN where none).
func metricValues(s ClipScores, metric string, frames []int) []float64 {
	out := make([]float64, len(frames))
	for k, f := range frames {
		out[k] = math.NaN()
		if s != nil && f < len(s.PerFrame()) {
			if v, ok := engine.FindMetric(s.PerFrame()[f], metric); ok {
				out[k] = v
			}
		}
	}
	return out
}

// hasMetric says whether any frame has the metric.
func hasMetric(pf [][]engine.Metric, name string) bool {
	for _, ms := range pf {
		if _, ok := engine.FindMetric(ms, name); ok {
			return true
		}
	}
	return false
}

// exportWorst scores each of j's frames and writes
// PREFIXworstNN_METRIC_frameF_luma.png and ..._heatmap.png into dir, each
// captioned with the clips, the frame, its rank and value, and the
// heatmap's colour scale.
func exportWorst(ctx context.Context, eng Engine, req engine.Request, dir string, j worstJob, scale int, cm *Colormap, opacity float64) ([]string, error) {
	s, err := safeOpen(ctx, eng, req)
	if err != nil {
		return nil, err
	}
	defer s.Close()
	var names []string
	for rank, f := range j.frames {
		r, err := s.Frame(ctx, f)
		if err != nil {
			return names, err
		}
		base := fmt.Sprintf("%sworst%02d_%s_frame%d", j.prefix, rank+1, j.metric, f)
		what := fmt.Sprintf("worst frame %d of %d by %s", rank+1, len(j.frames), j.metric)
		if rank < len(j.values) && !math.IsNaN(j.values[rank]) {
			what += fmt.Sprintf(" (%.6g)", j.values[rank])
		}
		heat := caption{lines: j.caption.lines(r, what+fmt.Sprintf("; CAMBI c-values of scale %d over the luma", scale))}
		if c := inspect.CAMBIOf(r); c != nil {
			top, at := inspect.CValueTop(&c.Dist)
			h := heatColour(cm, top)
			heat.scale = &colourScale{col: func(t float64) color.NRGBA { return overlayOnGrey(h.colour(t*top), t, opacity) },
				lo: "c-value 0 (the frame shows through)", hi: inspect.TopLabel(top, at)}
		}
		for _, x := range []struct {
			suffix string
			img    image.Image
			c      caption
		}{
			{"_luma.png", mapImage(inspect.Luma(r.Dist), grayColour(r.Dist.BitDepth)), caption{lines: j.caption.lines(r, what+"; luma")}},
			{"_heatmap.png", overlayImage(r, scale, cm, opacity), heat},
		} {
			name := base + x.suffix
			if err := writePNG(filepath.Join(dir, name), x.c.apply(x.img)); err != nil {
				return names, err
			}
			names = append(names, name)
		}
	}
	return names, nil
}
