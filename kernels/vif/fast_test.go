package vif

import (
	"fmt"
	"sync"
	"testing"

	"github.com/bandscope/bandscope/kernels/cpu"
)

// TestConcurrent scores frames from several goroutines at once on one
// fast scorer (shared limiter) and compares each with the reference.
func TestConcurrent(t *testing.T) {
	const w, h = 97, 61
	for _, bd := range []int{8, 10} {
		cfg, err := NewConfig(nil, w, h, bd)
		if err != nil {
			t.Fatal(err)
		}
		fs := NewCPU(cfg, Options{Kernels: cpu.Default(), Threads: 2, Limiter: cpu.NewLimiter(2)})
		ref := New(cfg)
		want := make([]*FrameResult, 8)
		for i := range want {
			r, d := vifPair("noise", w, h, bd, i)
			if want[i], err = ref.Score(i, r.Luma(), d.Luma(), true); err != nil {
				t.Fatal(err)
			}
		}
		var wg sync.WaitGroup
		for i := range want {
			wg.Add(1)
			go func() {
				defer wg.Done()
				r, d := vifPair("noise", w, h, bd, i)
				got, err := fs.Score(i, r.Luma(), d.Luma(), i%2 == 0)
				if err != nil {
					t.Error(err)
					return
				}
				wi := *want[i]
				if i%2 != 0 {
					wi.Maps = [NumScales]*ScaleMap{}
				}
				compareResults(t, fmt.Sprintf("%d-bit frame %d", bd, i), got, &wi)
			}()
		}
		wg.Wait()
		fs.Close()
	}
}
