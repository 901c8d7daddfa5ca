package ui

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"unicode/utf8"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"github.com/bandscope/bandscope/engine"
	"github.com/bandscope/bandscope/engine/inspect"
	"github.com/bandscope/bandscope/engine/logs"
	"github.com/bandscope/bandscope/engine/model"
)

// logBook holds what other tools wrote about the open clip (package
// logs), bound to its frames by frame number: libvmaf logs, plotted beside
// the runs, and CAMBI heatmap dumps. Both are checked against the frame
// shown, bit for bit.
type logBook struct {
	logs     []scoreRun
	heatLogs []*logs.Heatmap
}

// readLog adds the log or dump at path (a dump by its .gray name); frames
// is how many frames it holds.
func (b *logBook) readLog(path string) (frames int, err error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return 0, err
	}
	if strings.HasSuffix(strings.ToLower(path), ".gray") {
		g, err := logs.ParseHeatmap(path, data)
		if err != nil {
			return 0, err
		}
		b.heatLogs = append(b.heatLogs, g)
		return g.Frames(), nil
	}
	base := filepath.Base(path)
	l, err := logs.Read(data)
	if err != nil {
		return 0, fmt.Errorf("%s: %w", base, err)
	}
	b.logs = append(b.logs, scoreRun{Name: "log " + base, Scores: keptScores(l.Frames), keys: logs.KeySet(l.Frames), log: l})
	return len(l.Frames), nil
}

// hasLogs says whether any log or dump is open.
func (b *logBook) hasLogs() bool { return len(b.logs) > 0 || len(b.heatLogs) > 0 }

// checkFrame compares every log's values for frame r with ours (the
// features' metrics and each model's score), and every dump's samples with
// our c-values of its scale written as libvmaf writes them (CAMBI with
// max_log_contrast maxLogContrast): how many values have equal bits, how
// many more are equal as the log printed them (a log rounded to libvmaf's
// default six decimals), of how many, and a table, a line per value, each
// log value as the log wrote it.
func (b *logBook) checkFrame(r *engine.FrameResult, models []*model.Model, maxLogContrast int) (same, printed, total int, table string) {
	n := r.Frame
	// Session.Frame keeps the models' scores in VMAF, not in Metrics.
	ours := append([]engine.Metric(nil), r.Metrics...)
	for _, m := range r.VMAF {
		ours = append(ours, m.Metrics...)
	}
	var t strings.Builder
	for _, l := range b.logs {
		fmt.Fprintf(&t, "%s, frame %d\n", l.Name, n)
		checks := l.log.CheckFrame(n, ours, logs.Renames(l.modelKeys(models)))
		if len(checks) == 0 {
			t.WriteString("  the log has no such frame\n\n")
			continue
		}
		rows := [][4]string{{"metric", "log (as written)", "Bandscope", ""}}
		for _, c := range checks {
			row := [4]string{c.Name, c.LogText, "(not computed)", "·"}
			if a, ok := c.Agreement(); ok {
				row[2] = strconv.FormatFloat(c.Ours, 'g', -1, 64)
				total++
				switch a {
				case logs.EqualBits:
					row[3] = "✓ equal bit for bit"
					same++
				case logs.EqualPrinted:
					row[3] = "≈ equal as the log prints it (" + logs.PrintedLike(c.Ours, c.LogText) + ")"
					printed++
				default:
					row[3] = "✗ differ"
				}
			}
			rows = append(rows, row)
		}
		writeColumns(&t, rows)
		t.WriteString("\n")
	}
	c := inspect.CAMBIOf(r)
	for _, g := range b.heatLogs {
		if c == nil {
			continue
		}
		s, tot, err := g.Check(n, &c.Dist.Scales[g.Scale], maxLogContrast)
		if err != nil {
			fmt.Fprintf(&t, "%s: %v\n", filepath.Base(g.Path), err)
			continue
		}
		total++
		mark := "✗"
		if s == tot {
			mark = "✓"
			same++
		}
		fmt.Fprintf(&t, "%s %s, frame %d: %d of %d samples equal\n", mark, filepath.Base(g.Path), n, s, tot)
	}
	return same, printed, total, t.String()
}

// writeColumns writes rows indented, each column as wide as its widest
// cell (the table is shown in a monospaced face), the last one as it is.
func writeColumns(w *strings.Builder, rows [][4]string) {
	var width [3]int
	for _, r := range rows {
		for k := range width {
			width[k] = max(width[k], utf8.RuneCountInString(r[k]))
		}
	}
	for _, r := range rows {
		w.WriteString(" ")
		for k, cell := range r {
			w.WriteString(" " + cell)
			if k < len(width) {
				w.WriteString(strings.Repeat(" ", width[k]-utf8.RuneCountInString(cell)))
			}
		}
		w.WriteString("\n")
	}
}

// openLogDialog asks for a libvmaf log or a CAMBI heatmap dump.
func (i *inspector) openLogDialog() {
	i.openFileDialog("Open a libvmaf log (JSON, XML, CSV) or a CAMBI heatmap dump (.gray)", logs.Extensions, i.openLog)
}

// openLog reads a log and binds it to the clip's frames: its scores are
// plotted beside Bandscope's runs, and "Check this frame" compares them.
func (i *inspector) openLog(path string) {
	frames, err := i.readLog(path)
	if err != nil {
		i.fail(err)
		return
	}
	msg := fmt.Sprintf("Read %s: %d frames, bound to the clip's by frame number", filepath.Base(path), frames)
	if g := i.heatLogs; strings.HasSuffix(strings.ToLower(path), ".gray") && len(g) > 0 {
		// A dump holds its own frames: one exported frame is that frame.
		msg = fmt.Sprintf("Read %s: %s of the clip", filepath.Base(path), g[len(g)-1].FrameRange())
	} else if i.frames > 0 && frames != i.frames {
		msg += fmt.Sprintf(" (⚠ the clip has %d)", i.frames)
	}
	i.notice = ""
	i.setStatus(msg + ". Check this frame: Ctrl+L.")
	i.scoresView.update()
	i.refreshMenu()
}

// closeLogs forgets every log.
func (i *inspector) closeLogs() {
	i.logBook = logBook{}
	i.scoresView.update()
	i.refreshMenu()
}

// checkLogs compares every log's values for the current frame with the
// ones Bandscope computed for it, bit for bit, in a dialog.
func (i *inspector) checkLogs() {
	if !i.hasLogs() {
		i.showError(fmt.Errorf("no log open: File > Open log… reads libvmaf's JSON, XML or CSV logs and CAMBI's .gray heatmaps"))
		return
	}
	if i.res == nil {
		i.showError(fmt.Errorf("no frame scored yet: open the clip the log was made from"))
		return
	}
	same, printed, total, table := i.checkFrame(i.res, i.pickedModels(), i.cambiOpts.Int("max_log_contrast"))
	head := fmt.Sprintf("Frame %d recomputed on %s: %d of %d values equal bit for bit", i.res.Frame, i.backend, same, total)
	if printed > 0 {
		head += fmt.Sprintf(", %d more equal as the log prints them", printed)
	}
	if differ := total - same - printed; differ > 0 {
		head += fmt.Sprintf(", %d differ", differ)
	}
	head += "."
	if printed > 0 {
		head += " A log printed with libvmaf's default %.6f holds too few digits to compare bits; print with %.17g (--precision max) to compare exactly."
	}
	text := widget.NewLabel(table)
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
	i.showDialog(dialog.NewCustom("Check this frame against the logs", "Close", container.NewBorder(top, nil, nil, nil, scroll), i.win))
}
