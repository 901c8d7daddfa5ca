//go:build goexperiment.simd && amd64 && !purego

// The measurement behind writing the SIMD kernels in Go assembly rather
// than with Go 1.26's experimental simd/archsimd: two kernels written both
// ways, over one 960-column scale-0 row (GOEXPERIMENT=simd go test
// ./kernels/adm -run '^$' -bench Archsimd). On the development machine the
// masking threshold row took 215-264 ns in AVX-512 assembly and 654-769 ns
// with archsimd (a bounds check per slice load), and the denominator's
// cube sum was even (115-130 ns against 89-146 ns). The AVX-512 masking
// kernels now keep the threshold row in registers; the row here is the
// AVX2 kernel's. archsimd also has no 512-bit
// widening 32x32->64 multiply (VPMULDQ), which most ADM kernels are built
// on, and it needs the experiment at build time; the assembly builds
// everywhere, with the Go twins on other architectures.

package adm

import (
	"simd/archsimd"
	"testing"
)

func thrRowArch(thr, fu, fm, fd, c []int32, a, n int) {
	for j := 0; j+16 <= n; j += 16 {
		k := a + j
		s := archsimd.LoadInt32x16Slice(fu[k-1:]).Add(archsimd.LoadInt32x16Slice(fu[k:])).Add(archsimd.LoadInt32x16Slice(fu[k+1:]))
		s = s.Add(archsimd.LoadInt32x16Slice(fm[k-1:])).Add(archsimd.LoadInt32x16Slice(fm[k+1:]))
		s = s.Add(archsimd.LoadInt32x16Slice(fd[k-1:])).Add(archsimd.LoadInt32x16Slice(fd[k:])).Add(archsimd.LoadInt32x16Slice(fd[k+1:]))
		s = s.Add(archsimd.LoadInt32x16Slice(c[k:]))
		s.StoreSlice(thr[j:])
	}
}

func denSum16Arch(s []int16) uint64 {
	var acc archsimd.Int64x8
	for j := 0; j+8 <= len(s); j += 8 {
		u := archsimd.LoadInt16x8Slice(s[j:]).ExtendToInt64()
		u = u.Abs()
		acc = acc.Add(u.Mul(u).Mul(u))
	}
	var out [8]int64
	acc.Store(&out)
	var t uint64
	for _, v := range out {
		t += uint64(v)
	}
	return t
}

func BenchmarkArchsimd(b *testing.B) {
	w := 960
	F := [3][]int32{make([]int32, w+2), make([]int32, w+2), make([]int32, w+2)}
	C, thr := make([]int32, w+2), make([]int32, w+2)
	s := make([]int16, w)
	for i := range s {
		s[i] = int16(i*37 - 9000)
	}
	b.Run("thrRow/asm", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			thrRowAVX2(&thr[0], &F[0][1], &F[1][1], &F[2][1], &C[1], w-16)
		}
	})
	b.Run("thrRow/archsimd", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			thrRowArch(thr, F[0], F[1], F[2], C, 1, w-16)
		}
	})
	b.Run("den0/asm", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			_ = den0AVX512(&s[0], w)
		}
	})
	b.Run("den0/archsimd", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			_ = denSum16Arch(s)
		}
	})
	if denSum16Arch(s) != den0AVX512(&s[0], w) {
		b.Fatal("den mismatch")
	}
}
