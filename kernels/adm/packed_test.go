package adm

import (
	"fmt"
	"testing"

	"github.com/bandscope/bandscope/kernels/golden"
	"github.com/bandscope/bandscope/kernels/yuv"
)

// packed is p (8-bit) as a packed picture.
func packed(p *yuv.Picture) *yuv.Picture {
	q := yuv.NewPacked(p.Format)
	for i := range q.Packed {
		for k, v := range p.Planes[i] {
			q.Packed[i][k] = uint8(v)
		}
	}
	return q
}

// TestPackedPlanes scores the same 8-bit frames as uint16 planes and as
// packed ones (yuv.Plane.Pix8), each picture either way, with the
// reference and the fast scorer (every kernel set, one and three
// threads), Watson, AIM off, scale 0 skipped and Barten, and expects the
// same bits in every field and map.
func TestPackedPlanes(t *testing.T) {
	type pair struct {
		name      string
		ref, dist *yuv.Picture
	}
	var pairs []pair
	for _, sz := range [][2]int{{33, 35}, {70, 39}, {216, 121}} {
		for _, pat := range []string{"noise", "extreme", "checker"} {
			r, d := extraPair(pat, sz[0], sz[1], 8)
			pairs = append(pairs, pair{fmt.Sprintf("%s_%dx%d", pat, sz[0], sz[1]), r, d})
		}
	}
	if !testing.Short() {
		if cases, err := golden.RealPairs1080p(); err == nil {
			for _, c := range cases {
				if c.BD != 8 {
					continue
				}
				if r, d, err := c.Pictures(3); err == nil {
					pairs = append(pairs, pair{c.Name, r, d})
				}
			}
		}
	}
	for _, p := range pairs {
		for _, feat := range []string{"adm=debug=true", "adm=adm_skip_aim=true", "adm=adm_skip_scale0=true", "adm=adm_csf_mode=1"} {
			t.Run(p.name+"/"+feat, func(t *testing.T) {
				cfg, _ := specConfig(t, feat, p.ref.Width, p.ref.Height, 8)
				pr, pd := packed(p.ref), packed(p.dist)
				maps := p.ref.Width*p.ref.Height < 1<<16
				want, err := New(cfg).Score(0, p.ref.Luma(), p.dist.Luma(), maps)
				if err != nil {
					t.Fatal(err)
				}
				scorers := allScorers(cfg)
				for name, s := range scorers {
					for _, in := range [][2]yuv.Plane{{pr.Luma(), pd.Luma()}, {pr.Luma(), p.dist.Luma()}, {p.ref.Luma(), pd.Luma()}} {
						got, err := s.Score(0, in[0], in[1], maps)
						if err != nil {
							t.Fatal(err)
						}
						if err := sameResult(got, want); err != nil {
							t.Fatalf("%s: %v", name, err)
						}
					}
				}
			})
		}
	}
}

// TestPackedNeeds8Bits: a packed plane under a configuration of another
// bit depth, or shorter than its size, is refused with one line naming
// the picture.
func TestPackedNeeds8Bits(t *testing.T) {
	r, d := extraPair("noise", 64, 48, 8)
	pr, pd := packed(r), packed(d)
	short := pd.Luma()
	short.Pix8 = short.Pix8[:100]
	for _, c := range []struct {
		bd        int
		ref, dist yuv.Plane
		want      string
	}{
		{10, pr.Luma(), pd.Luma(), "adm: reference luma holds packed 8-bit samples, configured for 10-bit input"},
		{8, pr.Luma(), short, "adm: distorted luma plane is shorter than 64x48 (stride 64)"},
	} {
		cfg, err := NewConfig(nil, 64, 48, c.bd)
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range []Scorer{New(cfg), NewCPU(cfg, Options{Threads: 1})} {
			if _, err := s.Score(0, c.ref, c.dist, false); err == nil || err.Error() != c.want {
				t.Errorf("%d-bit: err %v, want %q", c.bd, err, c.want)
			}
		}
	}
}
