package gpu

import (
	"math"
	"math/bits"

	"github.com/bandscope/bandscope/kernels/adm"
)

// The per-frame scalar finish of integer ADM, on the host: the device
// returns, per scale and band, the 64-bit accumulators of the masked
// numerator, the AIM numerator and the denominator; finishADM hands them
// to kernels/adm's own finish (adm.Shifts' NumTerms and DenTerms,
// adm.DenExactTerms, adm.FinishFrame), so every float of FrameResult has
// the CPU's bits by construction.

// admAcc are one frame's device accumulators: [scale][kind][band], kinds
// num, aim, den and, for Barten's exact denominator, the sums of the
// cubes' middle and top 32-bit words (den holding the low words').
type admAcc [adm.NumScales][admKinds][adm.NumBands]uint64

const admKinds = 5

// denExact reassembles Barten's 128-bit denominator sums from the sums of
// the cubes' 32-bit words (lo + mid*2^32 + top*2^64) as high and low words.
func denExact(lo, mid, top uint64) [2]uint64 {
	l, c := bits.Add64(lo, mid<<32, 0)
	return [2]uint64{mid>>32 + top + c, l}
}

// finishADM turns the accumulators into the frame result, as kernels/adm's
// Score does after its stages.
func finishADM(cfg *adm.Config, sh *[adm.NumScales]adm.Shifts, acc *admAcc, res *adm.FrameResult) {
	var num, den, aim [adm.NumScales][adm.NumBands]float32
	for s := 0; s < adm.NumScales; s++ {
		if s == 0 && cfg.SkipScale0 {
			continue
		}
		var n, a [adm.NumBands]int64
		for b := range n {
			n[b], a[b] = int64(acc[s][0][b]), int64(acc[s][1][b])
		}
		num[s] = sh[s].NumTerms(n, cfg.Norm[s], cfg.NoiseWeight)
		if cfg.Precise && s > 0 {
			var sum [adm.NumBands][2]uint64
			for b := range sum {
				sum[b] = denExact(acc[s][2][b], acc[s][3][b], acc[s][4][b])
			}
			den[s] = adm.DenExactTerms(sum, s, cfg.BandW[s], cfg.BandH[s], cfg.Factor[s], cfg.NoiseWeight)
		} else {
			den[s] = sh[s].DenTerms(acc[s][2], cfg.Factor[s], cfg.NoiseWeight)
		}
		if !cfg.SkipAIM {
			aim[s] = sh[s].NumTerms(a, cfg.Norm[s], 0)
		}
	}
	adm.FinishFrame(cfg, res, &num, &den, &aim)
}

// cos1Float is cos^2(1 degree) as kernels/adm rounds it, as m * 2^e with a
// 24-bit m.
func cos1Float() (m uint32, e int32) {
	c := float32(math.Cos(1.0*math.Pi/180.0) * math.Cos(1.0*math.Pi/180.0))
	b := math.Float32bits(c)
	return b&(1<<23-1) | 1<<23, int32(b>>23&0xff) - 127 - 23
}

// eglFloat is adm_enhn_gain_limit (a normal double >= 1) as m * 2^-q.
func eglFloat(egl float64) (lo, hi, q uint32) {
	b := math.Float64bits(egl)
	m := b&(1<<52-1) | 1<<52
	return uint32(m), uint32(m >> 32), uint32(1075 - int(b>>52&0x7ff))
}
