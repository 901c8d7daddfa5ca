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
	i     *inspector
	on    bool
	gen   int       // bumped by every start and stop: a stale timer does nothing
	last  time.Time // when the previous frame was shown
	fps   float64   // achieved, smoothed
	shown int
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
	p.fps, p.shown = 0, 0
	p.last = time.Now()
	p.due, p.stepped, p.lead = time.Time{}, p.last, 0
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
	if p.fps > 0 {
		i.frameView.fps.SetText(fmt.Sprintf("played at %.1f fps (clip %.3g)", p.fps, p.clipFPS()))
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
	dt := now.Sub(p.last)
	p.last = now
	if p.shown > 0 && dt > 0 {
		f := 1 / dt.Seconds()
		if p.fps == 0 {
			p.fps = f
		} else {
			p.fps = 0.8*p.fps + 0.2*f
		}
		want := p.clipFPS()
		note := ""
		if p.fps < 0.95*want {
			note = ", as fast as the engine scores"
		}
		i.frameView.fps.SetText(fmt.Sprintf("%.1f fps (clip %.3g%s)", p.fps, want, note))
	}
	p.shown++
	if i.cur >= i.frames-1 {
		p.stop()
		return
	}
	interval := time.Duration(float64(time.Second) / p.clipFPS())
	if lead := now.Sub(p.stepped); p.lead == 0 {
		p.lead = lead
	} else {
		p.lead = (4*p.lead + lead) / 5
	}
	// Frames are due an interval apart, on one schedule: a frame shown
	// a little late shortens the next wait, so that the rate holds on
	// average. One shown later than half an interval (the engine slower
	// than the clip) starts the schedule again from now, so that frames
	// then follow as fast as they come, never in a burst to catch up.
	if p.due.IsZero() || now.Sub(p.due) > interval/2 {
		p.due = now
	}
	p.due = p.due.Add(interval)
	wait := time.Until(p.due) - p.lead
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
