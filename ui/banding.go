package ui

import (
	"context"
	"fmt"
	"io"
	"sort"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/bandscope/bandscope/engine"
	"github.com/bandscope/bandscope/engine/regions"
)

// bandingView is the clip's banding events (engine/regions): regions
// followed over frames, found for run A (and run B when compare mode
// compares two encodes or option sets) frame by frame with the
// inspector's CAMBI options, as `bandscope regions` finds them. They show
// as a timeline under the Scores view's plots (timeline.go), as outlines
// with their ids on the frame view (outlines.go) and in the Banding events
// page's tables (eventstable.go), which export the CLI's JSON and mask.
type bandingView struct {
	i        *inspector
	runs     [2]bandingRun
	timeline *timeline
	hint     *widget.Label // on the timeline when it has nothing to draw
	find     *widget.Button
	cancel   *widget.Button
	progress *widget.Label
	outline  *widget.Check
	summary  *widget.Label // A/B: the events one run has and the other not
	panels   [2]*eventsPanel
	tables   *fyne.Container
	content  fyne.CanvasObject // the Banding events page
	bar      fyne.CanvasObject // the timeline, under the plots
	host     *fyne.Container   // what holds bar: laid out again when it shows or hides
	searchID int               // the search whose progress shows
	shown    string            // the reports update last showed (showing)
}

// bandingRun is one run's events and what they were found for.
type bandingRun struct {
	report *regions.Report
	key    string // the request's bandingKey
	model  string // the model vmaf_cost is for, "" for none
}

func newBandingView(i *inspector) *bandingView {
	v := &bandingView{i: i}
	v.timeline = newTimeline(v)
	v.hint = widget.NewLabel("")
	v.hint.Alignment = fyne.TextAlignCenter
	v.find = widget.NewButtonWithIcon("Find banding events", theme.SearchIcon(), v.findEvents)
	v.cancel = widget.NewButtonWithIcon("Cancel", theme.CancelIcon(), v.cancelSearch)
	v.cancel.Disable()
	v.progress = widget.NewLabel("")
	v.outline = widget.NewCheck("Outline them on the frame", nil)
	v.outline.SetChecked(true)
	v.outline.OnChanged = func(bool) { v.markFrame(); i.unfocus() }
	v.summary = widget.NewLabel("")
	v.summary.Wrapping = fyne.TextWrapWord
	v.summary.Hide()
	for k := range v.panels {
		v.panels[k] = newEventsPanel(v, k)
	}
	v.tables = container.NewGridWithColumns(1, v.panels[0].content)
	top := container.NewVBox(container.NewHBox(v.find, v.cancel, v.progress, v.outline), v.summary)
	v.content = container.NewBorder(top, nil, nil, nil, v.tables)
	title := widget.NewLabel("Banding")
	title.TextStyle.Bold = true
	v.bar = container.NewBorder(nil, nil, title, nil, container.NewStack(v.timeline, v.hint))
	v.update()
	return v
}

// bandingKey says what a search depends on: the clips, their frames,
// CAMBI's options and the model (not the backend: every backend gives
// the same maps, bit for bit).
func bandingKey(req engine.Request) string {
	return fmt.Sprintf("%q %q %v %d %v %v", req.Distorted, req.Reference, req.Raw, req.Frames, req.Features, req.Models)
}

// request is run k's search: its CAMBI alone, with the first picked
// model that reads CAMBI (scored with --explain, for each event's cost).
func (v *bandingView) request(k int) (engine.Request, regions.Options, string) {
	i := v.i
	req := i.request(i.backend)
	if k == 1 {
		req = i.requestB()
	}
	req.Features = req.Features[:1]
	req.Models, req.Explain, req.SkipUnavailable = nil, false, false
	opt := regions.Options{KeepPixels: true}
	if i.modelErr != nil {
		return req, opt, ""
	}
	for _, pm := range i.models {
		spec := modelSpec(pm.Version)
		if key, err := regions.CostKey(spec); err == nil {
			req.Models, req.Explain, opt.CostKey = []string{spec}, true, key
			return req, opt, pm.Version
		}
	}
	return req, opt, ""
}

// runCount is how many runs have events of their own: two when compare
// mode compares encodes or option sets (two backends find the same).
func (v *bandingView) runCount() int {
	if v.i.runsMode() {
		return 2
	}
	return 1
}

// report is run k's events when they are still those of the open clips
// and options, else nil.
func (v *bandingView) report(k int) *regions.Report {
	r := v.runs[k]
	if r.report == nil || k >= v.runCount() || v.i.req.Distorted == "" {
		return nil
	}
	if req, _, _ := v.request(k); bandingKey(req) != r.key {
		return nil
	}
	return r.report
}

// findEvents searches run A (and B) frame by frame in the background.
func (v *bandingView) findEvents() {
	i := v.i
	if i.req.Distorted == "" {
		return
	}
	n := v.runCount()
	var reqs [2]engine.Request
	var opts [2]regions.Options
	var found [2]bandingRun
	var names [2]string
	for k := 0; k < n; k++ {
		reqs[k], opts[k], found[k].model = v.request(k)
		found[k].key = bandingKey(reqs[k])
		names[k] = i.runName(k)
	}
	v.searchID++
	id := v.searchID
	v.find.Disable()
	v.cancel.Enable()
	v.progress.SetText("finding…")
	eng := i.eng
	i.bander.submit(func(ctx context.Context) func() {
		for k := 0; k < n; k++ {
			s, err := safeOpen(ctx, eng, reqs[k])
			if err != nil {
				return func() { v.ended(fmt.Errorf("%s: %w", names[k], err)) }
			}
			var last time.Time
			rep, err := regions.FindFrames(ctx, s, reqs[k], opts[k], func(done, total int) {
				if t := time.Now(); t.Sub(last) > 100*time.Millisecond || done == total {
					last = t
					uiDo(func() {
						if v.searchID == id {
							v.progress.SetText(searchProgress(k, n, done, total))
						}
					})
				}
			})
			s.Close()
			if err != nil {
				if ctx.Err() != nil {
					return func() { v.ended(ctx.Err()) }
				}
				return func() { v.ended(fmt.Errorf("%s: %w", names[k], err)) }
			}
			found[k].report = rep
		}
		return func() {
			v.runs = found
			v.ended(nil)
		}
	})
}

// searchProgress is "frame 12/300", with the run in A/B.
func searchProgress(run, runs, done, total int) string {
	s := fmt.Sprintf("frame %d/%d", done, total)
	if runs > 1 {
		s += " of run " + "AB"[run:run+1]
	}
	return s
}

// cancelSearch stops a search (Esc).
func (v *bandingView) cancelSearch() {
	if v.cancel.Disabled() {
		return
	}
	v.searchID++
	v.i.bander.stop()
	v.ended(context.Canceled)
}

// ended resets the controls after a search; err nil means success.
func (v *bandingView) ended(err error) {
	v.find.Enable()
	v.cancel.Disable()
	switch {
	case err == context.Canceled:
		v.progress.SetText("cancelled")
	case err != nil:
		v.progress.SetText("failed")
		v.i.fail(err)
	default:
		var parts []string
		for k := 0; k < v.runCount(); k++ {
			if r := v.runs[k].report; r != nil {
				parts = append(parts, fmt.Sprintf("%d events in %d frames", len(r.Events), r.Frames))
			}
		}
		v.progress.SetText(strings.Join(parts, "; "))
	}
	v.update()
}

// showing names the reports the views show now: a search's, or none
// once the clips or options changed.
func (v *bandingView) showing() string { return fmt.Sprintf("%p %p", v.report(0), v.report(1)) }

// update redraws everything from the runs' events.
func (v *bandingView) update() {
	v.shown = v.showing()
	wasShown := v.bar.Visible()
	n := v.runCount()
	objs := []fyne.CanvasObject{v.panels[0].content}
	if n > 1 {
		objs = append(objs, v.panels[1].content)
		v.panels[1].content.Show()
	} else {
		v.panels[1].content.Hide()
	}
	v.tables.Objects = objs
	v.tables.Layout = layout.NewGridLayoutWithColumns(n)
	v.tables.Refresh()
	v.panels[0].update()
	v.panels[1].update()
	if s := v.comparison(); s != "" {
		v.summary.SetText(s)
		v.summary.Show()
	} else {
		v.summary.Hide()
	}
	// The timeline shows once there are events to draw, so that the
	// plots keep their room on a small screen until then.
	switch {
	case v.report(0) == nil:
		v.bar.Hide()
		if v.runs[0].report != nil {
			v.progress.SetText("The clips, CAMBI's options or the models changed: find the events again")
		}
	case len(v.report(0).Events) == 0 && (n == 1 || v.report(1) == nil || len(v.report(1).Events) == 0):
		v.hint.SetText("No banding events")
		v.bar.Show()
	default:
		v.hint.SetText("")
		v.bar.Show()
	}
	if v.host != nil && v.bar.Visible() != wasShown {
		v.host.Refresh()
	}
	v.timeline.changed()
	v.markFrame()
}

// comparison says, in A/B, which events each run has that the other does
// not (regions.Match); "" otherwise.
func (v *bandingView) comparison() string {
	a, b := v.report(0), v.report(1)
	if a == nil || b == nil {
		return ""
	}
	var onlyA, onlyB []string
	for _, p := range regions.Match(a, b) {
		switch {
		case p.B == nil:
			onlyA = append(onlyA, eventText(p.A))
		case p.A == nil:
			onlyB = append(onlyB, eventText(p.B))
		}
	}
	s := fmt.Sprintf("Run A has %d banding events, run B %d; %d in both.", len(a.Events), len(b.Events), len(a.Events)-len(onlyA))
	if len(onlyA) > 0 {
		s += " Only in A: " + strings.Join(onlyA, ", ") + "."
	}
	if len(onlyB) > 0 {
		s += " Only in B: " + strings.Join(onlyB, ", ") + "."
	}
	return s
}

func eventText(e *regions.Event) string {
	return fmt.Sprintf("#%d (frames %d-%d)", e.ID, e.FirstFrame, e.LastFrame)
}

// markFrame shows the current frame on the timeline and the frame's
// regions outlined on the frame view.
func (v *bandingView) markFrame() {
	if v.showing() != v.shown {
		v.update() // new clips or options: the events went stale
		return
	}
	v.timeline.Refresh()
	var out []outline
	if v.outline.Checked {
		out = v.outlinesAt(v.i.cur)
	}
	v.i.frameView.pane.setOutlines(out)
}

// outlinesAt are run A's regions on frame n, in the frame view's pixels
// (a rendition's boxes scaled to the size it is shown at).
func (v *bandingView) outlinesAt(n int) []outline {
	r := v.report(0)
	if r == nil {
		return nil
	}
	sx, sy := float64(v.i.vp.fw)/float64(r.Width), float64(v.i.vp.fh)/float64(r.Height)
	top := topSeverity(r)
	var out []outline
	for k := range r.Events {
		e := &r.Events[k]
		f, ok := e.At(n)
		if !ok || f.BBox.Empty() {
			continue
		}
		b := f.BBox
		out = append(out, outline{x0: float64(b.X) * sx, y0: float64(b.Y) * sy, x1: float64(b.X+b.W) * sx, y1: float64(b.Y+b.H) * sy,
			label: fmt.Sprint(e.ID), colour: severityColour(r.Severity(e) / top)})
	}
	return out
}

// topSeverity is the most severe event's severity (1 without events).
func topSeverity(r *regions.Report) float64 {
	top := 0.0
	for k := range r.Events {
		top = max(top, r.Severity(&r.Events[k]))
	}
	if top <= 0 {
		return 1
	}
	return top
}

// step goes to the worst frame of the next (d > 0) or previous event of
// run A, in the order of their worst frames.
func (v *bandingView) step(d int) {
	r := v.report(0)
	if r == nil || len(r.Events) == 0 {
		v.i.setStatus("No banding events to step through: find them first (Ctrl+G)")
		return
	}
	es := make([]*regions.Event, len(r.Events))
	for k := range r.Events {
		es[k] = &r.Events[k]
	}
	sort.SliceStable(es, func(a, b int) bool { return es[a].WorstFrame() < es[b].WorstFrame() })
	var to *regions.Event
	if d > 0 {
		for _, e := range es {
			if e.WorstFrame() > v.i.cur {
				to = e
				break
			}
		}
	} else {
		for k := len(es) - 1; k >= 0; k-- {
			if es[k].WorstFrame() < v.i.cur {
				to = es[k]
				break
			}
		}
	}
	if to == nil {
		v.i.setStatus("No banding event further that way")
		return
	}
	v.goTo(to)
}

// goTo shows an event's worst frame.
func (v *bandingView) goTo(e *regions.Event) {
	v.i.notice = fmt.Sprintf("Banding event #%d: frames %d-%d, worst frame %d", e.ID, e.FirstFrame, e.LastFrame, e.WorstFrame())
	v.i.gotoFrame(e.WorstFrame())
}

// exportJSON asks where to write run k's events as `bandscope regions
// -o` writes them.
func (v *bandingView) exportJSON(k int) { v.exportDialog(k, false) }

// exportMask asks where to write run k's mask Y4M as `bandscope regions
// --masks` writes it.
func (v *bandingView) exportMask(k int) { v.exportDialog(k, true) }

func (v *bandingView) exportDialog(k int, mask bool) {
	if v.report(k) == nil {
		v.i.showError(fmt.Errorf("no banding events to export yet: find them first (Ctrl+G)"))
		return
	}
	title, name, ext := "Export banding events", "events.json", ".json"
	if mask {
		title, name, ext = "Export banding mask", "mask.y4m", ".y4m"
	}
	v.i.saveDialog(title, name, []string{ext}, func(p string) error { return v.export(p, k, mask) })
}

// export writes run k's events (or its mask) to path, by the rules of
// every output (never over an open clip).
func (v *bandingView) export(path string, k int, mask bool) error {
	r := v.report(k)
	if r == nil {
		return fmt.Errorf("no banding events to export yet: find them first (Ctrl+G)")
	}
	write := r.WriteJSON
	if mask {
		write = r.WriteMask
	}
	return writeAtomic(path, func(w io.Writer) error { return write(w) }, v.i.exportInputs()...)
}
