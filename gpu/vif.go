//go:build cgo && !js

package gpu

import (
	"errors"
	"fmt"
	"math"

	"github.com/bandscope/bandscope/kernels/vif"
	"github.com/bandscope/bandscope/kernels/yuv"
	"github.com/oliverbestmann/webgpu/wgpu"
)

// vifScorer is the GPU vif.Scorer. NewVIF builds every buffer, bind group
// and the two dispatch lists (scores only, scores and maps) once; a frame
// uploads both lumas, clears the accumulators, runs one submission and
// reads back 32 words (and the maps when asked). Per scale: the low-pass
// and decimation from the previous scale (vif_subv, vif_subh), the
// vertical statistics (vif_statv), then the horizontal statistics with the
// per-pixel terms and their sums (vif_stath). The host finishes the frame
// with kernels/vif FinishFrame.
type vifScorer struct {
	recorder
	cfg *vif.Config
	k   *vifKernels

	in, bad [2]*wgpu.Buffer // reference, distorted: packed luma, first bad sample
	noBad   *wgpu.Buffer    // the validation word's reset value (ScoreFrame)
	acc     *wgpu.Buffer
	maps    [vif.NumScales]*wgpu.Buffer
	staging *wgpu.Buffer

	scoreSteps, mapSteps []step
	mapOff               [vif.NumScales]uint64

	packed []uint16
	closed bool
}

// The accumulators: per scale NumLog, DenLog, NumNonLog, DenNonLog as
// 64-bit pairs (readback layout: pairReadback's, each scale's maps two
// planes).
const (
	vifKinds    = 4
	vifAccWords = vif.NumScales * vifKinds * 2
)

// NewVIF returns a Scorer computing integer VIF on d, with the same bits as
// the CPU reference vif.New(cfg) in every field of every FrameResult, maps
// included. Like vif.New's scorer it is not safe for concurrent use (one
// frame at a time: the engine scores one frame at a time on a GPU); Close
// it before releasing the device.
func NewVIF(d *Device, cfg *vif.Config) (_ vif.Scorer, err error) {
	if err := d.usable("NewVIF", cfg != nil); err != nil {
		return nil, err
	}
	s := &vifScorer{recorder: recorder{d: d}, cfg: cfg}
	defer func() {
		if err != nil {
			s.Close()
		}
	}()
	if s.k, err = d.vifKernels(); err != nil {
		return nil, err
	}
	if err := s.build(); err != nil {
		return nil, err
	}
	return s, nil
}

// vifTaps is a filter as the shaders' uniforms hold it: 20 words.
func vifTaps(s int) []uint32 {
	t := make([]uint32, 20)
	for i, f := range vif.Filters[s] {
		t[i] = uint32(f)
	}
	return t
}

// vifEpsUnits is vif_eps_units of vif_pixel.wgsl for bit lengths 18..33
// (16 words; 18..31 are read): double(s1) + Eps is s1 plus k units of
// 2^(l-53) for every s1 of bit length l, computed here with Go's doubles
// from kernels/vif's own Eps. (s1 is an integer, a multiple of the unit,
// and its units count is even, so a tie rounds alike for every s1.)
func vifEpsUnits() []uint32 {
	k := make([]uint32, 16)
	for l := 18; l <= 31; l++ {
		base := float64(uint64(1) << (l - 1))
		// d - base is exact (both in one binade), and so is the scaling.
		k[l-18] = uint32((base + vif.Eps - base) * math.Ldexp(1, 53-l))
	}
	return k
}

// vifGainLimit is vif_enhn_gain_limit (a normal double) as m * 2^e.
func vifGainLimit(gl float64) (lo, hi uint32, e int32) {
	b := math.Float64bits(gl)
	m := b&(1<<52-1) | 1<<52
	return uint32(m), uint32(m >> 32), int32(b>>52&0x7ff) - 1075
}

// build makes every buffer and both dispatch lists, in dispatch order: the
// uploads' validation, then per scale the subsampling from the scale above,
// the vertical statistics and the horizontal statistics with the
// per-pixel terms, then the readback.
func (s *vifScorer) build() (err error) {
	cfg := s.cfg
	if s.noBad, err = s.constWords("vif validation reset", noBad); err != nil {
		return err
	}
	var common []step
	if s.in, s.bad, common, err = s.lumaInputs(s.k.validate, "vif", cfg.Width, cfg.Height, cfg.BitDepth); err != nil {
		return err
	}
	b := &vifBuild{s: s, score: append([]step(nil), common...), maps: common}
	if err := b.workBuffers(); err != nil {
		return err
	}
	for sc := 0; sc < vif.NumScales; sc++ {
		if err := b.scale(sc); err != nil {
			return err
		}
	}
	sizes := make([]uint64, vif.NumScales)
	for sc := range sizes {
		if sc > 0 || !cfg.SkipScale0 {
			sizes[sc] = uint64(2 * 4 * cfg.ScaleW[sc] * cfg.ScaleH[sc])
		}
	}
	var off []uint64
	s.scoreSteps, s.mapSteps, off, s.staging, err = s.pairReadback("vif", s.bad, s.acc, 4*vifAccWords, s.maps[:], sizes, b.score, b.maps)
	copy(s.mapOff[:], off)
	return err
}

// vifBuild is what build's per-scale parts share: the two dispatch lists
// (scores only, scores and maps) and the buffers.
type vifBuild struct {
	s           *vifScorer
	score, maps []step
	// Work buffers sized for scale 0, reused by every scale in dispatch
	// order: the moments (mu1|mu2<<16, rr, dd, rd), the low-pass's even
	// rows, each scale's images (scale 0's are the inputs).
	mom             [4]*wgpu.Buffer
	conv            [2]*wgpu.Buffer
	img             [vif.NumScales][2]*wgpu.Buffer
	log2            *wgpu.Buffer
	glLo, glHi, glE uint32 // vif_enhn_gain_limit as m * 2^e
	eps             []uint32
}

// both adds a dispatch to both lists.
func (b *vifBuild) both(st step) {
	b.score = append(b.score, st)
	b.maps = append(b.maps, st)
}

// workBuffers makes the buffers every scale shares, the accumulators and
// the log2 table.
func (b *vifBuild) workBuffers() (err error) {
	s, cfg := b.s, b.s.cfg
	w, h := cfg.Width, cfg.Height
	n0 := uint64(w * h)
	for i := range b.mom {
		if b.mom[i], err = s.buffer("vif moments", 4*n0); err != nil {
			return err
		}
	}
	for i := range b.conv {
		if b.conv[i], err = s.buffer("vif low-pass", 4*uint64(w*(h/2))); err != nil {
			return err
		}
	}
	b.img[0] = s.in
	for sc := 1; sc < vif.NumScales; sc++ {
		for i := range b.img[sc] {
			if b.img[sc][i], err = s.buffer(fmt.Sprintf("vif scale %d image", sc), uint64(4*cfg.ScaleW[sc]*cfg.ScaleH[sc])); err != nil {
				return err
			}
		}
	}
	if s.acc, err = s.buffer("vif accumulators", 4*vifAccWords); err != nil {
		return err
	}
	table := vif.Log2Table()
	words := make([]uint32, 32768)
	for i := range words {
		words[i] = uint32(table[32768+i])
	}
	if b.log2, err = s.buffer("vif log2 table", 4*uint64(len(words))); err != nil {
		return err
	}
	if err := s.d.write(b.log2, 0, wgpu.ToBytes(words)); err != nil {
		return err
	}
	var e int32
	b.glLo, b.glHi, e = vifGainLimit(cfg.EnhnGainLimit)
	b.glE = uint32(e)
	b.eps = vifEpsUnits()
	return nil
}

// scale adds scale sc's dispatches: the subsampling of the scale above
// (vertical, then horizontal), then unless the scale is skipped its
// statistics, the horizontal pass once without and once with the maps.
func (b *vifBuild) scale(sc int) (err error) {
	s, cfg := b.s, b.s.cfg
	sw, sh := cfg.ScaleW[sc], cfg.ScaleH[sc]
	fw := uint32(len(vif.Filters[sc]))
	if sc > 0 {
		if err := b.subsample(sc); err != nil {
			return err
		}
	}
	if s.maps[sc], err = s.buffer(fmt.Sprintf("vif scale %d maps", sc), uint64(2*4*sw*sh)); err != nil {
		return err
	}
	if sc == 0 && cfg.SkipScale0 {
		return nil
	}
	rd := vif.StatRounding(sc, cfg.BitDepth)
	st, err := s.bindStep(s.k.statV, append([]uint32{uint32(sw), uint32(sh), fw, b2u(sc == 0),
		rd.MuAdd, uint32(rd.MuShift), uint32(rd.SqAdd), uint32(rd.SqShift)}, vifTaps(sc)...),
		b.img[sc][0], b.img[sc][1], b.mom[0], b.mom[1], b.mom[2], b.mom[3])
	if err != nil {
		return err
	}
	st.x, st.y = groups(sw, 16), groups(sh, 16)
	b.both(st)
	for _, withMaps := range []bool{false, true} {
		p := []uint32{uint32(sw), uint32(sh), fw, b2u(withMaps), uint32(sc * vifKinds * 2), b.glLo, b.glHi, b.glE}
		p = append(append(p, vifTaps(sc)...), b.eps...)
		st, err := s.bindStep(s.k.statH, p, b.mom[0], b.mom[1], b.mom[2], b.mom[3], b.log2, s.acc, s.maps[sc])
		if err != nil {
			return err
		}
		st.x, st.y = groups(sw, 16), groups(sh, 16)
		if withMaps {
			b.maps = append(b.maps, st)
		} else {
			b.score = append(b.score, st)
		}
	}
	return nil
}

// subsample adds the low-pass and decimation of scale sc-1's images into
// scale sc's: the vertical pass into the even rows, then the horizontal.
func (b *vifBuild) subsample(sc int) error {
	s, cfg := b.s, b.s.cfg
	sw, sh := cfg.ScaleW[sc], cfg.ScaleH[sc]
	pw, ph := cfg.ScaleW[sc-1], cfg.ScaleH[sc-1]
	add, shift := vif.SubsampleConv(sc-1, cfg.BitDepth)
	fw := uint32(len(vif.Filters[sc]))
	st, err := s.bindStep(s.k.subV, append([]uint32{uint32(pw), uint32(ph), fw, b2u(sc == 1), add, uint32(shift), uint32(sh), 0}, vifTaps(sc)...),
		b.img[sc-1][0], b.img[sc-1][1], b.conv[0], b.conv[1])
	if err != nil {
		return err
	}
	st.x, st.y = groups(pw, 16), groups(sh, 16)
	b.both(st)
	st, err = s.bindStep(s.k.subH, append([]uint32{uint32(pw), uint32(sw), uint32(sh), fw}, vifTaps(sc)...),
		b.conv[0], b.conv[1], b.img[sc][0], b.img[sc][1])
	if err != nil {
		return err
	}
	st.x, st.y = groups(sw, 16), groups(sh, 16)
	b.both(st)
	return nil
}

func (s *vifScorer) Close() (err error) {
	if s.closed {
		return nil
	}
	s.closed = true
	defer guard(&err, "closing VIF")
	releaseAll(s.groups, s.buffers)
	if s.k != nil {
		s.k.release()
	}
	return nil
}

func (s *vifScorer) upload(i int, p yuv.Plane) error {
	data := tightRows(p, s.cfg.Width, s.cfg.Height, &s.packed)
	if err := s.d.write(s.bad[i], 0, wgpu.ToBytes([]uint32{noBad})); err != nil {
		return err
	}
	return s.d.write(s.in[i], 0, wgpu.ToBytes(data))
}

func (s *vifScorer) Score(frame int, ref, dist yuv.Plane, keepMaps bool) (*vif.FrameResult, error) {
	if s.closed {
		return nil, errors.New("gpu: VIF scorer used after Close")
	}
	cfg := s.cfg
	if err := vif.CheckSize("reference", ref, cfg); err != nil {
		return nil, err
	}
	if err := vif.CheckSize("distorted", dist, cfg); err != nil {
		return nil, err
	}
	if err := s.upload(0, ref); err != nil {
		return nil, err
	}
	if err := s.upload(1, dist); err != nil {
		return nil, err
	}
	if err := s.d.write(s.acc, 0, make([]byte, 4*vifAccWords)); err != nil {
		return nil, err
	}
	return s.run(frame, nil, [2]yuv.Plane{ref, dist}, keepMaps)
}

// ScoreFrame is Score on the lumas of a Frame: they are copied into the
// scorer's input buffers on the device (the accumulators and validation
// words reset there too), nothing is uploaded.
func (s *vifScorer) ScoreFrame(frame int, f *Frame, keepMaps bool) (*vif.FrameResult, error) {
	if s.closed {
		return nil, errors.New("gpu: VIF scorer used after Close")
	}
	pre := []step{{dst: s.acc, size: 4 * vifAccWords, clear: true}}
	var planes [2]yuv.Plane
	for i, name := range [2]string{"reference", "distorted"} {
		fb, pic, err := f.luma(i, s.cfg.Width, s.cfg.Height, func(p yuv.Plane) error { return vif.CheckSize(name, p, s.cfg) })
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
func (s *vifScorer) run(frame int, pre []step, planes [2]yuv.Plane, keepMaps bool) (*vif.FrameResult, error) {
	cfg := s.cfg
	res := &vif.FrameResult{Frame: frame}
	var sums [vif.NumScales]vif.Sums
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
		get := func(sc, kind int) int64 {
			i := 2 * (sc*vifKinds + kind)
			return int64(uint64(a[i]) | uint64(a[i+1])<<32)
		}
		for sc := range sums {
			sums[sc] = vif.Sums{NumLog: get(sc, 0), DenLog: get(sc, 1), NumNonLog: get(sc, 2), DenNonLog: get(sc, 3)}
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
			return nil, fmt.Errorf("vif: %s sample %d at (%d, %d) is out of range for %d-bit input", name, p.At(x, y), x, y, cfg.BitDepth)
		}
	}
	vif.FinishFrame(cfg, res, &sums)
	return res, nil
}

// readMaps converts each scale's integer terms with kernels/vif PixelMap
// (den 0 marks a pixel below the noise variance).
func (s *vifScorer) readMaps(res *vif.FrameResult, words []uint32) {
	cfg := s.cfg
	for sc := 0; sc < vif.NumScales; sc++ {
		if sc == 0 && cfg.SkipScale0 {
			continue
		}
		w, h := cfg.ScaleW[sc], cfg.ScaleH[sc]
		n := w * h
		base := int(s.mapOff[sc] / 4)
		num, den := words[base:base+n], words[base+n:base+2*n]
		m := &vif.ScaleMap{W: w, H: h, Num: make([]float32, n), Den: make([]float32, n)}
		for k := range n {
			if den[k] == 0 {
				m.Num[k], m.Den[k] = vif.PixelMap(int64(num[k]), 1, false)
			} else {
				m.Num[k], m.Den[k] = vif.PixelMap(int64(int32(num[k])), int64(int32(den[k])), true)
			}
		}
		res.Maps[sc] = m
	}
}
