//go:build !purego

package adm

//go:noescape
func preciseVAVX2(lo, hi *int32, r0, r1, r2, r3 *int32, n int, add int64, shift uint64)

//go:noescape
func preciseV0AVX2(lo, hi *int32, r0, r1, r2, r3 *uint16, n int, centre, add int64, shift uint64)

//go:noescape
func decoupleExact0AVX2(r, a, o, t *int16, flag *int32, n int, egl int64)

//go:noescape
func narrow16AVX2(dst *int16, src *int32, n int)

//go:noescape
func preciseHAVX2(a, b, src *int32, n int, addA int64, shA, sarA uint64, addB int64, shB, sarB uint64)

// preciseKernelsAVX2 puts the AVX2 twins of Barten's DWT passes into k
// (the AVX-512 set's fall back to them on rows shorter than a vector).
func preciseKernelsAVX2(k *kernels) {
	k.preciseV0 = avx2PreciseV0
	k.preciseV = avx2PreciseV
	k.preciseH = avx2PreciseH
	k.narrow16 = avx2Narrow16
	k.decoupleExact0 = avx2DecoupleExact0
}

func avx2DecoupleExact0(r, a, o, t []int16, flag []int32, egl float64) {
	n := len(r)
	ie := intGain(egl)
	if ie < 0 {
		decoupleExactGo[int16](r, a, o, t, flag, egl)
		return
	}
	if n > 0 {
		_, _, _, _ = a[n-1], o[n-1], t[n-1], flag[n-1]
	}
	if !overlap(n, 8, func(j, m int) {
		decoupleExact0AVX2(&r[j], &a[j], &o[j], &t[j], &flag[j], m, ie)
	}) {
		decoupleExactGo[int16](r, a, o, t, flag, egl)
	}
}

func avx2Narrow16(dst []int16, src []int32) {
	n := len(dst)
	if n > 0 {
		_ = src[n-1]
	}
	if !overlap(n, 8, func(j, m int) { narrow16AVX2(&dst[j], &src[j], m) }) {
		narrow16Go(dst, src)
	}
}

func avx2PreciseV0(lo, hi []int32, r0, r1, r2, r3 []uint16, bitDepth int) {
	n := len(lo)
	if n > 0 {
		_, _, _, _, _ = hi[n-1], r0[n-1], r1[n-1], r2[n-1], r3[n-1]
	}
	s := PreciseVShift(0, bitDepth)
	if !overlap(n, 4, func(j, m int) {
		preciseV0AVX2(&lo[j], &hi[j], &r0[j], &r1[j], &r2[j], &r3[j], m, 1<<(bitDepth-1), 1<<(s-1), uint64(s))
	}) {
		preciseV0Go(lo, hi, r0, r1, r2, r3, bitDepth)
	}
}

func avx2PreciseV(lo, hi []int32, r0, r1, r2, r3 []int32) {
	n := len(lo)
	if n > 0 {
		_, _, _, _, _ = hi[n-1], r0[n-1], r1[n-1], r2[n-1], r3[n-1]
	}
	if !overlap(n, 4, func(j, m int) {
		preciseVAVX2(&lo[j], &hi[j], &r0[j], &r1[j], &r2[j], &r3[j], m, 1<<(preciseTapQ-1), preciseTapQ)
	}) {
		preciseVGo(lo, hi, r0, r1, r2, r3)
	}
}

// splitShift is a rounding shift of 1..63 as the kernels take it: the
// rounding constant, a qword shift of at most 32 and a dword one.
func splitShift(s uint) (add int64, sh, sar uint64) {
	if s <= 32 {
		return 1 << (s - 1), uint64(s), 0
	}
	return 1 << (s - 1), 32, uint64(s - 32)
}

func avx2PreciseH(a, b, src []int32, j0, j1 int, sa, sb uint) {
	if j1-j0 >= 4 {
		// The kernel reads src [2*j0-1, 2*j1+1) and writes [j0, j1).
		_ = src[2*j1]
		_ = src[2*j0-1]
		_, _ = a[j1-1], b[j1-1]
	}
	addA, shA, sarA := splitShift(sa)
	addB, shB, sarB := splitShift(sb)
	if !overlap(j1-j0, 4, func(j, m int) {
		j += j0
		preciseHAVX2(&a[j], &b[j], &src[2*j-1], m, addA, shA, sarA, addB, shB, sarB)
	}) {
		preciseHGoRow(a, b, src, j0, j1, sa, sb)
	}
}
