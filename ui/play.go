package ui

import (
	"fmt"
	"time"

	"fyne.io/fyne/v2/theme"
)

// player steps frames at the clip's rate while playing (space): each
// frame is scored for the view on screen alone (the Frame view's overlay:
// CAMBI), the next one while it is drawn, then asked for after what is
// left of the frame interval; the rest of the frame playback stops on is
// scored then. When the engine is slower than the clip, frames follow as
// fast as it can, and the Frame view shows the rate achieved.
type player struct {
	i   *inspector
	on  bool
	gen int // bumped by every start and stop: a stale timer does nothing
	// rate: when the frames of the last second were shown, the first
	// frame shown and how many were.
	recent   []time.Time
	first    time.Time
	shown    int
	labelled time.Time // when the rate was last written
	// The schedule: the frame shown was due at due; each step is asked
	// for lead before the next frame is due, lead being how long a step
	// took to show its frame (stepped: when the last was asked for),
	// smoothed.
	due, stepped time.Time
	lead         time.Duration
}

// clipFPS is the clip's frame rate, or 24 when the container has none.
func (p *player) clipFPS() float64 {
	i := p.i
	for _, fr := range [][2]int{i.distInfo.FrameRate, i.refInfo.FrameRate} {
		if fr[0] > 0 && fr[1] > 0 {
			return float64(fr[0]) / float64(fr[1])
		}
	}
	return 24
}

// toggle starts or stops playback.
func (p *player) toggle() {
	i := p.i
	if p.on {
		p.stop()
		return
	}
	if i.sess == nil || i.frames < 2 {
		return
	}
	p.on = true
	p.gen++
	p.recent, p.shown, p.labelled = p.recent[:0], 0, time.Time{}
	p.due, p.stepped, p.lead = time.Time{}, time.Now(), 0
	i.frameView.play.SetText("Pause")
	i.frameView.play.SetIcon(theme.MediaPauseIcon())
	i.frameView.fps.SetText(fmt.Sprintf("clip %.3g fps", p.clipFPS()))
	if i.cur >= i.frames-1 {
		i.gotoFrame(0)
	} else {
		i.step(1)
	}
}

// stop stops playback and says the rate achieved.
func (p *player) stop() {
	i := p.i
	if !p.on {
		return
	}
	p.on = false
	p.gen++
	i.frameView.play.SetText("Play")
	i.frameView.play.SetIcon(theme.MediaPlayIcon())
	if p.shown > 1 && len(p.recent) > 0 {
		fps := float64(p.shown-1) / p.recent[len(p.recent)-1].Sub(p.first).Seconds()
		i.frameView.fps.SetText(fmt.Sprintf("played at %.1f fps (clip %.3g)", fps, p.clipFPS()))
	}
	// Playback scored what the view showed; the rest of the frame it
	// stopped on comes now.
	i.completeShown()
}

// frameShown, called when a frame's maps are drawn, asks for the next
// frame while playing.
func (p *player) frameShown() {
	i := p.i
	if !p.on {
		return
	}
	now := time.Now()
	want := p.clipFPS()
	if p.shown == 0 {
		p.first = now
	}
	if fps, ok := p.rate(now); ok && now.Sub(p.labelled) >= labelEvery {
		p.labelled = now
		note := ""
		if fps < 0.95*want {
			note = ", as fast as the engine scores"
		}
		i.frameView.fps.SetText(fmt.Sprintf("%.1f fps (clip %.3g%s)", fps, want, note))
	}
	p.shown++
	if i.cur >= i.frames-1 {
		p.stop()
		return
	}
	interval := time.Duration(float64(time.Second) / want)
	lead := now.Sub(p.stepped)
	if p.lead == 0 {
		p.lead = lead
	} else {
		p.lead = (4*p.lead + lead) / 5
	}
	var show time.Time
	p.due, show = nextDue(p.due, now, interval)
	// A step is asked for its lead before the frame is to be shown: the
	// smoothed lead, or the last step's when shorter, since one slow step
	// (a hiccup) raises the smoothed lead for several frames, and frames
	// asked for that much early would come faster than the schedule's
	// twice the clip's rate.
	wait := time.Until(show) - min(p.lead, lead)
	gen := p.gen
	next := func() {
		if p.on && p.gen == gen {
			p.stepped = time.Now()
			i.step(1)
		}
	}
	if wait <= 0 {
		next()
		return
	}
	time.AfterFunc(wait, func() { uiDo(next) })
}

// labelEvery is how often the rate is written while playing: a label's
// text laid out 24 times a second costs CPU the frames need, and the rate
// of the last second changes little between two frames.
const labelEvery = 250 * time.Millisecond

// maxLag is how far behind its schedule playback may fall and still catch
// up: a hiccup of the machine (a collection, another process) costs no
// frames on average. Further behind, the engine is slower than the clip,
// and the schedule starts again from the frame shown.
const maxLag = 250 * time.Millisecond

// nextDue returns when the frame after the one shown at now is due, the
// one shown having been due at due (zero for the first), and when to show
// it. Frames are due an interval apart, on one schedule, so that the
// clip's rate holds on average: a frame shown late brings the next ones
// closer, but never closer than half an interval (at most twice the
// clip's rate while catching up, no burst). A frame shown more than maxLag
// late starts the schedule again from now: frames then follow as fast as
// they come.
func nextDue(due, now time.Time, interval time.Duration) (next, show time.Time) {
	if due.IsZero() || now.Sub(due) > maxLag {
		next = now.Add(interval)
	} else {
		next = due.Add(interval)
	}
	show = next
	if soonest := now.Add(interval / 2); show.Before(soonest) {
		show = soonest
	}
	return next, show
}

// rate records a frame shown at now and returns the rate over the last
// second: a rate smoothed frame by frame would swing with each hiccup and
// the catching up after it, which the schedule evens out.
func (p *player) rate(now time.Time) (float64, bool) {
	k := 0
	for k < len(p.recent) && now.Sub(p.recent[k]) > time.Second {
		k++
	}
	p.recent = append(p.recent[:0], p.recent[k:]...)
	p.recent = append(p.recent, now)
	if len(p.recent) < 2 {
		return 0, false
	}
	return float64(len(p.recent)-1) / now.Sub(p.recent[0]).Seconds(), true
}
