package ui

import (
	"context"
	"errors"
	"fmt"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"github.com/bandscope/bandscope/engine"
	"github.com/bandscope/bandscope/engine/clip"
	"github.com/bandscope/bandscope/engine/logs"
)

const maxRecent = 10

var (
	reSize  = regexp.MustCompile(`(\d{2,5})x(\d{2,5})`)
	reLines = regexp.MustCompile(`(?:^|[_\-.])(480|576|720|1080|1440|2160|4320)p`)
	reDepth = regexp.MustCompile(`(?:^|[_\-.x])(8|10|12|16)[_\-]?b(?:it)?`)
	reFmt   = regexp.MustCompile(`(420|422|444|400)`)
)

// guessRaw reads a raw clip's format from its name as encoders and
// libvmaf's test files write it: "clip_1920x1080_10b420.yuv",
// "grad_1080p_8b_src.yuv". complete says whether size and depth were found.
func guessRaw(name string) (o clip.RawOptions, complete bool) {
	base := strings.ToLower(filepath.Base(name))
	o.BitDepth = 8
	o.Chroma = engine.C420
	gotSize, gotDepth := false, false
	if m := reSize.FindStringSubmatch(base); m != nil {
		o.Width, _ = strconv.Atoi(m[1])
		o.Height, _ = strconv.Atoi(m[2])
		gotSize = o.Width > 0 && o.Height > 0
	} else if m := reLines.FindStringSubmatch(base); m != nil {
		o.Height, _ = strconv.Atoi(m[1])
		o.Width = o.Height * 16 / 9
		if o.Height == 576 {
			o.Width = 720
		}
		gotSize = true
	}
	if m := reDepth.FindStringSubmatch(base); m != nil {
		o.BitDepth, _ = strconv.Atoi(m[1])
		gotDepth = true
	}
	// Look for the pixel format after the size so that "420" in
	// "1280x720" cannot match.
	rest := base
	if loc := reSize.FindStringIndex(base); loc != nil {
		rest = base[loc[1]:]
	}
	if m := reFmt.FindStringSubmatch(rest); m != nil {
		o.Chroma, _ = engine.ParseChroma(m[1])
		o.ChromaSet = true
	}
	return o, gotSize && gotDepth
}

// isRaw says whether a path is a raw planar YUV file (its extension says
// so, as the engine reads it).
func isRaw(path string) bool { return clip.HasRawExtension(path) }

// clipExtensions are the extensions the open dialog offers.
func clipExtensions() []string {
	ext := []string{".yuv", ".raw", ".bin", ".y4m"}
	if _, err := exec.LookPath("ffmpeg"); err == nil {
		ext = append(ext, ".mp4", ".mkv", ".webm", ".mov", ".ivf", ".avi", ".ts", ".obu", ".264", ".265", ".hevc")
	}
	return ext
}

// A recent file is its path, and for a raw file the format it was opened
// with, so that opening it again asks nothing: "path\tWxH:chroma:depth".
func encodeRecent(path string, raw clip.RawOptions, isRaw bool) string {
	if !isRaw || raw.Width <= 0 {
		return path
	}
	return fmt.Sprintf("%s\t%dx%d:%s:%d", path, raw.Width, raw.Height, raw.Chroma, raw.BitDepth)
}

// decodeRecent splits an entry; ok is false when it carries no format.
func decodeRecent(e string) (path string, raw clip.RawOptions, ok bool) {
	path, f, found := strings.Cut(e, "\t")
	if !found {
		return path, raw, false
	}
	parts := strings.Split(f, ":")
	if len(parts) != 3 {
		return path, raw, false
	}
	wh := strings.Split(parts[0], "x")
	if len(wh) != 2 {
		return path, raw, false
	}
	o, err := rawFromForm(wh[0], wh[1], parts[1], parts[2])
	if err != nil {
		return path, raw, false
	}
	return path, o, true
}

// absPath is path made absolute: every path the inspector keeps (recent
// files, run B, dialog folders) must name the same file from any folder.
func absPath(path string) string {
	if a, err := filepath.Abs(path); err == nil {
		return a
	}
	return path
}

// recent lists the recent entries (see encodeRecent), newest first, each
// file once. Entries with a relative path (older versions kept them) are
// left out: they name another file from another folder.
func (i *inspector) recent() []string {
	s := i.prefs.StringWithFallback(prefRecent, "")
	if s == "" {
		return nil
	}
	var out []string
	seen := map[string]bool{}
	for _, e := range strings.Split(s, "\n") {
		p, _, _ := decodeRecent(e)
		if filepath.IsAbs(p) && !seen[p] {
			seen[p] = true
			out = append(out, e)
		}
	}
	return out
}

// addRecentRaw puts a clip first in the recent files, with its raw format.
func (i *inspector) addRecentRaw(path string, raw clip.RawOptions, isRaw bool) {
	path = absPath(path)
	list := []string{encodeRecent(path, raw, isRaw)}
	for _, e := range i.recent() {
		if p, _, _ := decodeRecent(e); p != path && len(list) < maxRecent {
			list = append(list, e)
		}
	}
	i.prefs.SetString(prefRecent, strings.Join(list, "\n"))
	i.refreshMenu()
}

// openedRecent adds the clips just opened to the recent files (a file that
// fails to open never enters them): the distorted clip, and a reference
// the user chose.
func (i *inspector) openedRecent() {
	if !i.recentPending {
		return
	}
	i.recentPending = false
	// The clip opened last comes first: a reference just chosen.
	for _, p := range []string{i.req.Distorted, i.req.Reference} {
		if p != "" && (p == i.req.Distorted || p == i.recentRef) {
			i.addRecentRaw(p, i.req.Raw, isRaw(p))
		}
	}
	i.recentRef = ""
}

// openRecent opens a recent entry, with its remembered raw format.
func (i *inspector) openRecent(e string) {
	path, raw, ok := decodeRecent(e)
	if ok {
		i.openPathRaw(path, false, &raw)
		return
	}
	i.openPath(path, false)
}

// openDialog asks for a clip file.
func (i *inspector) openDialog(ref bool) {
	title := "Open the distorted clip"
	if ref {
		title = "Open the reference clip"
	}
	i.openFileDialog(title, clipExtensions(), func(path string) { i.openPath(path, ref) })
}

// openPath opens a clip as the distorted one, or the reference.
func (i *inspector) openPath(path string, ref bool) { i.openPathRaw(path, ref, nil) }

// openPathRaw opens a clip; known, when set, is a raw file's format.
func (i *inspector) openPathRaw(path string, ref bool, known *clip.RawOptions) {
	path = absPath(path)
	i.prefs.SetString(prefLastDir, filepath.Dir(path))
	apply := func(raw *clip.RawOptions) {
		req := i.req
		if raw != nil {
			req.Raw = *raw
		}
		if ref {
			req.Reference = path
		} else {
			req.Distorted = path
		}
		i.recentPending = true
		if ref {
			i.recentRef = path
		}
		if req.Distorted == "" {
			i.req = req
			i.setStatus("Reference set; now open the distorted clip.")
			return
		}
		if !ref && req.Reference != "" && i.req.Distorted != "" && i.req.Distorted != path {
			// A new clip beside an old reference: most often unrelated.
			// Asked once the new clip is known to open.
			i.checkThenAsk(req)
			return
		}
		i.open(req)
	}
	switch {
	case known != nil:
		apply(known)
	case !isRaw(path):
		apply(nil)
	default:
		guess, complete := guessRaw(path)
		if complete {
			apply(&guess)
			return
		}
		i.askRaw(path, guess, apply)
	}
}

// checkThenAsk opens req's new distorted clip to check it, then asks
// whether to keep the previous clip's reference: a file that does not
// open gets its error, not a question about it.
func (i *inspector) checkThenAsk(req engine.Request) {
	i.setStatus("Checking " + req.Distorted + "…")
	check := i.request(i.backend)
	check.Distorted, check.Reference, check.Raw = req.Distorted, "", req.Raw
	check.Models, check.Explain = nil, false
	eng := i.eng
	i.opener.submit(func(ctx context.Context) func() {
		c, err := safeOpen(ctx, eng, check)
		if err != nil {
			if ctx.Err() != nil {
				return nil
			}
			return func() {
				i.recentPending = false
				i.fail(err)
			}
		}
		c.Close()
		return func() { i.askKeepReference(req) }
	})
}

// askKeepReference warns that a newly opened distorted clip would be
// scored against the reference of the previous one, and offers to clear it.
func (i *inspector) askKeepReference(req engine.Request) {
	msg := widget.NewLabel(fmt.Sprintf("The reference %s was opened with %s.\n"+
		"Keep it as the reference of %s, or clear it?\n\n"+
		"Without a reference, ADM (and any full-reference feature) compares the clip with itself.",
		filepath.Base(req.Reference), filepath.Base(i.req.Distorted), filepath.Base(req.Distorted)))
	msg.Wrapping = fyne.TextWrapWord
	d := dialog.NewCustomConfirm("Keep the reference?", "Keep reference", "Clear reference", msg, func(keep bool) {
		if !keep {
			req.Reference = ""
		}
		i.open(req)
		i.unfocus()
	}, i.win)
	d.Resize(fyne.NewSize(520, 240))
	i.showDialog(d)
}

// askRaw asks for the size, layout and bit depth of a raw file.
func (i *inspector) askRaw(path string, guess clip.RawOptions, done func(*clip.RawOptions)) {
	w, h := widget.NewEntry(), widget.NewEntry()
	if guess.Width > 0 {
		w.SetText(strconv.Itoa(guess.Width))
		h.SetText(strconv.Itoa(guess.Height))
	}
	chroma := widget.NewSelect([]string{"420", "422", "444", "400"}, nil)
	chroma.SetSelected(guess.Chroma.String())
	depth := widget.NewSelect([]string{"8", "10", "12", "16"}, nil)
	depth.SetSelected(strconv.Itoa(guess.BitDepth))
	items := []*widget.FormItem{
		widget.NewFormItem("Width", w), widget.NewFormItem("Height", h),
		widget.NewFormItem("Pixel format", chroma), widget.NewFormItem("Bit depth", depth),
	}
	d := dialog.NewForm("Raw YUV: "+filepath.Base(path), "Open", "Cancel", items, func(ok bool) {
		if !ok {
			return
		}
		o, err := rawFromForm(w.Text, h.Text, chroma.Selected, depth.Selected)
		if err != nil {
			i.fail(err)
			return
		}
		done(&o)
	}, i.win)
	d.Resize(fyne.NewSize(420, d.MinSize().Height))
	i.showDialog(d)
}

func rawFromForm(w, h, chroma, depth string) (clip.RawOptions, error) {
	var o clip.RawOptions
	var err error
	if o.Width, err = strconv.Atoi(strings.TrimSpace(w)); err != nil || o.Width <= 0 {
		return o, errors.New("raw YUV: width must be a positive number")
	}
	if o.Height, err = strconv.Atoi(strings.TrimSpace(h)); err != nil || o.Height <= 0 {
		return o, errors.New("raw YUV: height must be a positive number")
	}
	if o.Chroma, err = engine.ParseChroma(chroma); err != nil {
		return o, err
	}
	o.ChromaSet = true
	if o.BitDepth, err = strconv.Atoi(depth); err != nil || o.BitDepth < 8 || o.BitDepth > 16 {
		return o, errors.New("raw YUV: choose a bit depth from 8 to 16")
	}
	return o, nil
}

// dropped opens files dropped on the window: one file is the distorted
// clip (or the reference when its name says "ref", "src" or "source");
// two are the distorted clip and its reference.
func (i *inspector) dropped(_ fyne.Position, uris []fyne.URI) {
	var paths []string
	for _, u := range uris {
		if u.Scheme() == "file" {
			paths = append(paths, u.Path())
		}
	}
	// Logs among the files are read as logs; the rest are clips.
	var clips []string
	for _, p := range paths {
		if logs.IsLogName(p) {
			i.openLog(p)
		} else {
			clips = append(clips, p)
		}
	}
	paths = clips
	switch {
	case len(paths) == 1:
		i.openPath(paths[0], looksLikeReference(paths[0]) && i.req.Distorted != "")
	case len(paths) >= 2:
		dist, ref := paths[0], paths[1]
		if looksLikeReference(dist) && !looksLikeReference(ref) {
			dist, ref = ref, dist
		}
		i.openPair(dist, ref)
	}
}

func looksLikeReference(path string) bool {
	b := strings.ToLower(filepath.Base(path))
	for _, w := range []string{"ref", "src", "source", "orig"} {
		if strings.Contains(b, w) {
			return true
		}
	}
	return false
}

// openPair opens a distorted clip and its reference at once.
func (i *inspector) openPair(dist, ref string) {
	dist, ref = absPath(dist), absPath(ref)
	req := i.req
	req.Distorted, req.Reference = dist, ref
	i.recentPending = true
	if isRaw(dist) {
		g, complete := guessRaw(dist)
		if !complete {
			i.askRaw(dist, g, func(o *clip.RawOptions) { req.Raw = *o; i.open(req) })
			return
		}
		req.Raw = g
	}
	i.open(req)
}
