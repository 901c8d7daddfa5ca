package adm

// FinishFrame turns the band terms of every scale (float32, as the masking
// and denominator stages give them) into the frame's scores, in libvmaf's
// order. It is the per-frame finish every backend shares, so that a backend
// that computes the terms elsewhere (the GPU) gets the same bits.
func FinishFrame(cfg *Config, res *FrameResult, num, den, aim *[NumScales][NumBands]float32) {
	var t [NumScales]scaleTerms
	for s := range t {
		t[s] = scaleTerms{num: num[s], den: den[s], aim: aim[s]}
	}
	finishFrame(cfg, res, &t)
}
