//go:build (amd64 || arm64) && !purego

package cambi

import "math/bits"

// The wrappers' vector recipes, shared by the amd64 and arm64 twins.

// wrapCVRun wraps a c-value kernel that handles whole vectors; the rest of
// the run goes to the Go kernel (every pixel is independent).
func wrapCVRun(f func(out *float32, n int, p0 *uint16, stride int, act uint32, wts *[32]int32, rec *float32), lanes int) func([]float32, []uint16, int, int, uint32, *[32]int32, *[ReciprocalSize]float32) {
	return func(out []float32, hist []uint16, i0, stride int, act uint32, wts *[32]int32, rec *[ReciprocalSize]float32) {
		n := len(out)
		v := n / lanes * lanes
		if v > 0 {
			// The kernel reads rows up to 32 steps above and below.
			d := 32 - bits.LeadingZeros32(act)
			_ = hist[i0+d*stride+v-1]
			_ = hist[i0-d*stride]
			f(&out[0], v, &hist[i0], stride, act, wts, &rec[0])
		}
		if v < n {
			cvRunGo(out[v:], hist, i0+v, stride, act, wts, rec)
		}
	}
}

// boxRowEdges finishes a box row whose columns [pad, pad+n) a vector
// kernel wrote: the columns left at either end sum their clipped windows
// one by one.
func boxRowEdges(out []uint8, col []uint8, w, pad, n int, maskIndex int32) {
	for x := 0; x < w; x++ {
		if x == pad {
			x += n
			if x >= w {
				break
			}
		}
		var sum int32
		for _, c := range col[max(x-pad, 0):min(x+pad+1, w)] {
			sum += int32(c)
		}
		out[x] = b2u8(sum > maskIndex)
	}
}
