package vif

import (
	"testing"

	"github.com/bandscope/bandscope/kernels/benchclip"
	"github.com/bandscope/bandscope/kernels/cpu"
)

// BenchmarkKernels times each row kernel of each set on 1920-pixel rows
// (scale 0's filter), reporting CPU ns per pixel.
func BenchmarkKernels(b *testing.B) {
	const w = 1920
	rows := make([][]uint16, 17)
	for k := range rows {
		rows[k] = make([]uint16, w)
		for j := range rows[k] {
			rows[k][j] = uint16(splitmix(uint64(k*w+j)) & 255)
		}
	}
	rows8 := make([][]uint8, 17)
	for k := range rows8 {
		rows8[k] = make([]uint8, w)
		for j := range rows8[k] {
			rows8[k][j] = uint8(rows[k][j])
		}
	}
	pad := func() []uint32 { return make([]uint32, w+16) }
	mu1, mu2, rr, dd, rd := pad(), pad(), pad(), pad(), pad()
	s1, s2, s12 := make([]int32, w), make([]int32, w), make([]int32, w)
	conv := make([]uint16, w+16)
	rnd, rnd10 := StatRounding(0, 8), StatRounding(0, 10)
	for _, set := range cpu.Supported() {
		k := kernelsFor(set)
		for _, c := range []struct {
			name string
			fn   func()
		}{
			{"statV", func() { k.statV(rows, rows, Filters[0], rnd, 0, w, mu1, mu2, rr, dd, rd) }},
			{"statV10", func() { k.statV(rows, rows, Filters[0], rnd10, 0, w, mu1, mu2, rr, dd, rd) }},
			{"statVP", func() { k.statVP(rows8, rows8, Filters[0], rnd, 0, w, mu1, mu2, rr, dd, rd) }},
			{"subVP", func() { k.subVP(rows8[:9], Filters[1], 128, 8, 0, w, conv) }},
			{"statH", func() { k.statH(mu1, mu2, rr, dd, rd, Filters[0], 0, w, s1, s2, s12) }},
			{"subV", func() { k.subV(rows[:9], Filters[1], 128, 8, 0, w, conv) }},
			{"subH", func() { k.subH(conv, Filters[1], w, conv[:w/2]) }},
		} {
			b.Run(set.String()+"/"+c.name, func(b *testing.B) {
				c0 := benchclip.CPUTime()
				for i := 0; i < b.N; i++ {
					c.fn()
				}
				b.ReportMetric(float64(benchclip.CPUTime()-c0)/float64(b.N*w), "cpu-ns/px")
			})
		}
	}
}
