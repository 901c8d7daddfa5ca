package ui

import (
	"context"
	"fmt"
	"time"

	"github.com/bandscope/bandscope/engine"
	"github.com/bandscope/bandscope/engine/inspect"
	"github.com/bandscope/bandscope/engine/summary"
)

// The Scores view's engine work: whole-clip runs of run A (and B in
// compare mode), with progress and cancellation, and CAMBI's per-scale
// scores on demand.

// runClip scores every frame on the chosen backend(s) in the background.
func (v *scoresView) runClip() {
	i := v.i
	if i.req.Distorted == "" {
		return
	}
	reqs := []engine.Request{i.request(i.backend)}
	names := []string{i.backend}
	if i.compare {
		reqs = append(reqs, i.requestB())
		names = []string{i.runName(0), i.runName(1)}
	}
	v.runBtn.Disable()
	v.cancel.Enable()
	v.progress.SetValue(0)
	v.setRate("starting…")
	v.runID++
	id := v.runID
	eng := i.eng
	i.runner.submit(func(ctx context.Context) func() {
		var out [2]ClipScores
		start := now()
		total := 0
		for k, req := range reqs {
			s, err := safeOpen(ctx, eng, req)
			if err != nil {
				return func() { v.runStopped(out, k, len(reqs), fmt.Errorf("%s: %w", names[k], err)) }
			}
			var last time.Time
			base := k
			res, err := s.Run(ctx, func(p engine.Progress) {
				// Throttled: a fast backend must not flood the UI goroutine.
				if now := time.Now(); now.Sub(last) > 100*time.Millisecond || p.Done == p.Total {
					last = now
					uiDo(func() {
						if v.runID == id {
							v.showProgress(base, len(reqs), p)
						}
					})
				}
			})
			s.Close()
			// A run that stopped early still gives the frames it scored.
			out[k] = res
			if err != nil {
				if ctx.Err() != nil {
					err = ctx.Err()
				}
				return func() { v.runStopped(out, k, len(reqs), err) }
			}
			total += len(res.PerFrame())
		}
		el := now().Sub(start)
		return func() {
			i.scores = out
			if len(reqs) > 1 {
				v.setRate(fmt.Sprintf("%d frames x %d %ss in %.1f s", total/len(reqs), len(reqs), i.runNoun(), el.Seconds()))
			} else {
				v.setRate(fmt.Sprintf("%d frames in %.1f s", total, el.Seconds()))
			}
			v.runEnded(nil)
		}
	})
}

// showProgress counts in frames across every run of a compare run: the
// second backend's frames follow the first's, in one bar and one count.
func (v *scoresView) showProgress(run, runs int, p engine.Progress) {
	done, total := run*p.Total+p.Done, runs*p.Total
	if total > 0 {
		v.progress.SetValue(float64(done) / float64(total))
	}
	s := fmt.Sprintf("%d/%d frames, %.1f frames/s", done, total, p.FPS)
	if runs > 1 {
		s += fmt.Sprintf(" (%s %d of %d)", v.i.runNoun(), run+1, runs)
	}
	v.setRate(s)
}

// cancelRun stops a whole-clip run (Esc); the frames scored so far are
// kept and plotted, and the bar says how many (runStopped).
func (v *scoresView) cancelRun() {
	if v.cancel.Disabled() { // no run to cancel
		return
	}
	v.runID++ // drop the cancelled run's late progress reports
	v.cancel.Disable()
	v.setRate("cancelling…")
	v.i.runner.interrupt()
}

// runStopped ends a whole-clip run that stopped early at run k of runs
// (cancelled, or a frame that failed): the frames each run scored are
// kept, plotted and summarised, and the bar says how many.
func (v *scoresView) runStopped(out [2]ClipScores, k, runs int, err error) {
	i := v.i
	scored := 0
	if out[k] != nil {
		scored = len(out[k].PerFrame())
	}
	if out[0] != nil {
		i.scores = out
	}
	i.fewerFrames(err) // a file cut short: the frames that decode are the clip
	what := "cancelled"
	if err != context.Canceled {
		what = "stopped"
	}
	if runs > 1 {
		what += fmt.Sprintf(" in %s %d of %d", i.runNoun(), k+1, runs)
	}
	msg := fmt.Sprintf("%s: %d of %d frames scored", what, scored, i.frames)
	if scored > 0 {
		msg += ", plotted"
	}
	v.runEnded(err)
	v.setRate(msg)
}

// runEnded resets the run controls; err nil means success.
func (v *scoresView) runEnded(err error) {
	i := v.i
	v.runBtn.Enable()
	v.cancel.Disable()
	if err == nil || err == context.Canceled {
		i.errText = ""
	}
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

// runPerScale scores CAMBI frame by frame over the clip, keeping each
// scale's pooled score, which libvmaf's metrics do not carry: the per-scale
// CAMBI plot. It runs on demand, beside any whole-clip run.
func (v *scoresView) runPerScale() {
	i := v.i
	if i.req.Distorted == "" {
		return
	}
	cambiOnly := func(req engine.Request) engine.Request {
		req.Features = req.Features[:1] // CAMBI alone
		req.Models, req.Explain = nil, false
		return req
	}
	// Run A's scores are kept when only run B's are missing (run B was
	// chosen after them); in runs mode run B is scored after A.
	var reqs []engine.Request
	var runs []int
	if i.scaleScores == nil {
		reqs, runs = append(reqs, cambiOnly(i.request(i.backend))), append(runs, 0)
	}
	if i.runsMode() {
		reqs, runs = append(reqs, cambiOnly(i.requestB())), append(runs, 1)
	}
	if len(reqs) == 0 {
		return
	}
	eng := i.eng
	i.scaler.submit(func(ctx context.Context) func() {
		var outs [2][]summary.Series
		frames := 0
		for j, req := range reqs {
			what := "per scale"
			if len(reqs) > 1 || runs[j] == 1 {
				what = fmt.Sprintf("per scale, run %s", "AB"[runs[j]:runs[j]+1])
			}
			out, err := scaleSeries(ctx, eng, req, func(done, n int) {
				uiDo(func() { v.setRate(fmt.Sprintf("%s: %d/%d frames", what, done, n)) })
			})
			if err != nil {
				if ctx.Err() != nil {
					return nil
				}
				return func() { i.fail(err) }
			}
			outs[runs[j]] = out
			frames = len(out[0].Values)
		}
		return func() {
			for _, r := range runs {
				if r == 0 {
					i.scaleScores = outs[0]
				} else if i.runsMode() {
					i.scaleScoresB = outs[1]
				}
			}
			v.setRate(fmt.Sprintf("per scale: %d frames", frames))
			v.update()
		}
	})
}

// perScaleRunB scores run B's per-scale CAMBI when the per-scale plot is
// on in runs mode and B's are missing (run B was just chosen).
func (v *scoresView) perScaleRunB() {
	if v.perScale.Checked && v.i.runsMode() && v.i.scaleScoresB == nil {
		v.runPerScale()
	}
}

// scaleSeries scores CAMBI frame by frame over a clip and keeps each
// scale's pooled score.
func scaleSeries(ctx context.Context, eng Engine, req engine.Request, progress func(done, n int)) ([]summary.Series, error) {
	s, err := safeOpen(ctx, eng, req)
	if err != nil {
		return nil, err
	}
	defer s.Close()
	n := s.Frames()
	out := make([]summary.Series, engine.CAMBIScales)
	for k := range out {
		out[k] = summary.Series{Name: fmt.Sprintf("cambi scale %d", k), Values: make([]float64, max(n, 0))}
	}
	var last time.Time
	for f := 0; f < n; f++ {
		r, err := s.Frame(ctx, f)
		if err != nil {
			return nil, err
		}
		c := inspect.CAMBIOf(r)
		if c == nil {
			return nil, fmt.Errorf("frame %d: no CAMBI result", f)
		}
		for k := range out {
			out[k].Values[f] = c.Dist.Scales[k].Score
		}
		if t := time.Now(); t.Sub(last) > 100*time.Millisecond {
			last = t
			progress(f+1, n)
		}
	}
	return out, nil
}
