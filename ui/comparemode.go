package ui

import (
	"context"
	"fmt"
	"path/filepath"
	"time"

	"github.com/bandscope/bandscope/engine"
	"github.com/bandscope/bandscope/engine/summary"
)

// Compare mode: turning it on and off, choosing run B, and in runs mode
// (runb.go) the two sessions that score each frame in turn.

// setCompare turns compare mode on or off.
func (i *inspector) setCompare(on bool) {
	if on == i.compare {
		return
	}
	i.compare = on
	i.bar.compareChk.SetChecked(on)
	i.cmpRes = nil
	i.scores[1] = nil
	if on {
		i.tabs.SelectIndex(3)
	}
	i.reopen()
	i.showFrame()
	i.scoresView.perScaleRunB()
}

// compareOffHint says how to compare with the run B chosen, while compare
// mode is off.
func (i *inspector) compareOffHint() string {
	switch i.runB.kind {
	case runClip:
		return "Tick \"Compare with\" (Ctrl+K) to compare with run B, the encode " + filepath.Base(i.runB.dist) +
			", or choose another run B beside it: a backend, an encode or other options."
	case runOptions:
		return "Tick \"Compare with\" (Ctrl+K) to compare with run B, the same clip with other options (" +
			optionsText(i.runB.cambi, i.runB.adm, i.cambiOpts, i.admOpts) + "), or choose another run B beside it."
	}
	return "Tick \"Compare with\" (Ctrl+K) to compare with run B, the backend " + i.cmpBack +
		", or choose another run B beside it: a backend, another encode of the reference, or other options."
}

// saveRunB writes run B's choice to the preferences.
func (i *inspector) saveRunB() {
	i.prefs.SetString(prefRunB, formatRunBPref(i.runB))
}

// setRunB makes run B of that kind, turns compare mode on and scores again.
// B's whole-clip scores belong to the old run B: they are dropped.
func (i *inspector) setRunB(k runKind) {
	i.runB.kind = k
	i.scores[1] = nil
	i.scaleScoresB = nil
	i.cmpRes = nil
	i.saveRunB()
	i.bar.refreshCompareSelect()
	i.scoresView.update()
	if !i.compare {
		i.setCompare(true)
		return
	}
	i.reopen()
	i.showFrame()
	i.scoresView.perScaleRunB()
}

// reopenRuns opens run A's and run B's sessions, checks that they compare,
// then shows the current frame of both.
func (i *inspector) reopenRuns() {
	old, oldB := i.sess, i.sessB
	i.sess, i.sessB = nil, nil
	i.stopFrames()
	i.ahead.forget()
	reqA, reqB := i.request(i.backend), i.requestB()
	nameA, nameB := filepath.Base(reqA.Distorted), filepath.Base(reqB.Distorted)
	i.setStatus(fmt.Sprintf("Opening run A (%s) and run B (%s) on %s…", i.runName(0), i.runName(1), reqA.Backend))
	eng := i.eng
	i.opener.submit(func(ctx context.Context) func() {
		i.lockFrames()
		closeSessions(old, oldB)
		i.unlockFrames()
		a, err := safeOpen(ctx, eng, reqA)
		if err != nil {
			return func() {
				i.recentPending = false
				i.fail(fmt.Errorf("run A: %w", err))
			}
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
			i.distInfoB = db
			i.frames, i.listed = a.Frames(), 0
			i.vp.setFrame(i.distInfo.Width, i.distInfo.Height)
			i.win.SetTitle("Bandscope — " + i.runName(0) + " vs " + i.runName(1))
			i.openedRecent()
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
	i.bar.refreshCompareSelect()
	i.compare = false
	i.bar.compareChk.SetChecked(false)
	i.scores[1] = nil
	i.scaleScoresB = nil
	i.cmpRes = nil
	i.saveRunB()
	i.reopen()
	i.fail(err)
	// The status line keeps saying why once run A's frame is back.
	i.notice = "Not compared: " + err.Error()
}

// frameRuns scores frame n of both runs, A then B, in the background:
// first what the view on screen needs of both, then the rest behind it
// (completeRuns), as for one run.
func (i *inspector) frameRuns(n int) {
	a, b := i.sess, i.sessB
	start := now()
	i.completer.stop()
	need := i.visibleNeeds()
	i.framer.submit(func(ctx context.Context) func() {
		ra, err := scoreFirst(ctx, a, n, need)
		if err == nil {
			var rb *engine.FrameResult
			if rb, err = scoreFirst(ctx, b, n, need); err == nil {
				return func() {
					i.frameArrived(ra, rb, n, start)
					if ra.Partial && !i.play.on {
						i.completeRuns(a, b, ra, rb, start)
					}
				}
			}
			err = fmt.Errorf("run B: %w", err)
		}
		if ctx.Err() != nil {
			return nil
		}
		return func() { i.frameFailed(err) }
	})
}

// completeRuns scores the rest of both runs' frame behind the view.
func (i *inspector) completeRuns(a, b Session, pa, pb *engine.FrameResult, start time.Time) {
	i.completer.submit(func(ctx context.Context) func() {
		ra, err := a.Complete(ctx, pa)
		if err == nil {
			var rb *engine.FrameResult
			if rb, err = b.Complete(ctx, pb); err == nil {
				return func() {
					if i.res == pa && i.sess == a {
						i.frameArrived(ra, rb, pa.Frame, start)
					}
				}
			}
			err = fmt.Errorf("run B: %w", err)
		}
		if ctx.Err() != nil {
			return nil
		}
		return func() { i.frameFailed(err) }
	})
}

// completeShown scores the rest of the frame shown when only its visible
// part is (playback stopped on it); a whole frame is shown in every view.
func (i *inspector) completeShown() {
	r := i.res
	if r == nil || i.sess == nil {
		return
	}
	if !r.Partial {
		i.showFrame()
		return
	}
	if i.sessB != nil {
		if i.cmpRes != nil {
			i.completeRuns(i.sess, i.sessB, r, i.cmpRes, now())
		}
		return
	}
	i.completeFrame(i.sess, r, 1, now())
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

// runsVerdict is the summary's comparison of the two whole-clip runs, or ""
// outside runs mode or before both are scored.
func (i *inspector) runsVerdict() string {
	if !i.runsMode() || i.scores[0] == nil || i.scores[1] == nil {
		return ""
	}
	c, ok := summary.CompareBanding(i.runName(0), i.runName(1), i.scores[0].PerFrame(), i.scores[1].PerFrame())
	if !ok {
		return "No CAMBI scores in both runs: nothing says which bands more."
	}
	return c.String()
}
