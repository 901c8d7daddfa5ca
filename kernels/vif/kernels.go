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
}

var goKernels = kernels{statV: statVGo, statH: statHGo, subV: subVGo, subH: subHGo, pixels: pixelsGo}

// kernelsFor returns the kernel set's loops (the Go twins where a set has
// no assembly of its own).
func kernelsFor(s cpu.Set) *kernels {
	k := goKernels
	asmKernels(s, &k)
	return &k
}

// statVGo sums the filter's row pairs (k, len-1-k) with one tap: the
// filters are symmetric and every sum is an exact integer (the means fit
// 32 bits, the moments 64), so the order does not matter.
func statVGo(ref, dis [][]uint16, filt []uint16, rd Rounding, j0, w int, mu1, mu2, rr, dd, rdv []uint32) {
	fw := len(filt)
	hw := fw / 2
	rc, dc := ref[hw][:w], dis[hw][:w]
	mu1, mu2, rr, dd, rdv = mu1[:w], mu2[:w], rr[:w], dd[:w], rdv[:w]
	fc := uint64(filt[hw])
	for j := j0; j < w; j++ {
		r, d := uint64(rc[j]), uint64(dc[j])
		m1, m2 := fc*r, fc*d
		a, b, c := fc*(r*r), fc*(d*d), fc*(r*d)
		for k := 0; k < hw; k++ {
			f := uint64(filt[k])
			r0, r1 := uint64(ref[k][j]), uint64(ref[fw-1-k][j])
			d0, d1 := uint64(dis[k][j]), uint64(dis[fw-1-k][j])
			m1 += f * (r0 + r1)
			m2 += f * (d0 + d1)
			a += f * (r0*r0 + r1*r1)
			b += f * (d0*d0 + d1*d1)
			c += f * (r0*d0 + r1*d1)
		}
		mu1[j] = uint32(uint16((m1 + uint64(rd.MuAdd)) >> rd.MuShift))
		mu2[j] = uint32(uint16((m2 + uint64(rd.MuAdd)) >> rd.MuShift))
		rr[j] = uint32((a + rd.SqAdd) >> rd.SqShift)
		dd[j] = uint32((b + rd.SqAdd) >> rd.SqShift)
		rdv[j] = uint32((c + rd.SqAdd) >> rd.SqShift)
	}
}

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

func subVGo(rows [][]uint16, filt []uint16, add uint32, shift uint, j0, w int, conv []uint16) {
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
