package speed

// NewFast returns the fast scorer: the same float operations as New, but
// the antialias filter is evaluated only at the samples the decimation by
// 16 keeps (every output of vif_filter1d_s depends only on its own
// neighbourhood, so skipping the others changes no bit).
func NewFast(cfg *Config) Scorer { return &refScorer{cfg: cfg, fast: true} }

// filterDownscaleFast is filterDownscale computing only rows and columns
// 0, 16, 32, ... of the antialias filter's output: the vertical pass at
// the kept rows for the columns their horizontal taps reach.
func (c *Config) filterDownscaleFast(pw *planeWork) {
	d := &c.dim
	st := pw.stride
	if !almostOne(c.Prescale) {
		copy(pw.tmp, pw.buf)
		scalePlane(c.Method, pw.tmp, d.origW, d.origH, pw.buf, d.scaledW, d.scaledH, st)
	}
	f := c.antialias
	r := len(f) / 2
	w, h := d.scaledW, d.scaledH
	src := pw.buf
	vert := pw.tmpRow[:w]
	// Which columns of the vertical pass the kept outputs read.
	need := pw.need(w, d.opW, r)
	out := pw.cur // the decimated result, opH x opW at stride st
	for i := 0; i < d.opH; i++ {
		y := i * 16
		for _, j := range need {
			var acc float32
			for k, fk := range f {
				ii := mirrorIdx(y-r+k, h)
				acc += float32(fk * src[ii*st+j])
			}
			vert[j] = acc
		}
		for jo := 0; jo < d.opW; jo++ {
			x := jo * 16
			var acc float32
			for k, fk := range f {
				jj := mirrorIdx(x-r+k, w)
				acc += float32(fk * vert[jj])
			}
			out[i*st+jo] = acc
		}
	}
	for i := 0; i < d.opH; i++ {
		copy(pw.buf[i*st:i*st+d.opW], out[i*st:i*st+d.opW])
	}
	c.localMean(pw)
}

// need lists (once per plane size) the vertical-pass columns that the
// horizontal taps around columns 0, 16, 32, ... read.
func (pw *planeWork) need(w, opW, r int) []int {
	if pw.needCols != nil {
		return pw.needCols
	}
	mark := make([]bool, w)
	for jo := 0; jo < opW; jo++ {
		for k := -r; k <= r; k++ {
			mark[mirrorIdx(jo*16+k, w)] = true
		}
	}
	for j, m := range mark {
		if m {
			pw.needCols = append(pw.needCols, j)
		}
	}
	return pw.needCols
}
