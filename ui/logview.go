package ui

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/widget"

	"github.com/bandscope/bandscope/engine"
)

// isLogFile says whether a dropped file is a log rather than a clip.
func isLogFile(path string) bool {
	switch strings.ToLower(filepath.Ext(path)) {
	case ".json", ".xml", ".csv", ".gray", ".log", ".txt":
		return true
	}
	return false
}

// openLogDialog asks for a libvmaf log or a CAMBI heatmap dump.
func (i *inspector) openLogDialog() {
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
		i.openLog(path)
	}, i.win)
	d.SetFilter(storage.NewExtensionFileFilter([]string{".json", ".xml", ".csv", ".gray", ".log", ".txt"}))
	if dir := i.prefs.StringWithFallback(prefLastDir, ""); dir != "" {
		if u, err := storage.ListerForURI(storage.NewFileURI(dir)); err == nil {
			d.SetLocation(u)
		}
	}
	d.SetTitleText("Open a libvmaf log (JSON, XML, CSV) or a CAMBI heatmap dump (.gray)")
	d.Resize(fyne.NewSize(800, 560))
	d.Show()
}

// openLog reads a log and binds it to the clip's frames: its scores are
// plotted beside Bandscope's runs, and "Check this frame" compares them.
func (i *inspector) openLog(path string) {
	data, err := os.ReadFile(path)
	if err != nil {
		i.fail(err)
		return
	}
	base := filepath.Base(path)
	var frames int
	if strings.HasSuffix(strings.ToLower(path), ".gray") {
		g, err := parseGrayHeatmap(path, data)
		if err != nil {
			i.fail(err)
			return
		}
		i.heatLogs = append(i.heatLogs, g)
		frames = g.Frames()
	} else {
		s, err := parseScoreLog(data)
		if err != nil {
			i.fail(fmt.Errorf("%s: %w", base, err))
			return
		}
		i.logs = append(i.logs, scoreRun{Name: "log " + base, Scores: s, keys: logKeySet(s)})
		frames = len(s)
	}
	msg := fmt.Sprintf("Read %s: %d frames, bound to the clip's by frame number", base, frames)
	if i.frames > 0 && frames != i.frames {
		msg += fmt.Sprintf(" (⚠ the clip has %d)", i.frames)
	}
	i.notice = ""
	i.setStatus(msg + ". Check this frame: Ctrl+L.")
	i.scoresView.update()
	i.refreshMenu()
}

// closeLogs forgets every log.
func (i *inspector) closeLogs() {
	i.logs, i.heatLogs = nil, nil
	i.scoresView.update()
	i.refreshMenu()
}

// checkLogs compares every log's values for the current frame with the
// ones Bandscope computed for it, bit for bit.
func (i *inspector) checkLogs() {
	if len(i.logs) == 0 && len(i.heatLogs) == 0 {
		showError(i.win, fmt.Errorf("no log open: File > Open log… reads libvmaf's JSON, XML or CSV logs and CAMBI's .gray heatmaps"))
		return
	}
	if i.res == nil {
		showError(i.win, fmt.Errorf("no frame scored yet: open the clip the log was made from"))
		return
	}
	n := i.res.Frame
	// Ours: the features' metrics and each model's score (Session.Frame
	// keeps those in VMAF, not in Metrics).
	ours := append([]engine.Metric(nil), i.res.Metrics...)
	for _, m := range i.res.VMAF {
		ours = append(ours, m.Metrics...)
	}
	var b strings.Builder
	same, total := 0, 0
	for _, l := range i.logs {
		pf := l.Scores.PerFrame()
		fmt.Fprintf(&b, "%s, frame %d\n", l.Name, n)
		if n >= len(pf) || len(pf[n]) == 0 {
			b.WriteString("  the log has no such frame\n\n")
			continue
		}
		fmt.Fprintf(&b, "  %-22s %-24s %-24s %s\n", "metric", "log", "Bandscope", "bits")
		for _, c := range checkFrame(pf[n], ours, logRenames(l.modelKeys(i.models))) {
			ours, mark := "(not computed)", "·"
			if c.HaveOurs {
				ours = strconv.FormatFloat(c.Ours, 'g', 17, 64)
				mark = "✗ differ"
				total++
				if c.Same() {
					mark = "✓ equal"
					same++
				}
			}
			fmt.Fprintf(&b, "  %-22s %-24s %-24s %s\n", c.Name, strconv.FormatFloat(c.Log, 'g', 17, 64), ours, mark)
		}
		b.WriteString("\n")
	}
	for _, g := range i.heatLogs {
		c := cambiOf(i.res)
		if c == nil {
			continue
		}
		s, t, err := checkHeatmap(g, n, c.Dist.Scales[g.Scale], i.cambiOpts.Int("max_log_contrast"))
		if err != nil {
			fmt.Fprintf(&b, "%s: %v\n", filepath.Base(g.Path), err)
			continue
		}
		total++
		mark := "✗"
		if s == t {
			mark = "✓"
			same++
		}
		fmt.Fprintf(&b, "%s %s, frame %d: %d of %d samples equal\n", mark, filepath.Base(g.Path), n, s, t)
	}
	head := fmt.Sprintf("Frame %d recomputed on %s: %d of %d values equal bit for bit.", n, i.backend, same, total)
	if same < total {
		head += " A log printed with libvmaf's default %.6f cannot match bit for bit; print with %.17g to compare exactly."
	}
	text := widget.NewLabel(b.String())
	text.TextStyle.Monospace = true
	top := widget.NewLabel(head)
	top.Wrapping = fyne.TextWrapWord
	scroll := container.NewScroll(text)
	sz := text.MinSize()
	if c := i.win.Canvas(); c != nil && c.Size().Height > 0 {
		sz.Width = min(sz.Width+20, c.Size().Width-80)
		sz.Height = min(sz.Height+10, c.Size().Height-220)
	}
	scroll.SetMinSize(sz)
	i.setStatus(head)
	dialog.ShowCustom("Check this frame against the logs", "Close", container.NewBorder(top, nil, nil, nil, scroll), i.win)
}
