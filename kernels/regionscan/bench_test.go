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
