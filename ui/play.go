package ui

import (
	"fmt"
	"time"

	"fyne.io/fyne/v2/theme"
)

// player steps frames at the clip's rate while playing (space): each
// frame is scored with every map and drawn, then the next is asked for
// after what is left of the frame interval. When the engine is slower
// than the clip, frames follow as fast as it can, and the Frame view
// shows the rate achieved.
type player struct {
	on    bool
	gen   int       // bumped by every start and stop: a stale timer does nothing
	last  time.Time // when the previous frame was shown
	fps   float64   // achieved, smoothed
	shown int
}

// clipFPS is the clip's frame rate, or 24 when the container has none.
func (i *inspector) clipFPS() float64 {
	for _, fr := range [][2]int{i.distInfo.FrameRate, i.refInfo.FrameRate} {
		if fr[0] > 0 && fr[1] > 0 {
			return float64(fr[0]) / float64(fr[1])
		}
	}
	return 24
}

// togglePlay starts or stops playback.
func (i *inspector) togglePlay() {
	if i.play.on {
		i.stopPlay()
		return
	}
	if i.sess == nil || i.frames < 2 {
		return
	}
	i.play.on = true
	i.play.gen++
	i.play.fps, i.play.shown = 0, 0
	i.play.last = time.Now()
	i.frameView.play.SetText("Pause")
	i.frameView.play.SetIcon(theme.MediaPauseIcon())
	i.frameView.fps.SetText(fmt.Sprintf("clip %.3g fps", i.clipFPS()))
	if i.cur >= i.frames-1 {
		i.gotoFrame(0)
	} else {
		i.step(1)
	}
}

func (i *inspector) stopPlay() {
	if !i.play.on {
		return
	}
	i.play.on = false
	i.play.gen++
	i.frameView.play.SetText("Play")
	i.frameView.play.SetIcon(theme.MediaPlayIcon())
	if i.play.fps > 0 {
		i.frameView.fps.SetText(fmt.Sprintf("played at %.1f fps (clip %.3g)", i.play.fps, i.clipFPS()))
	}
}

// frameShown, called when a frame's maps are drawn, asks for the next
// frame while playing.
func (i *inspector) frameShown() {
	if !i.play.on {
		return
	}
	now := time.Now()
	dt := now.Sub(i.play.last)
	i.play.last = now
	if i.play.shown > 0 && dt > 0 {
		f := 1 / dt.Seconds()
		if i.play.fps == 0 {
			i.play.fps = f
		} else {
			i.play.fps = 0.8*i.play.fps + 0.2*f
		}
		want := i.clipFPS()
		note := ""
		if i.play.fps < 0.95*want {
			note = ", as fast as the engine scores"
		}
		i.frameView.fps.SetText(fmt.Sprintf("%.1f fps (clip %.3g%s)", i.play.fps, want, note))
	}
	i.play.shown++
	if i.cur >= i.frames-1 {
		i.stopPlay()
		return
	}
	interval := time.Duration(float64(time.Second) / i.clipFPS())
	wait := interval - time.Since(now) - max(dt-interval, 0)
	gen := i.play.gen
	next := func() {
		if i.play.on && i.play.gen == gen {
			i.step(1)
		}
	}
	if wait <= 0 {
		next()
		return
	}
	time.AfterFunc(wait, func() { uiDo(next) })
}
