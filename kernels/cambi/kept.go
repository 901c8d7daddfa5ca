package cambi

import "sync"

// The maps a picture keeps for Config.KeepCValues alone (neither every map
// nor heatmaps_path) come from these pools, one per scale, and
// PictureResult.Recycle gives them back once they are read: a run that
// keeps them frame after frame then allocates none after its first
// frames, and leaves its garbage collector nothing to chase.
var (
	keptCValues [NumScales]sync.Pool // *[]float32
	keptMasks   sync.Pool            // *[]uint8
)

// recycles reports whether a picture's kept maps come from the pools.
func (c *Config) recycles(keepMaps bool) bool {
	return c.KeepCValues && !keepMaps && c.HeatmapsPath == ""
}

// keep is a copy of s: in a buffer of pool when recycled, else a new one.
func keep[T any](pool *sync.Pool, s []T, recycled bool) []T {
	if !recycled {
		return clone(s)
	}
	b := take[T](pool, len(s))
	copy(b, s)
	return b
}

// take is a buffer of n values from pool, for a map a picture keeps
// for KeepCValues alone: kernels write into it, and the picture keeps it
// as it is, copying nothing, until Recycle gives it back.
func take[T any](pool *sync.Pool, n int) []T {
	if b, ok := pool.Get().(*[]T); ok && cap(*b) >= n {
		return (*b)[:n]
	}
	return fresh[T](n)
}

// fresh is a new buffer of n values for a map a picture keeps. Its
// capacity runs a vector past n: the buffer is read again by the next
// stage, as the workspace's own are, whose kernels may load whole vectors
// at a row's end.
func fresh[T any](n int) []T { return make([]T, n, n+keptSlack) }

// keptSlack is the capacity fresh adds, in values: a 64-byte vector's
// worth of the smallest values.
const keptSlack = 64

// Recycle gives the c-values and spatial mask a picture kept for
// Config.KeepCValues alone back for later pictures, and forgets them;
// nothing may read them afterwards. Maps kept otherwise stay.
func (r *PictureResult) Recycle() {
	if !r.recycled {
		return
	}
	r.recycled = false
	if m := r.SpatialMask; m != nil {
		keptMasks.Put(&m)
		r.SpatialMask = nil
	}
	for s := range r.Scales {
		if c := r.Scales[s].CValues; c != nil {
			keptCValues[s].Put(&c)
			r.Scales[s].CValues = nil
		}
	}
}
