package motion

// The word path of the fast scorer: a row whose vertical values all lie
// within int16 (|v| < 2^15: every row of a real clip but the sharpest
// cuts) travels as int16 words, which the horizontal pass multiplies with
// VPMADDWD (two taps per product, no widening), and an 8-bit picture held
// packed is read as bytes. Rows beyond int16 take the int32 path (vpass,
// hpass). Every sum is the same exact integer in every path.

// vpassWGo is vpass into int16 words for samples of up to 14 bits: it
// returns the OR of every |value| and, when that is below 2^15, dst holds
// the values (otherwise dst is unspecified).
func vpassWGo(dst []int16, p, c *[5][]uint16, bpc int) uint32 {
	n := len(dst)
	p0, p1, p2, p3, p4 := p[0][:n], p[1][:n], p[2][:n], p[3][:n], p[4][:n]
	c0, c1, c2, c3, c4 := c[0][:n], c[1][:n], c[2][:n], c[3][:n], c[4][:n]
	round := int32(1) << (bpc - 1)
	var mag uint32
	for j := range dst {
		d04 := int32(p0[j]) - int32(c0[j]) + int32(p4[j]) - int32(c4[j])
		d13 := int32(p1[j]) - int32(c1[j]) + int32(p3[j]) - int32(c3[j])
		d2 := int32(p2[j]) - int32(c2[j])
		v := (int32(Taps[0])*d04 + int32(Taps[1])*d13 + int32(Taps[2])*d2 + round) >> bpc
		dst[j] = int16(v)
		mag |= abs32(v)
	}
	return mag
}

// vpass8WGo is vpassWGo for an 8-bit picture held packed.
func vpass8WGo(dst []int16, p, c *[5][]uint8) uint32 {
	n := len(dst)
	p0, p1, p2, p3, p4 := p[0][:n], p[1][:n], p[2][:n], p[3][:n], p[4][:n]
	c0, c1, c2, c3, c4 := c[0][:n], c[1][:n], c[2][:n], c[3][:n], c[4][:n]
	var mag uint32
	for j := range dst {
		d04 := int32(p0[j]) - int32(c0[j]) + int32(p4[j]) - int32(c4[j])
		d13 := int32(p1[j]) - int32(c1[j]) + int32(p3[j]) - int32(c3[j])
		d2 := int32(p2[j]) - int32(c2[j])
		v := (int32(Taps[0])*d04 + int32(Taps[1])*d13 + int32(Taps[2])*d2 + 1<<7) >> 8
		dst[j] = int16(v)
		mag |= abs32(v)
	}
	return mag
}

// hsumWGo is hpass without output on a row of words whose |values| are
// below 2^15: the uint32 sum of the filtered row's |values|. The row's
// slice may run past its w values (kernels may read up to 32 words of
// slack).
func hsumWGo(row []int16, w int) uint32 {
	return hedges(nil, row[:w]) + hinteriorWGo(row[:w], 2, max(w-2, 2))
}

// hinteriorWGo sums |filtered value| over columns [a, z) (2 <= a, z <=
// w-2). The sum cannot leave int32: 65536*32767 + 2^15 < 2^31.
func hinteriorWGo(row []int16, a, z int) uint32 {
	var sum uint32
	for j := a; j < z; j++ {
		r := row[j-2 : j+3 : j+3]
		acc := int32(Taps[0])*(int32(r[0])+int32(r[4])) + int32(Taps[1])*(int32(r[1])+int32(r[3])) + int32(Taps[2])*int32(r[2])
		sum += abs32((acc + 1<<15) >> 16)
	}
	return sum
}
