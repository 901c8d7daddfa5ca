//go:build !purego

package clip

//go:noescape
func widen8SSE2(dst *uint16, src *byte, n int)

// widen8Vec widens the first n &^ 15 samples and returns how many.
func widen8Vec(dst []uint16, src []byte) int {
	n := len(dst) &^ 15
	if n > 0 {
		_ = src[n-1]
		widen8SSE2(&dst[0], &src[0], n)
	}
	return n
}
