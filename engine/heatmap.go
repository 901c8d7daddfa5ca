package engine

import (
	"encoding/binary"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/bandscope/bandscope/engine/outfile"
	"github.com/bandscope/bandscope/kernels/cambi"
)

// heatmapWriter writes libvmaf's per-scale c-value heatmaps: raw
// little-endian uint16, frame n at byte offset n*W*H*2, one file per scale.
// Files are written under temporary names and renamed when the run
// completes, so a failed run leaves nothing half-written.
//
// With Request.Outputs the files join the caller's output set, which
// publishes them with the run's other outputs; without, the writer has its
// own set and publishes them when the run completes.
type heatmapWriter struct {
	set   *outfile.Set
	own   bool // set is the writer's own: commit and abort it
	files [cambi.NumScales]*outfile.File
	scale float64 // 65535 / the largest possible c-value
	buf   []byte
}

// HeatmapNames are libvmaf's file names for an encode of w x h: the size
// halves, rounding up, per scale. With cambi_high_res_speedup the names keep
// these sizes although the data is decimated once more (as in libvmaf).
func HeatmapNames(w, h int) [cambi.NumScales]string {
	var n [cambi.NumScales]string
	for s := range n {
		n[s] = fmt.Sprintf("cambi_heatmap_scale_%d_%dx%d_16b.gray", s, w, h)
		w, h = (w+1)>>1, (h+1)>>1
	}
	return n
}

// heatmapScale is the factor from a c-value to the 16-bit heatmap value:
// the largest c-value possible at a window (the largest contrast weight
// times window²/4) is 65535.
func heatmapScale(diffWeights []int, window int) float64 {
	maxWeight := diffWeights[0]
	for _, w := range diffWeights {
		maxWeight = max(maxWeight, w)
	}
	maxC := maxWeight * window * window / 4
	return 65535.0 / float64(maxC)
}

// appendHeatmap appends c-values as 16-bit little-endian heatmap values
// (truncated, as libvmaf writes them).
func appendHeatmap(buf []byte, scale float64, cvalues []float32) []byte {
	for _, c := range cvalues {
		buf = binary.LittleEndian.AppendUint16(buf, uint16(scale*float64(c)))
	}
	return buf
}

// AppendHeatmap appends one scale's c-values as libvmaf's heatmap files
// (heatmaps_path) hold them, for CAMBI with max_log_contrast
// maxLogContrast: what Request's heatmaps write, frame by frame. A scale
// whose maps were not kept appends nothing.
func AppendHeatmap(buf []byte, sc *CAMBIScale, maxLogContrast int) []byte {
	n := sc.Width * sc.Height
	if len(sc.CValues) < n {
		return buf
	}
	scale := heatmapScale(cambi.DiffWeights(maxLogContrast), sc.Window)
	return appendHeatmap(buf, scale, sc.CValues[:n])
}

func newHeatmapWriter(cfg *cambi.Config, set *outfile.Set, inputs ...string) (*heatmapWriter, error) {
	hw := &heatmapWriter{set: set, scale: heatmapScale(cfg.Tables.DiffWeights, cfg.Window)}
	if set == nil {
		hw.set, hw.own = outfile.NewSet(inputs...), true
	}
	// The path is named once: outfile's refusals of a file start with it.
	refused := func(path string, err error) error {
		hw.abort()
		if msg := err.Error(); strings.HasPrefix(msg, path) || strings.HasPrefix(msg, "output "+path+":") {
			return fmt.Errorf("cambi: heatmaps_path: %w", err)
		}
		return fmt.Errorf("cambi: heatmaps_path %s: %w", path, err)
	}
	if err := hw.set.MkdirAll(cfg.HeatmapsPath); err != nil {
		return nil, refused(cfg.HeatmapsPath, err)
	}
	for s, name := range HeatmapNames(cfg.EncWidth, cfg.EncHeight) {
		path := filepath.Join(cfg.HeatmapsPath, name)
		f, err := hw.set.Stage(path)
		if err != nil {
			return nil, refused(path, err)
		}
		hw.files[s] = f
	}
	return hw, nil
}

func (hw *heatmapWriter) write(frame int, r *cambi.PictureResult) error {
	for s := range r.Scales {
		sr := &r.Scales[s]
		n := sr.Width * sr.Height
		hw.buf = appendHeatmap(hw.buf[:0], hw.scale, sr.CValues[:n])
		if _, err := hw.files[s].WriteAt(hw.buf, int64(frame)*int64(n)*2); err != nil {
			return fmt.Errorf("cambi: writing heatmap: %w", err)
		}
	}
	return nil
}

// commit publishes the heatmaps when the writer owns its set; a caller's
// set publishes them with the run's other outputs.
func (hw *heatmapWriter) commit() error {
	if !hw.own {
		return nil
	}
	if err := hw.set.Commit(); err != nil {
		return fmt.Errorf("cambi: writing heatmap: %w", err)
	}
	return nil
}

// abort removes the staged files of the writer's own set (a no-op once
// committed); a caller's set is the caller's to abort.
func (hw *heatmapWriter) abort() {
	if hw.own {
		hw.set.Abort()
	}
}
