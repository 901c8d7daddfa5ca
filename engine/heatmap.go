package engine

import (
	"encoding/binary"
	"fmt"
	"os"
	"path/filepath"

	"github.com/bandscope/bandscope/kernels/cambi"
)

// heatmapWriter writes libvmaf's per-scale c-value heatmaps: raw
// little-endian uint16, frame n at byte offset n*W*H*2, one file per scale.
// Files are written under temporary names and renamed when the run
// completes, so a failed run leaves nothing half-written.
type heatmapWriter struct {
	files     [cambi.NumScales]*os.File
	final     [cambi.NumScales]string
	scale     float64 // 65535 / the largest possible c-value
	committed bool
	buf       []byte
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

// HeatmapScale is the factor from a c-value to the 16-bit heatmap value.
func HeatmapScale(t *cambi.Tables, window int) float64 {
	maxWeight := t.DiffWeights[0]
	for _, w := range t.DiffWeights {
		maxWeight = max(maxWeight, w)
	}
	maxC := maxWeight * window * window / 4
	return 65535.0 / float64(maxC)
}

// HeatmapValue is the 16-bit heatmap value of a c-value (truncated).
func HeatmapValue(scale float64, c float32) uint16 {
	return uint16(scale * float64(c))
}

func newHeatmapWriter(cfg *cambi.Config) (*heatmapWriter, error) {
	if err := os.MkdirAll(cfg.HeatmapsPath, 0o770); err != nil {
		return nil, fmt.Errorf("cambi: heatmaps_path: %w", err)
	}
	hw := &heatmapWriter{scale: HeatmapScale(cfg.Tables, cfg.Window)}
	for s, name := range HeatmapNames(cfg.EncWidth, cfg.EncHeight) {
		hw.final[s] = filepath.Join(cfg.HeatmapsPath, name)
		f, err := os.CreateTemp(cfg.HeatmapsPath, "."+name+".*.part")
		if err != nil {
			hw.abort()
			return nil, fmt.Errorf("cambi: heatmaps_path: %w", err)
		}
		hw.files[s] = f
	}
	return hw, nil
}

func (hw *heatmapWriter) write(frame int, r *cambi.PictureResult) error {
	for s := range r.Scales {
		sr := &r.Scales[s]
		n := sr.Width * sr.Height
		hw.buf = hw.buf[:0]
		for _, c := range sr.CValues[:n] {
			hw.buf = binary.LittleEndian.AppendUint16(hw.buf, HeatmapValue(hw.scale, c))
		}
		if _, err := hw.files[s].WriteAt(hw.buf, int64(frame)*int64(n)*2); err != nil {
			return fmt.Errorf("cambi: writing heatmap: %w", err)
		}
	}
	return nil
}

func (hw *heatmapWriter) commit() error {
	for s, f := range hw.files {
		if err := f.Close(); err != nil {
			hw.abort()
			return fmt.Errorf("cambi: writing heatmap: %w", err)
		}
		if err := os.Rename(f.Name(), hw.final[s]); err != nil {
			hw.abort()
			return fmt.Errorf("cambi: writing heatmap: %w", err)
		}
	}
	hw.committed = true
	return nil
}

func (hw *heatmapWriter) abort() {
	if hw.committed {
		return
	}
	for _, f := range hw.files {
		if f != nil {
			f.Close()
			os.Remove(f.Name())
		}
	}
}
