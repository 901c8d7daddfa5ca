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

// scalePlane is vif_scale_frame_s for the methods Bandscope supports:
// src (sw x sh, stride) into dst (dw x dh, same stride). Equal sizes copy.
func scalePlane(m Method, src []float32, sw, sh int, dst []float32, dw, dh, stride int) {
	if sw == dw && sh == dh {
		for y := 0; y < dh; y++ {
			copy(dst[y*stride:y*stride+dw], src[y*stride:y*stride+sw])
		}
		return
	}
	ratioX := float32(sw) / float32(dw)
	ratioY := float32(sh) / float32(dh)
	switch m {
	case Nearest:
		for y := 0; y < dh; y++ {
			ry := int(float32(y) * ratioY)
			for x := 0; x < dw; x++ {
				rx := int(float32(x) * ratioX)
				dst[y*stride+x] = src[ry*stride+rx]
			}
		}
	case Bilinear:
		// vif_scale_frame_bilinear_precompute_columns_s, then _apply_s.
		x1a := make([]int, dw)
		x2a := make([]int, dw)
		dxa := make([]float32, dw)
		for x := 0; x < dw; x++ {
			xx := srcCoord(x, ratioX)
			x1a[x] = int(mirrorF(float32(math.Floor(float64(xx))), 0, float32(sw-1)))
			x2a[x] = int(mirrorF(float32(math.Ceil(float64(xx))), 0, float32(sw-1)))
			dxa[x] = xx - float32(x1a[x])
		}
		for y := 0; y < dh; y++ {
			yy := srcCoord(y, ratioY)
			y1 := int(mirrorF(float32(math.Floor(float64(yy))), 0, float32(sh-1)))
			y2 := int(mirrorF(float32(math.Ceil(float64(yy))), 0, float32(sh-1)))
			dy := yy - float32(y1)
			r1 := src[y1*stride:]
			r2 := src[y2*stride:]
			row := dst[y*stride : y*stride+dw]
			for x := range row {
				x1, x2, dx := x1a[x], x2a[x], dxa[x]
				a := float32(float32((1-dy)*(1-dx)) * r1[x1])
				b := float32(float32((1-dy)*dx) * r1[x2])
				c := float32(float32(dy*(1-dx)) * r2[x1])
				d := float32(float32(dy*dx) * r2[x2])
				row[x] = a + b + c + d
			}
		}
	case Bicubic:
		for y := 0; y < dh; y++ {
			yy := srcCoord(y, ratioY)
			for x := 0; x < dw; x++ {
				xx := srcCoord(x, ratioX)
				dst[y*stride+x] = bicubicAt(src, sw, sh, stride, xx, yy)
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

// bicubicAt is bicubic_interpolation: 4x4 taps, weights wx*wy, summed row
// by row in float.
func bicubicAt(src []float32, w, h, stride int, x, y float32) float32 {
	x0 := int(math.Floor(float64(x)))
	y0 := int(math.Floor(float64(y)))
	dx := x - float32(x0)
	dy := y - float32(y0)
	var wx, wy [4]float32
	for i := -1; i <= 2; i++ {
		wx[i+1] = bicubicKernel(float32(i) - dx)
		wy[i+1] = bicubicKernel(float32(i) - dy)
	}
	var v float32
	for j := -1; j <= 2; j++ {
		for i := -1; i <= 2; i++ {
			xi := int(mirrorF(float32(x0+i), 0, float32(w-1)))
			yi := int(mirrorF(float32(y0+j), 0, float32(h-1)))
			wgt := wx[i+1] * wy[j+1]
			v += float32(src[yi*stride+xi] * wgt)
		}
	}
	return v
}
