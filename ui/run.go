package ui

import (
	"fmt"
	"log"
	"os"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/app"

	"github.com/bandscope/bandscope/assets"
	"github.com/bandscope/bandscope/engine"
)

// AppID is the application's identifier, as in FyneApp.toml.
const AppID = "io.github.bandscope.bandscope"

// Run opens the inspector and returns when its window closes. args are the
// command line after the program name: none opens the embedded demo clip,
// DIST opens a distorted clip alone, DIST REF opens it with its reference;
// --compare-with DIST2 compares it with a second encode of the reference
// (with no DIST, the demo clip's), --log LOG reads libvmaf logs beside it.
func Run(cmdline []string) (err error) {
	ra, err := parseRunArgs(cmdline)
	if err != nil {
		return &UsageError{err}
	}
	if err := checkRunArgs(ra); err != nil {
		return err
	}
	var args []string
	for _, a := range []string{ra.dist, ra.ref} {
		if a != "" {
			args = append(args, a)
		}
	}
	// The engine lists its GPU adapters before Fyne starts: creating the
	// WebGPU instance after GLFW has made its GL context crashes inside
	// wgpu-native. The list (and so the instance) is made once, here.
	ql := &quietLog{w: os.Stderr}
	log.SetOutput(ql)
	defer func() {
		// A display that is named but cannot be opened: GLFW logs why
		// (held back by ql until the app has started), then its next
		// call panics "not initialized". Say why, once; any other panic
		// goes on.
		if p := recover(); p != nil {
			why := ql.platformError()
			if why == "" || !strings.Contains(fmt.Sprint(p), "NotInitialized") {
				panic(p)
			}
			err = fmt.Errorf("cannot open a window: %s", why)
		}
	}()
	eng := cachedBackends(defaultEngine())
	a := app.NewWithID(AppID)
	a.Lifecycle().SetOnStarted(ql.started) // GLFW's later errors pass through
	a.SetIcon(fyne.NewStaticResource("icon.png", assets.Icon))
	w := a.NewWindow("Bandscope")
	i := newInspector(a, w, eng)
	i.applyTheme(a.Preferences().StringWithFallback(prefTheme, "system"))
	w.Resize(fyne.NewSize(float32(a.Preferences().IntWithFallback(prefWinW, 1280)),
		float32(a.Preferences().IntWithFallback(prefWinH, 720))))
	var req engine.Request
	switch len(args) {
	case 0:
		r, err := demoRequest(demoDir())
		if err != nil {
			return err
		}
		req = r
	default:
		req.Distorted = args[0]
		if len(args) == 2 {
			req.Reference = args[1]
		}
		if isRaw(req.Distorted) {
			g, complete := guessRaw(req.Distorted)
			if !complete {
				// The dialog needs the window up; ask once it is.
				go fyne.Do(func() {
					if len(args) == 2 {
						i.openPair(args[0], args[1])
					} else {
						i.openPath(args[0], false)
					}
				})
				req = engine.Request{}
			}
			req.Raw = g
		}
	}
	if req.Distorted != "" {
		if len(args) > 0 {
			// Clips from the command line are recent files too.
			i.addRecentRaw(req.Distorted, req.Raw, isRaw(req.Distorted))
		}
		i.open(req)
	}
	for _, l := range ra.logs {
		i.openLog(l)
	}
	if ra.compareWith != "" {
		// Before run A when its raw format is still to be asked for: then
		// run B waits for it.
		i.bar.compareWith(ra.compareWith)
	}
	w.ShowAndRun()
	return nil
}
