package logs

import (
	"encoding/binary"
	"fmt"
	"path/filepath"
	"regexp"
	"strconv"

	"github.com/bandscope/bandscope/engine"
)

// heatmapName is libvmaf's name of a CAMBI heatmap dump.
var heatmapName = regexp.MustCompile(`cambi_heatmap_scale_(\d)_(\d+)x(\d+)_16b\.gray$`)

// exportedFrame is the inspector's name of one frame's dump (its map
// export): "frame30_cambi_heatmap_scale_0_1920x1080_16b.gray".
var exportedFrame = regexp.MustCompile(`^frame(\d+)_cambi_heatmap_scale_`)

// ParseHeatmapName reads the scale and size from a dump's file name.
func ParseHeatmapName(path string) (scale, w, h int, ok bool) {
	m := heatmapName.FindStringSubmatch(filepath.Base(path))
	if m == nil {
		return 0, 0, 0, false
	}
	scale, _ = strconv.Atoi(m[1])
	w, err1 := strconv.Atoi(m[2])
	h, err2 := strconv.Atoi(m[3])
	if err1 != nil || err2 != nil || scale >= engine.CAMBIScales || w <= 0 || h <= 0 || w > 1<<15 || h > 1<<15 {
		return 0, 0, 0, false
	}
	return scale, w, h, true
}

// Heatmap is one scale's heatmap dump: every frame's W x H plane of 16-bit
// little-endian samples, one after the other, from frame First on.
type Heatmap struct {
	Path        string
	Scale, W, H int
	// First is the clip frame of the dump's first plane: 0 for libvmaf's
	// dumps, which hold every frame; N for the inspector's export of frame
	// N alone ("frameN_cambi_heatmap_...").
	First int
	data  []byte
}

// ParseHeatmap reads a dump; its name gives the scale and the size, and
// for one frame exported by the inspector, that frame.
func ParseHeatmap(path string, data []byte) (*Heatmap, error) {
	scale, w, h, ok := ParseHeatmapName(path)
	if !ok {
		return nil, fmt.Errorf("%s: not a CAMBI heatmap name (cambi_heatmap_scale_S_WxH_16b.gray)", filepath.Base(path))
	}
	if len(data) == 0 || len(data)%(2*w*h) != 0 {
		return nil, fmt.Errorf("%s: %d bytes is not a whole number of %dx%d 16-bit frames", filepath.Base(path), len(data), w, h)
	}
	g := &Heatmap{Path: path, Scale: scale, W: w, H: h, data: data}
	if m := exportedFrame.FindStringSubmatch(filepath.Base(path)); m != nil && g.Frames() == 1 {
		if n, err := strconv.Atoi(m[1]); err == nil && n < MaxFrames {
			g.First = n
		}
	}
	return g, nil
}

// Frames is how many frames the dump holds.
func (g *Heatmap) Frames() int { return len(g.data) / (2 * g.W * g.H) }

// FrameRange says which clip frames the dump holds: "frame 30", "frames
// 0–47".
func (g *Heatmap) FrameRange() string {
	if g.Frames() == 1 {
		return fmt.Sprintf("frame %d", g.First)
	}
	return fmt.Sprintf("frames %d–%d", g.First, g.First+g.Frames()-1)
}

// Frame gives clip frame n's samples, or nil when the dump does not hold
// it.
func (g *Heatmap) Frame(n int) []uint16 {
	n -= g.First
	if n < 0 || n >= g.Frames() {
		return nil
	}
	plane := g.data[n*2*g.W*g.H : (n+1)*2*g.W*g.H]
	out := make([]uint16, g.W*g.H)
	for k := range out {
		out[k] = binary.LittleEndian.Uint16(plane[2*k:])
	}
	return out
}

// Check compares the dump's frame n with c-values of its scale written as
// libvmaf writes them (engine.AppendHeatmap, for CAMBI with
// max_log_contrast maxLogContrast): how many samples have equal bits.
func (g *Heatmap) Check(n int, sc *engine.CAMBIScale, maxLogContrast int) (same, total int, err error) {
	got := g.Frame(n)
	if got == nil {
		return 0, 0, fmt.Errorf("%s holds %s, not frame %d", filepath.Base(g.Path), g.FrameRange(), n)
	}
	if sc.Width != g.W || sc.Height != g.H {
		return 0, 0, fmt.Errorf("%s is %dx%d; scale %d here is %dx%d", filepath.Base(g.Path), g.W, g.H, g.Scale, sc.Width, sc.Height)
	}
	ours := engine.AppendHeatmap(nil, sc, maxLogContrast)
	if len(ours) < 2*len(got) {
		return 0, 0, fmt.Errorf("scale %d kept no c-values on frame %d", g.Scale, n)
	}
	for k := range got {
		if binary.LittleEndian.Uint16(ours[2*k:]) == got[k] {
			same++
		}
	}
	return same, len(got), nil
}
