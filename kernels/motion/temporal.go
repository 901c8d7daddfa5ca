package motion

// minC is C's MIN(a, b) macro, ((a) < (b) ? (a) : (b)).
func minC(a, b float64) float64 {
	if a < b {
		return a
	}
	return b
}

// Score is the SAD score libvmaf stores for a frame
// (VMAF_integer_feature_motion_sad_score): sad / 256 / (w*h) times
// motion_fps_weight, capped at motion_max_val, in libvmaf's order.
func (c *Config) Score(sad uint64) float64 {
	wh := uint32(c.Width * c.Height) // unsigned w * h in C
	return minC(float64(sad)/256./float64(wh)*c.FPSWeight, c.MaxVal)
}

// blend is libvmaf's motion_blend (motion_blend_tools.h). The explicit
// conversions keep Go from fusing a product into an FMA: libvmaf rounds
// each product.
func (c *Config) blend(m float64) float64 {
	return float64(m*c.BlendFactor) + float64((1-c.BlendFactor)*minC(c.BlendOffset, m))
}

// At is libvmaf's flush for frame i of an n-frame clip: integer_motion2
// and integer_motion3 from the SAD scores, sad(j) being frame j's
// (0 <= j < n). It reads sad at most at indices Window reports.
//
//   - motion2: 0 before MinIndex; on the last frame its own SAD; otherwise
//     min(sad[i], sad[i+1]), or with the five-frame window
//     min(sad[i-1], sad[i+1]) (just sad[3] at i = 2).
//   - motion3: frames before MinIndex get the "stamp",
//     min(blend(sad[MinIndex]), motion_max_val) when frame MinIndex exists
//     and 0 otherwise; later frames min(blend(motion2), motion_max_val),
//     averaged with the previous frame's value (the stamp before
//     MinIndex) with motion_moving_average.
func (c *Config) At(i, n int, sad func(int) float64) (motion2, motion3 float64) {
	minIdx, stride := c.MinIndex(), c.Stride()
	// The stamp is computed only where it is used, so that Window names
	// no picture the frame does not need.
	stamp := func() float64 {
		if n > minIdx {
			return minC(c.blend(sad(minIdx)), c.MaxVal)
		}
		return 0
	}
	m2 := func(i int) float64 {
		if i < minIdx {
			return 0
		}
		lo, hi := i-(stride-1), i+1
		switch {
		case hi >= n:
			return sad(i)
		case lo >= minIdx:
			return minC(sad(lo), sad(hi))
		default:
			return sad(hi)
		}
	}
	processed := func(i int) float64 {
		if i < minIdx {
			return stamp()
		}
		return minC(c.blend(m2(i)), c.MaxVal)
	}
	motion2 = m2(i)
	switch {
	case i < minIdx:
		motion3 = stamp()
	case c.MovingAverage:
		motion3 = (processed(i) + processed(i-1)) / 2.0
	default:
		motion3 = processed(i)
	}
	return motion2, motion3
}

// Window returns the pictures [lo, hi] a random-access caller needs for
// frame i of an n-frame clip: those of the frame's own SAD and of every
// SAD At reads, SAD j comparing picture j with picture j-Stride. hi < lo
// when none are needed (motion_force_zero needs no picture at all).
func (c *Config) Window(i, n int) (lo, hi int) {
	lo, hi = n, -1
	if c.ForceZero {
		return lo, hi
	}
	read := func(j int) float64 {
		if j >= c.MinIndex() {
			lo, hi = min(lo, j-c.Stride()), max(hi, j)
		}
		return 0
	}
	read(i)
	c.At(i, n, read)
	return lo, hi
}
