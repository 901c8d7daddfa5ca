package adm

import (
	"math"

	"github.com/bandscope/bandscope/kernels/libm"
)

// Barten's CSF as HDR-VDP-2 simplifies it (libvmaf's barten_csf), with
// float rounding where upstream rounds to float.
var (
	bartenAnchors = [6]float32{0.002, 0.02, 0.2, 2, 20, 150}
	bartenParams  = [6][5]float32{
		{0.0160737, 0.991265, 3.74038, 0.50722, 4.46044},
		{0.383873, 0.800889, 3.54104, 0.682505, 4.94958},
		{0.929301, 0.476505, 4.37453, 0.750315, 5.28678},
		{1.29776, 0.405782, 4.40602, 0.935314, 5.61425},
		{1.49222, 0.334278, 3.79542, 1.07327, 6.4635},
		{1.46213, 0.394533, 2.7755, 1.16577, 7.45665},
	}
	bartenSA   = [4]float32{30.162, 4.0627, 1.6596, 0.2712}
	bartenMTFA = [4]float32{0.424838596301290, 0.572435103936480, 0.000167576239164937, 0.00255872352306433}
	bartenMTFB = [4]float32{0.028, 0.37, 37, 360}
)

func lerp32(lp, lv, rp, rv, sp float32) float32 {
	return lv + ((rv-lv)/(rp-lp))*(sp-lp)
}

func bartenCSF(lambda int, nvd float64, rdh int, lum, scale float64) float32 {
	r := float32(nvd * float64(rdh) * math.Pi / 180.0)
	sf := float32(float64(r) / libm.Pow(2, float64(lambda+1)))
	cl := math.Min(math.Max(lum, float64(bartenAnchors[0])), float64(bartenAnchors[5]))
	li, ri := 0, 0
	for i := 0; i < 5; i++ {
		if cl >= float64(bartenAnchors[i]) && cl <= float64(bartenAnchors[i+1]) {
			li, ri = i, i+1
			break
		}
	}
	lp := float32(math.Log10(float64(bartenAnchors[li])))
	rp := float32(math.Log10(float64(bartenAnchors[ri])))
	sp := float32(math.Log10(cl))
	var p [4]float32
	for k := range p {
		p[k] = lerp32(lp, bartenParams[li][k+1], rp, bartenParams[ri][k+1], sp)
	}
	a := float32(1.0 + libm.Pow(float64(p[0]*sf), float64(p[1])))
	b := float32(1.0 / libm.Pow(1-math.Exp(-libm.Pow(float64(sf/7), 2)), float64(p[2])))
	csf := float32(float64(p[3]) / libm.Pow(float64(a*b), 0.5))
	var mtf float32
	for i := 0; i < 4; i++ {
		mtf = float32(float64(mtf) + float64(bartenMTFA[i])*math.Exp(float64(-bartenMTFB[i]*sf)))
	}
	l := float32(lum)
	rod := float32(float64(bartenSA[0]) * libm.Pow(libm.Pow(float64(bartenSA[1]/l), float64(bartenSA[2]))+1, float64(-bartenSA[3])))
	return float32(float64(csf*mtf*rod) * scale)
}
