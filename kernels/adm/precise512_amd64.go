//go:build !purego

package adm

//go:noescape
func preciseVAVX512(lo, hi *int32, r0, r1, r2, r3 *int32, n int, add int64, shift uint64)

//go:noescape
func preciseV0AVX512(lo, hi *int32, r0, r1, r2, r3 *uint16, n int, centre, add int64, shift uint64)

//go:noescape
func preciseHAVX512(a, b, src *int32, n int, addA int64, shA uint64, addB int64, shB uint64)

// preciseKernelsAVX512 puts the AVX-512 twins of Barten's DWT passes into
// k; rows shorter than a vector go to the AVX2 wrappers.
func preciseKernelsAVX512(k *kernels) {
	k.preciseV0 = avx512PreciseV0
	k.preciseV = avx512PreciseV
	k.preciseH = avx512PreciseH
}

func avx512PreciseV0(lo, hi []int32, r0, r1, r2, r3 []uint16, bitDepth int) {
	n := len(lo)
	if n < 8 {
		avx2PreciseV0(lo, hi, r0, r1, r2, r3, bitDepth)
		return
	}
	_, _, _, _, _ = hi[n-1], r0[n-1], r1[n-1], r2[n-1], r3[n-1]
	s := PreciseVShift(0, bitDepth)
	overlap(n, 8, func(j, m int) {
		preciseV0AVX512(&lo[j], &hi[j], &r0[j], &r1[j], &r2[j], &r3[j], m, 1<<(bitDepth-1), 1<<(s-1), uint64(s))
	})
}

func avx512PreciseV(lo, hi []int32, r0, r1, r2, r3 []int32) {
	n := len(lo)
	if n < 8 {
		avx2PreciseV(lo, hi, r0, r1, r2, r3)
		return
	}
	_, _, _, _, _ = hi[n-1], r0[n-1], r1[n-1], r2[n-1], r3[n-1]
	overlap(n, 8, func(j, m int) {
		preciseVAVX512(&lo[j], &hi[j], &r0[j], &r1[j], &r2[j], &r3[j], m, 1<<(preciseTapQ-1), preciseTapQ)
	})
}

func avx512PreciseH(a, b, src []int32, j0, j1 int, sa, sb uint) {
	if j1-j0 < 8 {
		avx2PreciseH(a, b, src, j0, j1, sa, sb)
		return
	}
	// The kernel reads src [2*j0-1, 2*j1+1) and writes [j0, j1).
	_ = src[2*j1]
	_ = src[2*j0-1]
	_, _ = a[j1-1], b[j1-1]
	overlap(j1-j0, 8, func(j, m int) {
		j += j0
		preciseHAVX512(&a[j], &b[j], &src[2*j-1], m, 1<<(sa-1), uint64(sa), 1<<(sb-1), uint64(sb))
	})
}
