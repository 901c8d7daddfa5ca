package ui

import (
	"context"
	"encoding/json"
	"fmt"
	"image/color"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/widget"

	"github.com/bandscope/bandscope/engine"
	"github.com/bandscope/bandscope/engine/clip"
)

// Compare mode compares two runs. A run is a distorted clip, its reference,
// the features' options and a backend. Run A is the inspector's run; run B
// differs from it in one of these ways:
//
//   - another backend: the same decoded pictures scored twice by one
//     session (engine.Request.Compare) and diffed stage by stage, bit for
//     bit (compare.go, compareview.go);
//   - another encode: a second distorted clip of the same reference, of the
//     same size and length, in a session of its own;
//   - other options: the same clip with B's CAMBI and ADM options, in a
//     session of its own.
//
// The last two are "runs" mode: two sessions score each frame in turn in
// the background (runsView shows A's and B's maps, their difference and
// the banding delta), whole-clip runs score A then B, and the summary says
// which run bands more and where.

// runKind is what run B changes.
type runKind int

const (
	runBackend runKind = iota // another backend
	runClip                   // another distorted clip (encode)
	runOptions                // other feature options
)

// runB is run B's definition, beside the inspector's run A.
type runB struct {
	kind runKind
	dist string          // runClip: the second encode
	raw  clip.RawOptions // runClip: its raw format, when raw
	// runOptions: B's options (a copy of A's when first chosen).
	cambi, adm *engine.Options
}

// Labels of the compare drop-down beside the backends.
const (
	pickEncodeLabel  = "Another encode (file)…"
	pickOptionsLabel = "Other options (run B)…"
	encodePrefix     = "encode: "
	optionsLabel     = "options of run B"
)

// runsMode says whether compare mode compares two sessions (two encodes or
// two option sets) rather than two backends of one session.
func (i *inspector) runsMode() bool { return i.compare && i.runB.kind != runBackend }

// compareOptions are the compare drop-down's entries: every backend, the
// chosen encode, and the two ways to define a run B.
func (i *inspector) compareOptions() []string {
	opts := i.backendOptions()
	if i.runB.dist != "" {
		opts = append(opts, encodePrefix+filepath.Base(i.runB.dist))
	}
	if i.runB.cambi != nil {
		opts = append(opts, optionsLabel)
	}
	return append(opts, pickEncodeLabel, pickOptionsLabel)
}

// compareLabel is the drop-down entry of the current run B.
func (i *inspector) compareLabel() string {
	switch i.runB.kind {
	case runClip:
		return encodePrefix + filepath.Base(i.runB.dist)
	case runOptions:
		return optionsLabel
	}
	return i.backendLabel(i.cmpBack)
}

// refreshCompareSelect shows the current run B in the drop-down without
// acting on it.
func (i *inspector) refreshCompareSelect() {
	on := i.cmpSel.OnChanged
	i.cmpSel.OnChanged = nil
	i.cmpSel.SetOptions(i.compareOptions())
	i.cmpSel.SetSelected(i.compareLabel())
	i.cmpSel.OnChanged = on
}

// compareChosen handles a choice in the compare drop-down. It returns false
// for a backend while run B already is another backend: the caller then
// switches backends as it always did.
func (i *inspector) compareChosen(label string) bool {
	switch {
	case label == pickEncodeLabel:
		i.refreshCompareSelect() // until a file is chosen
		i.compareWithDialog()
		return true
	case label == pickOptionsLabel || label == optionsLabel:
		i.refreshCompareSelect()
		i.compareOptionsDialog()
		return true
	case strings.HasPrefix(label, encodePrefix):
		if i.runB.kind != runClip && i.runB.dist != "" {
			i.setRunB(runClip)
		}
		return true
	case i.runB.kind != runBackend:
		i.cmpBack = i.backendFromLabel(label)
		i.prefs.SetString(prefCompare, i.cmpBack)
		i.setRunB(runBackend)
		return true
	}
	return false
}

// prefRunB remembers run B's choice: what it changes and the encode's
// path and raw format, or B's options (runBPref as JSON; "" for another
// backend, which prefCompare names).
const prefRunB = "runB"

// runBPref is run B's choice as the preferences keep it.
type runBPref struct {
	Kind  string           `json:"kind"` // "encode" or "options"
	Path  string           `json:"path,omitempty"`
	Raw   *clip.RawOptions `json:"raw,omitempty"`
	CAMBI []engine.KV      `json:"cambi,omitempty"`
	ADM   []engine.KV      `json:"adm,omitempty"`
}

// saveRunB writes run B's choice to the preferences.
func (i *inspector) saveRunB() {
	i.prefs.SetString(prefRunB, formatRunBPref(i.runB))
}

// formatRunBPref is the preference for run B: "" for another backend.
func formatRunBPref(b runB) string {
	var p runBPref
	switch {
	case b.kind == runClip && b.dist != "":
		p = runBPref{Kind: "encode", Path: b.dist}
		if b.raw.Width > 0 {
			raw := b.raw
			p.Raw = &raw
		}
	case b.kind == runOptions && b.cambi != nil && b.adm != nil:
		p = runBPref{Kind: "options",
			CAMBI: optionSpec("cambi", b.cambi).Opts,
			ADM:   optionSpec("adm", b.adm).Opts}
	default:
		return ""
	}
	out, err := json.Marshal(p)
	if err != nil {
		return ""
	}
	return string(out)
}

// parseRunBPref reads the preference back. An encode that no longer exists
// (exists says), options that no longer parse, or anything unreadable is
// dropped without a word: ok is false and run B is another backend.
func parseRunBPref(s string, exists func(path string) bool) (b runB, ok bool) {
	if s == "" {
		return runB{}, false
	}
	var p runBPref
	if err := json.Unmarshal([]byte(s), &p); err != nil {
		return runB{}, false
	}
	switch p.Kind {
	case "encode":
		if p.Path == "" || !exists(p.Path) {
			return runB{}, false
		}
		b = runB{kind: runClip, dist: p.Path}
		if p.Raw != nil {
			r := *p.Raw
			if r.Width <= 0 || r.Height <= 0 || r.Width > 1<<16 || r.Height > 1<<16 || r.BitDepth < 0 || r.BitDepth > 16 {
				return runB{}, false
			}
			b.raw = r
		}
		return b, true
	case "options":
		c, a := defaultOptions("cambi"), defaultOptions("adm")
		if c.SetAll(p.CAMBI) != nil || a.SetAll(p.ADM) != nil {
			return runB{}, false
		}
		return runB{kind: runOptions, cambi: c, adm: a}, true
	}
	return runB{}, false
}

// fileExists says whether path names something that can be opened.
func fileExists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

// setRunB makes run B of that kind, turns compare mode on and scores again.
// B's whole-clip scores belong to the old run B: they are dropped.
func (i *inspector) setRunB(k runKind) {
	i.runB.kind = k
	i.scores[1] = nil
	i.scaleScoresB = nil
	i.cmpRes = nil
	i.saveRunB()
	i.refreshCompareSelect()
	i.scoresView.update()
	if !i.compare {
		i.setCompare(true)
		return
	}
	i.reopen()
	i.showFrame()
	i.perScaleRunB()
}

// compareWithDialog asks for a second encode of the reference.
func (i *inspector) compareWithDialog() {
	d := dialog.NewFileOpen(func(r fyne.URIReadCloser, err error) {
		if err != nil {
			i.fail(err)
			return
		}
		if r == nil {
			return
		}
		path := r.URI().Path()
		r.Close()
		i.compareWith(path)
	}, i.win)
	d.SetFilter(storage.NewExtensionFileFilter(clipExtensions()))
	if dir := i.prefs.StringWithFallback(prefLastDir, ""); dir != "" {
		if u, err := storage.ListerForURI(storage.NewFileURI(dir)); err == nil {
			d.SetLocation(u)
		}
	}
	d.SetTitleText("Compare with another encode of the same reference (run B)")
	d.Resize(fyne.NewSize(800, 560))
	d.Show()
}

// compareWith makes path, a second encode of the open reference, run B.
// A raw file's format comes from its name, else from run A's raw format
// (two encodes compare at one size), else from the raw-format dialog.
// Before run A is open (its raw format still being asked for), run B waits
// for it: opening run A opens both.
func (i *inspector) compareWith(path string) {
	if i.req.Distorted == "" {
		i.runB.dist, i.runB.raw, i.runB.kind = path, clip.RawOptions{}, runClip
		if g, complete := guessRaw(path); isRaw(path) && complete {
			i.runB.raw = g
		}
		i.compare = true
		i.compareChk.SetChecked(true)
		i.saveRunB()
		i.refreshCompareSelect()
		i.setStatus("Run B is " + filepath.Base(path) + ": open run A's distorted clip to compare them.")
		return
	}
	i.prefs.SetString(prefLastDir, filepath.Dir(path))
	set := func(raw clip.RawOptions) {
		i.runB.dist, i.runB.raw = path, raw
		i.setRunB(runClip)
	}
	if !isRaw(path) {
		set(i.req.Raw)
		return
	}
	g, complete := guessRaw(path)
	switch {
	case complete:
		set(g)
	case isRaw(i.req.Distorted):
		set(i.req.Raw)
	default:
		i.askRaw(path, g, func(o *clip.RawOptions) { set(*o) })
	}
}

// compareOptionsDialog edits run B's options: the same clip and backend
// scored with other CAMBI and ADM options. B starts from A's options.
func (i *inspector) compareOptionsDialog() {
	if i.runB.cambi == nil {
		i.runB.cambi, i.runB.adm = i.cambiOpts.Clone(), i.admOpts.Clone()
	}
	changed := func(string) {
		i.scores[1] = nil
		i.notice = "Run B's options changed: " + i.runName(1)
		i.setRunB(runOptions)
	}
	cf := newOptionsForm(i, func() *engine.Options { return i.runB.cambi },
		func() { i.runB.cambi = i.cambiOpts.Clone() }, changed)
	af := newOptionsForm(i, func() *engine.Options { return i.runB.adm },
		func() { i.runB.adm = i.admOpts.Clone() }, changed)
	acc := widget.NewAccordion(widget.NewAccordionItem("CAMBI options of run B", cf.content),
		widget.NewAccordionItem("ADM options of run B", af.content))
	acc.MultiOpen = true
	acc.Open(0)
	note := widget.NewLabel("Run B scores the same clip on " + i.backend + " with these options; " +
		"\"Defaults\" copies run A's. Each change scores the frame again.")
	note.Wrapping = fyne.TextWrapWord
	scroll := container.NewVScroll(acc)
	size := fyne.NewSize(460, 520)
	if c := i.win.Canvas(); c != nil && c.Size().Height > 0 {
		size.Height = min(size.Height, c.Size().Height-200)
	}
	scroll.SetMinSize(size)
	d := dialog.NewCustom("Run B: other options", "Close", container.NewBorder(note, nil, nil, nil, scroll), i.win)
	d.Show()
	if i.runB.kind != runOptions || !i.compare {
		i.setRunB(runOptions)
	}
}

// requestB is run B's engine request.
func (i *inspector) requestB() engine.Request {
	switch i.runB.kind {
	case runClip:
		r := i.request(i.backend)
		r.Distorted = i.runB.dist
		if i.runB.raw.Width > 0 {
			r.Raw = i.runB.raw // else run A's: the clips share one size
		}
		return r
	case runOptions:
		r := i.request(i.backend)
		r.Features = []engine.Spec{optionSpec("cambi", i.runB.cambi), optionSpec("adm", i.runB.adm)}
		return r
	}
	return i.request(i.cmpBack)
}

// runName names run k (0: A, 1: B) in legends, exports and summaries: the
// backend in backend mode (as before), else "A" or "B" and what makes the
// run: its encode's name, or its options.
func (i *inspector) runName(k int) string {
	if !i.runsMode() {
		return []string{i.backend, i.cmpBack}[k]
	}
	if i.runB.kind == runClip {
		return "AB"[k:k+1] + " " + shortName(filepath.Base([]string{i.req.Distorted, i.runB.dist}[k]))
	}
	if k == 0 {
		return "A " + optionsText(i.cambiOpts, i.admOpts, nil, nil)
	}
	return "B " + optionsText(i.runB.cambi, i.runB.adm, i.cambiOpts, i.admOpts)
}

// shortName drops a clip name's extension and keeps it under 32
// characters (the middle is elided), so that a legend stays beside its plot.
func shortName(s string) string {
	s = strings.TrimSuffix(s, filepath.Ext(s))
	const n = 32
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:n/2-1]) + "…" + string(r[len(r)-n/2:])
}

// optionsText lists the options of (c, a) that differ from (bc, ba), or
// from the defaults when those are nil: "cambi window_size=33".
func optionsText(c, a, bc, ba *engine.Options) string {
	var parts []string
	for _, f := range []struct {
		name     string
		v, other *engine.Options
	}{{"cambi", c, bc}, {"adm", a, ba}} {
		if f.v == nil {
			continue
		}
		var kv []string
		for _, o := range shownOptions(f.v.Table()) {
			val := formatOption(f.v, o)
			if f.other == nil && f.v.IsDefault(o.Name) || f.other != nil && val == formatOption(f.other, o) {
				continue
			}
			kv = append(kv, o.Name+"="+val)
		}
		if len(kv) > 0 {
			parts = append(parts, f.name+" "+strings.Join(kv, ":"))
		}
	}
	if len(parts) == 0 {
		if bc != nil {
			return "(same options as A)"
		}
		return "(default options)"
	}
	return strings.Join(parts, ", ")
}

// sameShape checks that run B can be compared with run A frame by frame:
// the same size and the same number of frames.
func sameShape(nameA, nameB string, a, b clip.Info, framesA, framesB int) error {
	if a.Width != b.Width || a.Height != b.Height {
		return fmt.Errorf("run B %s is %dx%d but run A %s is %dx%d: two runs compare frame by frame at one size (encode both at the reference's size)",
			nameB, b.Width, b.Height, nameA, a.Width, a.Height)
	}
	if framesA != framesB {
		return fmt.Errorf("run B %s has %d frames but run A %s has %d: two runs compare frame by frame (encode both from the same frames of the reference)",
			nameB, framesB, nameA, framesA)
	}
	return nil
}

// reopenRuns opens run A's and run B's sessions, checks that they compare,
// then shows the current frame of both.
func (i *inspector) reopenRuns() {
	old, oldB := i.sess, i.sessB
	i.sess, i.sessB = nil, nil
	i.framer.stop()
	reqA, reqB := i.request(i.backend), i.requestB()
	nameA, nameB := filepath.Base(reqA.Distorted), filepath.Base(reqB.Distorted)
	i.setStatus(fmt.Sprintf("Opening run A (%s) and run B (%s) on %s…", i.runName(0), i.runName(1), reqA.Backend))
	eng := i.eng
	i.opener.submit(func(ctx context.Context) func() {
		i.framer.run.Lock()
		closeSessions(old, oldB)
		i.framer.run.Unlock()
		a, err := safeOpen(ctx, eng, reqA)
		if err != nil {
			return func() { i.fail(fmt.Errorf("run A: %w", err)) }
		}
		b, err := safeOpen(ctx, eng, reqB)
		if err != nil {
			closeSessions(a)
			return func() { i.runsFailed(fmt.Errorf("run B: %w", err)) }
		}
		if ctx.Err() != nil {
			closeSessions(a, b)
			return nil
		}
		_, da := a.Info()
		_, db := b.Info()
		if err := sameShape(nameA, nameB, da, db, a.Frames(), b.Frames()); err != nil {
			closeSessions(a, b)
			return func() { i.runsFailed(err) }
		}
		admErr := skippedError(a, "adm")
		return func() {
			i.admErr = admErr
			i.sess, i.sessB = a, b
			i.refInfo, i.distInfo = a.Info()
			i.frames = a.Frames()
			i.vp.setFrame(i.distInfo.Width, i.distInfo.Height)
			i.win.SetTitle("Bandscope — " + i.runName(0) + " vs " + i.runName(1))
			i.clipPanel.update()
			i.clipOpen()
			i.errText = ""
			i.gotoFrame(min(i.cur, max(i.frames-1, 0)))
		}
	})
}

// runsFailed reports why run B cannot be compared and goes back to run A
// alone, so that the window never shows half a comparison.
func (i *inspector) runsFailed(err error) {
	i.runB.kind = runBackend
	i.runB.dist = ""
	i.refreshCompareSelect()
	i.compare = false
	i.compareChk.SetChecked(false)
	i.scores[1] = nil
	i.scaleScoresB = nil
	i.cmpRes = nil
	i.saveRunB()
	i.reopen()
	i.fail(err)
	// The status line keeps saying why once run A's frame is back.
	i.notice = "Not compared: " + err.Error()
}

// frameRuns scores frame n of both runs, A then B, in the background.
func (i *inspector) frameRuns(n int) {
	a, b := i.sess, i.sessB
	start := now()
	i.framer.submit(func(ctx context.Context) func() {
		ra, err := a.Frame(ctx, n)
		if err == nil {
			var rb *engine.FrameResult
			if rb, err = b.Frame(ctx, n); err == nil {
				return func() { i.frameArrived(ra, rb, n, start) }
			}
			err = fmt.Errorf("run B: %w", err)
		}
		if ctx.Err() != nil {
			return nil
		}
		return func() { i.fail(err) }
	})
}

// showRuns shows, in the Compare view, the two runs' maps in runs mode
// and reports true; else it shows the backends' stages (the caller draws
// them) and reports false.
func (i *inspector) showRuns() bool {
	if i.runsMode() {
		i.compareView.content.Hide()
		i.runsView.content.Show()
		i.runsView.update()
		return true
	}
	i.runsView.content.Hide()
	i.compareView.content.Show()
	return false
}

// runsSummary is run B's CAMBI beside run A's in the status line.
func (i *inspector) runsSummary() string {
	r := i.cmpRes
	c := cambiOf(r)
	if c == nil || !i.runsMode() {
		return ""
	}
	return " (B " + fmtScore(c.CAMBI) + ")"
}

// runNoun is what the two runs of a whole-clip run are called.
func (i *inspector) runNoun() string {
	if i.runsMode() {
		return "run"
	}
	return "backend"
}

// bandingComparison says which of two whole-clip runs bands more, by how
// much, and on which frames.
type bandingComparison struct {
	NameA, NameB   string
	Metric         string  // the CAMBI metric compared (options may rename it)
	MeanA, MeanB   float64 // over the frames both runs scored
	Frames         int
	MoreA, MoreB   [][2]int // frame ranges (first, last) where that run bands more
	Same           int      // frames with equal scores, bit for bit
	WorstA, WorstB []int    // each run's three worst frames, worst first
	ValA, ValB     []float64
}

// cambiMetric is a run's CAMBI score metric: "cambi", or its
// option-suffixed name; never the source or full-reference scores.
func cambiMetric(frames [][]engine.Metric) string {
	for _, ms := range frames {
		for _, m := range ms {
			if f, base, _ := engine.MetricFeature(m.Name); f == "cambi" && base == engine.CAMBIScoreKey {
				return m.Name
			}
		}
	}
	return ""
}

// compareBanding compares two runs' CAMBI frame by frame; ok is false when
// either has no CAMBI score.
func compareBanding(nameA, nameB string, a, b [][]engine.Metric) (c bandingComparison, ok bool) {
	ma, mb := cambiMetric(a), cambiMetric(b)
	if ma == "" || mb == "" {
		return c, false
	}
	c = bandingComparison{NameA: nameA, NameB: nameB, Metric: ma}
	if mb != ma {
		c.Metric = ma + " / " + mb
	}
	n := min(len(a), len(b))
	c.ValA, c.ValB = make([]float64, n), make([]float64, n)
	sumA, sumB := 0.0, 0.0
	var side []int // per frame: 1 A bands more, -1 B, 0 the same, 2 not scored
	for f := 0; f < n; f++ {
		x, okA := findMetric(a[f], ma)
		y, okB := findMetric(b[f], mb)
		c.ValA[f], c.ValB[f] = x, y
		switch {
		case !okA || !okB || math.IsNaN(x) || math.IsNaN(y):
			c.ValA[f], c.ValB[f] = math.NaN(), math.NaN()
			side = append(side, 2)
			continue
		case x > y:
			side = append(side, 1)
		case y > x:
			side = append(side, -1)
		default:
			side = append(side, 0)
			c.Same++
		}
		sumA += x
		sumB += y
		c.Frames++
	}
	if c.Frames == 0 {
		return c, false
	}
	c.MeanA, c.MeanB = sumA/float64(c.Frames), sumB/float64(c.Frames)
	for f := 0; f < n; {
		g := f
		for g+1 < n && side[g+1] == side[f] {
			g++
		}
		switch side[f] {
		case 1:
			c.MoreA = append(c.MoreA, [2]int{f, g})
		case -1:
			c.MoreB = append(c.MoreB, [2]int{f, g})
		}
		f = g + 1
	}
	c.WorstA, c.WorstB = worstOf(c.ValA, 3), worstOf(c.ValB, 3)
	return c, true
}

// worstOf is the n frames with the highest values, highest first (ties:
// the earlier frame first).
func worstOf(vals []float64, n int) []int {
	var idx []int
	for f, v := range vals {
		if !math.IsNaN(v) {
			idx = append(idx, f)
		}
	}
	sort.SliceStable(idx, func(x, y int) bool { return vals[idx[x]] > vals[idx[y]] })
	return idx[:min(n, len(idx))]
}

// frameRanges writes ranges as "0–4, 7, 9–12", at most max of them.
func frameRanges(rs [][2]int, max int) string {
	var parts []string
	for k, r := range rs {
		if k == max {
			parts = append(parts, fmt.Sprintf("and %d more ranges", len(rs)-max))
			break
		}
		if r[0] == r[1] {
			parts = append(parts, strconv.Itoa(r[0]))
		} else {
			parts = append(parts, fmt.Sprintf("%d–%d", r[0], r[1]))
		}
	}
	return strings.Join(parts, ", ")
}

func rangeFrames(rs [][2]int) int {
	n := 0
	for _, r := range rs {
		n += r[1] - r[0] + 1
	}
	return n
}

// String is the summary's verdict: which run bands more, by its mean CAMBI
// and worst frames, and where.
func (c bandingComparison) String() string {
	var b strings.Builder
	switch {
	case c.MeanA > c.MeanB:
		fmt.Fprintf(&b, "%s bands more: mean %s %.6g against %.6g for %s.\n", c.NameA, c.Metric, c.MeanA, c.MeanB, c.NameB)
	case c.MeanB > c.MeanA:
		fmt.Fprintf(&b, "%s bands more: mean %s %.6g against %.6g for %s.\n", c.NameB, c.Metric, c.MeanB, c.MeanA, c.NameA)
	default:
		fmt.Fprintf(&b, "Both runs band as much: mean %s %.6g.\n", c.Metric, c.MeanA)
	}
	where := func(name string, rs [][2]int) {
		if len(rs) == 0 {
			fmt.Fprintf(&b, "%s bands more on no frame.\n", name)
			return
		}
		fmt.Fprintf(&b, "%s bands more on %d of %d frames: %s.\n", name, rangeFrames(rs), c.Frames, frameRanges(rs, 8))
	}
	where(c.NameA, c.MoreA)
	where(c.NameB, c.MoreB)
	if c.Same > 0 {
		fmt.Fprintf(&b, "The same score, bit for bit, on %d frames.\n", c.Same)
	}
	worst := func(name string, fs []int, vals []float64) {
		var s []string
		for _, f := range fs {
			s = append(s, fmt.Sprintf("%d (%.4g)", f, vals[f]))
		}
		fmt.Fprintf(&b, "Worst frames of %s: %s.\n", name, strings.Join(s, ", "))
	}
	worst(c.NameA, c.WorstA, c.ValA)
	worst(c.NameB, c.WorstB, c.ValB)
	return strings.TrimRight(b.String(), "\n")
}

// runsVerdict is the summary's comparison of the two whole-clip runs, or ""
// outside runs mode or before both are scored.
func (i *inspector) runsVerdict() string {
	if !i.runsMode() || i.scores[0] == nil || i.scores[1] == nil {
		return ""
	}
	c, ok := compareBanding(i.runName(0), i.runName(1), i.scores[0].PerFrame(), i.scores[1].PerFrame())
	if !ok {
		return "No CAMBI scores in both runs: nothing says which bands more."
	}
	return c.String()
}

// runArgs is the inspector's command line: bandscope [DIST [REF]]
// [--ref REF] [--compare-with DIST2] [--log LOG]...
type runArgs struct {
	dist, ref   string
	compareWith string
	logs        []string
}

// parseRunArgs reads the inspector's command line. Flags take their value
// as the next argument or after "=".
func parseRunArgs(args []string) (runArgs, error) {
	var r runArgs
	var pos []string
	for k := 0; k < len(args); k++ {
		a := args[k]
		if !strings.HasPrefix(a, "-") || a == "-" {
			pos = append(pos, a)
			continue
		}
		name, val, hasVal := strings.Cut(strings.TrimLeft(a, "-"), "=")
		switch name {
		case "compare-with", "compare_with", "ref", "reference", "log":
		default:
			return r, fmt.Errorf("unknown flag %s (usage: %s)", a, runUsage)
		}
		if !hasVal {
			if k+1 >= len(args) {
				return r, fmt.Errorf("%s needs a file name (usage: %s)", a, runUsage)
			}
			k++
			val = args[k]
		}
		if val == "" {
			return r, fmt.Errorf("%s needs a file name (usage: %s)", a, runUsage)
		}
		switch name {
		case "compare-with", "compare_with":
			r.compareWith = val
		case "ref", "reference":
			r.ref = val
		case "log":
			r.logs = append(r.logs, val)
		}
	}
	if len(pos) > 2 || len(pos) == 2 && r.ref != "" {
		return r, fmt.Errorf("usage: %s (got %d clips)", runUsage, len(pos))
	}
	if len(pos) > 0 {
		r.dist = pos[0]
	}
	if len(pos) == 2 {
		r.ref = pos[1]
	}
	if r.ref != "" && r.dist == "" {
		return r, fmt.Errorf("--ref needs a distorted clip (usage: %s)", runUsage)
	}
	return r, nil
}

const runUsage = "bandscope [DIST [REF]] [--ref REF] [--compare-with DIST2] [--log LOG]..."

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
	ca, cb := cambiOf(a), cambiOf(b)
	if ca == nil || cb == nil {
		return nil, nil
	}
	var names []string
	for s := 0; s < engine.CAMBIScales; s++ {
		x, y := ca.Dist.Scales[s], cb.Dist.Scales[s]
		ma, mb := f32Map(x.Width, x.Height, x.CValues), f32Map(y.Width, y.Height, y.CValues)
		if ma == nil || mb == nil || ma.W != mb.W || ma.H != mb.H {
			continue
		}
		st := mapDelta(ma, mb)
		d := &mapData{W: ma.W, H: ma.H, At: func(k int) float64 { return ma.At(k) - mb.At(k) }}
		name := fmt.Sprintf("delta_A-B_frame%d_cambi_cvalues_scale%d.png", a.Frame, s)
		scale := st.maxAbs
		if err := writePNG(filepath.Join(dir, name), mapImage(d, paletteFunc(func(v float64) color.NRGBA { return diffColor(v, scale) })), inputs...); err != nil {
			return names, err
		}
		names = append(names, name)
	}
	return names, nil
}
