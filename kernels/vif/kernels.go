package vif

import "github.com/bandscope/bandscope/kernels/cpu"

// kernels are the hot row loops of the fast scorer, one implementation
// per kernel set; every set computes the same bits (TestKernelTwins).
// The row kernels compute columns [j0, w) (so that SIMD twins can leave a
// ragged tail to the Go ones).
//
// Row arguments: rows[k] is the k-th of the filter's len(filt) input rows
// (already mirrored), each at least w long. Padded rows hold len(filt)/2
// mirrored values on each side of the w real ones.
type kernels struct {
	// statV is the vertical pass of the statistics (StatVertical) of
	// one row: means into mu1/mu2 (uint16 values in uint32), moments
	// into rr/dd/rd. mu1..rd are written at [0, w).
	statV func(ref, dis [][]uint16, filt []uint16, rd Rounding, j0, w int, mu1, mu2, rr, dd, rdv []uint32)
	// statH is the horizontal pass of one row (StatHorizontal) on padded
	// rows: sigma1_sq, sigma2_sq (unclipped) and sigma12 into s1/s2/s12.
	statH func(mu1, mu2, rr, dd, rdv []uint32, filt []uint16, j0, w int, s1, s2, s12 []int32)
	// subV is the vertical low-pass of one row (Subsample's first pass)
	// into conv[0, w).
	subV func(rows [][]uint16, filt []uint16, add uint32, shift uint, j0, w int, conv []uint16)
	// subH is the horizontal low-pass of a padded row at even columns
	// only: out[j] is column 2j, j < w/2.
	subH func(conv []uint16, filt []uint16, w int, out []uint16)
	// pixels adds a row's per-pixel terms (Pixel) to acc.
	pixels func(t *[65536]uint16, s1, s2, s12 []int32, gainLimit float64, acc *Sums)
	// statVP and subVP are statV and subV on the rows of a packed 8-bit
	// picture (scale 0 only).
	statVP func(ref, dis [][]uint8, filt []uint16, rd Rounding, j0, w int, mu1, mu2, rr, dd, rdv []uint32)
	subVP  func(rows [][]uint8, filt []uint16, add uint32, shift uint, j0, w int, conv []uint16)
}

var goKernels = kernels{statV: statVGo[uint16], statH: statHGo, subV: subVGo[uint16], subH: subHGo, pixels: pixelsGo,
	statVP: statVGo[uint8], subVP: subVGo[uint8]}

// kernelsFor returns the kernel set's loops (the Go twins where a set has
// no assembly of its own).
func kernelsFor(s cpu.Set) *kernels {
	k := goKernels
	asmKernels(s, &k)
	return &k
}

// statVGo sums the filter's row pairs (k, len-1-k) with one tap: the
// filters are symmetric and every sum is an exact integer (the means fit
// 32 bits, the moments 64), so the order does not matter. It accumulates
// row by row (each pass a plain loop over equal-length slices, which the
// compiler keeps free of bounds checks) into the scratch acc.
func statVGo[T uint8 | uint16](ref, dis [][]T, filt []uint16, rd Rounding, j0, w int, mu1, mu2, rr, dd, rdv []uint32) {
	fw := len(filt)
	hw := fw / 2
	n := w - j0
	if n <= 0 {
		return
	}
	var stack [3 * 64]uint64
	for c0 := 0; c0 < n; c0 += 64 {
		c1 := min(c0+64, n)
		m := c1 - c0
		a, b, c := stack[:m], stack[64:64+m], stack[128:128+m]
		var m1s, m2s [64]uint32
		m1, m2 := m1s[:m], m2s[:m]
		lo, hi := j0+c0, j0+c1
		fc := uint64(filt[hw])
		rc, dc := ref[hw][lo:hi], dis[hw][lo:hi]
		rc, dc = rc[:m], dc[:m]
		for j := range m {
			r, d := uint64(rc[j]), uint64(dc[j])
			m1[j], m2[j] = uint32(fc*r), uint32(fc*d)
			a[j], b[j], c[j] = fc*(r*r), fc*(d*d), fc*(r*d)
		}
		for k := 0; k < hw; k++ {
			f := uint64(filt[k])
			r0, r1 := ref[k][lo:hi], ref[fw-1-k][lo:hi]
			d0, d1 := dis[k][lo:hi], dis[fw-1-k][lo:hi]
			r0, r1, d0, d1 = r0[:m], r1[:m], d0[:m], d1[:m]
			for j := range m {
				x0, x1 := uint64(r0[j]), uint64(r1[j])
				y0, y1 := uint64(d0[j]), uint64(d1[j])
				m1[j] += uint32(f * (x0 + x1))
				m2[j] += uint32(f * (y0 + y1))
				a[j] += f * (x0*x0 + x1*x1)
				b[j] += f * (y0*y0 + y1*y1)
				c[j] += f * (x0*y0 + x1*y1)
			}
		}
		o1, o2, o3, o4, o5 := mu1[lo:hi], mu2[lo:hi], rr[lo:hi], dd[lo:hi], rdv[lo:hi]
		o1, o2, o3, o4, o5 = o1[:m], o2[:m], o3[:m], o4[:m], o5[:m]
		for j := range m {
			// The means' sums stay below 2^32 - 2^16: adding the
			// rounding cannot wrap.
			o1[j] = uint32(uint16((m1[j] + rd.MuAdd) >> rd.MuShift))
			o2[j] = uint32(uint16((m2[j] + rd.MuAdd) >> rd.MuShift))
			o3[j] = uint32((a[j] + rd.SqAdd) >> rd.SqShift)
			o4[j] = uint32((b[j] + rd.SqAdd) >> rd.SqShift)
			o5[j] = uint32((c[j] + rd.SqAdd) >> rd.SqShift)
		}
	}
}

// statHGo keeps each column's five sums in registers across the taps.
func statHGo(mu1, mu2, rr, dd, rdv []uint32, filt []uint16, j0, w int, s1, s2, s12 []int32) {
	fw := len(filt)
	hw := fw / 2
	fc := uint64(filt[hw])
	s1, s2, s12 = s1[:w], s2[:w], s12[:w]
	n := w + fw - 1
	mu1, mu2, rr, dd, rdv = mu1[:n], mu2[:n], rr[:n], dd[:n], rdv[:n]
	for j := j0; j < w; j++ {
		c := j + hw
		m1, m2 := fc*uint64(mu1[c]), fc*uint64(mu2[c])
		a, b, x := fc*uint64(rr[c]), fc*uint64(dd[c]), fc*uint64(rdv[c])
		for k := 0; k < hw; k++ {
			f := uint64(filt[k])
			l, r := j+k, j+fw-1-k
			m1 += f * (uint64(mu1[l]) + uint64(mu1[r]))
			m2 += f * (uint64(mu2[l]) + uint64(mu2[r]))
			a += f * (uint64(rr[l]) + uint64(rr[r]))
			b += f * (uint64(dd[l]) + uint64(dd[r]))
			x += f * (uint64(rdv[l]) + uint64(rdv[r]))
		}
		// The means are below 2^32: m1*m1 fits 64 bits.
		mu1sq := uint32((m1*m1 + 1<<31) >> 32)
		mu2sq := uint32((m2*m2 + 1<<31) >> 32)
		mu12 := uint32((m1*m2 + 1<<31) >> 32)
		s1[j] = int32(uint32((a+32768)>>16) - mu1sq)
		s2[j] = int32(uint32((b+32768)>>16) - mu2sq)
		s12[j] = int32(uint32((x+32768)>>16) - mu12)
	}
}

func subVGo[T uint8 | uint16](rows [][]T, filt []uint16, add uint32, shift uint, j0, w int, conv []uint16) {
	fw := len(filt)
	hw := fw / 2
	rc := rows[hw][:w]
	conv = conv[:w]
	fc := uint32(filt[hw])
	for j := j0; j < w; j++ {
		a := fc * uint32(rc[j])
		for k := 0; k < hw; k++ {
			a += uint32(filt[k]) * (uint32(rows[k][j]) + uint32(rows[fw-1-k][j]))
		}
		conv[j] = uint16((a + add) >> shift)
	}
}

func subHGo(conv []uint16, filt []uint16, w int, out []uint16) { subHTail(conv, filt, 0, w, out) }

// subHTail is subHGo from output column j0 on.
func subHTail(conv []uint16, filt []uint16, j0, w int, out []uint16) {
	fw := len(filt)
	hw := fw / 2
	fc := uint32(filt[hw])
	out = out[:w/2]
	conv = conv[:w+fw-1]
	for j := j0; j < len(out); j++ {
		c := 2*j + hw
		a := fc * uint32(conv[c])
		for k := 0; k < hw; k++ {
			a += uint32(filt[k]) * (uint32(conv[2*j+k]) + uint32(conv[2*j+fw-1-k]))
		}
		out[j] = uint16((a + 32768) >> 16)
	}
}
