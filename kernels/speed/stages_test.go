package speed

import (
	"testing"

	"github.com/bandscope/bandscope/kernels/yuv"
)

// downscaleFrom evaluates a Downscale description the way the GPU twin
// (gpu/speed_downscale.wgsl) does, each value where it is needed: the
// prescaled sample at each tap of the vertical antialias pass, that pass
// at the kept rows and columns, the horizontal pass at the kept columns,
// then the local mean subtraction. Only the description is used, so a
// table or tap it lacks shows here, without a GPU.
func downscaleFrom(ds *Downscale, pic *yuv.Picture, plane int) []float32 {
	pw, _ := pic.PlaneSize(plane)
	src := pic.Planes[plane]
	copied := func(x, y int) float32 { return ds.Samples[src[y*pw+x]] }
	scaled := func(x, y int) float32 {
		if !ds.Prescale {
			return copied(x, y)
		}
		tx, ty := &ds.X[x], &ds.Y[y]
		switch ds.Method {
		case Nearest:
			return copied(tx.Idx[0], ty.Idx[0])
		case Bilinear:
			dx, dy := tx.W[0], ty.W[0]
			a := float32(float32((1-dy)*(1-dx)) * copied(tx.Idx[0], ty.Idx[0]))
			b := float32(float32((1-dy)*dx) * copied(tx.Idx[1], ty.Idx[0]))
			c := float32(float32(dy*(1-dx)) * copied(tx.Idx[0], ty.Idx[1]))
			d := float32(float32(dy*dx) * copied(tx.Idx[1], ty.Idx[1]))
			return a + b + c + d
		}
		var v float32
		for j := 0; j < 4; j++ {
			for i := 0; i < 4; i++ {
				wgt := tx.W[i] * ty.W[j]
				v += float32(copied(tx.Idx[i], ty.Idx[j]) * wgt)
			}
		}
		return v
	}
	aa, r := ds.Antialias, len(ds.Antialias)/2
	col := map[int]int{}
	for i, c := range ds.Kept {
		col[c] = i
	}
	w, h := ds.OpW, ds.OpH
	vert := make([]float32, len(ds.Kept))
	dec := make([]float32, w*h)
	for i := 0; i < h; i++ {
		for c, x := range ds.Kept {
			var acc float32
			for k, f := range aa {
				acc += float32(f * scaled(x, mirrorIdx(16*i-r+k, ds.ScaledH)))
			}
			vert[c] = acc
		}
		for j := 0; j < w; j++ {
			var acc float32
			for k, f := range aa {
				c, ok := col[mirrorIdx(16*j-r+k, ds.ScaledW)]
				if !ok {
					panic("a horizontal tap reads a column Kept does not list")
				}
				acc += float32(f * vert[c])
			}
			dec[i*w+j] = acc
		}
	}
	lr := len(ds.Local) / 2
	tmp := make([]float32, w*h)
	for i := 0; i < h; i++ {
		for j := 0; j < w; j++ {
			var acc float32
			for k, f := range ds.Local {
				acc += float32(f * dec[mirrorIdx(i-lr+k, h)*w+j])
			}
			tmp[i*w+j] = acc
		}
	}
	out := make([]float32, w*h)
	for i := 0; i < h; i++ {
		for j := 0; j < w; j++ {
			var acc float32
			for k, f := range ds.Local {
				acc += float32(f * tmp[i*w+mirrorIdx(j-lr+k, w)])
			}
			out[i*w+j] = dec[i*w+j] - acc
		}
	}
	return out
}

// TestStages: the split the GPU twin uses gives the reference's bits. The
// Downscale description, evaluated point by point, gives the reference's
// local planes, and Estimator, fed those planes, gives every score and map.
func TestStages(t *testing.T) {
	for _, c := range cliCases {
		if testing.Short() && c.W*c.H > 400*400 {
			continue
		}
		cfg, err := NewConfig(cliOptions(t, c).v, c.format())
		if err != nil {
			t.Fatal(err)
		}
		ds := cfg.Downscale()
		est := NewEstimator(cfg, Options{Threads: 2})
		rp, dp := cliPictures(c, 0)
		want, err := New(cfg).Score(0, rp, dp, true)
		if err != nil {
			t.Fatal(err)
		}
		var local [2][2][]float32
		for p := 0; p < 2; p++ {
			for k, pic := range []*yuv.Picture{rp, dp} {
				local[p][k] = downscaleFrom(ds, pic, p+1)
				w := [2][]float32{want.Planes[p].RefLocal, want.Planes[p].DisLocal}[k]
				if !sameF32(w, local[p][k]) {
					t.Errorf("%s plane %d picture %d: the Downscale description's local plane differs", c.name(), p, k)
				}
			}
		}
		for _, keep := range []bool{true, false} {
			got, err := est.Score(0, &local, keep)
			if err != nil {
				t.Fatal(err)
			}
			if !sameBits(want.U, got.U) || !sameBits(want.V, got.V) || !sameBits(want.UV, got.UV) {
				t.Errorf("%s: Estimator scores %v %v %v, want %v %v %v", c.name(), got.U, got.V, got.UV, want.U, want.V, want.UV)
			}
			if !keep {
				if got.Planes[0] != nil {
					t.Errorf("%s: maps without keepMaps", c.name())
				}
				continue
			}
			for p := 0; p < 2; p++ {
				x, y := want.Planes[p], got.Planes[p]
				if !sameF32(x.RefLocal, y.RefLocal) || !sameF32(x.DisLocal, y.DisLocal) || !sameF32(x.Contribution, y.Contribution) ||
					!sameF32(x.Ref.Entropy, y.Ref.Entropy) || !sameF32(x.Dis.Variance, y.Dis.Variance) ||
					!sameF32(x.Ref.Cov[:], y.Ref.Cov[:]) || !sameF32(x.Dis.Eigen[:], y.Dis.Eigen[:]) ||
					x.Err != y.Err || x.Score != y.Score || x.OpW != y.OpW || x.OpH != y.OpH {
					t.Errorf("%s plane %d: Estimator's maps differ", c.name(), p)
				}
			}
		}
	}
	cfg, err := NewConfig(nil, yuv.Format{Width: 640, Height: 480, Chroma: yuv.C420, BitDepth: 8})
	if err != nil {
		t.Fatal(err)
	}
	var short [2][2][]float32
	if _, err := NewEstimator(cfg, Options{}).Score(0, &short, false); err == nil {
		t.Error("Estimator scored planes of the wrong size")
	}
}
