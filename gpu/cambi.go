//go:build cgo && !js

package gpu

import (
	"errors"
	"fmt"
	"math"

	"github.com/bandscope/bandscope/kernels/cambi"
	"github.com/bandscope/bandscope/kernels/yuv"
	"github.com/oliverbestmann/webgpu/wgpu"
)

// cambiScorer is the GPU cambi.Scorer. Everything a configuration fixes
// (buffers, bind groups, the dispatch list) is built once in NewCAMBI; a
// frame uploads its luma, runs the recorded dispatches and reads back.
type cambiScorer struct {
	recorder
	cfg  *cambi.Config
	k    *cambiKernels
	pics []*cambiPicture // [0] distorted, [1] source (full reference)

	noBad *wgpu.Buffer // the validation word's reset value (ScoreFrame)

	closed bool

	hostPool bool // tests: pool every scale on the host
}

// cambiScale is one scale's buffers on the device.
type cambiScale struct {
	w, h      int
	img, mask *wgpu.Buffer // this scale's picture before the mode filter, and its mask
	filtered  *wgpu.Buffer
	cv        *wgpu.Buffer
	strip     int // rows per c-value strip
	cvOff     uint64
	pool      poolBuffers
	k         int // c-values pooled
	stateOff  uint64
	partOff   uint64
	imgOff    uint64 // of filtered, in the staging buffer
	maskOff   uint64
}

// cambiPicture is the device pipeline of one picture size.
type cambiPicture struct {
	w, h, window int
	maskIndex    int
	in           *wgpu.Buffer // packed 16-bit input luma
	inW, inH     int
	bitDepth     int          // of the input pictures
	pre          *wgpu.Buffer // preprocessed (and anti-dithered)
	mask0        *wgpu.Buffer
	scales       [cambi.NumScales]cambiScale

	bad             *wgpu.Buffer // first invalid input sample (cambi_validate.wgsl)
	staging         *wgpu.Buffer
	badOff          uint64
	preOff, maskOff uint64
	scoreSteps      []step // dispatches and the pooling results' copies
	cvSteps         []step // the same and the c-values' copies
	mapSteps        []step // the same and every map's copy
	cvOnly          []step // the c-values' copies alone (host pooling fallback)
	packed          []uint16
}

// NewCAMBI returns a Scorer computing CAMBI on d, with the same bits as the
// CPU reference cambi.New(cfg) in every field of every FrameResult.
func NewCAMBI(d *Device, cfg *cambi.Config) (_ cambi.Scorer, err error) {
	if err := d.usable("NewCAMBI", cfg != nil); err != nil {
		return nil, err
	}
	s := &cambiScorer{recorder: recorder{d: d}, cfg: cfg}
	defer func() {
		if err != nil {
			s.Close()
		}
	}()
	if s.k, err = d.cambiKernels(); err != nil {
		return nil, err
	}
	if s.noBad, err = s.constWords("validation reset", noBad); err != nil {
		return nil, err
	}
	rec, err := s.buffer("reciprocal", uint64(4*cambi.ReciprocalSize))
	if err != nil {
		return nil, err
	}
	if err := d.write(rec, 0, reciprocalBytes()); err != nil {
		return nil, err
	}
	tables, err := s.buffer("tables", 64*4)
	if err != nil {
		return nil, err
	}
	if err := d.write(tables, 0, wgpu.ToBytes(tableWords(cfg.Tables))); err != nil {
		return nil, err
	}
	// Each picture: scored size, window, and the input's size and depth.
	sizes := [][6]int{{cfg.EncWidth, cfg.EncHeight, cfg.Window, cfg.InWidth, cfg.InHeight, cfg.InBitDepth}}
	if cfg.FullRef {
		sizes = append(sizes, [6]int{cfg.SrcWidth, cfg.SrcHeight, cfg.SrcWindow, cfg.RefWidth, cfg.RefHeight, cfg.RefBitDepth})
	}
	for _, sz := range sizes {
		p, err := s.newPicture(sz[0], sz[1], sz[2], sz[3], sz[4], sz[5], rec, tables)
		if err != nil {
			return nil, err
		}
		s.pics = append(s.pics, p)
	}
	return s, nil
}

// dispatch records a kernel over a w x h picture in 8x8 workgroups.
func (s *cambiScorer) dispatch(k *kernel, w, h int, params []uint32, bufs ...*wgpu.Buffer) (step, error) {
	st, err := s.bindStep(k, params, bufs...)
	st.x, st.y = groups(w, 8), groups(h, 8)
	return st, err
}

// newPicture builds the device pipeline of one picture: the input's
// validation and preprocessing, the spatial mask, every scale's mode
// filter, c-values and pooling, and the readback layouts.
func (s *cambiScorer) newPicture(w, h, window, inW, inH, bitDepth int, rec, tables *wgpu.Buffer) (*cambiPicture, error) {
	p := &cambiPicture{w: w, h: h, window: window, inW: inW, inH: inH, bitDepth: bitDepth, maskIndex: cambi.MaskIndex(w, h)}
	var steps stepList
	if err := s.preprocess(p, &steps); err != nil {
		return nil, err
	}
	if err := s.spatialMask(p, &steps); err != nil {
		return nil, err
	}
	if err := s.scales(p, rec, tables, &steps); err != nil {
		return nil, err
	}
	if err := s.readback(p, steps); err != nil {
		return nil, err
	}
	return p, nil
}

// stepList collects a pipeline's dispatches in order.
type stepList []step

// add appends a dispatch made by a call that may have failed, and passes
// its error on.
func (l *stepList) add(st step, err error) error {
	*l = append(*l, st)
	return err
}

// preprocess makes the input and validation buffers and adds the
// validation, the resampling to the scored size with the bit-depth
// conversion, and below 10 bits the anti-dithering.
func (s *cambiScorer) preprocess(p *cambiPicture, steps *stepList) (err error) {
	w, h, n := p.w, p.h, uint64(p.w*p.h)
	if p.in, err = s.buffer("input", uint64(2*p.inW*p.inH)); err != nil {
		return err
	}
	if p.bad, err = s.buffer("validation", 4); err != nil {
		return err
	}
	if p.bitDepth < 16 {
		params := []uint32{uint32(p.inW), uint32(p.inH), uint32(p.inW), 1<<p.bitDepth - 1}
		if err := steps.add(s.dispatch(s.k.validate, p.inW, p.inH, params, p.in, p.bad)); err != nil {
			return err
		}
	}
	identity := p.inW == w && p.inH == h
	xmap, err := s.buffer("xmap", uint64(4*w))
	if err != nil {
		return err
	}
	ymap, err := s.buffer("ymap", uint64(4*h))
	if err != nil {
		return err
	}
	if err := s.d.write(xmap, 0, wgpu.ToBytes(resampleMap(p.inW, w, identity))); err != nil {
		return err
	}
	if err := s.d.write(ymap, 0, wgpu.ToBytes(resampleMap(p.inH, h, identity))); err != nil {
		return err
	}
	if p.pre, err = s.buffer("preprocessed", 4*n); err != nil {
		return err
	}
	up, down := conversion(p.bitDepth)
	if err := steps.add(s.dispatch(s.k.preprocess, w, h, []uint32{uint32(w), uint32(h), uint32(p.inW), up, down}, p.in, xmap, ymap, p.pre)); err != nil {
		return err
	}
	if s.cfg.EncBitDepth >= 10 {
		return nil
	}
	raw := p.pre
	if p.pre, err = s.buffer("antidithered", 4*n); err != nil {
		return err
	}
	return steps.add(s.dispatch(s.k.antiDither, w, h, []uint32{uint32(w), uint32(h)}, raw, p.pre))
}

// spatialMask adds the derivative and its box sum: the mask at full size.
func (s *cambiScorer) spatialMask(p *cambiPicture, steps *stepList) (err error) {
	w, h, n := p.w, p.h, uint64(p.w*p.h)
	deriv, err := s.buffer("derivative", 4*n)
	if err != nil {
		return err
	}
	if p.mask0, err = s.buffer("mask", 4*n); err != nil {
		return err
	}
	if err := steps.add(s.dispatch(s.k.derivative, w, h, []uint32{uint32(w), uint32(h), 0}, p.pre, deriv)); err != nil {
		return err
	}
	return steps.add(s.dispatch(s.k.box, w, h, []uint32{uint32(w), uint32(h), uint32(int32(p.maskIndex))}, deriv, p.mask0))
}

// cambiShared are the buffers every scale of a picture shares (the passes
// run in order) and each scale's c-value strips: strips of rows, perPass
// of them per dispatch, whose histograms fill hist.
type cambiShared struct {
	hist, bins, poolHist *wgpu.Buffer
	strips, perPass      [cambi.NumScales]int
	rec, tables          *wgpu.Buffer
}

// scales lays out every scale's strips, makes the shared buffers and adds
// each scale's dispatches.
func (s *cambiScorer) scales(p *cambiPicture, rec, tables *wgpu.Buffer, steps *stepList) error {
	cfg, d := s.cfg, s.d
	sizes := cambi.ScaleSizes(p.w, p.h, cfg.HighResSpeedup)
	sh := cambiShared{rec: rec, tables: tables}
	bandSize := int(cfg.Tables.BandSize)
	var histBytes uint64
	for i, sz := range sizes {
		rows, n, per := stripLayout(sz[0], sz[1], p.window>>1, bandSize, d.histBudget(), d.limits.MaxComputeWorkgroupsPerDimension, d.spread())
		p.scales[i].strip, sh.strips[i], sh.perPass[i] = rows, n, per
		histBytes = max(histBytes, uint64(per)*uint64(bandSize)*uint64(sz[0])*4)
	}
	var err error
	if sh.hist, err = s.buffer("histograms", histBytes); err != nil {
		return err
	}
	if sh.bins, err = s.buffer("bins", 4*uint64(sizes[0][0]*sizes[0][1])); err != nil {
		return err
	}
	if sh.poolHist, err = s.buffer("pool histogram", 2*65536*4); err != nil {
		return err
	}
	img, mask, prevW := p.pre, p.mask0, p.w
	for i := range p.scales {
		sc := &p.scales[i]
		sc.w, sc.h = sizes[i][0], sizes[i][1]
		if err := s.scale(p, i, img, mask, prevW, &sh, steps); err != nil {
			return err
		}
		img, mask, prevW = sc.filtered, sc.mask, sc.w
	}
	return nil
}

// scale adds scale i's dispatches: the decimation of the scale above's
// filtered image and mask (every scale but 0, and 0 too with
// cambi_high_res_speedup), the mode filter, the bins, the c-values strip
// pass by strip pass (each pass's histograms at the start of the shared
// buffer), and the pooling.
func (s *cambiScorer) scale(p *cambiPicture, i int, img, mask *wgpu.Buffer, prevW int, sh *cambiShared, steps *stepList) (err error) {
	cfg, t := s.cfg, s.cfg.Tables
	sc := &p.scales[i]
	sn := uint64(sc.w * sc.h)
	if i > 0 || cfg.HighResSpeedup {
		if sc.img, err = s.buffer(fmt.Sprintf("scale %d image", i), 4*sn); err != nil {
			return err
		}
		if sc.mask, err = s.buffer(fmt.Sprintf("scale %d mask", i), 4*sn); err != nil {
			return err
		}
		params := []uint32{uint32(sc.w), uint32(sc.h), uint32(prevW)}
		if err := steps.add(s.dispatch(s.k.decimate, sc.w, sc.h, params, img, sc.img)); err != nil {
			return err
		}
		if err := steps.add(s.dispatch(s.k.decimate, sc.w, sc.h, params, mask, sc.mask)); err != nil {
			return err
		}
	} else {
		sc.img, sc.mask = img, mask
	}
	if sc.filtered, err = s.buffer(fmt.Sprintf("scale %d filtered", i), 4*sn); err != nil {
		return err
	}
	if err := steps.add(s.dispatch(s.k.mode, sc.w, sc.h, []uint32{uint32(sc.w), uint32(sc.h)}, sc.img, sc.filtered)); err != nil {
		return err
	}
	if sc.cv, err = s.buffer(fmt.Sprintf("scale %d c-values", i), 4*sn); err != nil {
		return err
	}
	binParams := []uint32{uint32(sc.w), uint32(sc.h), uint32(t.BandBase), uint32(t.BandSize)}
	if err := steps.add(s.dispatch(s.k.bins, sc.w, sc.h, binParams, sc.filtered, sc.mask, sh.bins)); err != nil {
		return err
	}
	for first := 0; first < sh.strips[i]; first += sh.perPass[i] {
		params := []uint32{uint32(sc.w), uint32(sc.h), uint32(p.window >> 1), uint32(sc.strip),
			uint32(t.BandBase), uint32(t.BandSize), uint32(t.NumDiffs), uint32(t.VLTLuma), uint32(first)}
		st, err := s.dispatch(s.k.cValues, sc.w, sc.h, params, sh.bins, sh.tables, sh.rec, sh.hist, sc.cv)
		if err != nil {
			return err
		}
		st.x, st.y = groups(sc.w, 64), uint32(min(sh.perPass[i], sh.strips[i]-first))
		*steps = append(*steps, st)
	}
	sc.k = poolK(sc.w*sc.h, cfg.TopK)
	ps, pb, err := s.poolSteps(sc.w*sc.h, sc.k, sc.cv, sh.poolHist)
	if err != nil {
		return err
	}
	*steps = append(*steps, ps...)
	sc.pool = pb
	return nil
}

// readback lays out the staging buffer (the validation word and the
// pooling results, then the c-values, then every map) and the three
// dispatch lists that end with their copies: scores, scores and c-values,
// everything.
func (s *cambiScorer) readback(p *cambiPicture, steps []step) (err error) {
	var off uint64
	copyOut := func(src *wgpu.Buffer, n uint64) (step, uint64) {
		st := step{src: src, size: 4 * n, dstOff: off}
		o := off
		off += 4 * n
		return st, o
	}
	p.scoreSteps = append([]step(nil), steps...)
	var st step
	st, p.badOff = copyOut(p.bad, 1)
	p.scoreSteps = append(p.scoreSteps, st)
	for i := range p.scales {
		sc := &p.scales[i]
		st, sc.stateOff = copyOut(sc.pool.state, 5)
		p.scoreSteps = append(p.scoreSteps, st)
		st, sc.partOff = copyOut(sc.pool.partial, uint64(3*sc.pool.groups))
		p.scoreSteps = append(p.scoreSteps, st)
	}
	p.cvSteps = append([]step(nil), p.scoreSteps...)
	for i := range p.scales {
		sc := &p.scales[i]
		st, sc.cvOff = copyOut(sc.cv, uint64(sc.w*sc.h))
		p.cvSteps = append(p.cvSteps, st)
		p.cvOnly = append(p.cvOnly, st)
	}
	n := uint64(p.w * p.h)
	p.mapSteps = append([]step(nil), p.cvSteps...)
	st, p.preOff = copyOut(p.pre, n)
	p.mapSteps = append(p.mapSteps, st)
	st, p.maskOff = copyOut(p.mask0, n)
	p.mapSteps = append(p.mapSteps, st)
	for i := range p.scales {
		sc := &p.scales[i]
		sn := uint64(sc.w * sc.h)
		st, sc.imgOff = copyOut(sc.filtered, sn)
		p.mapSteps = append(p.mapSteps, st)
		st, sc.maskOff = copyOut(sc.mask, sn)
		p.mapSteps = append(p.mapSteps, st)
	}
	if p.staging, err = s.d.newBuffer("readback", off, wgpu.BufferUsageMapRead|wgpu.BufferUsageCopyDst); err != nil {
		return err
	}
	s.buffers = append(s.buffers, p.staging)
	return nil
}

func (s *cambiScorer) Close() (err error) {
	if s.closed {
		return nil
	}
	s.closed = true
	defer guard(&err, "closing CAMBI")
	releaseAll(s.groups, s.buffers)
	if s.k != nil {
		s.k.release()
	}
	return nil
}

func (s *cambiScorer) Score(frame int, ref, dist yuv.Plane, keepMaps bool) (*cambi.FrameResult, error) {
	if s.closed {
		return nil, errors.New("gpu: CAMBI scorer used after Close")
	}
	if err := checkPlane(dist, s.pics[0]); err != nil {
		return nil, fmt.Errorf("distorted: %w", err)
	}
	if s.cfg.FullRef {
		if err := checkPlane(ref, s.pics[1]); err != nil {
			return nil, fmt.Errorf("reference: %w", err)
		}
	}
	return s.score(frame, [2]yuv.Plane{dist, ref}, nil, keepMaps)
}

// ScoreFrame is Score on the lumas of a Frame (the reference's only with
// full_ref): they are copied into the pictures' input buffers on the
// device, nothing is uploaded.
func (s *cambiScorer) ScoreFrame(frame int, f *Frame, keepMaps bool) (*cambi.FrameResult, error) {
	if s.closed {
		return nil, errors.New("gpu: CAMBI scorer used after Close")
	}
	var planes [2]yuv.Plane
	var pre [2][]step
	for i, p := range s.pics {
		name, which := "distorted", 1
		if i == 1 {
			name, which = "reference", 0
		}
		fb, pic, err := f.luma(which, p.inW, p.inH, func(pl yuv.Plane) error { return checkPlane(pl, p) })
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		planes[i] = pic.Luma()
		pre[i] = []step{copyStep(fb.buf, p.in, uint64(2*fb.w*fb.h)), copyStep(s.noBad, p.bad, 4)}
	}
	return s.score(frame, planes, &pre, keepMaps)
}

// score scores the distorted picture (planes[0]) and, with full_ref, the
// reference (planes[1]); pre, when not nil, are ScoreFrame's copies of
// each picture (nothing uploaded).
func (s *cambiScorer) score(frame int, planes [2]yuv.Plane, pre *[2][]step, keepMaps bool) (*cambi.FrameResult, error) {
	cfg := s.cfg
	// A fresh result each frame: a GPU run's collector reads frame n's
	// while the worker scores frame n+1.
	r := &cambi.FrameResult{Frame: frame}
	var preOf [2][]step
	if pre != nil {
		preOf = *pre
	}
	if err := s.scorePicture(&r.Dist, s.pics[0], planes[0], preOf[0], keepMaps); err != nil {
		return nil, fmt.Errorf("distorted: %w", err)
	}
	r.CAMBI = min(r.Dist.Score, cfg.MaxVal)
	if cfg.FullRef {
		r.Src = new(cambi.PictureResult)
		if err := s.scorePicture(r.Src, s.pics[1], planes[1], preOf[1], keepMaps); err != nil {
			return nil, fmt.Errorf("reference: %w", err)
		}
		r.Source = min(r.Src.Score, cfg.MaxVal)
		r.FullReference = min(max(0, r.Dist.Score-r.Src.Score), cfg.MaxVal)
	}
	return r, nil
}

// upload packs the plane's rows (dropping any stride padding) into the input
// buffer.
func (p *cambiPicture) upload(d *Device, pl yuv.Plane) error {
	data := tightRows(pl, p.inW, p.inH, &p.packed)
	if err := d.write(p.bad, 0, wgpu.ToBytes([]uint32{noBad})); err != nil {
		return err
	}
	return d.write(p.in, 0, wgpu.ToBytes(data))
}

// noBad is the validation word when every input sample is valid.
const noBad = 0xffffffff

// checkPlane refuses a plane of the wrong size, or with fewer samples than
// its size and stride need, before anything is uploaded. The samples
// themselves are checked on the device.
func checkPlane(p yuv.Plane, pic *cambiPicture) error {
	if p.Width != pic.inW || p.Height != pic.inH {
		return cambi.CheckPlane(p, pic.inW, pic.inH, pic.bitDepth) // the CPU's message
	}
	if need := (p.Height-1)*p.Stride + p.Width; p.Stride < p.Width || len(p.Pix) < need {
		return fmt.Errorf("picture of %dx%d with stride %d needs %d samples, has %d", p.Width, p.Height, p.Stride, need, len(p.Pix))
	}
	return nil
}

// run uploads a plane (or, with pre, runs ScoreFrame's copies from a Frame
// first) and runs the picture's pipeline; read gets the staging buffer's
// words (nil when readback is false).
func (p *cambiPicture) run(d *Device, pl yuv.Plane, pre []step, keepMaps, wantCV, readback bool, read func([]uint32)) error {
	if pre == nil {
		if err := p.upload(d, pl); err != nil {
			return err
		}
	}
	steps := p.scoreSteps
	switch {
	case keepMaps:
		steps = p.mapSteps
	case wantCV:
		steps = p.cvSteps
	}
	if pre != nil {
		steps = append(append([]step(nil), pre...), steps...)
	}
	if !readback {
		var dispatches []step
		for _, st := range steps {
			if st.k != nil || st.dst != nil {
				dispatches = append(dispatches, st)
			}
		}
		return d.submit(dispatches, nil, nil)
	}
	return d.submit(steps, p.staging, func(b []byte) { read(asU32(b)) })
}

func (s *cambiScorer) scorePicture(r *cambi.PictureResult, p *cambiPicture, pl yuv.Plane, pre []step, keepMaps bool) error {
	cfg := s.cfg
	// The c-values and the spatial mask come back with the other maps:
	// one staging buffer holds them all.
	keepMaps = keepMaps || cfg.KeepCValues
	*r = cambi.PictureResult{Width: p.w, Height: p.h, MaskIndex: p.maskIndex}
	var cvs [cambi.NumScales][]float32
	var means [cambi.NumScales]float64
	var exact [cambi.NumScales]bool
	bad := uint32(noBad)
	wantCV := keepMaps || cfg.HeatmapsPath != "" || s.hostPool
	readCV := func(words []uint32) {
		for i := range p.scales {
			sc := &p.scales[i]
			cvs[i] = asF32(words[sc.cvOff/4 : sc.cvOff/4+uint64(sc.w*sc.h)])
		}
	}
	err := p.run(s.d, pl, pre, keepMaps, wantCV, true, func(words []uint32) {
		bad = words[p.badOff/4]
		for i := range p.scales {
			sc := &p.scales[i]
			state := words[sc.stateOff/4 : sc.stateOff/4+5]
			partial := words[sc.partOff/4 : sc.partOff/4+uint64(3*sc.pool.groups)]
			means[i], exact[i] = poolFinish(state, partial, sc.k)
		}
		if !wantCV {
			return
		}
		readCV(words)
		if !keepMaps {
			return
		}
		r.Preprocessed = toU16(words[p.preOff/4:], p.w*p.h)
		r.SpatialMask = toU8(words[p.maskOff/4:], p.w*p.h)
		for i := range p.scales {
			sc := &p.scales[i]
			r.Scales[i].Image = toU16(words[sc.imgOff/4:], sc.w*sc.h)
			r.Scales[i].Mask = toU8(words[sc.maskOff/4:], sc.w*sc.h)
		}
	})
	if err != nil {
		return err
	}
	if bad != noBad {
		// The device found a sample above the maximum; the CPU check
		// words the error exactly as the CPU backend does.
		if err := cambi.CheckPlane(pl, p.inW, p.inH, p.bitDepth); err != nil {
			return err
		}
		return fmt.Errorf("gpu: sample %d is out of range", bad)
	}
	// A scale whose sum might round in libvmaf's order is pooled here from
	// its c-values with the CPU's own selection and sum.
	if !wantCV && (!exact[0] || !exact[1] || !exact[2] || !exact[3] || !exact[4]) {
		if err := s.d.submit(p.cvOnly, p.staging, func(b []byte) { readCV(asU32(b)) }); err != nil {
			return err
		}
	}
	var scores [cambi.NumScales]float64
	for i := range p.scales {
		sc := &p.scales[i]
		sr := &r.Scales[i]
		sr.Width, sr.Height, sr.Window, sr.Pad, sr.Weight = sc.w, sc.h, p.window, p.window>>1, cambi.ScaleWeights[i]
		if keepMaps || cfg.HeatmapsPath != "" {
			sr.CValues, sr.MaxCValue = cvs[i], cambi.MaxCValue(cvs[i])
		}
		if exact[i] && !s.hostPool {
			sr.Score = means[i]
			poolStats.device.Add(1)
		} else {
			// Pool reorders its input: keep the map as computed.
			sr.Score = cambi.Pool(append([]float32(nil), cvs[i]...), cfg.TopK)
			poolStats.host.Add(1)
		}
		scores[i] = sr.Score
	}
	r.Score = cambi.WeightScores(scores, p.window)
	return nil
}

func asF32(w []uint32) []float32 {
	out := make([]float32, len(w))
	for i, v := range w {
		out[i] = math.Float32frombits(v)
	}
	return out
}

func toU16(w []uint32, n int) []uint16 {
	out := make([]uint16, n)
	for i := range out {
		out[i] = uint16(w[i])
	}
	return out
}

func toU8(w []uint32, n int) []uint8 {
	out := make([]uint8, n)
	for i := range out {
		out[i] = uint8(w[i])
	}
	return out
}
