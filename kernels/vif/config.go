package vif

import (
	"math"
	"sync"

	"github.com/bandscope/bandscope/kernels/feature"
	"github.com/bandscope/bandscope/kernels/libm"
)

const (
	NumScales = 4
	// MinSize is the smallest width and height scored: every scale must
	// be at least one pixel wider and taller than its filter's half width
	// (8, 4, 2, 1 at scales 0-3, the sizes halving with truncation), so
	// that libvmaf's mirrored padding reads only pixels of the picture.
	// Below it libvmaf mirrors rows and columns it has not computed for
	// this scale (stale data from an earlier scale or frame).
	MinSize = 16
	MaxSize = 1 << 15
)

// Filters are libvmaf's integer VIF filters, one per scale (Q16 taps that
// sum to 65536): the statistics of scale s and the low-pass before
// decimating to scale s use Filters[s].
var Filters = [NumScales][]uint16{
	{489, 935, 1640, 2640, 3896, 5274, 6547, 7455, 7784, 7455, 6547, 5274, 3896, 2640, 1640, 935, 489},
	{1244, 3663, 7925, 12590, 14692, 12590, 7925, 3663, 1244},
	{3571, 16004, 26386, 16004, 3571},
	{10904, 43728, 10904},
}

// Config is everything integer VIF needs to score frames of one size with
// one set of options; it is immutable once built.
type Config struct {
	Width, Height, BitDepth int

	EnhnGainLimit float64 // vif_enhn_gain_limit
	SkipScale0    bool    // vif_skip_scale0
	Debug         bool

	// ScaleW, ScaleH are the image sizes at each scale (halved with
	// truncation, as libvmaf decimates).
	ScaleW, ScaleH [NumScales]int
}

// NewConfig validates a frame size, bit depth and options.
func NewConfig(opts *feature.Values, width, height, bitDepth int) (*Config, error) {
	if opts == nil {
		opts = NewOptions()
	}
	if err := feature.CheckFrameSize("vif", width, height, MinSize, MaxSize,
		"scale 3, an eighth of the size, needs 2 rows and columns; libvmaf mirrors data it never computed below that"); err != nil {
		return nil, err
	}
	if err := feature.CheckBitDepth("vif", bitDepth, 8, 16); err != nil {
		return nil, err
	}
	c := &Config{
		Width: width, Height: height, BitDepth: bitDepth,
		EnhnGainLimit: opts.Float("vif_enhn_gain_limit"),
		SkipScale0:    opts.Bool("vif_skip_scale0"),
		Debug:         opts.Bool("debug"),
	}
	w, h := width, height
	for s := 0; s < NumScales; s++ {
		c.ScaleW[s], c.ScaleH[s] = w, h
		w, h = w/2, h/2
	}
	return c, nil
}

// log2Table is libvmaf's table, log2Table[i] = round(log2f(i) * 2048) for
// i in [32767, 65535] (only 32768 and up are ever read), through glibc's
// log2f.
var (
	log2Once  sync.Once
	log2Table *[65536]uint16
)

// Log2Table returns libvmaf's log2 table (entries below 32767 are 0).
func Log2Table() *[65536]uint16 {
	log2Once.Do(func() {
		t := new([65536]uint16)
		for i := 32767; i < 65536; i++ {
			// log2f's float result times 2048 is exact in float; C's
			// round() rounds half away from zero like math.Round.
			t[i] = uint16(math.Round(float64(libm.Log2f(float32(i)) * 2048)))
		}
		log2Table = t
	})
	return log2Table
}
