//go:build !purego

package speed

//go:noescape
func vfilt8AVX2(vert *float32, base *uint8, offs *int, taps *float32, ntaps, n int, scale, offset float32)

// vfilt8Kernel runs vfilt8AVX2 over the whole vectors of the row and the
// Go twin over the rest.
func vfilt8Kernel(vert []float32, samples []uint8, offs []int, taps []float32, scale, offset float32) {
	w := len(vert)
	m := w &^ 7
	if m > 0 && len(taps) > 0 {
		for _, o := range offs[:len(taps)] {
			_ = samples[o+w-1]
		}
		vfilt8AVX2(&vert[0], &samples[0], &offs[0], &taps[0], len(taps), m, scale, offset)
	}
	vfiltGo(vert[m:], samples[m:], offs, taps, scale, offset)
}
