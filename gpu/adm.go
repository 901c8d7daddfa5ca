//go:build cgo && !js

package gpu

import (
	"errors"
	"fmt"
	"math"

	"github.com/bandscope/bandscope/kernels/adm"
	"github.com/bandscope/bandscope/kernels/yuv"
	"github.com/oliverbestmann/webgpu/wgpu"
)

// admScorer is the GPU adm.Scorer. NewADM builds every buffer, bind group
// and the two dispatch lists (scores only, scores and maps) once; a frame
// uploads both lumas, runs one submission and reads back the accumulators
// (and the maps when asked).
type admScorer struct {
	recorder
	cfg *adm.Config
	k   *admKernels

	in, bad [2]*wgpu.Buffer // reference, distorted: packed luma, first bad sample
	noBad   *wgpu.Buffer    // the validation word's reset value (ScoreFrame)
	acc     *wgpu.Buffer
	maps    [adm.NumScales]*wgpu.Buffer
	staging *wgpu.Buffer
	shifts  [adm.NumScales]adm.Shifts

	scoreSteps, mapSteps []step
	mapOff               [adm.NumScales]uint64

	packed []uint16
	closed bool
}

// Readback layout: the two validation words, then the accumulators, then
// (with maps) each scale's nine map planes.
const (
	admBadOff   = 0
	admAccOff   = 8
	admAccWords = adm.NumScales * admKinds * adm.NumBands * 2
	admMapsOff  = admAccOff + 4*admAccWords
)

// NewADM returns a Scorer computing integer ADM on d, with the same bits as
// the CPU reference adm.New(cfg) in every field of every FrameResult.
func NewADM(d *Device, cfg *adm.Config) (_ adm.Scorer, err error) {
	if err := d.usable("NewADM", cfg != nil); err != nil {
		return nil, err
	}
	s := &admScorer{recorder: recorder{d: d}, cfg: cfg}
	defer func() {
		if err != nil {
			s.Close()
		}
	}()
	if s.k, err = d.admKernels(); err != nil {
		return nil, err
	}
	if err := s.build(); err != nil {
		return nil, err
	}
	return s, nil
}

// dispatch binds a kernel to a uniform of params and the buffers; the
// caller sets the workgroup counts.
func (s *admScorer) dispatch(k *kernel, params []uint32, bufs ...*wgpu.Buffer) (step, error) {
	return s.bindStep(k, params, bufs...)
}

func i2u(v int) uint32 { return uint32(int32(v)) }

func (s *admScorer) build() error {
	cfg := s.cfg
	w, h := cfg.Width, cfg.Height
	w0, h0 := cfg.BandW[0], cfg.BandH[0]
	n0 := uint64(w0 * h0)
	var common []step // every dispatch before the numerator's masking
	var err error
	if s.noBad, err = s.constWords("adm validation reset", noBad); err != nil {
		return err
	}
	for i := range s.in {
		if s.in[i], err = s.buffer("adm input", uint64(2*w*h)); err != nil {
			return err
		}
		if s.bad[i], err = s.buffer("adm validation", 4); err != nil {
			return err
		}
		if cfg.BitDepth < 16 {
			st, err := s.dispatch(s.k.validate, []uint32{uint32(w), uint32(h), uint32(w), 1<<cfg.BitDepth - 1}, s.in[i], s.bad[i])
			if err != nil {
				return err
			}
			st.x, st.y = groups(w, 8), groups(h, 8)
			common = append(common, st)
		}
	}
	// The DWT pyramid of both pictures: four planes (A, H, V, D) per scale.
	var pyr [2][adm.NumScales]*wgpu.Buffer
	for i := range pyr {
		for sc := 0; sc < adm.NumScales; sc++ {
			bw, bh := cfg.BandW[sc], cfg.BandH[sc]
			if pyr[i][sc], err = s.buffer(fmt.Sprintf("adm scale %d bands", sc), uint64(16*bw*bh)); err != nil {
				return err
			}
			var st step
			switch {
			case cfg.Precise && sc == 0:
				st, err = s.dispatch(s.k.dwtp, []uint32{uint32(w), uint32(h), uint32(bw), uint32(bh),
					1, 1 << (cfg.BitDepth - 1), uint32(adm.PreciseVShift(0, cfg.BitDepth)), uint32(adm.PreciseHShift(0))},
					s.in[i], pyr[i][0])
			case cfg.Precise:
				pw, ph := cfg.BandW[sc-1], cfg.BandH[sc-1]
				st, err = s.dispatch(s.k.dwtp, []uint32{uint32(pw), uint32(ph), uint32(bw), uint32(bh),
					0, 0, uint32(adm.PreciseVShift(sc, cfg.BitDepth)), uint32(adm.PreciseHShift(sc))},
					pyr[i][sc-1], pyr[i][sc])
			case sc == 0:
				st, err = s.dispatch(s.k.dwt0, []uint32{uint32(w), uint32(h), uint32(bw), uint32(bh),
					uint32(cfg.BitDepth), 1 << (cfg.BitDepth - 1)}, s.in[i], pyr[i][0])
			default:
				pw, ph := cfg.BandW[sc-1], cfg.BandH[sc-1]
				va, vs, ha, hs := adm.DWTRounding(sc)
				st, err = s.dispatch(s.k.dwt123, []uint32{uint32(pw), uint32(ph), uint32(bw), uint32(bh),
					uint32(va), uint32(vs), uint32(ha), uint32(hs)}, pyr[i][sc-1], pyr[i][sc])
			}
			if err != nil {
				return err
			}
			st.x, st.y = groups(bw, 8), groups(bh, 8)
			common = append(common, st)
		}
	}
	// Shared work buffers, sized for scale 0 and reused by every scale in
	// dispatch order.
	rd, err := s.buffer("adm restored/additive", 6*4*n0)
	if err != nil {
		return err
	}
	csf, err := s.buffer("adm csf", 3*4*n0)
	if err != nil {
		return err
	}
	fc, err := s.buffer("adm thresholds", 2*4*n0)
	if err != nil {
		return err
	}
	var partWords uint64
	for sc := 0; sc < adm.NumScales; sc++ {
		s.shifts[sc] = adm.ScaleShifts(sc, cfg.BandW[sc], cfg.BandH[sc])
		sr := s.shifts[sc].Score
		partWords = max(partWords, uint64(3*(sr.Y1-sr.Y0)*int(groups(sr.X1-sr.X0, 256))*2))
	}
	partial, err := s.buffer("adm row sums", 4*partWords)
	if err != nil {
		return err
	}
	if s.acc, err = s.buffer("adm accumulators", 4*admAccWords); err != nil {
		return err
	}
	mc, me := cos1Float()
	eLo, eHi, eQ := eglFloat(cfg.EnhnGainLimit)

	score := append([]step(nil), common...)
	maps := append([]step(nil), common...)
	both := func(st step) {
		score = append(score, st)
		maps = append(maps, st)
	}
	rowSum := func(kind, sc int, rows, chunks int, add uint64, shift uint, signed bool) error {
		st, err := s.dispatch(s.k.rowSum, []uint32{uint32(rows), uint32(chunks), uint32(add), uint32(add >> 32),
			uint32(shift), b2u(signed), uint32((sc*admKinds + kind) * adm.NumBands * 2)}, partial, s.acc)
		if err != nil {
			return err
		}
		st.x, st.y = adm.NumBands, 1
		both(st)
		return nil
	}
	for sc := 0; sc < adm.NumScales; sc++ {
		bw, bh := cfg.BandW[sc], cfg.BandH[sc]
		if s.maps[sc], err = s.buffer(fmt.Sprintf("adm scale %d maps", sc), uint64(9*4*bw*bh)); err != nil {
			return err
		}
		if sc == 0 && cfg.SkipScale0 {
			continue
		}
		sh := s.shifts[sc]
		sr := sh.Score
		sw, shh := sr.X1-sr.X0, sr.Y1-sr.Y0
		chunks := int(groups(sw, 256))
		scale0 := b2u(sc == 0)
		gx, gy := groups(bw, 8), groups(bh, 8)

		st, err := s.dispatch(s.k.decouple, []uint32{uint32(bw), uint32(bh), scale0, mc, uint32(me), eLo, eHi, eQ, b2u(cfg.Precise)},
			pyr[0][sc], pyr[1][sc], rd)
		if err != nil {
			return err
		}
		st.x, st.y = gx, gy
		both(st)

		// Barten's exact denominator (scales 1-3) sums the three 32-bit
		// words of each cube, unshifted, into kinds 2-4.
		parts, exact := 1, cfg.Precise && sc > 0
		if exact {
			parts = 3
		}
		for part := 0; part < parts; part++ {
			st, err = s.dispatch(s.k.den, []uint32{uint32(bw), uint32(bh), uint32(sr.X0), uint32(sr.Y0), uint32(sw), uint32(shh),
				uint32(chunks), scale0, uint32(sh.DenSq), uint32(sh.DenAddSq), uint32(sh.DenCub), uint32(sh.DenAddCub), b2u(exact), uint32(part)},
				pyr[0][sc], partial)
			if err != nil {
				return err
			}
			st.x, st.y = uint32(chunks), uint32(shh)
			both(st)
			add, shift := sh.DenAddAcc, sh.DenAcc
			if exact {
				add, shift = 0, 0
			}
			if err := rowSum(2+part, sc, shh, chunks, add, shift, false); err != nil {
				return err
			}
		}

		wt := cfg.Weight[sc]
		csfStep := func(plane uint32) error {
			st, err := s.dispatch(s.k.csf, []uint32{uint32(bw), uint32(bh), scale0, plane, wt[0], wt[1], wt[2]}, rd, csf, fc)
			if err != nil {
				return err
			}
			st.x, st.y = gx, gy
			both(st)
			return nil
		}
		cmParams := func(plane uint32, withMaps bool) []uint32 {
			p := []uint32{uint32(bw), uint32(bh), uint32(sr.X0), uint32(sr.Y0), uint32(sw), uint32(shh),
				uint32(chunks), scale0, plane, b2u(withMaps), wt[0], wt[1], wt[2]}
			p = append(p, uint32(sh.CMSub[0]), uint32(sh.CMSub[1]), uint32(sh.CMSub[2]))
			p = append(p, uint32(sh.CMSq[0]), uint32(sh.CMSq[1]), uint32(sh.CMSq[2]))
			p = append(p, uint32(sh.CMCub[0]), uint32(sh.CMCub[1]), uint32(sh.CMCub[2]))
			p = append(p, uint32(sh.CMAddCub[0]), uint32(sh.CMAddCub[1]), uint32(sh.CMAddCub[2]))
			var xe, ae [adm.NumBands]uint32
			for b := 0; b < adm.NumBands; b++ {
				x, a := adm.MapExp(sc, b, cfg.Norm[sc])
				xe[b], ae[b] = i2u(x), i2u(a)
			}
			return append(append(p, xe[:]...), ae[:]...)
		}
		// DLM: the restored bands against the additive bands' masking.
		if err := csfStep(3); err != nil {
			return err
		}
		st, err = s.dispatch(s.k.cm, cmParams(0, false), rd, fc, csf, partial, s.maps[sc])
		if err != nil {
			return err
		}
		st.x, st.y = uint32(chunks), uint32(shh)
		score = append(score, st)
		st, err = s.dispatch(s.k.cm, cmParams(0, true), rd, fc, csf, partial, s.maps[sc])
		if err != nil {
			return err
		}
		st.x, st.y = uint32(chunks), uint32(shh)
		maps = append(maps, st)
		if err := rowSum(0, sc, shh, chunks, uint64(sh.CMAddAcc), sh.CMAcc, true); err != nil {
			return err
		}
		// AIM: the roles swapped.
		if !cfg.SkipAIM {
			if err := csfStep(0); err != nil {
				return err
			}
			st, err = s.dispatch(s.k.cm, cmParams(3, false), rd, fc, csf, partial, s.maps[sc])
			if err != nil {
				return err
			}
			st.x, st.y = uint32(chunks), uint32(shh)
			both(st)
			if err := rowSum(1, sc, shh, chunks, uint64(sh.CMAddAcc), sh.CMAcc, true); err != nil {
				return err
			}
		}
	}
	// Readback.
	copies := []step{
		{src: s.bad[0], size: 4, dstOff: admBadOff},
		{src: s.bad[1], size: 4, dstOff: admBadOff + 4},
		{src: s.acc, size: 4 * admAccWords, dstOff: admAccOff},
	}
	s.scoreSteps = append(score, copies...)
	s.mapSteps = append(maps, copies...)
	off := uint64(admMapsOff)
	for sc := 0; sc < adm.NumScales; sc++ {
		if sc == 0 && cfg.SkipScale0 {
			continue
		}
		size := uint64(9 * 4 * cfg.BandW[sc] * cfg.BandH[sc])
		s.mapOff[sc] = off
		s.mapSteps = append(s.mapSteps, step{src: s.maps[sc], size: size, dstOff: off})
		off += size
	}
	if s.staging, err = s.d.newBuffer("adm readback", off, wgpu.BufferUsageMapRead|wgpu.BufferUsageCopyDst); err != nil {
		return err
	}
	s.buffers = append(s.buffers, s.staging)
	return nil
}

func b2u(b bool) uint32 {
	if b {
		return 1
	}
	return 0
}

func (s *admScorer) Close() (err error) {
	if s.closed {
		return nil
	}
	s.closed = true
	defer guard(&err, "closing ADM")
	releaseAll(s.groups, s.buffers)
	if s.k != nil {
		s.k.release()
	}
	return nil
}

// checkADMPlane refuses a plane of the wrong size or one too short for its
// stride, with the CPU's words; the samples are checked on the device.
func checkADMPlane(name string, p yuv.Plane, cfg *adm.Config) error {
	if p.Width != cfg.Width || p.Height != cfg.Height {
		return fmt.Errorf("adm: %s luma is %dx%d, configured for %dx%d", name, p.Width, p.Height, cfg.Width, cfg.Height)
	}
	if p.Stride < p.Width || len(p.Pix) < (p.Height-1)*p.Stride+p.Width {
		return fmt.Errorf("adm: %s luma plane is shorter than %dx%d (stride %d)", name, p.Width, p.Height, p.Stride)
	}
	return nil
}

func (s *admScorer) upload(i int, p yuv.Plane) error {
	data := tightRows(p, s.cfg.Width, s.cfg.Height, &s.packed)
	if err := s.d.write(s.bad[i], 0, wgpu.ToBytes([]uint32{noBad})); err != nil {
		return err
	}
	return s.d.write(s.in[i], 0, wgpu.ToBytes(data))
}

func (s *admScorer) Score(frame int, ref, dist yuv.Plane, keepMaps bool) (*adm.FrameResult, error) {
	if s.closed {
		return nil, errors.New("gpu: ADM scorer used after Close")
	}
	cfg := s.cfg
	if err := checkADMPlane("reference", ref, cfg); err != nil {
		return nil, err
	}
	if err := checkADMPlane("distorted", dist, cfg); err != nil {
		return nil, err
	}
	if err := s.upload(0, ref); err != nil {
		return nil, err
	}
	if err := s.upload(1, dist); err != nil {
		return nil, err
	}
	return s.run(frame, nil, [2]yuv.Plane{ref, dist}, keepMaps)
}

// ScoreFrame is Score on the lumas of a Frame: they are copied into the
// scorer's input buffers on the device, nothing is uploaded.
func (s *admScorer) ScoreFrame(frame int, f *Frame, keepMaps bool) (*adm.FrameResult, error) {
	if s.closed {
		return nil, errors.New("gpu: ADM scorer used after Close")
	}
	var pre []step
	var planes [2]yuv.Plane
	for i, name := range [2]string{"reference", "distorted"} {
		fb, pic, err := f.luma(i, s.cfg.Width, s.cfg.Height, func(p yuv.Plane) error { return checkADMPlane(name, p, s.cfg) })
		if err != nil {
			return nil, err
		}
		planes[i] = pic.Luma()
		pre = append(pre, copyStep(fb.buf, s.in[i], uint64(2*fb.w*fb.h)), copyStep(s.noBad, s.bad[i], 4))
	}
	return s.run(frame, pre, planes, keepMaps)
}

// run runs the recorded submission after pre (ScoreFrame's copies) and
// finishes the frame; planes word an out-of-range sample's error.
func (s *admScorer) run(frame int, pre []step, planes [2]yuv.Plane, keepMaps bool) (*adm.FrameResult, error) {
	cfg := s.cfg
	res := &adm.FrameResult{Frame: frame}
	var acc admAcc
	var bad [2]uint32
	steps := s.scoreSteps
	if keepMaps {
		steps = s.mapSteps
	}
	if pre != nil {
		steps = append(pre, steps...)
	}
	err := s.d.submit(steps, s.staging, func(b []byte) {
		words := asU32(b)
		bad[0], bad[1] = words[0], words[1]
		a := words[admAccOff/4:]
		for sc := range acc {
			for kind := range acc[sc] {
				for band := range acc[sc][kind] {
					i := 2 * ((sc*admKinds+kind)*adm.NumBands + band)
					acc[sc][kind][band] = uint64(a[i]) | uint64(a[i+1])<<32
				}
			}
		}
		if keepMaps {
			s.readMaps(res, words)
		}
	})
	if err != nil {
		return nil, err
	}
	for i, name := range [2]string{"reference", "distorted"} {
		if bad[i] != noBad {
			p := planes[i]
			x, y := int(bad[i])%cfg.Width, int(bad[i])/cfg.Width
			return nil, fmt.Errorf("adm: %s sample %d at (%d, %d) is out of range for %d-bit input", name, p.At(x, y), x, y, cfg.BitDepth)
		}
	}
	finishADM(cfg, &s.shifts, &acc, res)
	return res, nil
}

// readMaps copies the float maps the masking stage wrote (zero outside the
// scored window, as the CPU keeps them).
func (s *admScorer) readMaps(res *adm.FrameResult, words []uint32) {
	cfg := s.cfg
	for sc := 0; sc < adm.NumScales; sc++ {
		if sc == 0 && cfg.SkipScale0 {
			continue
		}
		w, h := cfg.BandW[sc], cfg.BandH[sc]
		n := w * h
		base := int(s.mapOff[sc] / 4)
		plane := func(i int) []float32 {
			out := make([]float32, n)
			src := words[base+i*n : base+(i+1)*n]
			for k, v := range src {
				out[k] = math.Float32frombits(v)
			}
			return out
		}
		for b := 0; b < adm.NumBands; b++ {
			bd := &res.Bands[sc][b]
			bd.W, bd.H = w, h
			bd.Restored = plane(b)
			bd.Additive = plane(b + 3)
			bd.Threshold = plane(b + 6)
		}
	}
}
