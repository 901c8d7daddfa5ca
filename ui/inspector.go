package ui

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/bandscope/bandscope/engine"
	"github.com/bandscope/bandscope/engine/clip"
)

// Preference keys.
const (
	prefColormap = "colormap"
	prefBackend  = "backend"
	prefCompare  = "compareBackend"
	prefTheme    = "theme"
	prefRecent   = "recent"
	prefLastDir  = "lastDir"
	// New names: older versions stored compare mode's forced 1506 px
	// minimum width, which runs off a 1366 px screen.
	prefWinW  = "windowW"
	prefWinH  = "windowH"
	prefSplit = "sidebarSplit"
	prefTab   = "tab"
)

// inspector is the state of one window. Every field is read and written on
// the UI goroutine only; engine jobs receive copies of what they need.
type inspector struct {
	app   fyne.App
	win   fyne.Window
	eng   Engine
	prefs fyne.Preferences
	wg    sync.WaitGroup

	opener, framer, runner, scaler worker

	req       engine.Request
	cambiOpts *engine.Options
	admOpts   *engine.Options
	backends  []Backend
	backend   string // primary backend ID
	compare   bool
	cmpBack   string // second backend ID in compare mode
	runB      runB   // what run B is in compare mode (runs.go)

	sess         Session // one session; in compare mode it scores both backends
	sessB        Session // run B's session when it is another encode or option set
	refInfo      clip.Info
	distInfo     clip.Info
	frames       int
	cur          int
	res, cmpRes  *engine.FrameResult
	scores       [2]ClipScores // whole-clip runs: primary, compare
	scaleScores  []series      // CAMBI's pooled score per scale over the clip, on demand
	scaleScoresB []series      // the same of run B in runs mode
	logs         []scoreRun    // scores read from other tools' logs, bound to the clip's frames
	heatLogs     []*grayHeatmapLog
	frameTime    time.Duration
	onFrameShown func() // test and benchmark hook: every map of a frame is drawn
	errText      string
	play         player
	ahead        lookahead // the next frame, scored in the background
	notice       string    // shown once in the status line after the next frame
	admErr       error     // why the session scores no ADM, if it does not
	// models are the picked VMAF models (vmafmodels.go); modelOnly, the
	// metric keys they add, computed for modelOnlyFor (modelMetric).
	models       []pickedModel
	modelOnly    map[string]bool
	modelOnlyFor string
	modelErr     error // why the session scores no model on this clip, if it does not

	vp       *viewport
	colormap *Colormap

	// widgets
	tabs        *container.AppTabs
	status      *widget.Label
	statusBar   *fyne.Container
	split       *container.Split
	timing      *widget.Label
	zoomLabel   *widget.Label
	clipPanel   *clipPanel
	frameView   *frameView
	cambiView   *cambiView
	admView     *admView
	compareView *compareView
	runsView    *runsView
	scoresView  *scoresView
	vmafView    *vmafView
	vmafPlots   *vmafPlots
	modelPicker *modelPicker
	optsForm    *optionsForm // CAMBI's
	admForm     *optionsForm
	backendSel  *keySelect
	compareChk  *widget.Check
	cmpSel      *keySelect
	menuRun     *fyne.MenuItem
}

// newInspector builds the window's content on eng. It opens nothing.
func newInspector(a fyne.App, w fyne.Window, eng Engine) *inspector {
	i := &inspector{app: a, win: w, eng: eng, prefs: a.Preferences()}
	for _, wk := range []*worker{&i.opener, &i.framer, &i.runner, &i.scaler} {
		wk.wg = &i.wg
		wk.fail = i.fail
	}
	i.cambiOpts = defaultOptions("cambi")
	i.admOpts = defaultOptions("adm")
	i.vp = newViewport()
	i.models = loadModels(parseModelPref(i.prefs.String(prefModels)))
	i.colormap = colormapNamed(i.prefs.StringWithFallback(prefColormap, "viridis"))
	i.backends = eng.Backends()
	i.backend = i.prefs.StringWithFallback(prefBackend, "cpu")
	if i.backendIndex(i.backend) < 0 && len(i.backends) > 0 {
		i.backend = i.backends[0].ID
	}
	// Run B's choice: restored as it was, without turning compare mode
	// on (Ctrl+K does); an encode since deleted is dropped silently.
	if b, ok := parseRunBPref(i.prefs.String(prefRunB), fileExists); ok {
		i.runB = b
	} else {
		i.prefs.SetString(prefRunB, "")
	}
	i.cmpBack = i.prefs.StringWithFallback(prefCompare, "")
	if i.backendIndex(i.cmpBack) < 0 {
		i.cmpBack = i.backend
		for _, b := range i.backends {
			if b.ID != i.backend {
				i.cmpBack = b.ID
				break
			}
		}
	}
	i.build()
	return i
}

func (i *inspector) backendIndex(id string) int {
	for k, b := range i.backends {
		if b.ID == id {
			return k
		}
	}
	return -1
}

func (i *inspector) backendLabel(id string) string {
	if k := i.backendIndex(id); k >= 0 {
		b := i.backends[k]
		return b.ID + " — " + b.Name
	}
	return id
}

func (i *inspector) backendOptions() []string {
	var s []string
	for _, b := range i.backends {
		s = append(s, i.backendLabel(b.ID))
	}
	return s
}

func (i *inspector) backendFromLabel(label string) string {
	id, _, _ := strings.Cut(label, " — ")
	return id
}

// build lays out the window.
func (i *inspector) build() {
	i.status = widget.NewLabel("Open a clip to start.")
	i.status.Truncation = fyne.TextTruncateEllipsis
	i.timing = widget.NewLabel("")
	i.zoomLabel = widget.NewLabel("zoom fit")
	i.vp.onZoom = func() {
		i.zoomLabel.SetText("zoom " + i.vp.zoomLabel())
		if i.statusBar != nil {
			i.statusBar.Refresh()
		}
	}

	i.clipPanel = newClipPanel(i)
	i.optsForm = newOptionsForm(i, func() *engine.Options { return i.cambiOpts },
		func() { i.cambiOpts = defaultOptions("cambi") }, func(name string) { i.optionsChanged("cambi", name) })
	i.admForm = newOptionsForm(i, func() *engine.Options { return i.admOpts },
		func() { i.admOpts = defaultOptions("adm") }, func(name string) { i.optionsChanged("adm", name) })
	i.frameView = newFrameView(i)
	i.runsView = newRunsView(i)
	i.cambiView = newCambiView(i)
	i.admView = newADMView(i)
	i.compareView = newCompareView(i)
	i.vmafView = newVMAFView(i)
	i.vmafPlots = newVMAFPlots(i)
	i.modelPicker = newModelPicker(i)
	i.scoresView = newScoresView(i)

	i.backendSel = newKeySelect(i, i.backendOptions(), func(s string) {
		id := i.backendFromLabel(s)
		if id == i.backend {
			return
		}
		i.backend = id
		i.prefs.SetString(prefBackend, id)
		i.reopen()
		i.unfocus()
	})
	i.backendSel.SetSelected(i.backendLabel(i.backend))
	i.cmpSel = newKeySelect(i, i.compareOptions(), func(s string) {
		if i.compareChosen(s) {
			return
		}
		id := i.backendFromLabel(s)
		if id == i.cmpBack {
			return
		}
		i.cmpBack = id
		i.prefs.SetString(prefCompare, id)
		if i.compare {
			i.reopen()
		}
	})
	// Run B as restored from the preferences, without acting on it.
	onCmp := i.cmpSel.OnChanged
	i.cmpSel.OnChanged = nil
	i.cmpSel.SetSelected(i.compareLabel())
	i.cmpSel.OnChanged = onCmp
	i.compareChk = widget.NewCheck("Compare with", func(on bool) { i.setCompare(on); i.unfocus() })

	wide := func(o fyne.CanvasObject) fyne.CanvasObject {
		return container.NewGridWrap(fyne.NewSize(300, o.MinSize().Height), o)
	}
	top := container.NewHBox(
		widget.NewLabel("Backend"), wide(i.backendSel),
		i.compareChk, wide(i.cmpSel),
	)

	// Each view scrolls when the window is smaller than its minimum, so
	// that the window's own minimum stays small (1280x720 screens) and no
	// number is ever clipped: it is scrolled to instead.
	i.tabs = container.NewAppTabs(
		container.NewTabItem("Frame", container.NewScroll(i.frameView.content)),
		container.NewTabItem("CAMBI", container.NewScroll(i.cambiView.content)),
		container.NewTabItem("ADM", container.NewScroll(i.admView.content)),
		container.NewTabItem("Compare", container.NewScroll(container.NewStack(i.compareView.content, i.runsView.content))),
		container.NewTabItem("Scores", container.NewScroll(i.scoresView.content)),
		container.NewTabItem("VMAF", container.NewScroll(i.vmafView.content)),
	)
	i.tabs.OnSelected = func(t *container.TabItem) {
		i.prefs.SetInt(prefTab, i.tabs.SelectedIndex())
		// The pointer is over no map of the new view: drop the old hover.
		if i.res != nil && i.errText == "" {
			i.setStatus(i.summary())
		}
	}
	if k := i.prefs.IntWithFallback(prefTab, 0); k > 0 && k < len(i.tabs.Items) {
		i.tabs.SelectIndex(k)
	}

	opts := widget.NewAccordion(widget.NewAccordionItem("CAMBI options", i.optsForm.content),
		widget.NewAccordionItem("ADM options", i.admForm.content),
		widget.NewAccordionItem("VMAF models", i.modelPicker.content))
	opts.MultiOpen = true
	opts.Open(0)
	side := container.NewVScroll(container.NewVBox(i.clipPanel.content, opts))
	split := container.NewHSplit(side, i.tabs)
	split.Offset = i.prefs.FloatWithFallback(prefSplit, 0.24)
	// The bar is opaque down to the window's edge: whatever the views
	// draw past their own bottom never shows under or below the status
	// line. Fyne's software painter (tests, screenshots without a GPU)
	// clips a scroll nested in a scroll to the inner one alone, so the
	// sidebar's option fields below its fold were drawn there (a lone "0"
	// under the status line in view_compare_runs.png).
	statusBar := container.NewStack(newThemedBackground(),
		container.NewBorder(nil, nil, nil, container.NewHBox(i.zoomLabel, i.timing), i.status))
	i.statusBar = statusBar
	i.win.SetContent(container.NewBorder(top, statusBar, nil, nil, split))
	i.win.SetMainMenu(i.mainMenu())
	i.bindKeys()
	i.win.SetOnDropped(i.dropped)
	i.split = split
	i.win.SetCloseIntercept(i.quit)
	i.showFrame()
}

// unfocus gives the keyboard back to the window after a check box or a
// list took it with a click, so that the arrow keys step frames again.
func (i *inspector) unfocus() {
	if c := i.win.Canvas(); c != nil {
		c.Unfocus()
	}
}

// quit remembers the window layout, stops the engine and closes the window.
func (i *inspector) quit() {
	sz := i.win.Canvas().Size()
	i.prefs.SetFloat(prefSplit, i.split.Offset)
	i.prefs.SetInt(prefWinW, int(sz.Width))
	i.prefs.SetInt(prefWinH, int(sz.Height))
	i.close()
	i.win.Close()
}

// close cancels every job and closes the sessions.
func (i *inspector) close() {
	i.opener.stop()
	i.framer.stop()
	i.runner.stop()
	i.scaler.stop()
	sess, sessB := i.sess, i.sessB
	i.sess, i.sessB = nil, nil
	go func() {
		i.framer.run.Lock()
		defer i.framer.run.Unlock()
		closeSessions(sess, sessB)
	}()
}

func closeSessions(ss ...Session) {
	for _, s := range ss {
		if s != nil {
			s.Close()
		}
	}
}

// request is the engine request for the current clips and options.
func (i *inspector) request(backend string) engine.Request {
	r := i.req
	r.Features = []engine.Spec{optionSpec("cambi", i.cambiOpts), optionSpec("adm", i.admOpts)}
	r.Backend = backend
	// A backend without ADM still shows CAMBI; the ADM view says why.
	r.SkipUnavailable = true
	i.withModels(&r)
	return r
}

// logRuns are the logs read for this clip.
func (i *inspector) logRuns() []scoreRun { return i.logs }

// optionSpec is a feature with its options that differ from the defaults.
func optionSpec(name string, v *engine.Options) engine.Spec {
	spec := engine.Spec{Name: name}
	for _, o := range v.Table() {
		if !v.IsDefault(o.Name) {
			spec.Opts = append(spec.Opts, engine.KV{Key: o.Name, Value: formatOption(v, o)})
		}
	}
	return spec
}

func formatOption(v *engine.Options, o engine.Option) string {
	switch o.Kind {
	case engine.OptionBool:
		return strconv.FormatBool(v.Bool(o.Name))
	case engine.OptionInt:
		return strconv.Itoa(v.Int(o.Name))
	case engine.OptionDouble:
		return strconv.FormatFloat(v.Float(o.Name), 'g', -1, 64)
	}
	return v.String(o.Name)
}

// open starts scoring a new pair of clips.
func (i *inspector) open(req engine.Request) {
	i.req = req
	i.cur = 0
	i.scores = [2]ClipScores{}
	i.scaleScores, i.scaleScoresB = nil, nil
	i.scoresView.update()
	i.reopen()
	if i.scoresView.perScale.Checked {
		i.runPerScale()
	}
}

// reopen (re)creates the sessions for the current request, backends and
// options, then shows the current frame.
func (i *inspector) reopen() {
	if i.req.Distorted == "" {
		return
	}
	if i.runsMode() {
		i.reopenRuns()
		return
	}
	old, oldB := i.sess, i.sessB
	i.sess, i.sessB = nil, nil
	i.framer.stop()
	i.modelErr = nil // the models are tried again on every (re)open
	req := i.request(i.backend)
	if i.compare {
		req.Compare = i.cmpBack
	}
	i.setStatus("Opening " + req.Distorted + " on " + req.Backend + "…")
	eng := i.eng
	i.opener.submit(func(ctx context.Context) func() {
		// A frame job may still run on the old session.
		i.framer.run.Lock()
		closeSessions(old, oldB)
		i.framer.run.Unlock()
		s, modelErr, err := openWithModels(ctx, eng, req)
		if err != nil {
			return func() { i.fail(err) }
		}
		if ctx.Err() != nil {
			closeSessions(s)
			return nil
		}
		admErr := skippedError(s, "adm")
		return func() {
			i.admErr = admErr
			i.modelErr = modelErr
			i.sess = s
			i.refInfo, i.distInfo = s.Info()
			i.frames = s.Frames()
			i.vp.setFrame(i.distInfo.Width, i.distInfo.Height)
			i.win.SetTitle("Bandscope — " + filepath.Base(i.distInfo.Path))
			i.clipPanel.update()
			i.clipOpen()
			i.errText = ""
			i.gotoFrame(min(i.cur, max(i.frames-1, 0)))
		}
	})
}

// skippedError is why a session left a feature out (on its backend or the
// compare backend), or nil.
func skippedError(s Session, name string) error {
	var errs []error
	for k, err := range s.Skipped() {
		if k == name || strings.HasSuffix(k, ": "+name) {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

// safeOpen turns a panic while opening into an error.
func safeOpen(ctx context.Context, eng Engine, req engine.Request) (s Session, err error) {
	defer func() {
		if p := recover(); p != nil {
			s, err = nil, fmt.Errorf("opening %s on %s: internal error: %v", req.Distorted, req.Backend, p)
		}
	}()
	return eng.Open(ctx, req)
}

// fail shows an error in the status line and a dialog.
func (i *inspector) fail(err error) {
	i.errText = err.Error()
	i.setStatus("Error: " + err.Error())
	showError(i.win, err)
}

// The status line is one line: a message's line breaks become spaces, and
// what does not fit is cut with an ellipsis (the label truncates).
func (i *inspector) setStatus(s string) { i.status.SetText(oneLine(s)) }

// oneLine replaces line breaks (and tabs) by spaces.
func oneLine(s string) string {
	return strings.NewReplacer("\r\n", " ", "\n", " ", "\r", " ", "\t", " ").Replace(s)
}

// themedBackground fills its space with the theme's background colour,
// following theme changes, and the window's padding beside and below it
// (the status bar is the window's last row).
type themedBackground struct{ widget.BaseWidget }

func newThemedBackground() *themedBackground {
	b := &themedBackground{}
	b.ExtendBaseWidget(b)
	return b
}

func (b *themedBackground) CreateRenderer() fyne.WidgetRenderer {
	return &themedBackgroundRenderer{r: canvas.NewRectangle(theme.Color(theme.ColorNameBackground))}
}

type themedBackgroundRenderer struct{ r *canvas.Rectangle }

func (t *themedBackgroundRenderer) Layout(s fyne.Size) {
	pad := theme.Padding()
	t.r.Move(fyne.NewPos(-pad, 0))
	t.r.Resize(fyne.NewSize(s.Width+2*pad, s.Height+pad))
}
func (t *themedBackgroundRenderer) MinSize() fyne.Size           { return fyne.Size{} }
func (t *themedBackgroundRenderer) Objects() []fyne.CanvasObject { return []fyne.CanvasObject{t.r} }
func (t *themedBackgroundRenderer) Destroy()                     {}
func (t *themedBackgroundRenderer) Refresh() {
	t.r.FillColor = theme.Color(theme.ColorNameBackground)
	t.r.Refresh()
}

// gotoFrame makes n the current frame and scores it.
func (i *inspector) gotoFrame(n int) {
	if i.frames > 0 {
		n = min(max(n, 0), i.frames-1)
	} else {
		n = 0
	}
	i.cur = n
	i.clipPanel.showFrame()
	i.scoresView.markFrame()
	if i.sess == nil {
		return
	}
	i.ahead.gen++ // a look-ahead not yet started stays so
	if i.sessB != nil {
		i.frameRuns(n)
		return
	}
	s := i.sess
	start := now()
	dir := 1
	if n < i.ahead.prev {
		dir = -1
	}
	i.ahead.prev = n
	job := func(ctx context.Context) func() {
		// The session decodes the frame once; in compare mode both backends
		// score the same pictures at once.
		r := i.ahead.take(s, n)
		if r == nil {
			var err error
			if r, err = s.Frame(ctx, n); err != nil {
				if ctx.Err() != nil {
					return nil
				}
				return func() { i.fail(err) }
			}
		}
		return func() {
			// Asked for first: showing the frame may step on (playback).
			i.lookAhead(s, n+dir)
			i.frameArrived(r, r.Compare, n, start)
		}
	}
	if i.ahead.pending(s, n) {
		// The look-ahead is scoring this frame: wait for it.
		i.framer.follow(job)
	} else {
		i.framer.submit(job)
	}
}

// lookAhead scores frame n in the background once the frame shown has
// been left alone for lookAheadDelay (at once while playing, which asks
// for it next), so that the next step in the same direction finds it
// scored or being scored. A step elsewhere within the delay starts at once;
// one after it cancels the look-ahead, but waits for the frame it was
// scoring: the engine does not stop within a frame.
func (i *inspector) lookAhead(s Session, n int) {
	if n < 0 || (i.frames > 0 && n >= i.frames) || s != i.sess {
		return
	}
	gen := i.ahead.gen
	begin := func() {
		if i.ahead.gen != gen || s != i.sess {
			return // a step or a new session came first
		}
		i.ahead.want(s, n)
		i.framer.submit(func(ctx context.Context) func() {
			r, err := s.Frame(ctx, n)
			if err == nil && ctx.Err() == nil {
				i.ahead.keep(s, n, r)
			}
			return nil // a step to n shows it; an error shows then, computed again
		})
	}
	if i.play.on || lookAheadDelay <= 0 {
		begin()
		return
	}
	// The wait group covers the timer, as it covers jobs: a test or a
	// benchmark that waits sees the look-ahead it starts.
	i.wg.Add(1)
	time.AfterFunc(lookAheadDelay, func() {
		uiDo(func() {
			defer i.wg.Done()
			begin()
		})
	})
}

// lookAheadDelay is how long a shown frame is left alone before the
// inspector scores the next one ahead: a user reading the maps has moved
// on by then only rarely, and arrow-key repeat or a quick jump never waits
// behind a speculative frame. Tests set it to 0.
var lookAheadDelay = 150 * time.Millisecond

// frameArrived shows frame n's results (cmp: the compare backend's or run
// B's), scored since start.
func (i *inspector) frameArrived(r, cmp *engine.FrameResult, n int, start time.Time) {
	i.res, i.cmpRes = r, cmp
	i.showFrame()
	i.frameTime = now().Sub(start)
	i.timing.SetText(fmt.Sprintf("frame %d in %d ms", n, i.frameTime.Milliseconds()))
	i.statusBar.Refresh() // the label grew: lay the bar out again
	if i.onFrameShown != nil {
		i.onFrameShown()
	}
	i.frameShown()
}

// now is the clock frame timings use; tests stop it.
var now = time.Now

// step moves d frames.
func (i *inspector) step(d int) { i.gotoFrame(i.cur + d) }

// showFrame redraws every view from the current results.
func (i *inspector) showFrame() {
	i.frameView.update()
	i.cambiView.update()
	i.admView.update()
	i.compareView.update()
	i.vmafView.update()
	i.scoresView.markFrame()
	if i.res != nil && i.errText == "" {
		if i.notice != "" {
			i.setStatus(i.notice)
			i.notice = ""
		} else {
			i.setStatus(i.summary())
		}
	}
}

// summary is the status line when the pointer is over no map.
func (i *inspector) summary() string {
	r := i.res
	s := fmt.Sprintf("frame %d/%d", r.Frame, i.frames)
	if c := cambiOf(r); c != nil {
		s += fmt.Sprintf("   CAMBI %s", fmtScore(c.CAMBI)) + i.runsSummary()
		if c.Src != nil {
			s += fmt.Sprintf("   source %s   full-ref %s", fmtScore(c.Source), fmtScore(c.FullReference))
		}
	}
	if a := admOf(r); a != nil {
		s += fmt.Sprintf("   ADM %s", fmtScore(a.Score))
	}
	return s + vmafSummary(r)
}

func fmtScore(v float64) string { return strconv.FormatFloat(v, 'f', 6, 64) }

// setCompare turns compare mode on or off.
func (i *inspector) setCompare(on bool) {
	if on == i.compare {
		return
	}
	i.compare = on
	i.compareChk.SetChecked(on)
	i.cmpRes = nil
	i.scores[1] = nil
	if on {
		i.tabs.SelectIndex(3)
	}
	i.reopen()
	i.showFrame()
	i.perScaleRunB()
}

// cycleBackend selects the next backend.
func (i *inspector) cycleBackend() {
	if len(i.backends) == 0 {
		return
	}
	k := (i.backendIndex(i.backend) + 1) % len(i.backends)
	i.backendSel.SetSelected(i.backendLabel(i.backends[k].ID))
}

// setColormap changes the heatmap colours everywhere.
func (i *inspector) setColormap(name string) {
	i.colormap = colormapNamed(name)
	i.prefs.SetString(prefColormap, i.colormap.Name)
	i.showFrame()
}

// optionsChanged re-runs the frame with a feature's new options (name ""
// is every option, back to the defaults). Only that feature's whole-clip
// scores are stale: the other feature's are kept, and the status line says
// what was cleared.
func (i *inspector) optionsChanged(feat, name string) {
	// The models' scores and features do not depend on these options.
	stale := func(n string) bool { return featureOf(n) == feat && !i.modelMetric(n) }
	had := i.scores[0] != nil
	for k := range i.scores {
		i.scores[k] = dropMetrics(i.scores[k], stale)
	}
	what := "option " + name
	if name == "" {
		what = "options reset"
	}
	msg := fmt.Sprintf("%s %s: the current frame is scored again", strings.ToUpper(feat), what)
	if had {
		msg += fmt.Sprintf("; %s's whole-clip scores were cleared (the other feature's are kept)", strings.ToUpper(feat))
	}
	if feat == "cambi" && i.scaleScores != nil {
		msg += "; per-scale CAMBI scores are scored again"
	}
	if feat == "cambi" {
		i.scaleScores, i.scaleScoresB = nil, nil
	}
	i.scoresView.update()
	i.reopen()
	i.notice = msg
	if feat == "cambi" && i.scoresView.perScale.Checked {
		i.runPerScale()
	}
}
