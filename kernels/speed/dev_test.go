package speed

import (
	"testing"

	"github.com/bandscope/bandscope/internal/golden"
)

func TestDevGrad(t *testing.T) {
	cases, _ := golden.Cases()
	for _, c := range cases {
		if c.Name != "real_grad_1080p_8b_x264crf40" {
			continue
		}
		opts := NewOptions()
		for _, kv := range [][2]string{{"mxv", "45"}, {"nnf", "0.1"}, {"snn", "0.19"}, {"wvm", "5"}} {
			if err := opts.Set(kv[0], kv[1]); err != nil {
				t.Fatal(err)
			}
		}
		cfg, err := NewConfig(opts, c.Format())
		if err != nil {
			t.Fatal(err)
		}
		s := New(cfg)
		for f := 0; f < 3; f++ {
			ref, dist, _ := c.Pictures(f)
			r, err := s.Score(f, ref, dist, false)
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("%d %.17g %.17g %.17g", f, r.U, r.V, r.UV)
		}
	}
}
