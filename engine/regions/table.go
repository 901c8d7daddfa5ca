package regions

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"path/filepath"
)

// WriteTable writes the events for a terminal: a line on the search, then
// one row per event, most severe first.
func (r *Report) WriteTable(w io.Writer) error {
	b := bufio.NewWriter(w)
	fmt.Fprintf(b, "%d banding events in %d frames of %s (%dx%d), c-value threshold %s\n",
		len(r.Events), r.Frames, filepath.Base(r.Distorted), r.Width, r.Height, jsonNumber(r.Threshold))
	if len(r.Events) > 0 {
		fmt.Fprintf(b, "%4s  %-13s %6s  %-21s %9s %9s %9s %9s\n", "id", "frames", "length", "box x,y wxh", "peak", "mean", "cambi", "vmaf cost")
	}
	for k := range r.Events {
		e := &r.Events[k]
		box := fmt.Sprintf("%d,%d %dx%d", e.BBox.X, e.BBox.Y, e.BBox.W, e.BBox.H)
		fmt.Fprintf(b, "%4d  %-13s %6d  %-21s %9.4f %9.4f %9.4f %9s\n", e.ID, fmt.Sprintf("%d-%d", e.FirstFrame, e.LastFrame),
			e.Length(), box, e.PeakCValue, e.MeanCValue, e.MeanCAMBI, costText(e.VMAFCost))
	}
	return b.Flush()
}

// costText prints a cost, "-" when there is none.
func costText(v float64) string {
	if math.IsNaN(v) {
		return "-"
	}
	return fmt.Sprintf("%.4f", v)
}
