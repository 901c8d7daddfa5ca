package regionscan

import (
	"math/rand/v2"
	"testing"

	"github.com/bandscope/bandscope/kernels/cpu"
)

// BenchmarkRunSum times RunSum on a 1920-value run in cache, per set:
//
//	go test ./kernels/regionscan -run '^$' -bench RunSum
func BenchmarkRunSum(b *testing.B) {
	v := values(rand.New(rand.NewPCG(1, 1)), 1920, 1)
	for _, set := range cpu.Supported() {
		k := For(set)
		b.Run(set.String(), func(b *testing.B) {
			b.SetBytes(int64(4 * len(v)))
			for range b.N {
				k.RunSum(v)
			}
		})
	}
}

// BenchmarkWeighHits times WeighHits on a 1920-value row in cache, per
// set:
//
//	go test ./kernels/regionscan -run '^$' -bench WeighHits
func BenchmarkWeighHits(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 1))
	c, up := values(r, 1920, 1), values(r, 960, 1)
	mask := make([]uint8, 1920)
	for i := range mask {
		mask[i] = uint8(r.IntN(2))
	}
	dst, hits := make([]float32, 1920), make([]uint64, 30)
	for _, set := range cpu.Supported() {
		k := For(set)
		b.Run(set.String(), func(b *testing.B) {
			b.SetBytes(int64(4 * len(c)))
			for range b.N {
				k.WeighHits(dst, c, up, mask, hits, 16, 1)
			}
		})
	}
}
