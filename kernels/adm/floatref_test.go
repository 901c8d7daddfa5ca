package adm

import (
	"math"

	"github.com/bandscope/bandscope/kernels/yuv"
)

// floatModel is a float64 model of libvmaf's float ADM (feature float_adm,
// adm.c and adm_tools.c): the same db2 taps, band borders, decouple with
// the one-degree angle test and gain limit, CSF, masking threshold
// (|csf|/15 at the centre, |csf|/30 around it, libvmaf's float constants),
// noise floor and sums, but no float32 rounding. It is the yardstick for
// adm_csf_mode=1, where libvmaf's own integer ADM overflows.
//
// With intStages the DWT bands and the decoupled bands come from this
// package's integer stages (the ones the configuration runs: libvmaf's
// integer DWT and decouple, or with adm_csf_mode=1 precise.go's), scaled to
// float ADM's units, and only the CSF, masking and denominator run in
// float64. Comparing an integer score with both separates what the integer
// DWT and decouple cost from what the integer CSF and masking stages add.
type floatModel struct {
	cfg       *Config
	intStages bool
}

// floatResult is the model's adm2 and its per-scale terms.
type floatResult struct {
	ADM2               float64
	NumScale, DenScale [NumScales]float64
}

// float ADM's constants: the db2 taps and its 1/30 and 1/15 (double
// literals, so these products are double in libvmaf too).
var (
	floatLo     = [4]float64{0.482962913144690, 0.836516303737469, 0.224143868041857, -0.129409522550921}
	floatHi     = [4]float64{-0.129409522550921, -0.224143868041857, 0.836516303737469, -0.482962913144690}
	floatOneBy3 = 0.0333333351
	floatOneBy5 = 0.0666666701
)

// intQ is the number of fraction bits of the integer DWT bands at each
// scale (8-bit sample units): Q6 at scale 0, then two Q15 passes per
// level less the level's rounding shifts.
func intQ(s int) int {
	q := 6
	for l := 1; l <= s; l++ {
		q += 30 - int(vpShift[l]) - int(hpShift[l])
	}
	return q
}

// fbands is one level of a float DWT: approximation and h, v, d.
type fbands struct {
	w, h int
	a    []float64
	b    [NumBands][]float64
}

func floatDWT(src []float64, w, h int) *fbands {
	iy, ix := DWTIndices(h), DWTIndices(w)
	hw, hh := (w+1)/2, (h+1)/2
	o := &fbands{w: hw, h: hh, a: make([]float64, hw*hh)}
	for b := range o.b {
		o.b[b] = make([]float64, hw*hh)
	}
	dot := func(t *[4]float64, s0, s1, s2, s3 float64) float64 {
		return t[0]*s0 + t[1]*s1 + t[2]*s2 + t[3]*s3
	}
	lo, hi := make([]float64, w), make([]float64, w)
	for i := 0; i < hh; i++ {
		r0, r1, r2, r3 := iy[0][i]*w, iy[1][i]*w, iy[2][i]*w, iy[3][i]*w
		for j := 0; j < w; j++ {
			lo[j] = dot(&floatLo, src[r0+j], src[r1+j], src[r2+j], src[r3+j])
			hi[j] = dot(&floatHi, src[r0+j], src[r1+j], src[r2+j], src[r3+j])
		}
		for j := 0; j < hw; j++ {
			j0, j1, j2, j3 := ix[0][j], ix[1][j], ix[2][j], ix[3][j]
			k := i*hw + j
			o.a[k] = dot(&floatLo, lo[j0], lo[j1], lo[j2], lo[j3])
			o.b[BandV][k] = dot(&floatHi, lo[j0], lo[j1], lo[j2], lo[j3])
			o.b[BandH][k] = dot(&floatLo, hi[j0], hi[j1], hi[j2], hi[j3])
			o.b[BandD][k] = dot(&floatHi, hi[j0], hi[j1], hi[j2], hi[j3])
		}
	}
	return o
}

// intLevels runs the integer DWT on a luma plane and returns every level.
func intLevels(cfg *Config, p yuv.Plane) [NumScales]*Bands32 {
	var out [NumScales]*Bands32
	b0 := NewBands16(cfg.BandW[0], cfg.BandH[0])
	out[0] = NewBands32(b0.W, b0.H)
	if cfg.Precise {
		PreciseDWT0(b0, out[0].A, p.Pix, p.Stride, cfg.Width, cfg.Height, cfg.BitDepth)
	} else {
		DWT0(b0, p.Pix, p.Stride, cfg.Width, cfg.Height, cfg.BitDepth, false)
		for i, v := range b0.A {
			out[0].A[i] = int32(v)
		}
	}
	for b := range b0.B {
		for i, v := range b0.B[b] {
			out[0].B[b][i] = int32(v)
		}
	}
	for s := 1; s < NumScales; s++ {
		out[s] = NewBands32(cfg.BandW[s], cfg.BandH[s])
		if cfg.Precise {
			PreciseDWT123(out[s], out[s-1].A, out[s-1].W, cfg.BandW[s-1], cfg.BandH[s-1], s)
		} else {
			DWT123(out[s], out[s-1].A, out[s-1].W, cfg.BandW[s-1], cfg.BandH[s-1], s)
		}
	}
	return out
}

// widen converts integer bands of scale s to float ADM's units.
func widen(b *Bands32, s int) *fbands {
	u := math.Ldexp(1, -intQ(s))
	f := func(x []int32) []float64 {
		o := make([]float64, len(x))
		for i, v := range x {
			o[i] = float64(v) * u
		}
		return o
	}
	o := &fbands{w: b.W, h: b.H, a: f(b.A)}
	for k := range o.b {
		o.b[k] = f(b.B[k])
	}
	return o
}

// intDecouple runs the integer decouple of scale s (Decouple0 on int16
// bands at scale 0) and returns its bands in float ADM's units.
func intDecouple(cfg *Config, s int, ref, dis *Bands32) (r, a [NumBands][]float64) {
	w, h := ref.W, ref.H
	var ir, ia [NumBands][]int32
	for k := range ir {
		ir[k], ia[k] = make([]int32, w*h), make([]int32, w*h)
	}
	if s == 0 {
		narrow := func(b *Bands32) *Bands16 {
			o := NewBands16(w, h)
			for k := range b.B {
				for i, v := range b.B[k] {
					o.B[k][i] = int16(v)
				}
			}
			return o
		}
		var r16, a16 [NumBands][]int16
		for k := range r16 {
			r16[k], a16[k] = make([]int16, w*h), make([]int16, w*h)
		}
		if cfg.Precise {
			DecoupleExact0(narrow(ref), narrow(dis), &r16, &a16, cfg.EnhnGainLimit, cfg.cos1degSq)
		} else {
			Decouple0(narrow(ref), narrow(dis), &r16, &a16, cfg.EnhnGainLimit, cfg.cos1degSq)
		}
		for k := range r16 {
			for i := range r16[k] {
				ir[k][i], ia[k][i] = int32(r16[k][i]), int32(a16[k][i])
			}
		}
	} else {
		if cfg.Precise {
			DecoupleExact123(ref, dis, &ir, &ia, cfg.EnhnGainLimit, cfg.cos1degSq)
		} else {
			Decouple123(ref, dis, &ir, &ia, cfg.EnhnGainLimit, cfg.cos1degSq)
		}
	}
	u := math.Ldexp(1, -intQ(s))
	for k := range r {
		r[k], a[k] = make([]float64, w*h), make([]float64, w*h)
		for i := range ir[k] {
			r[k][i], a[k][i] = float64(ir[k][i])*u, float64(ia[k][i])*u
		}
	}
	return r, a
}

// floatDecouple is adm_decouple_s over the work window, in float64.
func floatDecouple(cfg *Config, ref, dis *fbands) (r, a [NumBands][]float64) {
	w, h := ref.w, ref.h
	for k := range r {
		r[k], a[k] = make([]float64, w*h), make([]float64, w*h)
	}
	cos1 := math.Cos(math.Pi/180) * math.Cos(math.Pi/180)
	egl := cfg.EnhnGainLimit
	wr := WorkRect(w, h)
	for i := wr.Y0; i < wr.Y1; i++ {
		for j := wr.X0; j < wr.X1; j++ {
			k := i*w + j
			oh, ov := ref.b[BandH][k], ref.b[BandV][k]
			th, tv := dis.b[BandH][k], dis.b[BandV][k]
			dp := oh*th + ov*tv
			flag := dp >= 0 && dp*dp >= cos1*(oh*oh+ov*ov)*(th*th+tv*tv)
			for b := 0; b < NumBands; b++ {
				o, t := ref.b[b][k], dis.b[b][k]
				kk := min(max(t/(o+1e-30), 0), 1)
				rst := kk * o
				if flag && rst > 0 {
					rst = min(rst*egl, t)
				} else if flag && rst < 0 {
					rst = max(rst*egl, t)
				}
				r[b][k], a[b][k] = rst, t-rst
			}
		}
	}
	return r, a
}

func (m floatModel) score(ref, dist yuv.Plane) floatResult {
	cfg := m.cfg
	w, h := cfg.Width, cfg.Height
	// float_adm reads samples as value / 2^(depth-8) - 128.
	toFloat := func(p yuv.Plane) []float64 {
		o := make([]float64, w*h)
		u := math.Ldexp(1, 8-cfg.BitDepth)
		for i := 0; i < h; i++ {
			for j := 0; j < w; j++ {
				o[i*w+j] = float64(p.Pix[i*p.Stride+j])*u - 128
			}
		}
		return o
	}
	var intRef, intDis [NumScales]*Bands32
	if m.intStages {
		intRef, intDis = intLevels(cfg, ref), intLevels(cfg, dist)
	}
	rs, ds := toFloat(ref), toFloat(dist)
	var res floatResult
	var num, den float64
	for s := 0; s < NumScales; s++ {
		var rb, db *fbands
		var r, a [NumBands][]float64
		if m.intStages {
			rb, db = widen(intRef[s], s), widen(intDis[s], s)
			r, a = intDecouple(cfg, s, intRef[s], intDis[s])
		} else {
			rb, db = floatDWT(rs, w, h), floatDWT(ds, w, h)
			r, a = floatDecouple(cfg, rb, db)
		}
		w, h = rb.w, rb.h
		f := cfg.Factor[s]
		sr, wr := ScoreRect(w, h), WorkRect(w, h)
		noise := math.Cbrt(float64((sr.X1-sr.X0)*(sr.Y1-sr.Y0)) * cfg.NoiseWeight)
		var csf, flt [NumBands][]float64
		for b := 0; b < NumBands; b++ {
			csf[b], flt[b] = make([]float64, w*h), make([]float64, w*h)
			for i := wr.Y0; i < wr.Y1; i++ {
				for j := i*w + wr.X0; j < i*w+wr.X1; j++ {
					csf[b][j] = float64(f[b]) * a[b][j]
					flt[b][j] = floatOneBy3 * math.Abs(csf[b][j])
				}
			}
		}
		var numB, denB [NumBands]float64
		for i := sr.Y0; i < sr.Y1; i++ {
			for j := sr.X0; j < sr.X1; j++ {
				up, down, l, rt := neighbours(i, j, w, h)
				row := i * w
				var thr float64
				for b := 0; b < NumBands; b++ {
					c := flt[b]
					thr += c[up+l] + c[up+j] + c[up+rt] + c[row+l] + floatOneBy5*math.Abs(csf[b][row+j]) +
						c[row+rt] + c[down+l] + c[down+j] + c[down+rt]
				}
				for b := 0; b < NumBands; b++ {
					x := max(math.Abs(float64(f[b])*r[b][row+j])-thr, 0)
					numB[b] += x * x * x
					o := math.Abs(float64(f[b]) * rb.b[b][row+j])
					denB[b] += o * o * o
				}
			}
		}
		for b := 0; b < NumBands; b++ {
			res.NumScale[s] += math.Cbrt(numB[b]) + noise
			res.DenScale[s] += math.Cbrt(denB[b]) + noise
		}
		num += res.NumScale[s]
		den += res.DenScale[s]
		rs, ds = rb.a, db.a
	}
	res.ADM2 = num / den
	return res
}
