package speed

import "math"

// mirrorF is vif_tools' mirror(float i, float left, float right), one
// reflection, in float.
func mirrorF(i, left, right float32) float32 {
	if i < left {
		return -i
	}
	if i > right {
		return 2*right - i
	}
	return i
}

// srcCoord is (x + 0.5) * ratio - 0.5 evaluated in double and stored to
// float, as the bilinear, bicubic and lanczos scalers do.
func srcCoord(x int, ratio float32) float32 {
	return float32(float64((float64(x)+0.5)*float64(ratio)) - 0.5)
}

// ScaleTap is what one output column (or row) of the prescaler reads
// along its axis: source indices and weights. Nearest uses Idx[0];
// bilinear Idx[0] and Idx[1] (floor and ceiling, mirrored) and W[0], the
// distance from the floor; bicubic the four mirrored indices and their
// kernel weights. scalePlane and the GPU twin share these tables.
type ScaleTap struct {
	Idx [4]int
	W   [4]float32
}

// scaleAxis is the per-axis half of vif_scale_frame_s's coordinate
// arithmetic for an axis of sn source and dn output samples.
func scaleAxis(m Method, sn, dn int) []ScaleTap {
	ratio := float32(sn) / float32(dn)
	last := float32(sn - 1)
	t := make([]ScaleTap, dn)
	for x := range t {
		tp := &t[x]
		switch m {
		case Nearest:
			tp.Idx[0] = int(float32(x) * ratio)
		case Bilinear:
			// vif_scale_frame_bilinear_precompute_columns_s (rows alike).
			xx := srcCoord(x, ratio)
			tp.Idx[0] = int(mirrorF(float32(math.Floor(float64(xx))), 0, last))
			tp.Idx[1] = int(mirrorF(float32(math.Ceil(float64(xx))), 0, last))
			tp.W[0] = xx - float32(tp.Idx[0])
		case Bicubic:
			// bicubic_interpolation's coordinates and weights.
			xx := srcCoord(x, ratio)
			x0 := int(math.Floor(float64(xx)))
			d := xx - float32(x0)
			for i := -1; i <= 2; i++ {
				tp.Idx[i+1] = int(mirrorF(float32(x0+i), 0, last))
				tp.W[i+1] = bicubicKernel(float32(i) - d)
			}
		}
	}
	return t
}

// scalePlane is vif_scale_frame_s for the methods Bandscope supports:
// src (sw x sh, stride) into dst (dw x dh, same stride). Equal sizes copy.
func scalePlane(m Method, src []float32, sw, sh int, dst []float32, dw, dh, stride int) {
	if sw == dw && sh == dh {
		for y := 0; y < dh; y++ {
			copy(dst[y*stride:y*stride+dw], src[y*stride:y*stride+sw])
		}
		return
	}
	xs, ys := scaleAxis(m, sw, dw), scaleAxis(m, sh, dh)
	switch m {
	case Nearest:
		for y := 0; y < dh; y++ {
			r := src[ys[y].Idx[0]*stride:]
			row := dst[y*stride : y*stride+dw]
			for x := range row {
				row[x] = r[xs[x].Idx[0]]
			}
		}
	case Bilinear:
		for y := 0; y < dh; y++ {
			dy := ys[y].W[0]
			r1 := src[ys[y].Idx[0]*stride:]
			r2 := src[ys[y].Idx[1]*stride:]
			row := dst[y*stride : y*stride+dw]
			for x := range row {
				x1, x2, dx := xs[x].Idx[0], xs[x].Idx[1], xs[x].W[0]
				a := float32(float32((1-dy)*(1-dx)) * r1[x1])
				b := float32(float32((1-dy)*dx) * r1[x2])
				c := float32(float32(dy*(1-dx)) * r2[x1])
				d := float32(float32(dy*dx) * r2[x2])
				row[x] = a + b + c + d
			}
		}
	case Bicubic:
		for y := 0; y < dh; y++ {
			for x := 0; x < dw; x++ {
				dst[y*stride+x] = bicubicAt(src, stride, &xs[x], &ys[y])
			}
		}
	}
}

// bicubicKernel is vif_tools' bicubic_kernel, a = -0.75, in float.
func bicubicKernel(t float32) float32 {
	const a = float32(-0.75)
	if t < 0 {
		t = -t
	}
	if t < 1 {
		return float32(float32(float32(float32((a+2)*t)-(a+3))*t)*t) + 1
	}
	if t < 2 {
		return float32(float32(float32(float32(float32((t-5)*t)+8)*t)-4) * a)
	}
	return 0
}

// bicubicAt is bicubic_interpolation at one output sample: 4x4 taps,
// weights wx*wy, summed row by row in float.
func bicubicAt(src []float32, stride int, tx, ty *ScaleTap) float32 {
	var v float32
	for j := 0; j < 4; j++ {
		r := src[ty.Idx[j]*stride:]
		for i := 0; i < 4; i++ {
			wgt := tx.W[i] * ty.W[j]
			v += float32(r[tx.Idx[i]] * wgt)
		}
	}
	return v
}
