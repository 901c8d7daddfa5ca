package ui

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"github.com/bandscope/bandscope/engine"
	"github.com/bandscope/bandscope/engine/clip"
	"github.com/bandscope/bandscope/engine/inspect"
	"github.com/bandscope/bandscope/engine/summary"
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

// inspector is the state of one window: the runs it scores (runPair), the
// frame it shows and the sessions that score it, the whole-clip scores and
// the logs beside them (logBook), and the views. Every field is read and
// written on the UI goroutine only; engine jobs receive copies of what
// they need.
type inspector struct {
	app   fyne.App
	win   fyne.Window
	eng   Engine
	prefs settings
	jobs
	runPair

	// The frame shown.
	sess        Session // one session; in compare mode it scores both backends
	sessB       Session // run B's session when it is another encode or option set
	refInfo     clip.Info
	distInfo    clip.Info
	distInfoB   clip.Info // run B's distorted clip in runs mode
	frames      int
	listed      int // the frames the file lists, when fewer decode (frameFailed); else 0
	cur         int
	res, cmpRes *engine.FrameResult
	// shownADM keeps the ADM conversions of the frames shown alive (the
	// conversion cache holds them weakly): the views ask for them again
	// and again, band tops and all, while the frame is on screen.
	shownADM  [2]*inspect.ADM
	frameTime time.Duration
	ahead     lookahead // the next frame, scored in the background
	play      player
	errText   string
	notice    string // shown once in the status line after the next frame
	admErr    error  // why the session scores no ADM, if it does not
	// onFrameShown is a test and benchmark hook: a frame's views are
	// updated, partial when only the visible view's part is scored yet.
	onFrameShown func(partial bool)

	// recentPending: the clips being opened enter the recent files once
	// they open (openedRecent); recentRef is a reference the user chose.
	recentPending bool
	recentRef     string

	// Whole-clip scores: the runs' (primary, compare), CAMBI's pooled
	// score per scale (on demand) and run B's in runs mode, and the logs
	// read beside them.
	scores       [2]ClipScores
	scaleScores  []summary.Series
	scaleScoresB []summary.Series
	logBook

	vp       *viewport
	colormap *Colormap
	big      *bigPane        // a map enlarged over its view
	dialogs  []dialog.Dialog // the open dialogs, the top one last (showDialog)

	// widgets
	statusLine
	tabs        *container.AppTabs
	split       *container.Split
	clipPanel   *clipPanel
	frameView   *frameView
	cambiView   *cambiView
	admView     *admView
	compareView *compareView
	runsView    *runsView
	scoresView  *scoresView
	banding     *bandingView
	vmafView    *vmafView
	vmafPlots   *vmafPlots
	modelPicker *modelPicker
	optsForm    *optionsForm // CAMBI's
	admForm     *optionsForm
	bar         *runBar
	menuRun     *fyne.MenuItem
}

// newInspector builds the window's content on eng, with the app's
// preferences. It opens nothing.
func newInspector(a fyne.App, w fyne.Window, eng Engine) *inspector {
	return newInspectorWith(a, w, eng, a.Preferences())
}

// newInspectorWith is newInspector keeping its settings in prefs.
func newInspectorWith(a fyne.App, w fyne.Window, eng Engine, prefs settings) *inspector {
	i := &inspector{app: a, win: w, eng: eng, prefs: prefs}
	i.jobs.init(i.fail)
	i.play.i = i
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
	// on (Ctrl+K does); an encode since deleted is dropped, and the status
	// line says so.
	if b, ok := parseRunBPref(i.prefs.String(prefRunB), fileExists); ok {
		i.runB = b
	} else if s := i.prefs.String(prefRunB); s != "" {
		i.prefs.SetString(prefRunB, "")
		i.notice = droppedRunB(s)
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

// build lays out the window.
func (i *inspector) build() {
	i.statusLine = newStatusLine()
	i.vp.onZoom = func() { i.setZoom("zoom " + i.vp.zoomLabel()) }

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
	i.banding = newBandingView(i)
	i.scoresView = newScoresView(i)
	// The banding timeline lines its frames up with the plots above it.
	i.scoresView.cambi.onAxis = i.banding.timeline.Refresh

	i.bar = newRunBar(i)
	i.big = newBigPane(i)
	i.big.wire()

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
		i.big.shrink()
		if i.play.on {
			i.showFrame() // while playing, only the view on screen is kept up
		}
		i.prefs.SetInt(prefTab, i.tabs.SelectedIndex())
		// The pointer is over no map of the new view: drop the old hover.
		if i.res != nil && i.errText == "" {
			i.setStatus(i.summary())
		}
	}
	if k := i.prefs.IntWithFallback(prefTab, 0); k > 0 && k < len(i.tabs.Items) {
		i.tabs.SelectIndex(k)
	}

	// The models first: the option forms are long.
	opts := widget.NewAccordion(widget.NewAccordionItem("VMAF models", i.modelPicker.content),
		widget.NewAccordionItem("CAMBI options", i.optsForm.content),
		widget.NewAccordionItem("ADM options", i.admForm.content))
	opts.MultiOpen = true
	opts.Open(0)
	opts.Open(1)
	side := newWheelScroll(container.NewVBox(i.clipPanel.content, opts))
	split := container.NewHSplit(side, i.tabs)
	split.Offset = i.prefs.FloatWithFallback(prefSplit, 0.24)
	i.win.SetContent(container.NewBorder(i.bar.content, i.statusBar, nil, nil, split))
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
	i.stopAll()
	i.ahead.forget()
	sess, sessB := i.sess, i.sessB
	i.sess, i.sessB = nil, nil
	go func() {
		i.lockFrames()
		defer i.unlockFrames()
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

// open starts scoring a new pair of clips.
func (i *inspector) open(req engine.Request) {
	i.req = req
	i.cur = 0
	i.scores = [2]ClipScores{}
	i.scaleScores, i.scaleScoresB = nil, nil
	i.scoresView.update()
	i.reopen()
	if i.scoresView.perScale.Checked {
		i.scoresView.runPerScale()
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
	i.stopFrames()
	i.ahead.forget()
	i.modelErr = nil // the models are tried again on every (re)open
	req := i.request(i.backend)
	if i.compare {
		req.Compare = i.cmpBack
	}
	i.setStatus("Opening " + req.Distorted + " on " + req.Backend + "…")
	eng := i.eng
	i.opener.submit(func(ctx context.Context) func() {
		// A frame job may still run on the old session.
		i.lockFrames()
		closeSessions(old, oldB)
		i.unlockFrames()
		s, modelErr, err := openWithModels(ctx, eng, req)
		if err != nil {
			return func() {
				i.recentPending = false
				i.fail(err)
			}
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
			i.distInfoB = clip.Info{}
			i.frames, i.listed = s.Frames(), 0
			i.vp.setFrame(i.distInfo.Width, i.distInfo.Height)
			i.win.SetTitle("Bandscope — " + filepath.Base(i.distInfo.Path))
			i.openedRecent()
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

// frameFailed reports a frame that could not be scored. The frame box and
// the slider go back to the frame shown, so that they never name another;
// a clip that turns out to hold fewer frames than its file lists (cut
// short, its index intact) is cut to the frames that decode, which the
// clip panel says, and the last of them is shown.
func (i *inspector) frameFailed(err error) {
	if i.res != nil {
		i.cur = i.res.Frame
		i.clipPanel.showFrame()
		i.scoresView.markFrame()
	}
	if i.fewerFrames(err) {
		i.fail(fmt.Errorf("%w; the inspector shows those %d", err, i.frames))
		if i.cur != i.frames-1 {
			i.gotoFrame(i.frames - 1)
		}
		return
	}
	i.fail(err)
}

// fewerFrames cuts the clip to the frames that decode when err says fewer
// do than its file lists (clip.ErrFewerFrames), and reports whether it did.
func (i *inspector) fewerFrames(err error) bool {
	var ce *clip.Error
	if !errors.Is(err, clip.ErrFewerFrames) || !errors.As(err, &ce) || ce.Frame <= 0 || ce.Frame >= i.frames {
		return false
	}
	if i.listed == 0 {
		i.listed = i.frames
	}
	i.frames = ce.Frame
	i.clipPanel.update()
	return true
}

// fail shows an error in the status line and a dialog.
func (i *inspector) fail(err error) {
	i.errText = err.Error()
	i.setStatus("Error: " + err.Error())
	i.showError(err)
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
	i.completer.stop() // the frame left needs no more
	if !i.ahead.pending(s, n) {
		// A jump: nothing scored ahead is wanted, and the frame jumped
		// to never waits behind it.
		i.prefetcher.stop()
		i.ahead.drop()
	}
	need := i.visibleNeeds()
	job := func(ctx context.Context) func() {
		// The session decodes the frame once; in compare mode both backends
		// score the same pictures at once. A frame being scored ahead is
		// waited for.
		r := i.ahead.wait(ctx, s, n)
		if ctx.Err() != nil {
			return nil
		}
		if r == nil {
			var err error
			if r, err = scoreFirst(ctx, s, n, need); err != nil {
				if ctx.Err() != nil {
					return nil
				}
				return func() { i.frameFailed(err) }
			}
		}
		return func() { i.firstArrived(s, r, n, dir, start) }
	}
	i.framer.submit(job)
}

// scoreFirst scores frame n: what need names (Session.FramePart), or the
// whole frame when need is nil.
func scoreFirst(ctx context.Context, s Session, n int, need []string) (*engine.FrameResult, error) {
	if need == nil {
		return s.Frame(ctx, n)
	}
	return s.FramePart(ctx, n, need...)
}

// visibleNeeds is what the view on screen needs of a frame first, the
// rest being scored behind it (completeFrame): the Frame view its CAMBI
// overlay (nothing more without one), the CAMBI and ADM views their
// feature; nil, everything, for the views that show it all (Compare,
// Scores, VMAF).
func (i *inspector) visibleNeeds() []string {
	switch i.tabs.SelectedIndex() {
	case 0:
		if i.frameView.overlay.Checked {
			return []string{"cambi"}
		}
		return []string{}
	case 1:
		return []string{"cambi"}
	case 2:
		return []string{"adm"}
	}
	return nil
}

// firstArrived shows frame n's first result (the visible view's part, or
// all of it), then scores the rest behind it, except while playing, when
// the next frame comes first: the rest is scored when playback stops.
func (i *inspector) firstArrived(s Session, r *engine.FrameResult, n, dir int, start time.Time) {
	if !r.Partial {
		// Asked for first: showing the frame may step on (playback).
		i.lookAhead(s, n+dir)
		i.frameArrived(r, r.Compare, n, start)
		return
	}
	if i.play.on {
		i.fillAhead(s)
	}
	i.frameArrived(r, r.Compare, n, start)
	if !i.play.on {
		i.completeFrame(s, r, dir, start)
	}
}

// completeFrame scores what the shown frame's first result left out (the
// other features, the models, the compare backend) behind the view that
// shows it, then every view; the next frame is then scored ahead. A step
// cancels it.
func (i *inspector) completeFrame(s Session, part *engine.FrameResult, dir int, start time.Time) {
	i.completer.submit(func(ctx context.Context) func() {
		r, err := s.Complete(ctx, part)
		if err != nil {
			if ctx.Err() != nil {
				return nil
			}
			return func() { i.frameFailed(err) }
		}
		return func() {
			if i.res != part || s != i.sess {
				return // a step or a new session came first
			}
			i.lookAhead(s, part.Frame+dir)
			i.frameArrived(r, r.Compare, part.Frame, start)
		}
	})
}

// lookAhead scores frame n in the background once the frame shown has
// been left alone for lookAheadDelay (at once while playing, which asks
// for it next), so that the next step in the same direction finds it
// scored or being scored. A step elsewhere cancels it: the frame it was
// scoring finishes beside the step's (the engine does not stop within a
// frame). While playing, look-aheads queue behind one another
// (fillAhead); otherwise each replaces the one before.
func (i *inspector) lookAhead(s Session, n int) {
	if n < 0 || (i.frames > 0 && n >= i.frames) || s != i.sess || i.ahead.pending(s, n) {
		return
	}
	gen := i.ahead.gen
	begin := func() {
		if i.ahead.gen != gen || s != i.sess || i.ahead.pending(s, n) {
			return // a step or a new session came first
		}
		// Playing, the next frame needs what the view shows alone; a
		// reader's next step finds the whole frame scored.
		var need []string
		playing, keep := i.play.on, aheadDepth
		if playing {
			need = i.visibleNeeds()
		} else {
			i.prefetcher.stop()
			keep = 0
		}
		e := i.ahead.want(s, n, keep)
		i.prefetcher.follow(func(ctx context.Context) func() {
			r, err := scoreFirst(ctx, s, n, need)
			if err != nil || ctx.Err() != nil {
				r = nil // a step to n scores it again, and shows the error
			}
			e.finish(r)
			if !playing {
				return nil
			}
			return func() { i.fillAhead(s) }
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

// fillAhead, while playing, asks for the first of the aheadDepth frames
// after the one shown that is neither scored nor being scored: each
// look-ahead asks for the next when it ends, so that frames are scored
// back to back while the ones before are drawn.
func (i *inspector) fillAhead(s Session) {
	if !i.play.on || s != i.sess {
		return
	}
	for n := i.cur + 1; n <= i.cur+aheadDepth && n < i.frames; n++ {
		if !i.ahead.pending(s, n) {
			i.lookAhead(s, n)
			return
		}
	}
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
	if r.Partial {
		i.setTiming(fmt.Sprintf("frame %d: this view in %d ms", n, i.frameTime.Milliseconds()))
	} else {
		i.setTiming(fmt.Sprintf("frame %d in %d ms", n, i.frameTime.Milliseconds()))
	}
	if i.onFrameShown != nil {
		i.onFrameShown(r.Partial)
	}
	i.play.frameShown()
}

// pending says what a view shows while the frame is scored in parts:
// "" when the frame is whole.
func (i *inspector) pending(what string) string {
	switch {
	case i.res == nil || !i.res.Partial:
		return ""
	case i.play.on:
		return what + " is scored when playback stops."
	}
	return what + " follows: the view on screen is scored first."
}

// now is the clock frame timings use; tests stop it.
var now = time.Now

// step moves d frames.
func (i *inspector) step(d int) { i.gotoFrame(i.cur + d) }

// showFrame redraws every view from the current results; while playing,
// the view on screen alone (the others catch up when a frame is shown
// with playback stopped, as the frame it stops on is).
func (i *inspector) showFrame() {
	i.shownADM = [2]*inspect.ADM{inspect.ADMOf(i.res), inspect.ADMOf(i.cmpRes)}
	shown := -1
	if i.play.on && i.tabs != nil {
		shown = i.tabs.SelectedIndex()
	}
	for k, update := range []func(){i.frameView.update, i.cambiView.update, i.admView.update,
		i.compareView.update, i.scoresView.markFrame, i.vmafView.update} {
		if shown < 0 || shown == k {
			update()
		}
	}
	i.big.refresh()
	if i.res != nil && i.errText == "" {
		if i.notice != "" {
			i.setStatus(i.notice)
			if !i.res.Partial {
				// Kept until the frame is whole, or the rest of it
				// would hide the notice at once.
				i.notice = ""
			}
		} else {
			i.setStatus(i.summary())
		}
	}
}

// summary is the status line when the pointer is over no map: the frame,
// how a rendition is scored, and the frame's CAMBI, ADM and model scores;
// in runs mode each with run B's beside it ("(B ...)").
func (i *inspector) summary() string {
	r, rb := i.res, i.runBResult()
	s := fmt.Sprintf("frame %d/%d", r.Frame, i.frames)
	for k, in := range []clip.Info{i.distInfo, i.distInfoB} {
		if in.Scaled != nil && (k == 0 || rb != nil) {
			s += fmt.Sprintf("   %s%dx%d upscaled to %dx%d (bicubic), CAMBI at %dx%d", []string{"", "B "}[k],
				in.Scaled.Width, in.Scaled.Height, in.Width, in.Height, in.Scaled.Width, in.Scaled.Height)
		}
	}
	if c := inspect.CAMBIOf(r); c != nil {
		s += "   CAMBI " + fmtScore(c.CAMBI)
		if cb := inspect.CAMBIOf(rb); cb != nil {
			s += " (B " + fmtScore(cb.CAMBI) + ")"
		}
		if c.Src != nil {
			s += fmt.Sprintf("   source %s   full-ref %s", fmtScore(c.Source), fmtScore(c.FullReference))
		}
	}
	if a := inspect.ADMOf(r); a != nil {
		s += "   ADM " + fmtScore(a.Score)
		if ab := inspect.ADMOf(rb); ab != nil {
			s += " (B " + fmtScore(ab.Score) + ")"
		}
	}
	for _, m := range r.VMAF {
		s += fmt.Sprintf("   %s %s", m.Name, fmtScore(m.Score))
		if rb != nil {
			for _, mb := range rb.VMAF {
				if mb.Name == m.Name {
					s += " (B " + fmtScore(mb.Score) + ")"
				}
			}
		}
	}
	return s
}

// runBResult is run B's result of the frame shown in runs mode, else nil
// (another backend's shows in the Compare view).
func (i *inspector) runBResult() *engine.FrameResult {
	if !i.runsMode() {
		return nil
	}
	return i.cmpRes
}

func fmtScore(v float64) string { return strconv.FormatFloat(v, 'f', 6, 64) }

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
		i.scoresView.runPerScale()
	}
}
