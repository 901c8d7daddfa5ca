package speed

import (
	"fmt"
	"math"

	"github.com/bandscope/bandscope/kernels/feature"
	"github.com/bandscope/bandscope/kernels/yuv"
)

// Fixed parameters of speed.c.
const (
	BlockSize  = 5                     // DEFAULT_BLOCK_SIZE: local blocks are 5x5
	BlockElems = BlockSize * BlockSize // elements_in_block: the covariance matrix is 25x25
	NumScales  = 4                     // the plane is decimated by 2^4 = 16 before the block statistics
	// MinScaledSize is the smallest prescaled chroma side SpEED can score:
	// (side >> 4) must hold one 5-sample block.
	MinScaledSize = BlockSize << NumScales // 80
)

// Method is the prescale interpolation (speed_prescale_method).
type Method int

// The methods libvmaf accepts; Lanczos4 is refused (see NewConfig).
const (
	Nearest Method = iota
	Bilinear
	Bicubic
	Lanczos4
)

// CovOrder is the summation order of the covariance sums. libvmaf picks a
// kernel by CPU (speed_init): C, AVX2 or AVX-512, each summing the same
// double products in a different order. The sums are rounded to float right
// after, so the three agree except when a sum lies within a few double ulps
// of a float rounding boundary.
type CovOrder int

const (
	CovC      CovOrder = iota // compute_cov_kernel_scalar (libvmaf with --cpumask 63, or without AVX2)
	CovAVX2                   // compute_cov_kernel_avx2 (AVX2 machines)
	CovAVX512                 // compute_cov_kernel_avx512 (AVX-512 machines)
)

// Config is one speed_chroma instance.
type Config struct {
	Width, Height int // luma size
	BitDepth      int // 8, 10, 12 or 16
	Chroma        yuv.Chroma

	KernelScale float32 // speed_kernelscale, as the float libvmaf passes it on
	Prescale    float64 // speed_prescale
	Method      Method  // speed_prescale_method
	SigmaNN     float32 // speed_sigma_nn, as the float est_params takes
	NNFloor     float32 // speed_nn_floor
	MaxVal      float64 // speed_max_val
	WeightMode  int     // speed_weight_var_mode

	Cov CovOrder // covariance summation order (default CovC)

	dim dims
	// Gaussian taps: the antialias filter (full resolution, scale 1 size
	// with sigma times sqrt(4)) and the scale-4 filter for local means.
	antialias, local []float32
	lut              []float32 // picture_copy's float per sample value (fast scorer)
}

// dims mirrors libvmaf's SpeedDimensions for one chroma plane.
type dims struct {
	origW, origH     int // chroma plane as libvmaf sees it (luma size >> subsampling, floored)
	scaledW, scaledH int // after speed_prescale
	opW, opH         int // scaled >> 4
	truncW, truncH   int // operating size rounded down to whole blocks
	nbh, nbv, nb     int // blocks across, down, in all
	subW, subH       int // truncated - block + 1: the size of each shifted submatrix
}

func newDims(w, h int, prescale float64) dims {
	var d dims
	d.origW, d.origH = w, h
	// (int)(size_t * double + 0.5)
	d.scaledW = int(float64(float64(w)*prescale) + 0.5)
	d.scaledH = int(float64(float64(h)*prescale) + 0.5)
	d.opW, d.opH = d.scaledW>>NumScales, d.scaledH>>NumScales
	d.truncW = d.opW / BlockSize * BlockSize
	d.truncH = d.opH / BlockSize * BlockSize
	d.nbh, d.nbv = d.truncW/BlockSize, d.truncH/BlockSize
	d.nb = d.nbh * d.nbv
	d.subW, d.subH = d.truncW-BlockSize+1, d.truncH-BlockSize+1
	return d
}

// validKernelScales is vif_tools.h's list (floats, as libvmaf spells them).
var validKernelScales = [...]float32{
	1.0, 1.0 / 2.0, 3.0 / 2.0, 2.0, 2.0 / 3.0, 24.0 / 10.0, 360.0 / 97.0, 4.0 / 3.0,
	3.5 / 3.0, 3.75 / 3.0, 4.25 / 3.0, 5.0 / 3.0, 3.0, 1.0 / 2.25, 1.4746, 1.54, 1.6,
	1.06667, 0.711111, 0.740740, 1.111111,
}

func validKernelScale(ks float32) bool {
	for _, v := range validKernelScales {
		if float64(float32(math.Abs(float64(ks-v)))) < 1e-3 {
			return true
		}
	}
	return false
}

// almostOne is speed.c's ALMOST_EQUAL(prescale, 1.0): no prescaling at all.
func almostOne(p float64) bool { return math.Abs(p-1.0) < 1.0e-3 }

// methods are the prescale methods speed_prescale_method names (lanczos4
// aside: CheckOptions refuses it).
var methods = map[string]Method{"nearest": Nearest, "bilinear": Bilinear, "bicubic": Bicubic}

// CheckOptions refuses option values that no picture makes valid, so that
// a command line can be refused before any clip is opened; NewConfig
// checks them too.
func CheckOptions(opts *feature.Values) error {
	switch m := opts.String("speed_prescale_method"); m {
	case "nearest", "bilinear", "bicubic":
	case "lanczos4":
		return fmt.Errorf("speed_chroma: speed_prescale_method=lanczos4 is not supported " +
			"(libvmaf's lanczos4 weights call glibc's sin, which Bandscope does not reproduce bit for bit); use nearest, bilinear or bicubic")
	default:
		return fmt.Errorf("speed_chroma: invalid speed_prescale_method %q (nearest, bilinear, bicubic or lanczos4)", m)
	}
	if !validKernelScale(float32(opts.Float("speed_kernelscale"))) {
		return fmt.Errorf("speed_chroma: invalid speed_kernelscale %g: libvmaf accepts only, within 1e-3, %s",
			opts.Float("speed_kernelscale"), kernelScaleList())
	}
	if m := opts.Int("speed_weight_var_mode"); m < 0 || m > 6 {
		return fmt.Errorf("speed_chroma: speed_weight_var_mode %d out of range [0, 6]", m)
	}
	return nil
}

// NewConfig builds a configuration from speed_chroma's options for clips of
// format f. It refuses what libvmaf cannot score: 4:0:0 (libvmaf's init
// fails with EINVAL: no chroma), bit depths other than 8, 10, 12 and 16
// (libvmaf reads other depths as bytes), chroma planes below 80 samples
// after prescaling (libvmaf logs "SpEED: image too small" and crashes),
// kernel scales off vif_tools' list and unknown methods (libvmaf's init
// fails and it crashes), and lanczos4 prescaling (it calls glibc's sin,
// which Bandscope does not reproduce).
func NewConfig(opts *feature.Values, f yuv.Format) (*Config, error) {
	if opts == nil {
		opts = NewOptions()
	}
	c := &Config{
		Width: f.Width, Height: f.Height, BitDepth: f.BitDepth, Chroma: f.Chroma,
		KernelScale: float32(opts.Float("speed_kernelscale")),
		Prescale:    opts.Float("speed_prescale"),
		SigmaNN:     float32(opts.Float("speed_sigma_nn")),
		NNFloor:     float32(opts.Float("speed_nn_floor")),
		MaxVal:      opts.Float("speed_max_val"),
		WeightMode:  opts.Int("speed_weight_var_mode"),
	}
	if err := CheckOptions(opts); err != nil {
		return nil, err
	}
	c.Method = methods[opts.String("speed_prescale_method")]
	switch f.BitDepth {
	case 8, 10, 12, 16:
	default:
		return nil, feature.FormatErrorf("speed_chroma: bit depth %d is not supported (libvmaf's SpEED reads 8, 10, 12 and 16 bits only)", f.BitDepth)
	}
	var w, h int
	switch f.Chroma {
	case yuv.C420:
		w, h = f.Width/2, f.Height/2
	case yuv.C422:
		w, h = f.Width/2, f.Height
	case yuv.C444:
		w, h = f.Width, f.Height
	case yuv.C400:
		return nil, feature.FormatErrorf("speed_chroma: 4:0:0 (luma only) has no chroma to score (libvmaf refuses it too)")
	default:
		return nil, feature.FormatErrorf("speed_chroma: pixel format %v is not supported (420, 422 or 444)", f.Chroma)
	}
	c.dim = newDims(w, h, c.Prescale)
	d := c.dim
	if d.truncW == 0 || d.truncH == 0 {
		mw, mh := minLuma(f.Chroma, c.Prescale)
		return nil, feature.FormatErrorf("speed_chroma: frame too small: %dx%d %v has %dx%d chroma, %dx%d after speed_prescale=%g, "+
			"and SpEED needs at least %dx%d (one 5x5 block after decimating by 16), so at least %dx%d %v frames at this prescale "+
			"(libvmaf logs \"SpEED: image too small\" and crashes)",
			f.Width, f.Height, f.Chroma, w, h, d.scaledW, d.scaledH, c.Prescale, MinScaledSize, MinScaledSize, mw, mh, f.Chroma)
	}
	if almostOne(c.Prescale) && (d.scaledW != w || d.scaledH != h) {
		// libvmaf skips the scaling but then filters scaled_w x scaled_h
		// samples of a w x h plane: it reads samples it never wrote.
		return nil, fmt.Errorf("speed_chroma: speed_prescale=%g is within 1e-3 of 1, so libvmaf does not scale, yet it rounds the %dx%d chroma to %dx%d "+
			"and reads outside the plane; use 1 or a value further from it", c.Prescale, w, h, d.scaledW, d.scaledH)
	}
	c.antialias = antialiasFilter(c.KernelScale)
	c.local = gaussianFilter(NumScales, c.KernelScale)
	c.lut = sampleTable(c.BitDepth)
	return c, nil
}

// minLuma is the smallest luma size whose chroma reaches MinScaledSize
// after prescaling.
func minLuma(ch yuv.Chroma, prescale float64) (w, h int) {
	side := 1
	for newDims(side, side, prescale).scaledW < MinScaledSize {
		side++
	}
	sx, sy := ch.Subsampling()
	return side << sx, side << sy
}

func kernelScaleList() string {
	s := ""
	for i, v := range validKernelScales {
		if i > 0 {
			s += ", "
		}
		s += fmt.Sprintf("%g", v)
	}
	return s
}

// PlaneSize is the chroma area SpEED scores (libvmaf floors odd luma sizes).
func (c *Config) PlaneSize() (w, h int) { return c.dim.origW, c.dim.origH }

// Blocks is the size of the per-block maps: blocks across and down.
func (c *Config) Blocks() (nbh, nbv int) { return c.dim.nbh, c.dim.nbv }
