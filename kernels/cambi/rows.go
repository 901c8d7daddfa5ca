package cambi

// Reading scale 0 as pooling reads it.
//
// Scale 0's c-values are the largest map CAMBI writes (33 MB a 4K
// picture), and pooling reads all of them once from memory. A reader of
// every c-value, such as engine/regions' search, would read them from
// memory a second time; Config.Rows lets it read each band of rows right
// after pooling's first scan has read it, while the band is in cache. For
// that the distorted picture's scale 0 is pooled last, once every
// coarser scale's c-values exist (pooling's order changes no bits: each
// scale's score depends on its c-values alone), and no map needs to
// outlive the picture's scoring.

// RowReader reads the distorted picture's scale-0 c-values band by band
// while pooling reads them (Config.Rows).
type RowReader interface {
	// Begin starts a picture. r holds its size, every scale's c-values
	// (Scales[s].CValues, with their Width, Height, Window and Weight)
	// and the spatial mask (SpatialMask): valid until Begin's PictureRows
	// has read its last rows, not after (they may be a workspace's). Rows
	// is then called for at most bands bands.
	Begin(r *PictureResult, bands int) PictureRows
}

// PictureRows reads one picture's scale-0 rows for a RowReader; it is
// the picture's PictureResult.Rows afterwards.
type PictureRows interface {
	// Rows reads rows [y0, y1) of scale 0, of band band. Bands are read
	// concurrently, each on one goroutine; a band's rows come in
	// increasing order, every row of band i before those of band i+1, and
	// every row of scale 0 exactly once.
	Rows(band, y0, y1 int)
}

// rowHook is Config.Rows during one picture's pooling of scale 0: Rows
// is called in bands of rows of width w.
type rowHook struct {
	pr PictureRows
	w  int
}

// rowBlock is about how many c-values a band hands on at a time: a row
// or two (at least one), which stay in the first level of cache between
// pooling's scan and the reader (a 4K search cost 1% more with four rows
// at a time, 2% more with seventeen).
const rowBlock = 1 << 12

// scan is k.poolScan over c (rows [y0, y1) of the hook's width, band
// band), each block of rows read by the hook right after.
func (hk *rowHook) scan(k *kernels, c, cand []uint32, lo, hi uint32, r *scanResult, band, y0, y1 int) {
	w := hk.w
	step := max(1, rowBlock/w)
	for y := y0; y < y1; y += step {
		e := min(y+step, y1)
		k.poolScan(c[(y-y0)*w:(e-y0)*w], cand, lo, hi, r)
		hk.pr.Rows(band, y, e)
	}
}
