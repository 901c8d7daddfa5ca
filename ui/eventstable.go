package ui

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strconv"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/bandscope/bandscope/engine/regions"
)

// eventsPanel is one run's events on the Banding events page: a table
// that sorts by the column whose header is clicked (again: the other
// way), where a click on a row shows the event's worst frame, and the
// exports of the CLI's JSON and mask.
type eventsPanel struct {
	v       *bandingView
	run     int
	title   *widget.Label
	table   *widget.Table
	content *fyne.Container
	rows    []eventRow
	sortBy  int
	desc    bool
}

// eventRow is one event as the table shows it, with its counterpart in
// the other run (A/B).
type eventRow struct {
	e     *regions.Event
	other string
}

// The table's columns.
var eventColumns = []string{"#", "frames", "length", "box (x, y, w×h)", "peak", "mean", "CAMBI", "VMAF cost", "other run"}

const otherColumn = 8

func newEventsPanel(v *bandingView, run int) *eventsPanel {
	p := &eventsPanel{v: v, run: run}
	p.title = widget.NewLabel("")
	p.title.TextStyle.Bold = true
	p.table = widget.NewTableWithHeaders(
		func() (int, int) { return len(p.rows), p.columns() },
		func() fyne.CanvasObject { return widget.NewLabel("") },
		func(id widget.TableCellID, o fyne.CanvasObject) { setText(o.(*widget.Label), p.cell(id.Row, id.Col)) })
	p.table.ShowHeaderColumn = false
	p.table.CreateHeader = func() fyne.CanvasObject { return widget.NewButton("", nil) }
	p.table.UpdateHeader = func(id widget.TableCellID, o fyne.CanvasObject) {
		b := o.(*widget.Button)
		if id.Col < 0 {
			b.SetText("")
			return
		}
		label := eventColumns[id.Col]
		if id.Col == p.sortBy {
			label += map[bool]string{false: " ▲", true: " ▼"}[p.desc]
		}
		b.SetText(label)
		col := id.Col
		b.OnTapped = func() { p.sortColumn(col); v.i.unfocus() }
	}
	for c, w := range []float32{44, 90, 60, 150, 70, 70, 70, 80, 90} {
		p.table.SetColumnWidth(c, w)
	}
	p.table.OnSelected = func(id widget.TableCellID) {
		if id.Row >= 0 && id.Row < len(p.rows) {
			v.goTo(p.rows[id.Row].e)
		}
		p.table.UnselectAll()
		v.i.unfocus()
	}
	exportJSON := widget.NewButton("Export events (JSON)…", func() { v.exportJSON(run) })
	exportMask := widget.NewButton("Export mask (Y4M)…", func() { v.exportMask(run) })
	p.content = container.NewBorder(container.NewBorder(nil, nil, nil, container.NewHBox(exportJSON, exportMask), p.title), nil, nil, nil, p.table)
	return p
}

// columns leaves "other run" out but in A/B.
func (p *eventsPanel) columns() int {
	if p.v.runCount() > 1 {
		return len(eventColumns)
	}
	return otherColumn
}

// sortColumn sorts by column c, the other way when it is the one sorted.
func (p *eventsPanel) sortColumn(c int) {
	if p.sortBy == c {
		p.desc = !p.desc
	} else {
		p.sortBy, p.desc = c, false
	}
	p.sortRows()
	p.table.Refresh()
}

// update shows the run's events and their counterparts.
func (p *eventsPanel) update() {
	r := p.v.report(p.run)
	name := "Banding events"
	if p.v.runCount() > 1 {
		name = "Run " + p.v.i.runName(p.run)
	}
	p.rows = nil
	switch {
	case r == nil:
		p.title.SetText(name + ": none found yet")
	default:
		title := fmt.Sprintf("%s: %d in %d frames (c-value ≥ %s)", name, len(r.Events), r.Frames, strconv.FormatFloat(r.Threshold, 'g', -1, 64))
		if m := p.v.runs[p.run].model; m != "" {
			title += ", VMAF cost for " + m
		}
		p.title.SetText(title)
		other := map[*regions.Event]string{}
		if a, b := p.v.report(0), p.v.report(1); p.v.runCount() > 1 && a != nil && b != nil {
			for _, pr := range regions.Match(a, b) {
				switch {
				case pr.A != nil && pr.B != nil:
					other[pr.A], other[pr.B] = "B #"+strconv.Itoa(pr.B.ID), "A #"+strconv.Itoa(pr.A.ID)
				case pr.A != nil:
					other[pr.A] = "only in A"
				default:
					other[pr.B] = "only in B"
				}
			}
		}
		for k := range r.Events {
			p.rows = append(p.rows, eventRow{e: &r.Events[k], other: other[&r.Events[k]]})
		}
	}
	p.sortRows()
	p.table.Refresh()
}

// sortRows orders the rows by the sorted column (ties by id).
func (p *eventsPanel) sortRows() {
	key := func(r eventRow) float64 {
		e := r.e
		switch p.sortBy {
		case 1:
			return float64(e.FirstFrame)
		case 2:
			return float64(e.Length())
		case 3:
			return float64(e.BBox.Area())
		case 4:
			return e.PeakCValue
		case 5:
			return e.MeanCValue
		case 6:
			return e.MeanCAMBI
		case 7:
			if math.IsNaN(e.VMAFCost) {
				return math.Inf(-1)
			}
			return e.VMAFCost
		}
		return float64(e.ID)
	}
	slices.SortStableFunc(p.rows, func(a, b eventRow) int {
		c := cmp.Compare(key(a), key(b))
		if p.sortBy == otherColumn {
			c = cmp.Compare(a.other, b.other)
		}
		if p.desc {
			c = -c
		}
		if c == 0 {
			c = cmp.Compare(a.e.ID, b.e.ID)
		}
		return c
	})
}

// cell is the text of a row's column.
func (p *eventsPanel) cell(row, col int) string {
	if row < 0 || row >= len(p.rows) {
		return ""
	}
	r := p.rows[row]
	e := r.e
	switch col {
	case 0:
		return strconv.Itoa(e.ID)
	case 1:
		return fmt.Sprintf("%d-%d", e.FirstFrame, e.LastFrame)
	case 2:
		return strconv.Itoa(e.Length())
	case 3:
		return fmt.Sprintf("%d, %d, %d×%d", e.BBox.X, e.BBox.Y, e.BBox.W, e.BBox.H)
	case 4:
		return fmt.Sprintf("%.3f", e.PeakCValue)
	case 5:
		return fmt.Sprintf("%.3f", e.MeanCValue)
	case 6:
		return fmt.Sprintf("%.3f", e.MeanCAMBI)
	case 7:
		if math.IsNaN(e.VMAFCost) {
			return "-"
		}
		return fmt.Sprintf("%.3f", e.VMAFCost)
	case otherColumn:
		return r.other
	}
	return ""
}
