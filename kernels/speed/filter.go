package speed

import "math"

// filterSize is vif_get_filter_size: 2^(4-scale)+1 taps times the kernel
// scale, rounded up to odd, at least 3.
func filterSize(scale int, ks float32) int {
	n := 1<<(4-scale) + 1
	f := float32(n) * ks
	ceiling := int(math.Ceil(float64(f)))
	if ceiling%2 == 0 {
		ceiling++
	}
	return max(ceiling, 3)
}

// gaussianFilter is vif_get_filter: size taps, sigma = size/5 (float).
func gaussianFilter(scale int, ks float32) []float32 {
	size := filterSize(scale, ks)
	return gaussianKernel(size, float32(size)/5.0)
}

// antialiasFilter is speed_get_antialias_filter(out, NUM_SCALES, ks): the
// scale-1 size with sigma = sqrt(4)*size/5, evaluated in double and handed
// on as a float.
func antialiasFilter(ks float32) []float32 {
	size := filterSize(1, ks)
	return gaussianKernel(size, float32(2.0*float64(size)/5.0))
}

// sqrt2Pi is sqrt(2*M_PI), which the compiler folds (correctly rounded,
// as math.Sqrt).
var sqrt2Pi = math.Sqrt(2 * math.Pi)

// gaussianPDF is vif_tools' get_gaussian_pdf(x, 0, stdev): the exponent in
// double, left to right, the quotient in float.
func gaussianPDF(x, stdev float32) float32 {
	d := float64(x - 0)
	s := float64(stdev)
	num := gaussExp32(float64(float64(float64(-0.5*d)/s)*d) / s)
	den := float32(1 / float64(s*sqrt2Pi))
	return num / den
}

// gaussExp32 is (float)exp(x), the numerator of the Gaussian weights. Its
// arguments form a small finite set (-i^2/(2 sigma^2) for the odd window
// sizes 3..37 that the kernel-scale range allows, with their two sigma
// formulas). Go's math.Exp differs from glibc's exp in the last bit of the
// double on 94 of those 720 arguments, but on every one of them both round
// to the same float, which is all libvmaf keeps (TestGaussExpMatchesC
// checks them all against the C library through cgo).
func gaussExp32(x float64) float32 { return float32(math.Exp(x)) }

// gaussianKernel is get_1d_gaussian_kernel: the pdf at -k..k, normalised by
// its float sum (summed left to right, then one float division per tap).
func gaussianKernel(size int, stdev float32) []float32 {
	out := make([]float32, size)
	var sum float32
	k := (size - 1) / 2
	for i := range out {
		out[i] = gaussianPDF(float32(i-k), stdev)
		sum += out[i]
	}
	for i := range out {
		out[i] /= sum
	}
	return out
}

// mirrorIdx is the edge rule of vif_filter1d_s and its AVX twin: reflect
// about the first and last sample without repeating it.
func mirrorIdx(i, n int) int {
	if i < 0 {
		return -i
	}
	if i >= n {
		return 2*n - i - 2
	}
	return i
}

// filter1d is vif_filter1d_s (and convolution_f32_avx_s, which sums the
// same float products in the same order): a vertical then a horizontal
// pass of the symmetric filter f, mirrored at the edges, over w x h samples
// of src (stride sstride) into dst (stride dstride). Each output is
// sum_k f[k]*x[k], k increasing from 0, in float, products rounded.
func filter1d(f []float32, src []float32, sstride int, dst []float32, dstride int, w, h int, tmp []float32) {
	r := len(f) / 2
	tmp = tmp[:w]
	for i := 0; i < h; i++ {
		for j := 0; j < w; j++ {
			var acc float32
			for k, fk := range f {
				ii := mirrorIdx(i-r+k, h)
				acc += float32(fk * src[ii*sstride+j])
			}
			tmp[j] = acc
		}
		row := dst[i*dstride : i*dstride+w]
		for j := range row {
			var acc float32
			for k, fk := range f {
				jj := mirrorIdx(j-r+k, w)
				acc += float32(fk * tmp[jj])
			}
			row[j] = acc
		}
	}
}
