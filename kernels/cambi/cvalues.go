package cambi

// CValues computes the c-value of every masked pixel of a w x h scale: the
// strongest contrast-weighted evidence, over luma steps d+1 up to NumDiffs,
// that the pixel's value v sits in a flat band next to a band at v±(d+1)
// within the window x window neighbourhood (clipped to the picture). Pixels
// outside the mask get 0.
//
// The histogram of every column's window is kept for all luma values of the
// useful band and slid down the picture one row at a time, as libvmaf does;
// unlike libvmaf, every window is clipped to the picture, so small scales
// never read outside it.
func CValues(c []float32, img []uint16, mask []uint8, w, h, window int, t *Tables) {
	hist := make([]uint16, w*int(t.BandSize))
	cValues(c, hist, img, mask, w, h, window, t)
}

// cValues is CValues with a caller-provided histogram of w*BandSize entries.
func cValues(c []float32, hist []uint16, img []uint16, mask []uint8, w, h, window int, t *Tables) {
	pad := window >> 1
	clear(hist[:w*int(t.BandSize)])
	clear(c[:w*h])
	base, size := t.BandBase, t.BandSize

	// update adds sign to the histogram row of every in-band masked pixel of
	// image row y, over the columns whose window contains it.
	update := func(y int, inc bool) {
		row, mrow := img[y*w:(y+1)*w], mask[y*w:(y+1)*w]
		for x, m := range mrow {
			if m == 0 {
				continue
			}
			b := row[x] - base // wraps for values below the band
			if b >= size {
				continue
			}
			hr := hist[int(b)*w : int(b+1)*w]
			lo, hi := max(x-pad, 0), min(x+pad+1, w)
			if inc {
				for i := lo; i < hi; i++ {
					hr[i]++
				}
			} else {
				for i := lo; i < hi; i++ {
					hr[i]--
				}
			}
		}
	}

	rec := Reciprocal()
	top, bottom := 0, -1 // rows currently in the histogram
	for y := 0; y < h; y++ {
		lo, hi := max(y-pad, 0), min(y+pad, h-1)
		for bottom < hi {
			bottom++
			update(bottom, true)
		}
		for top < lo {
			update(top, false)
			top++
		}
		row, mrow, out := img[y*w:(y+1)*w], mask[y*w:(y+1)*w], c[y*w:(y+1)*w]
		for x, m := range mrow {
			if m != 0 {
				out[x] = cValuePixel(hist, w, x, row[x], t, rec)
			}
		}
	}
}

// cValuePixel is the c-value of one pixel of 10-bit value v at column x,
// reading the window histogram hist (rows are luma values from BandBase).
func cValuePixel(hist []uint16, w, x int, v uint16, t *Tables, rec *[ReciprocalSize]float32) float32 {
	b := int(v) - int(t.BandBase)
	if b < 0 || b >= int(t.BandSize) {
		return 0
	}
	nd := t.NumDiffs
	adj := int(v) + nd // libvmaf compares thresholds in this offset form
	p0 := int(hist[b*w+x])
	var c float32
	for d := 0; d < nd; d++ {
		if adj > int(t.TVIForDiff[d]) || adj+d+1 <= int(t.VLTLuma) {
			continue
		}
		var p1, p2 int
		if i := b + d + 1; i < int(t.BandSize) {
			p1 = int(hist[i*w+x])
		}
		if i := b - d - 1; i >= 0 {
			p2 = int(hist[i*w+x])
		}
		p := max(p1, p2)
		val := float32(t.DiffWeights[d]*p0*p) * rec[p+p0]
		if val > c {
			c = val
		}
	}
	return c
}

// Pool is CAMBI's spatial pooling: the mean of the topk fraction (at least
// one) of largest c-values. It reorders c. The sum runs in float64 over the
// first k entries in the order libvmaf's quickselect leaves them, which
// decides the last bit of the mean, so the selection is reproduced exactly.
func Pool(c []float32, topk float64) float64 {
	n := len(c)
	k := min(max(int(topk*float64(n)), 1), n)
	quickSelect(c, k)
	var sum float64
	for _, v := range c[:k] {
		sum += float64(v)
	}
	return sum / float64(k)
}

// quickSelect partially orders a so that a[:k] holds the k largest values,
// with Hoare partitioning around a[k] exactly as libvmaf's quick_select.
func quickSelect(a []float32, k int) {
	n := len(a)
	if n == k {
		return
	}
	left, right := 0, n-1
	for left < right {
		pivot := a[k]
		i, j := left, right
		for {
			for a[i] > pivot {
				i++
			}
			for a[j] < pivot {
				j--
			}
			if i <= j {
				a[i], a[j] = a[j], a[i]
				i++
				j--
			}
			if i > j {
				break
			}
		}
		if j < k {
			left = i
		}
		if k < i {
			right = j
		}
	}
}
