//go:build (amd64 || arm64) && !purego

package motion

// hpassVec filters the edges in Go, the interior's whole vectors of 8
// columns with small when every |value| of the row is below 2^15 (mag, the
// OR of them, says so: its int32 sums cannot overflow) and with full's
// split or widened products otherwise, and the rest of the interior in
// Go. Both kernels take a nil out (no values stored) and return the
// uint32 sum of the |values|.
func hpassVec(small, full func(out, row *int32, n int) uint32, out, row []int32, mag uint32) uint32 {
	w := len(row)
	sum := hedges(out, row)
	m := max(w-4, 0) &^ 7
	if m > 0 {
		_ = row[3+m]
		var o *int32
		if out != nil {
			_ = out[1+m]
			o = &out[2]
		}
		if mag < 1<<15 {
			sum += small(o, &row[0], m)
		} else {
			sum += full(o, &row[0], m)
		}
	}
	return sum + hinteriorGo(out, row, 2+m, max(w-2, 2))
}

// overlapOR runs a vertical-pass kernel of vector width w (n >= w) over
// whole vectors and, when n is not a multiple of w, once more over the
// last vector's columns (the outputs depend on their column alone, so the
// overlap rewrites the same values), and returns the OR of the runs' ORs.
func overlapOR(n, w int, run func(at, m int) uint32) uint32 {
	m := n &^ (w - 1)
	mag := run(0, m)
	if m < n {
		mag |= run(n-w, w)
	}
	return mag
}
