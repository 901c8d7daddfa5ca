package gpu

import (
	"math"
	"math/bits"

	"github.com/bandscope/bandscope/kernels/adm"
	"github.com/bandscope/bandscope/kernels/libm"
)

// The per-frame scalar finish of integer ADM, on the host: the device
// returns, per scale and band, the 64-bit accumulators of the masked
// numerator, the AIM numerator and the denominator; these functions apply
// the cube roots, noise floors and weighted sums exactly as kernels/adm
// does (the same float32/float64 steps in the same order, glibc's powf and
// pow from package libm), so every float of FrameResult has the CPU's bits.

const admOneThird = float32(1.0) / 3

func ceilLog2(n int) int { return bits.Len(uint(n - 1)) }

// admShifts are the rounding shifts and constants of one scale, derived as
// kernels/adm derives them.
type admShifts struct {
	sr adm.Rect
	// masking: per-band cube shift and rounding, row shift and rounding
	cmCub    [adm.NumBands]uint
	cmAddCub [adm.NumBands]int64
	cmAcc    uint
	cmAddAcc int64
	cmSq     [adm.NumBands]uint
	cmSub    [adm.NumBands]uint
	// denominator: scale 0 has only denAcc/denAddAcc
	denSq, denCub, denAcc       uint32
	denAddSq, denAddCub, denAdd uint64
}

var (
	admCM0CubOff   = [adm.NumBands]int{4, 4, 3}
	admCM0Final    = [adm.NumBands]int{52, 52, 57}
	admCMFinal     = [4]int{0, 45, 39, 36}
	admDenSqShift  = [4]uint32{0, 31, 30, 31}
	admDenConvert  = [4]uint32{0, 32, 27, 23}
	admCM0SubShift = [adm.NumBands]uint{10, 10, 12}
	admCM0SqShift  = [adm.NumBands]uint{29, 29, 30}
)

func newADMShifts(s, w, h int) admShifts {
	var x admShifts
	sr := adm.ScoreRect(w, h)
	x.sr = sr
	x.cmAcc = uint(ceilLog2(h))
	x.cmAddAcc = int64(uint32(libm.Pow(2, float64(int(x.cmAcc)-1))))
	for b := 0; b < adm.NumBands; b++ {
		if s == 0 {
			x.cmCub[b] = uint(ceilLog2(w) - admCM0CubOff[b])
			x.cmSq[b] = admCM0SqShift[b]
			x.cmSub[b] = admCM0SubShift[b]
		} else {
			x.cmCub[b] = uint(ceilLog2(w))
			x.cmSq[b] = 30
		}
		x.cmAddCub[b] = int64(uint32(libm.Pow(2, float64(int(x.cmCub[b])-1))))
	}
	if s == 0 {
		x.denAcc = uint32(max(ceilLog2((sr.Y1-sr.Y0)*(sr.X1-sr.X0))-20, 0))
		if x.denAcc > 0 {
			x.denAdd = 1 << (x.denAcc - 1)
		}
		return x
	}
	x.denCub = uint32(ceilLog2(sr.X1 - sr.X0))
	x.denAddCub = uint64(uint32(libm.Pow(2, float64(x.denCub-1))))
	x.denAcc = uint32(ceilLog2(sr.Y1 - sr.Y0))
	x.denAdd = uint64(uint32(libm.Pow(2, float64(x.denAcc-1))))
	x.denSq = admDenSqShift[s]
	x.denAddSq = uint64(1) << x.denSq
	return x
}

func admNoise(sr adm.Rect, nw float64) float32 {
	return libm.Powf(float32(float64((sr.Y1-sr.Y0)*(sr.X1-sr.X0))*nw), admOneThird)
}

// cmTerms is cm0/cm123's finish: each band's accumulator to its term.
func (x *admShifts) cmTerms(s int, acc [adm.NumBands]int64, norm int, nw float64) [adm.NumBands]float32 {
	noise := admNoise(x.sr, nw)
	var out [adm.NumBands]float32
	if s == 0 {
		for b := range out {
			e := admCM0Final[b] - int(x.cmCub[b]) - int(x.cmAcc) - 3*norm
			f := float32(float64(acc[b]) / math.Ldexp(1, e))
			out[b] = libm.Powf(f, admOneThird) + noise
		}
		return out
	}
	div := float32(math.Ldexp(1, admCMFinal[s]-int(x.cmCub[0])-int(x.cmAcc)-3*norm))
	for b := range out {
		out[b] = libm.Powf(float32(acc[b])/div, admOneThird) + noise
	}
	return out
}

// denTerms is CSFDen0/CSFDen123's finish.
func (x *admShifts) denTerms(s int, acc [adm.NumBands]uint64, factor [adm.NumBands]float32, nw float64) [adm.NumBands]float32 {
	pa := admNoise(x.sr, nw)
	var out [adm.NumBands]float32
	for b := range out {
		var csf float64
		if s == 0 {
			csf = float64(float64(acc[b])/math.Ldexp(1, 18-int(x.denAcc))) * libm.Pow(float64(factor[b]), 3)
		} else {
			div := libm.Pow(2, float64(admDenConvert[s]-x.denAcc-x.denCub))
			csf = float64(float64(acc[b])/div) * libm.Pow(float64(factor[b]), 3)
		}
		out[b] = libm.Powf(float32(csf), admOneThird) + pa
	}
	return out
}

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
func finishADM(cfg *adm.Config, sh *[adm.NumScales]admShifts, acc *admAcc, res *adm.FrameResult) {
	var num, den, aim [adm.NumScales][adm.NumBands]float32
	for s := 0; s < adm.NumScales; s++ {
		if s == 0 && cfg.SkipScale0 {
			continue
		}
		var n, a [adm.NumBands]int64
		for b := range n {
			n[b], a[b] = int64(acc[s][0][b]), int64(acc[s][1][b])
		}
		num[s] = sh[s].cmTerms(s, n, cfg.Norm[s], cfg.NoiseWeight)
		if cfg.Precise && s > 0 {
			var sum [adm.NumBands][2]uint64
			for b := range sum {
				sum[b] = denExact(acc[s][2][b], acc[s][3][b], acc[s][4][b])
			}
			den[s] = adm.DenExactTerms(sum, s, cfg.BandW[s], cfg.BandH[s], cfg.Factor[s], cfg.NoiseWeight)
		} else {
			den[s] = sh[s].denTerms(s, acc[s][2], cfg.Factor[s], cfg.NoiseWeight)
		}
		if !cfg.SkipAIM {
			aim[s] = sh[s].cmTerms(s, a, cfg.Norm[s], 0)
		}
	}
	adm.FinishFrame(cfg, res, &num, &den, &aim)
}

// admMapExp is kernels/adm's map units: value / 2^exp is the CSF-weighted
// coefficient.
func admMapExp(scale, band, norm int) (x, additive int) {
	if scale == 0 {
		x = [adm.NumBands]int{27, 27, 29}[band]
		return x - norm, 12 - norm
	}
	x = [4]int{0, 25, 23, 22}[scale] - norm
	return x, x
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
