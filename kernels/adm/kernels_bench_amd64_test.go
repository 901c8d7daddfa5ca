//go:build !purego

package adm

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/bandscope/bandscope/kernels/cpu"
)

// BenchmarkKernelsAVX2 times the AVX2 row kernels on one 1080p scale-0
// row (1920 samples in, 960 coefficients) of 8-bit-like content: the
// measurement behind choosing one recipe over another.
func BenchmarkKernelsAVX2(b *testing.B) {
	if !cpu.AVX2.Supported() {
		b.Skip("no AVX2 on this host")
	}
	k := kernelsFor(cpu.AVX2)
	rng := rand.New(rand.NewPCG(1, 2))
	const w = 1920
	var rows [4][]uint16
	for r := range rows {
		rows[r] = make([]uint16, w)
		for i := range rows[r] {
			rows[r][i] = uint16(100 + rng.IntN(40))
		}
	}
	lo, hi := make([]int16, w), make([]int16, w)
	b.Run("dwt0V/8bit", func(b *testing.B) {
		for b.Loop() {
			k.dwt0V(lo, hi, rows[0], rows[1], rows[2], rows[3], 8, false)
		}
	})
	b.Run("dwt0V/16bit", func(b *testing.B) {
		for b.Loop() {
			k.dwt0V(lo, hi, rows[0], rows[1], rows[2], rows[3], 16, false)
		}
	})
	const n = w / 2
	o, t := make([][]int16, 3), make([][]int16, 3)
	r, a := make([][]int16, 3), make([][]int16, 3)
	for bd := range o {
		o[bd], t[bd], r[bd], a[bd] = make([]int16, n), make([]int16, n), make([]int16, n), make([]int16, n)
		for i := range o[bd] {
			o[bd][i] = int16(rng.IntN(801) - 400)
			t[bd][i] = o[bd][i] + int16(rng.IntN(61)-30)
		}
	}
	flag := make([]int32, n)
	cos1 := float32(0.99969541)
	b.Run("angle0", func(b *testing.B) {
		for b.Loop() {
			k.angle0(flag, o[0], o[1], t[0], t[1], cos1)
		}
	})
	for _, egl := range []float64{1, 1.5} {
		b.Run(fmt.Sprintf("decouple0/egl=%g", egl), func(b *testing.B) {
			for b.Loop() {
				for bd := 0; bd < NumBands; bd++ {
					k.decouple0(r[bd], a[bd], o[bd], t[bd], flag, egl)
				}
			}
		})
	}
	const n1 = w / 4
	o1, t1, r1, a1 := make([]int32, n1), make([]int32, n1), make([]int32, n1), make([]int32, n1)
	for i := range o1 {
		o1[i] = int32(rng.IntN(1<<18) - 1<<17)
		t1[i] = o1[i] + int32(rng.IntN(1<<12)-1<<11)
	}
	flag1 := make([]int32, n1)
	for i := range flag1 {
		flag1[i] = -int32(rng.IntN(2))
	}
	b.Run("angle123", func(b *testing.B) {
		for b.Loop() {
			k.angle123(flag1, o1, o1, t1, t1, cos1)
		}
	})
	for _, egl := range []float64{1, 100} {
		b.Run(fmt.Sprintf("decouple123/egl=%g", egl), func(b *testing.B) {
			for b.Loop() {
				for bd := 0; bd < NumBands; bd++ {
					k.decouple123(r1, a1, o1, t1, flag1, egl)
				}
			}
		})
	}
}
