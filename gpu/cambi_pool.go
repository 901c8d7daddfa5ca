//go:build cgo && !js

package gpu

import (
	"math"
	"sync/atomic"

	"github.com/oliverbestmann/webgpu/wgpu"
)

// poolChunk is how many c-values one invocation of the pool's sum adds.
const poolChunk = 64

// poolStats counts how scales were pooled: on the device (the exact sum
// proved order-independent) or on the host (the fallback). Tests read it.
var poolStats struct{ device, host atomic.Int64 }

// poolK is the number of c-values pooled out of n, as kernels/cambi Pool
// counts it.
func poolK(n int, topk float64) int { return min(max(int(topk*float64(n)), 1), n) }

// poolBuffers are one scale's pooling results on the device.
type poolBuffers struct {
	state, partial *wgpu.Buffer
	groups         int // workgroups of the sum, 3 partial words each
}

func poolSumGroups(n int) int { return int(groups(n, 256*poolChunk)) }

// poolSteps records the pooling passes of n c-values in cv, k of them pooled.
func (s *cambiScorer) poolSteps(n, k int, cv, hist *wgpu.Buffer) ([]step, poolBuffers, error) {
	var pb poolBuffers
	var err error
	pb.groups = poolSumGroups(n)
	if pb.state, err = s.buffer("pool state", 5*4); err != nil {
		return nil, pb, err
	}
	if pb.partial, err = s.buffer("pool partial sums", uint64(3*4*pb.groups)); err != nil {
		return nil, pb, err
	}
	kk := s.k
	first, err := s.dispatch(kk.poolClear, 1, 1, []uint32{uint32(n), uint32(k), poolChunk}, cv, hist, pb.state, pb.partial)
	if err != nil {
		return nil, pb, err
	}
	g := first.group
	count := min(groups(n, 256), 4096)
	return []step{
		{k: kk.poolClear, group: g, x: groups(2*65536, 256), y: 1, z: 1},
		{k: kk.poolCountHi, group: g, x: count, y: 1, z: 1},
		{k: kk.poolFindHi, group: g, x: 1, y: 1, z: 1},
		{k: kk.poolCountLo, group: g, x: count, y: 1, z: 1},
		{k: kk.poolFindLo, group: g, x: 1, y: 1, z: 1},
		{k: kk.poolSum, group: g, x: uint32(pb.groups), y: 1, z: 1},
	}, pb, nil
}

// poolFinish is the host's part of the pooling: the mean of the k largest
// c-values from the device's threshold and exact digit sums. ok is false
// when a double sum of these values could round somewhere, so that the
// order libvmaf sums them in could matter; the caller then pools the
// c-values themselves as the CPU does.
func poolFinish(state, partial []uint32, k int) (mean float64, ok bool) {
	t, above, smallest := state[2], int(state[3]), state[4]
	var sum uint64 // c * 2^24, summed exactly: below 2^38 * 2^23
	for g := 0; g+2 < len(partial); g += 3 {
		sum += uint64(partial[g]) + uint64(partial[g+1])<<16 + uint64(partial[g+2])<<32
	}
	if rest := k - above; rest > 0 && t != 0 {
		sum += uint64(rest) * scaled(t)
		smallest = min(smallest, t)
	}
	if sum == 0 {
		return 0, true
	}
	// Every pooled value is a multiple of the smallest one's ulp, 2^(e-126)
	// in units of 2^-24; every partial sum is then exact in double as long
	// as the total has at most 53 significant bits above that ulp.
	ulpShift := int(smallest>>23) - 126
	if ulpShift+53 < 64 && sum >= uint64(1)<<(ulpShift+53) {
		return 0, false
	}
	return math.Ldexp(float64(sum), -24) / float64(k), true
}

// scaled is c * 2^24 for the float32 bits of a c-value c >= 0.5.
func scaled(bits uint32) uint64 {
	m := uint64(bits&0x7fffff | 0x800000)
	return m << (bits>>23 - 126)
}
