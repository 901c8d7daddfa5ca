package motion

import (
	"math"

	"github.com/bandscope/bandscope/kernels/feature"
)

// MinSize is the smallest width and height scored. libvmaf's 5-tap mirror
// reflects once (index -2 becomes 2, index size+1 becomes size-3), so below
// 3 rows or columns it reads outside the picture and its scratch row and
// prints whatever lies there; Bandscope refuses those frames instead.
const MinSize = 3

// Config is everything integer motion needs to score one clip size with
// one set of options; it is immutable once built.
type Config struct {
	Width, Height, BitDepth int

	ForceZero     bool    // motion_force_zero: every score is 0, nothing is computed
	BlendFactor   float64 // motion_blend_factor
	BlendOffset   float64 // motion_blend_offset
	FPSWeight     float64 // motion_fps_weight
	MaxVal        float64 // motion_max_val
	FiveFrame     bool    // motion_five_frame_window: frame n is compared with n-2
	MovingAverage bool    // motion_moving_average
	Debug         bool    // debug: also print integer_motion (the SAD score again)
}

// Stride is how many frames back the SAD compares with: 1, or 2 with the
// five-frame window.
func (c *Config) Stride() int {
	if c.FiveFrame {
		return 2
	}
	return 1
}

// MinIndex is libvmaf's min_idx: the first frame that has a SAD (1, or 2
// with the five-frame window). Earlier frames score 0 and take motion3's
// "stamp" value.
func (c *Config) MinIndex() int { return c.Stride() }

// NewConfig validates a frame size, bit depth and options.
func NewConfig(opts *feature.Values, width, height, bitDepth int) (*Config, error) {
	if opts == nil {
		opts = NewOptions()
	}
	if err := feature.CheckFrameSize("motion", width, height, MinSize, 0, "libvmaf's 5-tap mirror reads outside smaller frames"); err != nil {
		return nil, err
	}
	// libvmaf divides by w*h computed in 32-bit unsigned arithmetic.
	if uint64(width)*uint64(height) > math.MaxUint32 {
		return nil, feature.FormatErrorf("motion: frame size %dx%d is too large: width*height must fit in 32 bits", width, height)
	}
	if err := feature.CheckBitDepth("motion", bitDepth, 8, 16); err != nil {
		return nil, err
	}
	return &Config{
		Width: width, Height: height, BitDepth: bitDepth,
		ForceZero:     opts.Bool("motion_force_zero"),
		BlendFactor:   opts.Float("motion_blend_factor"),
		BlendOffset:   opts.Float("motion_blend_offset"),
		FPSWeight:     opts.Float("motion_fps_weight"),
		MaxVal:        opts.Float("motion_max_val"),
		FiveFrame:     opts.Bool("motion_five_frame_window"),
		MovingAverage: opts.Bool("motion_moving_average"),
		Debug:         opts.Bool("debug"),
	}, nil
}
