package speed

import (
	"math"
	"testing"

	"github.com/bandscope/bandscope/kernels/cpu"
	"github.com/bandscope/bandscope/kernels/internal/twindoc"
	"github.com/bandscope/bandscope/kernels/yuv"
)

func sameF32(a, b []float32) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if math.Float32bits(a[i]) != math.Float32bits(b[i]) {
			return false
		}
	}
	return true
}

// TestFastTwin runs the fast scorer against the reference on every
// cross-check case and compares every map bit for bit: the local planes,
// covariances, eigenvalues, entropies, variances and block contributions.
func TestFastTwin(t *testing.T) {
	for _, c := range cliCases {
		if testing.Short() && c.W*c.H > 400*400 {
			continue
		}
		cfg, err := NewConfig(cliOptions(t, c).v, c.format())
		if err != nil {
			t.Fatal(err)
		}
		ref, fast, par := New(cfg), NewFast(cfg), NewCPU(cfg, Options{Kernels: cpu.Best(), Threads: 4})
		for n := 0; n < c.Frames; n++ {
			rp, dp := cliPictures(c, n)
			a, err := ref.Score(n, rp, dp, true)
			if err != nil {
				t.Fatal(err)
			}
			fs := fast
			if n%2 == 1 {
				fs = par
			}
			b, err := fs.Score(n, rp, dp, true)
			if err != nil {
				t.Fatal(err)
			}
			if !sameBits(a.U, b.U) || !sameBits(a.V, b.V) || !sameBits(a.UV, b.UV) {
				t.Errorf("%s frame %d: scores %v %v %v, fast %v %v %v", c.name(), n, a.U, a.V, a.UV, b.U, b.V, b.UV)
			}
			for p := 0; p < 2; p++ {
				x, y := a.Planes[p], b.Planes[p]
				checks := []struct {
					what string
					a, b []float32
				}{
					{"ref local", x.RefLocal, y.RefLocal}, {"dis local", x.DisLocal, y.DisLocal},
					{"ref cov", x.Ref.Cov[:], y.Ref.Cov[:]}, {"dis cov", x.Dis.Cov[:], y.Dis.Cov[:]},
					{"ref eigen", x.Ref.Eigen[:], y.Ref.Eigen[:]}, {"dis eigen", x.Dis.Eigen[:], y.Dis.Eigen[:]},
					{"ref entropy", x.Ref.Entropy, y.Ref.Entropy}, {"dis entropy", x.Dis.Entropy, y.Dis.Entropy},
					{"ref variance", x.Ref.Variance, y.Ref.Variance}, {"dis variance", x.Dis.Variance, y.Dis.Variance},
					{"contribution", x.Contribution, y.Contribution},
				}
				for _, ch := range checks {
					if !sameF32(ch.a, ch.b) {
						t.Errorf("%s frame %d plane %d: %s differs", c.name(), n, p+1, ch.what)
					}
				}
			}
		}
	}
}

// TestConcurrentFrames scores frames at once on one NewCPU scorer (as the
// engine does) and compares them with one at a time.
func TestConcurrentFrames(t *testing.T) {
	c := cliCases[1]
	cfg, err := NewConfig(cliOptions(t, c).v, c.format())
	if err != nil {
		t.Fatal(err)
	}
	s := NewCPU(cfg, Options{Threads: 3})
	const n = 6
	var want [n]*FrameResult
	for i := range want {
		rp, dp := cliPictures(c, i%c.Frames)
		if want[i], err = NewFast(cfg).Score(i, rp, dp, false); err != nil {
			t.Fatal(err)
		}
	}
	got := make(chan *FrameResult, n)
	for i := 0; i < n; i++ {
		go func() {
			rp, dp := cliPictures(c, i%c.Frames)
			r, err := s.Score(i, rp, dp, i%2 == 0)
			if err != nil {
				t.Error(err)
			}
			got <- r
		}()
	}
	for range n {
		r := <-got
		if r == nil {
			continue
		}
		w := want[r.Frame]
		if !sameBits(r.U, w.U) || !sameBits(r.V, w.V) || !sameBits(r.UV, w.UV) {
			t.Errorf("frame %d: %v %v %v, alone %v %v %v", r.Frame, r.U, r.V, r.UV, w.U, w.V, w.UV)
		}
	}
}

// TestCovOrders counts, over the cross-check pictures, the covariance
// entries where libvmaf's three kernels (C, AVX2, AVX-512 summation
// orders) would round to different floats. None do here; the orders can
// differ only when a double sum falls within a few ulps of a float
// rounding boundary.
func TestCovOrders(t *testing.T) {
	total, diff := 0, 0
	for _, c := range cliCases {
		if testing.Short() && c.W*c.H > 400*400 {
			continue
		}
		cfg, err := NewConfig(cliOptions(t, c).v, c.format())
		if err != nil {
			t.Fatal(err)
		}
		rp, _ := cliPictures(c, 0)
		pw := newPlaneWork(cfg, true)
		cfg.filterDownscaleFast(pw, rp, 1)
		var k [3][BlockElems * BlockElems]float32
		for o := CovC; o <= CovAVX512; o++ {
			cfg.dim.covariance(o, pw.buf, pw.stride, k[o][:])
		}
		for i := range k[0] {
			total++
			if k[0][i] != k[1][i] || k[0][i] != k[2][i] {
				diff++
			}
		}
	}
	t.Logf("%d of %d covariance entries differ between the C, AVX2 and AVX-512 orders", diff, total)
	if diff > 0 {
		t.Errorf("the summation orders disagree on %d entries: the covariance order matters for these pictures", diff)
	}
}

// TestOutOfRangeSamples feeds samples above the bit depth's range (a
// malformed clip): the fast scorer must neither panic nor differ from the
// reference, which converts them as picture_copy does.
func TestOutOfRangeSamples(t *testing.T) {
	c := cliCase{W: 640, H: 480, PF: "420", BD: 10, Frames: 1}
	cfg, err := NewConfig(nil, c.format())
	if err != nil {
		t.Fatal(err)
	}
	rp, dp := cliPictures(c, 0)
	for i := range rp.Planes[1] {
		if i%7 == 0 {
			rp.Planes[1][i] = 0xffff
		}
	}
	a, err := New(cfg).Score(0, rp, dp, false)
	if err != nil {
		t.Fatal(err)
	}
	b, err := NewFast(cfg).Score(0, rp, dp, false)
	if err != nil {
		t.Fatal(err)
	}
	if !sameBits(a.U, b.U) || !sameBits(a.V, b.V) || !sameBits(a.UV, b.UV) {
		t.Errorf("reference %v %v %v, fast %v %v %v", a.U, a.V, a.UV, b.U, b.V, b.UV)
	}
}

// TestPacked: every scorer gives the same results, maps included, on the
// packed form of an 8-bit pair as on its uint16 form, on the cross-check
// cases at 8 bits (prescaled ones included, which load the planes).
func TestPacked(t *testing.T) {
	pack := func(p *yuv.Picture) *yuv.Picture {
		q := yuv.NewPacked(p.Format)
		for i := range p.Chroma.Planes() {
			for j, v := range p.Planes[i] {
				q.Packed[i][j] = uint8(v)
			}
		}
		return q
	}
	tested := 0
	for _, c := range cliCases {
		if c.format().BitDepth != 8 || (testing.Short() && c.W*c.H > 400*400) {
			continue
		}
		cfg, err := NewConfig(cliOptions(t, c).v, c.format())
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range []Scorer{New(cfg), NewFast(cfg), NewCPU(cfg, Options{Kernels: cpu.Best(), Threads: 4})} {
			rp, dp := cliPictures(c, 1)
			a, err := s.Score(1, rp, dp, true)
			if err != nil {
				t.Fatal(err)
			}
			b, err := s.Score(1, pack(rp), pack(dp), true)
			if err != nil {
				t.Fatal(err)
			}
			if !sameBits(a.U, b.U) || !sameBits(a.V, b.V) || !sameBits(a.UV, b.UV) {
				t.Errorf("%s %T: scores %v %v %v, packed %v %v %v", c.name(), s, a.U, a.V, a.UV, b.U, b.V, b.UV)
			}
			for p := range 2 {
				if !sameF32(a.Planes[p].Contribution, b.Planes[p].Contribution) || !sameF32(a.Planes[p].RefLocal, b.Planes[p].RefLocal) {
					t.Errorf("%s %T plane %d: maps differ when packed", c.name(), s, p+1)
				}
			}
			tested++
		}
	}
	if tested == 0 {
		t.Fatal("no 8-bit case")
	}
}

// TestTwinIndex checks doc.go's twin index against the code: every Go
// function, kernel-set field, assembly symbol, shader and test it names
// exists, and every field, symbol and speed_*.wgsl shader is in it.
func TestTwinIndex(t *testing.T) {
	for _, e := range twindoc.Check(".", "../../gpu", "speed_") {
		t.Error(e)
	}
}
