package adm

import (
	"fmt"
	"math"

	"github.com/bandscope/bandscope/kernels/feature"
	"github.com/bandscope/bandscope/kernels/libm"
)

// CSF modes (adm_csf_mode).
const (
	CSFWatson       = 0 // Watson et al. 1997 wavelet thresholds (default)
	CSFBarten       = 1 // Barten's CSF as in HDR-VDP-2
	CSFBlend        = 2 // tabulated Barten/Watson blend (legacy models)
	CSFBlendMAE     = 3 // tabulated blend with upstream's L1 fix
	NumScales       = 4
	NumBands        = 3 // horizontal, vertical, diagonal
	MinSize         = 33
	MaxSize         = 1 << 15
	defaultViewDist = 3.0
	defaultDispH    = 1080
)

// Band indices, in libvmaf's order of summation.
const (
	BandH = iota
	BandV
	BandD
)

// BandNames names the bands as the metric keys and the GUI spell them.
var BandNames = [NumBands]string{"h", "v", "d"}

// WeightLimit is, per scale and band, the largest fixed-point CSF weight
// whose product with the largest coefficient the wavelet taps can produce
// still has a square that fits the int32 of the contrast-masking stage
// (scale 0's diagonal is bounded by its uint16 weight instead).
var WeightLimit = [NumScales][NumBands]uint64{
	{46603, 46603, 65535},
	{279958309, 279958309, 279958309},
	{539893111, 539893111, 539893111},
	{546406567, 546406567, 546406567},
}

// Config is everything integer ADM needs to score frames of one size with
// one set of options; it is immutable once built.
type Config struct {
	Width, Height, BitDepth int

	EnhnGainLimit    float64
	NormViewDist     float64
	RefDisplayHeight int
	CSFMode          int
	CSFScale         float64
	CSFDiagScale     float64
	NoiseWeight      float64
	DLMWeight        float64
	MinVal           float64
	SkipAIM          bool
	SkipScale0       bool
	Debug            bool
	Bands            bool

	// Factor is the CSF weight of each scale and band (libvmaf's rfactor,
	// a float), the same for h and v.
	Factor [NumScales][NumBands]float32
	// Weight is the fixed-point weight the CSF and contrast-masking stages
	// multiply by: Factor*2^21 (h, v) and Factor*2^23 (d) at scale 0,
	// Factor*2^32 at scales 1-3, each divided by 2^Norm[scale] (truncated
	// as libvmaf does when Norm is 0, rounded to nearest otherwise).
	Weight [NumScales][NumBands]uint32
	// Norm is the power of two the weights of a scale were divided by to
	// keep the masking square inside int32 (0 wherever libvmaf's own
	// weights fit, which is every Watson and blend setting); the cubes are
	// multiplied back by 2^(3*Norm).
	Norm [NumScales]int
	// Precise selects Barten's DWT and decouple (precise.go) over
	// libvmaf's integer ones: set with adm_csf_mode=1.
	Precise bool

	// BandW, BandH are the sizes of the DWT bands at each scale.
	BandW, BandH [NumScales]int

	cos1degSq float32
}

// blendTables are upstream's tabulated Barten/Watson blend weights,
// [mode-2][case][theta][scale]; cases as blendCase lists them.
var blendTables = [2][7][2][4]float32{
	{ // adm_csf_mode=2 (legacy)
		{{0.01183, 0.025026, 0.04295, 0.058621}, {0.004302, 0.011778, 0.023918, 0.035901}},   // 1080 @ 3H
		{{0.004212, 0.014809, 0.029642, 0.047464}, {0.000984, 0.005852, 0.0146, 0.027574}},   // 1080 @ 5H
		{{0.01183, 0.025026, 0.04295, 0.058621}, {0.004302, 0.011778, 0.023918, 0.035901}},   // 2160 @ 1.5H
		{{0.00226, 0.01183, 0.025026, 0.04295}, {0.000479, 0.004302, 0.011778, 0.023918}},    // 2160 @ 3H
		{{0.000092, 0.004212, 0.014809, 0.029642}, {0.000050, 0.000984, 0.005852, 0.0146}},   // 2160 @ 5H
		{{0.018715, 0.035637, 0.052798, 0.061509}, {0.007999, 0.018396, 0.031851, 0.037718}}, // 720 @ 3H
		{{0.010144, 0.022561, 0.040309, 0.05672}, {0.003463, 0.010282, 0.021839, 0.034641}},  // 720 @ 5H
	},
	{ // adm_csf_mode=3 (MAE)
		{{0.011249, 0.022606, 0.035930, 0.045673}, {0.004097, 0.010921, 0.021430, 0.031313}},
		{{0.004052, 0.013939, 0.026298, 0.038833}, {0.000927, 0.005544, 0.013415, 0.024515}},
		{{0.011249, 0.022606, 0.035930, 0.045673}, {0.004097, 0.010921, 0.021430, 0.031313}},
		{{0.002166, 0.011249, 0.022606, 0.035930}, {0.000447, 0.004097, 0.010921, 0.021430}},
		{{0.000077, 0.004052, 0.013939, 0.026298}, {0.000045, 0.000927, 0.005544, 0.013415}},
		{{0.017329, 0.030870, 0.042134, 0.047410}, {0.007509, 0.016707, 0.028072, 0.032722}},
		{{0.009689, 0.020577, 0.034162, 0.044523}, {0.003302, 0.009579, 0.019661, 0.030318}},
	},
}

// blendCase finds the tabulated viewing condition; upstream also lists 480p
// tables, which integer ADM can never reach (they are below 3*1080).
func blendCase(nvd float64, rdh int) (int, bool) {
	switch {
	case rdh == 1080 && nvd == 3.0:
		return 0, true
	case rdh == 1080 && nvd == 5.0:
		return 1, true
	case rdh == 2160 && nvd == 1.5:
		return 2, true
	case rdh == 2160 && nvd == 3.0:
		return 3, true
	case rdh == 2160 && nvd == 5.0:
		return 4, true
	case rdh == 720 && nvd == 3.0:
		return 5, true
	case rdh == 720 && nvd == 5.0:
		return 6, true
	}
	return 0, false
}

// CheckOptions refuses option values that no frame makes valid (the view
// distance and display height, the CSF weights: none depends on the frame),
// so that a command line can be refused before any clip is opened.
func CheckOptions(opts *feature.Values) error {
	_, err := NewConfig(opts, MinSize, MinSize, 8)
	return err
}

// NewConfig validates a frame size, bit depth and options and derives the
// per-scale weights.
func NewConfig(opts *feature.Values, width, height, bitDepth int) (*Config, error) {
	if opts == nil {
		opts = NewOptions()
	}
	if err := feature.CheckFrameSize("adm", width, height, MinSize, MaxSize,
		"the fourth DWT level needs 5 rows and columns; libvmaf reads outside the frame below that"); err != nil {
		return nil, err
	}
	if err := feature.CheckBitDepth("adm", bitDepth, 8, 16); err != nil {
		return nil, err
	}
	c := &Config{
		Width: width, Height: height, BitDepth: bitDepth,
		EnhnGainLimit:    opts.Float("adm_enhn_gain_limit"),
		NormViewDist:     opts.Float("adm_norm_view_dist"),
		RefDisplayHeight: opts.Int("adm_ref_display_height"),
		CSFMode:          opts.Int("adm_csf_mode"),
		CSFScale:         opts.Float("adm_csf_scale"),
		CSFDiagScale:     opts.Float("adm_csf_diag_scale"),
		NoiseWeight:      opts.Float("adm_noise_weight"),
		DLMWeight:        opts.Float("adm_dlm_weight"),
		MinVal:           opts.Float("adm_min_val"),
		SkipAIM:          opts.Bool("adm_skip_aim"),
		SkipScale0:       opts.Bool("adm_skip_scale0"),
		Debug:            opts.Bool("debug"),
		Bands:            opts.Bool("bands"),
	}
	c.Precise = c.CSFMode == CSFBarten
	// The 16-bit first level cannot represent a lower angular frequency.
	if c.NormViewDist*float64(c.RefDisplayHeight) < defaultViewDist*defaultDispH {
		return nil, fmt.Errorf("adm: adm_norm_view_dist * adm_ref_display_height = %g * %d is below %d; "+
			"integer ADM needs at least 3 * 1080", c.NormViewDist, c.RefDisplayHeight, 3*1080)
	}
	w, h := width, height
	for s := 0; s < NumScales; s++ {
		w, h = (w+1)/2, (h+1)/2
		c.BandW[s], c.BandH[s] = w, h
	}
	c.cos1degSq = float32(math.Cos(1.0*math.Pi/180.0) * math.Cos(1.0*math.Pi/180.0))
	if err := c.deriveWeights(); err != nil {
		return nil, err
	}
	return c, nil
}

func (c *Config) deriveWeights() error {
	for s := 0; s < NumScales; s++ {
		switch c.CSFMode {
		case CSFBarten:
			c.Factor[s][0] = bartenCSF(s, c.NormViewDist, c.RefDisplayHeight, 100.0, c.CSFScale)
			c.Factor[s][2] = bartenCSF(s, c.NormViewDist, c.RefDisplayHeight, 100.0, c.CSFDiagScale)
		case CSFBlend, CSFBlendMAE:
			k, ok := blendCase(c.NormViewDist, c.RefDisplayHeight)
			if !ok {
				return fmt.Errorf("adm: adm_csf_mode=%d has no blended CSF for adm_norm_view_dist=%g, adm_ref_display_height=%d "+
					"(tabulated: 1080 at 3 or 5, 2160 at 1.5, 3 or 5, 720 at 5)", c.CSFMode, c.NormViewDist, c.RefDisplayHeight)
			}
			t := &blendTables[c.CSFMode-2][k]
			c.Factor[s][0], c.Factor[s][2] = t[0][s], t[1][s]
		default:
			c.Factor[s][0] = 1.0 / WatsonQuantStep(s, 1, c.NormViewDist, c.RefDisplayHeight)
			c.Factor[s][2] = 1.0 / WatsonQuantStep(s, 2, c.NormViewDist, c.RefDisplayHeight)
		}
		c.Factor[s][1] = c.Factor[s][0]
		for b := 0; b < NumBands; b++ {
			if f := c.Factor[s][b]; !(f >= 0) || math.IsInf(float64(f), 0) {
				return fmt.Errorf("adm: CSF weight of scale %d band %s is %g; adm_csf_scale/adm_csf_diag_scale give no usable weight", s, BandNames[b], f)
			}
		}
	}
	// Scale 0: libvmaf hard-codes the default Watson weights.
	for s := 0; s < NumScales; s++ {
		shift := [NumBands]int{32, 32, 32}
		if s == 0 {
			shift = [NumBands]int{21, 21, 23}
		}
		for k := 0; ; k++ {
			fits := true
			var wt [NumBands]uint64
			for b := 0; b < NumBands; b++ {
				v := float64(c.Factor[s][b]) * math.Ldexp(1, shift[b]-k)
				if v >= 1<<40 {
					fits = false
					break
				}
				// libvmaf truncates its weights; normalised ones (no
				// libvmaf counterpart) round to nearest, which halves
				// the weight's error (Barten scale 0 h/v: 9916.39).
				wt[b] = uint64(v)
				if k > 0 {
					wt[b] = uint64(math.Round(v))
				}
				if wt[b] > WeightLimit[s][b] {
					fits = false
				}
			}
			if s == 0 && k == 0 && c.CSFMode == CSFWatson &&
				math.Abs(c.NormViewDist*float64(c.RefDisplayHeight)-defaultViewDist*defaultDispH) < 1.0e-8 {
				wt = [NumBands]uint64{36453, 36453, 49417}
				fits = true
			}
			if fits {
				for b := range wt {
					c.Weight[s][b] = uint32(wt[b])
				}
				c.Norm[s] = k
				break
			}
		}
	}
	return nil
}

// Watson's wavelet model (luma): a, k, f0, g per orientation, and the basis
// function amplitudes A[lambda][theta] of the 7/9 biorthogonal wavelet.
var (
	watsonA    float32 = 0.495
	watsonK    float32 = 0.466
	watsonF0   float32 = 0.401
	watsonG            = [4]float32{1.501, 1.0, 0.534, 1.0}
	watsonAmps         = [6][4]float32{
		{0.62171, 0.67234, 0.72709, 0.67234},
		{0.34537, 0.41317, 0.49428, 0.41317},
		{0.18004, 0.22727, 0.28688, 0.22727},
		{0.091401, 0.11792, 0.15214, 0.11792},
		{0.045943, 0.059758, 0.077727, 0.059758},
		{0.023013, 0.030018, 0.039156, 0.030018},
	}
)

// WatsonQuantStep is the visibility threshold Q of DWT level lambda and
// orientation theta (1 vertical/horizontal, 2 diagonal), as a float the way
// libvmaf rounds it.
func WatsonQuantStep(lambda, theta int, nvd float64, rdh int) float32 {
	r := float32(nvd * float64(rdh) * math.Pi / 180.0)
	temp := float32(math.Log10(float64(float64(libm.Pow(2.0, float64(lambda+1))*float64(watsonF0))*float64(watsonG[theta])) / float64(r)))
	kt := watsonK * temp * temp // float arithmetic in C too
	q := float32(float64(2.0*float64(watsonA)*libm.Pow(10.0, float64(kt))) / float64(watsonAmps[lambda][theta]))
	return q
}
