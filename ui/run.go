package ui

import (
	"fmt"
	"log"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/app"

	"github.com/bandscope/bandscope/assets"
	"github.com/bandscope/bandscope/engine"
)

// AppID is the application's identifier, as in FyneApp.toml.
const AppID = "io.github.bandscope.bandscope"

// memoryLimit is the inspector's soft memory limit (debug.SetMemoryLimit):
// a whole 1080p frame with two models keeps about 400 MB of maps alive,
// and with the runtime's default the heap grew to twice what the frames
// kept alive hold, 1.5 to 2 GB, before a collection; within the limit the
// collector runs as often as it must. The limit leaves room above the
// frames shown and scored ahead: at 700 MB the collector ran all the time
// and took half of playback's CPU (BenchmarkPlayback, 170-180 ms a frame
// against 77-96 ms without a limit). GOMEMLIMIT overrides it.
const memoryLimit = 900 << 20

// limitMemory sets memoryLimit unless GOMEMLIMIT says otherwise.
func limitMemory() {
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(memoryLimit)
	}
}

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
	limitMemory()
	eng := cachedBackends(defaultEngine())
	a := app.NewWithID(AppID)
	a.Lifecycle().SetOnStarted(ql.started) // GLFW's later errors pass through
	a.SetIcon(fyne.NewStaticResource("icon.png", assets.Icon))
	root := a.Storage().RootURI().Path()
	prefs := openPrefs(filepath.Join(root, prefsFile), filepath.Join(root, "preferences.json"))
	defer prefs.flush()
	w := a.NewWindow("Bandscope")
	i := newInspectorWith(a, w, eng, prefs)
	i.applyTheme(prefs.StringWithFallback(prefTheme, "system"))
	w.Resize(fyne.NewSize(float32(prefs.IntWithFallback(prefWinW, 1280)),
		float32(prefs.IntWithFallback(prefWinH, 720))))
	// Every path the inspector keeps (recent files, run B, the folders of
	// its dialogs) is absolute: a later start from another folder opens
	// the same files.
	for _, p := range []*string{&ra.dist, &ra.ref, &ra.compareWith} {
		if *p != "" {
			*p = absPath(*p)
		}
	}
	for k := range ra.logs {
		ra.logs[k] = absPath(ra.logs[k])
	}
	var req engine.Request
	switch {
	case ra.dist == "":
		r, err := demoRequest(demoDir())
		if err != nil {
			return err
		}
		req = r
	default:
		req.Distorted, req.Reference = ra.dist, ra.ref
		if isRaw(req.Distorted) {
			g, complete := guessRaw(req.Distorted)
			if !complete {
				// The dialog needs the window up; ask once it is.
				go fyne.Do(func() {
					if ra.ref != "" {
						i.openPair(ra.dist, ra.ref)
					} else {
						i.openPath(ra.dist, false)
					}
				})
				req = engine.Request{}
			}
			req.Raw = g
		}
		// Clips from the command line are recent files too, once open.
		i.recentPending = true
	}
	if req.Distorted != "" {
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
