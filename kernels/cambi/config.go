package cambi

import (
	"fmt"

	"github.com/bandscope/bandscope/kernels/feature"
)

// minSide: libvmaf refuses pictures whose width and height are both below it.
const minSide = 216

// Config is a resolved CAMBI configuration for one input size.
type Config struct {
	InWidth, InHeight, InBitDepth    int // the distorted pictures
	RefWidth, RefHeight, RefBitDepth int // the reference pictures (full reference)
	EncWidth, EncHeight              int // size CAMBI scores the distorted picture at
	EncBitDepth                      int
	SrcWidth, SrcHeight              int // size the reference is scored at (full reference)
	Window, SrcWindow                int // adjusted window sizes (odd)
	TopK                             float64
	MaxVal                           float64
	FullRef                          bool
	HighResSpeedup                   bool // decimate once more right after the mask
	HeatmapsPath                     string
	// KeepCValues keeps every scale's c-values and the full-size spatial
	// mask of each picture (ScaleResult.CValues, PictureResult.SpatialMask)
	// without the other maps: a scoring run that finds banding regions
	// reads them, frame by frame, and gives them back for later pictures
	// (PictureResult.Recycle).
	KeepCValues bool
	// Rows, when not nil, reads the distorted picture's scale-0
	// c-values as pooling reads them (rows.go), with the coarser scales'
	// c-values and the spatial mask, on the CPU (NewCPU; the other
	// scorers leave PictureResult.Rows nil): a reader of every c-value
	// that needs no map kept.
	Rows    RowReader
	Tables  *Tables
	Options *feature.Values
}

// NewConfig resolves options for input pictures of w x h at bitDepth, with
// libvmaf's defaults and its refusals.
func NewConfig(o *feature.Values, w, h, bitDepth int) (*Config, error) {
	if o == nil {
		o = NewOptions()
	}
	c := &Config{InWidth: w, InHeight: h, InBitDepth: bitDepth, RefWidth: w, RefHeight: h, RefBitDepth: bitDepth, Options: o,
		FullRef: o.Bool("full_ref"), MaxVal: o.Float("cambi_max_val"), HeatmapsPath: o.String("heatmaps_path")}
	if err := feature.CheckBitDepth("cambi", bitDepth, 6, 16); err != nil {
		return nil, err
	}
	c.EncBitDepth = o.Int("enc_bitdepth")
	if c.EncBitDepth == 0 {
		c.EncBitDepth = bitDepth
	}
	c.EncWidth, c.EncHeight = o.Int("enc_width"), o.Int("enc_height")
	if c.EncWidth == 0 || c.EncHeight == 0 {
		c.EncWidth, c.EncHeight = w, h
	}
	c.SrcWidth, c.SrcHeight = o.Int("src_width"), o.Int("src_height")
	if c.SrcWidth == 0 || c.SrcHeight == 0 {
		c.SrcWidth, c.SrcHeight = w, h
	}
	// A downscaled encode is scored at the input size, never upscaled.
	if c.EncHeight > h || c.EncWidth > w {
		c.EncWidth, c.EncHeight = w, h
	}
	if c.EncWidth < minSide && c.EncHeight < minSide {
		return nil, feature.FormatErrorf("cambi: encode size %dx%d is too small: width or height must be at least %d", c.EncWidth, c.EncHeight, minSide)
	}
	if c.SrcWidth < minSide && c.SrcHeight < minSide {
		return nil, feature.RefFormatErrorf("cambi: source size %dx%d is too small: width or height must be at least %d", c.SrcWidth, c.SrcHeight, minSide)
	}
	if (c.SrcWidth > c.EncWidth && c.SrcHeight < c.EncHeight) || (c.SrcWidth < c.EncWidth && c.SrcHeight > c.EncHeight) {
		return nil, fmt.Errorf("cambi: source size %dx%d and encode size %dx%d must not be larger in one dimension and smaller in the other",
			c.SrcWidth, c.SrcHeight, c.EncWidth, c.EncHeight)
	}
	if err := CheckOptions(o); err != nil {
		return nil, err
	}
	encPix := c.EncWidth * c.EncHeight
	if hrs := o.Int("cambi_high_res_speedup"); hrs != 0 {
		threshold := map[int]int{1080: 1920 * 1080, 1440: 2560 * 1440, 2160: 3840 * 2160}[hrs]
		c.HighResSpeedup = encPix >= threshold
	}
	eotf := eotfs[eotfName(o)]
	c.TopK = o.Float("cambi_topk")
	if t := o.Float("topk"); t != DefaultTopK {
		c.TopK = t
	}
	c.Tables = NewTables(o.Int("max_log_contrast"), o.Float("tvi_threshold"), o.Float("cambi_vis_lum_threshold"), eotf)

	ws := o.Int("window_size")
	c.Window = AdjustWindow(ws, c.EncWidth, c.EncHeight, c.HighResSpeedup)
	c.SrcWindow = AdjustWindow(ws, c.SrcWidth, c.SrcHeight, c.HighResSpeedup)
	if m := max(c.Window, c.SrcWindow); m*m >= ReciprocalSize {
		return nil, feature.FormatErrorf("cambi: window_size %d gives a %dx%d window (%d pixels) at %dx%d, too large (a window may hold at most %d pixels)",
			ws, m, m, m*m, max(c.EncWidth, c.SrcWidth), max(c.EncHeight, c.SrcHeight), ReciprocalSize-1)
	}
	return c, nil
}

// keepsCValues reports whether a picture's c-values outlive its scoring
// without the other maps (heatmaps_path, KeepCValues).
func (c *Config) keepsCValues() bool { return c.HeatmapsPath != "" || c.KeepCValues }

// eotfs are the EOTFs option eotf (or cambi_eotf) names.
var eotfs = map[string]EOTF{"bt1886": BT1886, "pq": PQ}

// eotfName is the EOTF the options name: cambi_eotf when given, else eotf.
func eotfName(o *feature.Values) string {
	if ce := o.String("cambi_eotf"); ce != DefaultEOTF {
		return ce
	}
	return o.String("eotf")
}

// CheckOptions refuses option values that no picture size makes valid, so
// that a command line can be refused before any clip is opened; NewConfig
// checks them too.
func CheckOptions(o *feature.Values) error {
	switch hrs := o.Int("cambi_high_res_speedup"); hrs {
	case 0, 1080, 1440, 2160:
	default:
		// libvmaf silently ignores other values; say so instead.
		return fmt.Errorf("cambi: option cambi_high_res_speedup=%d: want 0, 1080, 1440 or 2160", hrs)
	}
	if name := eotfName(o); eotfs[name] == nil {
		return fmt.Errorf("cambi: option eotf=%q: want bt1886 or pq", name)
	}
	return nil
}

// SetReference declares reference pictures of another size or bit depth than
// the distorted ones: in full-reference mode they are resampled to the source
// size (src_width x src_height) like the distorted picture is to the encode
// size.
func (c *Config) SetReference(w, h, bitDepth int) error {
	if bitDepth < 6 || bitDepth > 16 {
		return feature.RefFormatErrorf("cambi: reference bit depth %d is not supported (6 to 16)", bitDepth)
	}
	if w <= 0 || h <= 0 {
		return fmt.Errorf("cambi: reference size %dx%d is not positive", w, h)
	}
	c.RefWidth, c.RefHeight, c.RefBitDepth = w, h, bitDepth
	return nil
}

// AdjustWindow scales the 4K window size to a w x h picture, halves it with
// the high-resolution speed-up, and makes it odd.
func AdjustWindow(ws, w, h int, speedup bool) int {
	ws = uint16Trunc(ws * (w + h) / 375 >> 4)
	if speedup {
		ws = (ws + 1) >> 1
	}
	return ws | 1
}

func uint16Trunc(v int) int { return int(uint16(v)) }

// ScaleSizes lists the width and height of each scale of a w x h picture.
func ScaleSizes(w, h int, speedup bool) [NumScales][2]int {
	var s [NumScales][2]int
	for i := range s {
		if i > 0 || speedup {
			w, h = (w+1)>>1, (h+1)>>1
		}
		s[i] = [2]int{w, h}
	}
	return s
}
