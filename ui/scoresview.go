package ui

import (
	"context"
	"fmt"
	"image/color"
	"math"
	"strconv"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"

	"github.com/bandscope/bandscope/engine"
	"github.com/bandscope/bandscope/engine/feature"
	"github.com/bandscope/bandscope/kernels/cambi"
)

// series is one metric over the frames of a clip.
type series struct {
	Name   string
	Values []float64 // NaN where a frame lacks the metric
}

// metricSeries collects the metrics that keep says yes to, in first-seen
// order, from per-frame metric lists.
func metricSeries(frames [][]feature.Metric, keep func(string) bool, prefix string) []series {
	idx := map[string]int{}
	var out []series
	for f, ms := range frames {
		for _, m := range ms {
			if !keep(m.Name) {
				continue
			}
			k, ok := idx[m.Name]
			if !ok {
				k = len(out)
				idx[m.Name] = k
				vals := make([]float64, len(frames))
				for j := range vals {
					vals[j] = math.NaN()
				}
				out = append(out, series{Name: prefix + m.Name, Values: vals})
			}
			out[k].Values[f] = m.Value
		}
	}
	return out
}

var seriesColours = []color.NRGBA{
	{0x1f, 0x77, 0xb4, 0xff}, {0xff, 0x7f, 0x0e, 0xff}, {0x2c, 0xa0, 0x2c, 0xff}, {0xd6, 0x27, 0x28, 0xff},
	{0x94, 0x67, 0xbd, 0xff}, {0x8c, 0x56, 0x4b, 0xff}, {0xe3, 0x77, 0xc2, 0xff}, {0x7f, 0x7f, 0x7f, 0xff},
}

// scorePlot draws series against frame numbers with a marker at frame cur
// (cur < 0: none). The second half of a compare run's series is dashed.
func scorePlot(title string, ss [][]series, cur int, dark bool) *plot.Plot {
	p := plot.New()
	p.Title.Text = title
	p.X.Label.Text = "frame"
	p.Y.Label.Text = "score"
	plotTheme(p, dark)
	p.Legend.Top = true
	n := 0
	for run, list := range ss {
		for k, s := range list {
			var pts plotter.XYs
			for f, v := range s.Values {
				if !math.IsNaN(v) {
					pts = append(pts, plotter.XY{X: float64(f), Y: v})
				}
			}
			n = max(n, len(s.Values))
			if len(pts) == 0 {
				continue
			}
			l, err := plotter.NewLine(pts)
			if err != nil {
				continue
			}
			l.Color = seriesColours[(k+3*run)%len(seriesColours)]
			l.Width = vg.Points(1.5)
			if run > 0 {
				l.Dashes = []vg.Length{vg.Points(4), vg.Points(3)}
			}
			p.Add(l)
			p.Legend.Add(s.Name, l)
		}
	}
	if n == 0 {
		p.X.Min, p.X.Max = 0, 1
		p.Y.Min, p.Y.Max = 0, 1
		return p
	}
	p.X.Min, p.X.Max = 0, math.Max(float64(n-1), 1)
	p.X.Tick.Marker = frameTicks{}
	p.Y.Tick.Marker = preciseTicks{}
	if p.Y.Min == p.Y.Max {
		p.Y.Max = p.Y.Min + 1
	}
	if cur >= 0 {
		m, err := plotter.NewLine(plotter.XYs{{X: float64(cur), Y: p.Y.Min}, {X: float64(cur), Y: p.Y.Max}})
		if err == nil {
			m.Color = color.NRGBA{0xe0, 0x20, 0x20, 0xff}
			m.Width = vg.Points(1)
			m.Dashes = []vg.Length{vg.Points(2), vg.Points(2)}
			p.Add(m)
		}
	}
	p.Add(plotter.NewGrid())
	return p
}

// scoresView plots per-frame scores of whole-clip runs.
type scoresView struct {
	i        *inspector
	content  fyne.CanvasObject
	cambi    *plotView
	adm      *plotView
	perScale *widget.Check
	progress *widget.ProgressBar
	rate     *widget.Label
	runBtn   *widget.Button
	cancel   *widget.Button
	bar      *fyne.Container
}

// setRate shows the run's rate; the bar is laid out again as it grows.
func (v *scoresView) setRate(s string) {
	v.rate.SetText(s)
	v.bar.Refresh()
}

func newScoresView(i *inspector) *scoresView {
	v := &scoresView{i: i}
	v.cambi = newPlotView(func() *plot.Plot { return v.plot("CAMBI", isCAMBI) }, fyne.NewSize(300, 160))
	v.adm = newPlotView(func() *plot.Plot { return v.plot("ADM", v.isADM) }, fyne.NewSize(300, 160))
	jump := func(x float64) { i.gotoFrame(int(math.Round(x))) }
	v.cambi.onTap, v.adm.onTap = jump, jump
	v.perScale = widget.NewCheck("Per scale", func(on bool) {
		if on && i.scaleScores == nil {
			i.runPerScale()
		}
		v.update()
		i.unfocus()
	})
	v.progress = widget.NewProgressBar()
	v.rate = widget.NewLabel("")
	v.runBtn = widget.NewButtonWithIcon("Score whole clip", theme.MediaPlayIcon(), i.runClip)
	v.cancel = widget.NewButtonWithIcon("Cancel", theme.CancelIcon(), i.cancelRun)
	v.cancel.Disable()
	bar := container.NewBorder(nil, nil, container.NewHBox(v.runBtn, v.cancel),
		container.NewHBox(v.rate, v.perScale), v.progress)
	v.bar = bar
	v.content = container.NewBorder(bar, nil, nil, nil, container.NewGridWithRows(2, v.cambi, v.adm))
	return v
}

func isCAMBI(name string) bool { return strings.HasPrefix(name, "cambi") }

func (v *scoresView) isADM(name string) bool {
	if !strings.Contains(name, "adm") {
		return false
	}
	return v.perScale.Checked == strings.Contains(name, "scale")
}

// plot builds one of the two plots from the runs so far.
func (v *scoresView) plot(title string, keep func(string) bool) *plot.Plot {
	i := v.i
	var ss [][]series
	for k, sc := range i.scores {
		if sc == nil {
			continue
		}
		prefix := ""
		if i.scores[1] != nil {
			prefix = []string{i.backend, i.cmpBack}[k] + ": "
		}
		ss = append(ss, metricSeries(sc.PerFrame(), keep, prefix))
	}
	if title == "CAMBI" && v.perScale.Checked && i.scaleScores != nil {
		ss = append(ss, i.scaleScores)
	}
	if len(ss) == 0 {
		title += " — score the whole clip to plot"
	}
	return scorePlot(title, ss, i.cur, i.dark())
}

func (v *scoresView) update() {
	v.cambi.redraw()
	v.adm.redraw()
}

// markFrame moves the current-frame marker.
func (v *scoresView) markFrame() {
	if v.i.scores[0] != nil {
		v.update()
	}
}

// runClip scores every frame on the chosen backend(s) in the background.
func (i *inspector) runClip() {
	if i.req.Distorted == "" {
		return
	}
	reqs := []engine.Request{i.request(i.backend)}
	if i.compare {
		reqs = append(reqs, i.request(i.cmpBack))
	}
	v := i.scoresView
	v.runBtn.Disable()
	v.cancel.Enable()
	v.progress.SetValue(0)
	v.setRate("starting…")
	eng := i.eng
	i.runner.submit(func(ctx context.Context) func() {
		var out [2]ClipScores
		start := now()
		total := 0
		for k, req := range reqs {
			s, err := safeOpen(ctx, eng, req)
			if err != nil {
				return func() { i.runEnded(fmt.Errorf("%s: %w", req.Backend, err)) }
			}
			var last time.Time
			base := k
			res, err := s.Run(ctx, func(p engine.Progress) {
				// Throttled: a fast backend must not flood the UI goroutine.
				if now := time.Now(); now.Sub(last) > 100*time.Millisecond || p.Done == p.Total {
					last = now
					uiDo(func() { v.showProgress(base, len(reqs), p) })
				}
			})
			s.Close()
			if err != nil {
				if ctx.Err() != nil {
					return func() { i.runEnded(ctx.Err()) }
				}
				return func() { i.runEnded(err) }
			}
			out[k] = res
			total += len(res.PerFrame())
		}
		el := now().Sub(start)
		return func() {
			i.scores = out
			v.setRate(fmt.Sprintf("%d frames in %.1f s", total, el.Seconds()))
			i.runEnded(nil)
		}
	})
}

func (v *scoresView) showProgress(run, runs int, p engine.Progress) {
	if p.Total > 0 {
		v.progress.SetValue((float64(run) + float64(p.Done)/float64(p.Total)) / float64(runs))
	}
	v.setRate(fmt.Sprintf("%d/%d frames, %.1f frames/s", p.Done, p.Total, p.FPS))
}

func (i *inspector) cancelRun() { i.runner.stop(); i.runEnded(context.Canceled) }

// runEnded resets the run controls; err nil means success.
func (i *inspector) runEnded(err error) {
	v := i.scoresView
	v.runBtn.Enable()
	v.cancel.Disable()
	switch {
	case err == nil:
		v.progress.SetValue(1)
	case err == context.Canceled:
		v.setRate("cancelled")
	default:
		v.setRate("failed")
		i.fail(err)
	}
	v.update()
}

// frameTicks puts ticks on whole frame numbers only.
type frameTicks struct{}

func (frameTicks) Ticks(lo, hi float64) []plot.Tick {
	step := 1.0
	for k := 0; (hi-lo)/step > 10; k++ {
		step = []float64{1, 2, 5}[k%3] * math.Pow(10, float64(k/3))
	}
	var ts []plot.Tick
	for v := math.Ceil(lo/step) * step; v <= hi; v += step {
		ts = append(ts, plot.Tick{Value: v, Label: strconv.Itoa(int(v))})
	}
	return ts
}

// preciseTicks are gonum's default ticks labelled with enough digits to
// tell them apart: CAMBI over a clip often moves in the third decimal.
type preciseTicks struct{}

func (preciseTicks) Ticks(lo, hi float64) []plot.Tick {
	ts := plot.DefaultTicks{}.Ticks(lo, hi)
	step := math.Inf(1)
	prev := math.NaN()
	for _, t := range ts {
		if t.Label == "" {
			continue
		}
		if !math.IsNaN(prev) {
			step = math.Min(step, t.Value-prev)
		}
		prev = t.Value
	}
	digits := 0
	if step > 0 && !math.IsInf(step, 0) {
		digits = max(0, int(math.Ceil(-math.Log10(step)+1e-9)))
	}
	for k := range ts {
		if ts[k].Label != "" {
			ts[k].Label = strconv.FormatFloat(ts[k].Value, 'f', digits, 64)
		}
	}
	return ts
}

// runPerScale scores CAMBI frame by frame over the clip, keeping each
// scale's pooled score, which libvmaf's metrics do not carry: the per-scale
// CAMBI plot. It runs on demand, beside any whole-clip run.
func (i *inspector) runPerScale() {
	if i.req.Distorted == "" {
		return
	}
	req := i.request(i.backend)
	req.Features = req.Features[:1] // CAMBI alone
	eng := i.eng
	v := i.scoresView
	i.scaler.submit(func(ctx context.Context) func() {
		s, err := safeOpen(ctx, eng, req)
		if err != nil {
			return func() { i.fail(err) }
		}
		defer s.Close()
		n := s.Frames()
		out := make([]series, cambi.NumScales)
		for k := range out {
			out[k] = series{Name: fmt.Sprintf("cambi scale %d", k), Values: make([]float64, max(n, 0))}
		}
		var last time.Time
		for f := 0; f < n; f++ {
			r, err := s.Frame(ctx, f)
			if err != nil {
				if ctx.Err() != nil {
					return nil
				}
				return func() { i.fail(err) }
			}
			for k := range out {
				out[k].Values[f] = r.CAMBI.Dist.Scales[k].Score
			}
			if t := time.Now(); t.Sub(last) > 100*time.Millisecond {
				last = t
				done := f + 1
				uiDo(func() { v.setRate(fmt.Sprintf("per scale: %d/%d frames", done, n)) })
			}
		}
		return func() {
			i.scaleScores = out
			v.setRate(fmt.Sprintf("per scale: %d frames", n))
			v.update()
		}
	})
}
