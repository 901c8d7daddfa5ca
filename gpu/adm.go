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

// admAccWords are the accumulators' 32-bit words: a 64-bit sum per scale,
// kind and band (readback layout: pairReadback's).
const admAccWords = adm.NumScales * admKinds * adm.NumBands * 2

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

// build makes every buffer and both dispatch lists, in dispatch order: the
// uploads' validation, both pictures' DWT pyramids, then per scale the
// decoupling, the denominator and the contrast masking of the numerator
// (DLM) and of AIM, then the readback.
func (s *admScorer) build() (err error) {
	if s.noBad, err = s.constWords("adm validation reset", noBad); err != nil {
		return err
	}
	var common []step
	if s.in, s.bad, common, err = s.lumaInputs(s.k.validate, "adm", s.cfg.Width, s.cfg.Height, s.cfg.BitDepth); err != nil {
		return err
	}
	pyr, dwt, err := s.pyramids()
	if err != nil {
		return err
	}
	common = append(common, dwt...)
	b := &admBuild{s: s, pyr: pyr, score: append([]step(nil), common...), maps: common}
	if err := b.workBuffers(); err != nil {
		return err
	}
	for sc := 0; sc < adm.NumScales; sc++ {
		if err := b.scale(sc); err != nil {
			return err
		}
	}
	return s.readback(b.score, b.maps)
}

// pyramids makes the DWT pyramid of both pictures, four planes (A, H, V,
// D) per scale, and its dispatches.
func (s *admScorer) pyramids() (pyr [2][adm.NumScales]*wgpu.Buffer, steps []step, err error) {
	cfg := s.cfg
	for i := range pyr {
		for sc := 0; sc < adm.NumScales; sc++ {
			bw, bh := cfg.BandW[sc], cfg.BandH[sc]
			if pyr[i][sc], err = s.buffer(fmt.Sprintf("adm scale %d bands", sc), uint64(16*bw*bh)); err != nil {
				return pyr, nil, err
			}
			src := s.in[i]
			if sc > 0 {
				src = pyr[i][sc-1]
			}
			st, err := s.dispatch(s.dwtKernel(sc), s.dwtParams(sc), src, pyr[i][sc])
			if err != nil {
				return pyr, nil, err
			}
			st.x, st.y = groups(bw, 8), groups(bh, 8)
			steps = append(steps, st)
		}
	}
	return pyr, steps, nil
}

// dwtKernel is scale sc's DWT: Barten's precise one (adm_csf_mode=1), or
// libvmaf's integer ones, scale 0 from the picture and the others from the
// scale above.
func (s *admScorer) dwtKernel(sc int) *kernel {
	switch {
	case s.cfg.Precise:
		return s.k.dwtp
	case sc == 0:
		return s.k.dwt0
	}
	return s.k.dwt123
}

// dwtParams are dwtKernel(sc)'s parameters: the source's and the bands'
// sizes, then the kernel's offsets and rounding shifts.
func (s *admScorer) dwtParams(sc int) []uint32 {
	cfg := s.cfg
	bw, bh := cfg.BandW[sc], cfg.BandH[sc]
	pw, ph := cfg.Width, cfg.Height
	if sc > 0 {
		pw, ph = cfg.BandW[sc-1], cfg.BandH[sc-1]
	}
	p := []uint32{uint32(pw), uint32(ph), uint32(bw), uint32(bh)}
	switch {
	case cfg.Precise && sc == 0:
		return append(p, 1, 1<<(cfg.BitDepth-1), uint32(adm.PreciseVShift(0, cfg.BitDepth)), uint32(adm.PreciseHShift(0)))
	case cfg.Precise:
		return append(p, 0, 0, uint32(adm.PreciseVShift(sc, cfg.BitDepth)), uint32(adm.PreciseHShift(sc)))
	case sc == 0:
		return append(p, uint32(cfg.BitDepth), 1<<(cfg.BitDepth-1))
	}
	va, vs, ha, hs := adm.DWTRounding(sc)
	return append(p, uint32(va), uint32(vs), uint32(ha), uint32(hs))
}

// admBuild is what build's per-scale parts share: the two dispatch lists
// (scores only, scores and maps) and the buffers every scale reuses.
type admBuild struct {
	s           *admScorer
	pyr         [2][adm.NumScales]*wgpu.Buffer
	score, maps []step
	// Work buffers sized for scale 0, reused by every scale in dispatch
	// order: restored and additive bands, their CSF, the thresholds, and
	// the row sums the accumulators add up.
	rd, csf, fc, partial *wgpu.Buffer
	mc, eLo, eHi, eQ     uint32 // cos²(1°) and the enhancement gain limit, as the shaders take them
	me                   int32
}

// both adds a dispatch to both lists.
func (b *admBuild) both(st step) {
	b.score = append(b.score, st)
	b.maps = append(b.maps, st)
}

// workBuffers makes the buffers every scale shares and the accumulators,
// and derives each scale's shifts.
func (b *admBuild) workBuffers() error {
	s, cfg := b.s, b.s.cfg
	n0 := uint64(cfg.BandW[0] * cfg.BandH[0])
	var err error
	if b.rd, err = s.buffer("adm restored/additive", 6*4*n0); err != nil {
		return err
	}
	if b.csf, err = s.buffer("adm csf", 3*4*n0); err != nil {
		return err
	}
	if b.fc, err = s.buffer("adm thresholds", 2*4*n0); err != nil {
		return err
	}
	var partWords uint64
	for sc := 0; sc < adm.NumScales; sc++ {
		s.shifts[sc] = adm.ScaleShifts(sc, cfg.BandW[sc], cfg.BandH[sc])
		sr := s.shifts[sc].Score
		partWords = max(partWords, uint64(3*(sr.Y1-sr.Y0)*int(groups(sr.X1-sr.X0, 256))*2))
	}
	if b.partial, err = s.buffer("adm row sums", 4*partWords); err != nil {
		return err
	}
	if s.acc, err = s.buffer("adm accumulators", 4*admAccWords); err != nil {
		return err
	}
	b.mc, b.me = cos1Float()
	b.eLo, b.eHi, b.eQ = eglFloat(cfg.EnhnGainLimit)
	return nil
}

// admScaleDims are one scale's band size, the window its scores sum over
// and its dispatches' shapes.
type admScaleDims struct {
	bw, bh           int
	sh               adm.Shifts
	sw, rows, chunks int // the scored window's width and rows; 256-wide chunks per row
	scale0           uint32
	gx, gy           uint32
}

func (b *admBuild) dims(sc int) admScaleDims {
	cfg := b.s.cfg
	d := admScaleDims{bw: cfg.BandW[sc], bh: cfg.BandH[sc], sh: b.s.shifts[sc], scale0: b2u(sc == 0)}
	sr := d.sh.Score
	d.sw, d.rows = sr.X1-sr.X0, sr.Y1-sr.Y0
	d.chunks = int(groups(d.sw, 256))
	d.gx, d.gy = groups(d.bw, 8), groups(d.bh, 8)
	return d
}

// scale adds scale sc's dispatches: the decoupling of the restored and
// additive bands, the denominator, the numerator's contrast masking (DLM:
// the restored bands against the additive bands' masking) and AIM's (the
// roles swapped).
func (b *admBuild) scale(sc int) error {
	s, cfg := b.s, b.s.cfg
	var err error
	if s.maps[sc], err = s.buffer(fmt.Sprintf("adm scale %d maps", sc), uint64(9*4*cfg.BandW[sc]*cfg.BandH[sc])); err != nil {
		return err
	}
	if sc == 0 && cfg.SkipScale0 {
		return nil
	}
	d := b.dims(sc)
	st, err := s.dispatch(s.k.decouple, []uint32{uint32(d.bw), uint32(d.bh), d.scale0, b.mc, uint32(b.me), b.eLo, b.eHi, b.eQ, b2u(cfg.Precise)},
		b.pyr[0][sc], b.pyr[1][sc], b.rd)
	if err != nil {
		return err
	}
	st.x, st.y = d.gx, d.gy
	b.both(st)
	if err := b.denominator(sc, d); err != nil {
		return err
	}
	if err := b.masking(sc, d, 3, 0, 0); err != nil {
		return err
	}
	if cfg.SkipAIM {
		return nil
	}
	return b.masking(sc, d, 0, 3, 1)
}

// denominator adds the denominator's row sums, summed into kind 2.
// Barten's exact denominator (scales 1-3) sums the three 32-bit words of
// each cube, unshifted, into kinds 2-4.
func (b *admBuild) denominator(sc int, d admScaleDims) error {
	s, sh, sr := b.s, d.sh, d.sh.Score
	parts, exact := 1, s.cfg.Precise && sc > 0
	if exact {
		parts = 3
	}
	for part := 0; part < parts; part++ {
		st, err := s.dispatch(s.k.den, []uint32{uint32(d.bw), uint32(d.bh), uint32(sr.X0), uint32(sr.Y0), uint32(d.sw), uint32(d.rows),
			uint32(d.chunks), d.scale0, uint32(sh.DenSq), uint32(sh.DenAddSq), uint32(sh.DenCub), uint32(sh.DenAddCub), b2u(exact), uint32(part)},
			b.pyr[0][sc], b.partial)
		if err != nil {
			return err
		}
		st.x, st.y = uint32(d.chunks), uint32(d.rows)
		b.both(st)
		add, shift := sh.DenAddAcc, sh.DenAcc
		if exact {
			add, shift = 0, 0
		}
		if err := b.rowSum(2+part, sc, d, add, shift, false); err != nil {
			return err
		}
	}
	return nil
}

// masking adds the CSF of plane csfPlane, the contrast masking of plane
// cmPlane and its row sums into kind: the numerator (DLM, kind 0), whose
// maps the maps list keeps, or AIM (kind 1).
func (b *admBuild) masking(sc int, d admScaleDims, csfPlane, cmPlane uint32, kind int) error {
	s, sh := b.s, d.sh
	wt := s.cfg.Weight[sc]
	st, err := s.dispatch(s.k.csf, []uint32{uint32(d.bw), uint32(d.bh), d.scale0, csfPlane, wt[0], wt[1], wt[2]}, b.rd, b.csf, b.fc)
	if err != nil {
		return err
	}
	st.x, st.y = d.gx, d.gy
	b.both(st)
	if st, err = b.cm(sc, d, cmPlane, false); err != nil {
		return err
	}
	b.score = append(b.score, st)
	if kind == 0 {
		// The same masking again, writing the numerator's maps.
		if st, err = b.cm(sc, d, cmPlane, true); err != nil {
			return err
		}
	}
	b.maps = append(b.maps, st)
	return b.rowSum(kind, sc, d, uint64(sh.CMAddAcc), sh.CMAcc, true)
}

// cm is the contrast-masking dispatch of one plane, with or without
// writing the maps.
func (b *admBuild) cm(sc int, d admScaleDims, plane uint32, withMaps bool) (step, error) {
	s := b.s
	st, err := s.dispatch(s.k.cm, b.cmParams(sc, d, plane, withMaps), b.rd, b.fc, b.csf, b.partial, s.maps[sc])
	st.x, st.y = uint32(d.chunks), uint32(d.rows)
	return st, err
}

// cmParams are the contrast-masking kernel's parameters for one plane.
func (b *admBuild) cmParams(sc int, d admScaleDims, plane uint32, withMaps bool) []uint32 {
	sh, sr, wt := d.sh, d.sh.Score, b.s.cfg.Weight[sc]
	p := []uint32{uint32(d.bw), uint32(d.bh), uint32(sr.X0), uint32(sr.Y0), uint32(d.sw), uint32(d.rows),
		uint32(d.chunks), d.scale0, plane, b2u(withMaps), wt[0], wt[1], wt[2]}
	p = append(p, uint32(sh.CMSub[0]), uint32(sh.CMSub[1]), uint32(sh.CMSub[2]))
	p = append(p, uint32(sh.CMSq[0]), uint32(sh.CMSq[1]), uint32(sh.CMSq[2]))
	p = append(p, uint32(sh.CMCub[0]), uint32(sh.CMCub[1]), uint32(sh.CMCub[2]))
	p = append(p, uint32(sh.CMAddCub[0]), uint32(sh.CMAddCub[1]), uint32(sh.CMAddCub[2]))
	var xe, ae [adm.NumBands]uint32
	for band := 0; band < adm.NumBands; band++ {
		x, a := adm.MapExp(sc, band, b.s.cfg.Norm[sc])
		xe[band], ae[band] = i2u(x), i2u(a)
	}
	return append(append(p, xe[:]...), ae[:]...)
}

// rowSum adds the dispatch that sums the row sums of one kind of one
// scale into its accumulators.
func (b *admBuild) rowSum(kind, sc int, d admScaleDims, add uint64, shift uint, signed bool) error {
	s := b.s
	st, err := s.dispatch(s.k.rowSum, []uint32{uint32(d.rows), uint32(d.chunks), uint32(add), uint32(add >> 32),
		uint32(shift), b2u(signed), uint32((sc*admKinds + kind) * adm.NumBands * 2)}, b.partial, s.acc)
	if err != nil {
		return err
	}
	st.x, st.y = adm.NumBands, 1
	b.both(st)
	return nil
}

// readback ends both lists with their copies (pairReadback): the maps
// list with each scale's nine map planes.
func (s *admScorer) readback(score, maps []step) error {
	cfg := s.cfg
	sizes := make([]uint64, adm.NumScales)
	for sc := range sizes {
		if sc > 0 || !cfg.SkipScale0 {
			sizes[sc] = uint64(9 * 4 * cfg.BandW[sc] * cfg.BandH[sc])
		}
	}
	var off []uint64
	var err error
	s.scoreSteps, s.mapSteps, off, s.staging, err = s.pairReadback("adm", s.bad, s.acc, 4*admAccWords, s.maps[:], sizes, score, maps)
	copy(s.mapOff[:], off)
	return err
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
		a := words[pairAccOff/4:]
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
