//go:build cgo && !js

package gpu

import (
	_ "embed"
	"errors"
	"fmt"
	"math"
	"sync"

	"github.com/bandscope/bandscope/kernels/speed"
	"github.com/bandscope/bandscope/kernels/yuv"
	"github.com/oliverbestmann/webgpu/wgpu"
)

var (
	//go:embed speed_float32.wgsl
	wgslSpeedFloat32 string
	//go:embed speed_downscale.wgsl
	wgslSpeedDownscale string
)

// speedScorer is the GPU speed.Scorer. The per-sample stages (picture_copy,
// the prescaler, the antialias filter with the decimation by 16 and the
// local mean subtraction) run on the device for the frame's four chroma
// pictures in one submission; the operating-size planes come back and
// kernels/speed's Estimator finishes the frame on the host (est_params,
// the score, extract_chroma). See speed_downscale.wgsl for why each stage
// runs where it does.
type speedScorer struct {
	recorder
	cfg    *speed.Config
	ds     *speed.Downscale
	est    *speed.Estimator
	ks     []*kernel
	layout *wgpu.BindGroupLayout

	samples, out, staging *wgpu.Buffer
	steps                 []step
	planeWords            int

	// ScoreFrame: the repack pass from a Frame's chroma planes into
	// samples, its bind groups made for the Frame's buffers (rebuilt when
	// they change).
	repack       *kernel
	repackSrc    [4]*wgpu.Buffer
	repackSteps  []step
	repackGroups []*wgpu.BindGroup
	repackBufs   []*wgpu.Buffer

	mu     sync.Mutex
	packed []uint32
	closed bool
}

// SpeedOptions tune the host half of the GPU SpEED scorer (est_params on
// the four pictures); none changes a bit of the results.
type SpeedOptions = speed.Options

// NewSpeed returns a speed.Scorer computing speed_chroma with d for the
// per-sample stages, with the same bits as the CPU reference speed.New(cfg)
// in every field of every FrameResult, maps included.
func NewSpeed(d *Device, cfg *speed.Config) (speed.Scorer, error) {
	return NewSpeedOptions(d, cfg, SpeedOptions{})
}

// NewSpeedOptions is NewSpeed with the host half's threads and limiter.
func NewSpeedOptions(d *Device, cfg *speed.Config, o SpeedOptions) (_ speed.Scorer, err error) {
	if err := d.usable("NewSpeed", cfg != nil); err != nil {
		return nil, err
	}
	s := &speedScorer{recorder: recorder{d: d}, cfg: cfg, ds: cfg.Downscale(), est: speed.NewEstimator(cfg, o)}
	defer func() {
		if err != nil {
			s.Close()
		}
	}()
	if err := s.build(); err != nil {
		return nil, err
	}
	return s, nil
}

func f32words(fs []float32) []uint32 {
	out := make([]uint32, len(fs))
	for i, f := range fs {
		out[i] = math.Float32bits(f)
	}
	return out
}

// speedTable lays out ScaleTaps as the shader reads them: 8 words each.
func speedTable(ts []speed.ScaleTap) []uint32 {
	out := make([]uint32, 0, 8*len(ts))
	for _, t := range ts {
		for _, i := range t.Idx {
			out = append(out, uint32(i))
		}
		for _, w := range t.W {
			out = append(out, math.Float32bits(w))
		}
	}
	return out
}

// build compiles the downscale pipelines for the prescale method, uploads
// the taps and tables, and records the four passes (the antialias filter's
// vertical and horizontal halves, the local mean's) and the readback.
func (s *speedScorer) build() error {
	ds := s.ds
	mode, err := speedMode(ds)
	if err != nil {
		return err
	}
	if err := s.kernels(mode); err != nil {
		return err
	}
	consts, off := speedConstants(ds)
	bufs, err := s.passBuffers(consts)
	if err != nil {
		return err
	}
	params := []uint32{uint32(ds.PlaneW), uint32(ds.PlaneH), uint32(ds.ScaledW), uint32(ds.ScaledH),
		uint32(ds.OpW), uint32(ds.OpH), uint32(len(ds.Kept)), uint32(len(ds.Antialias)), uint32(len(ds.Local)),
		mode, uint32(s.planeWords), uint32(off.local), uint32(off.kept), uint32(off.col), uint32(off.x), uint32(off.y)}
	for i, k := range s.ks {
		stp, err := s.bindStep(k, params, bufs...)
		if err != nil {
			return err
		}
		n := ds.OpW
		if i == 0 {
			n = len(ds.Kept)
		}
		stp.x, stp.y, stp.z = groups(n, 64), uint32(ds.OpH), 4
		s.steps = append(s.steps, stp)
	}
	nOp := uint64(4 * ds.OpW * ds.OpH)
	s.steps = append(s.steps, step{src: s.out, size: 4 * nOp})
	if s.staging, err = s.d.newBuffer("speed readback", 4*nOp, wgpu.BufferUsageMapRead|wgpu.BufferUsageCopyDst); err != nil {
		return err
	}
	s.buffers = append(s.buffers, s.staging)
	return nil
}

// speedMode is the prescale method as the shader's SPEED_MODE constant: 0
// without prescaling, else nearest (1), bilinear (2) or bicubic (3).
func speedMode(ds *speed.Downscale) (uint32, error) {
	if !ds.Prescale {
		return 0, nil
	}
	switch ds.Method {
	case speed.Nearest:
		return 1, nil
	case speed.Bilinear:
		return 2, nil
	case speed.Bicubic:
		return 3, nil
	}
	return 0, fmt.Errorf("gpu: speed_chroma: prescale method %d has no GPU twin", ds.Method)
}

// kernels compiles the downscale passes and the repack. The prescale
// method is a constant of the compiled shader, so each scorer's pipelines
// hold the one sample fetch they use.
func (s *speedScorer) kernels(mode uint32) (err error) {
	st, ro := wgpu.BufferBindingTypeStorage, wgpu.BufferBindingTypeReadOnlyStorage
	if s.ks, s.layout, err = s.d.newKernelGroup("speed_downscale.wgsl", fmt.Sprintf("const SPEED_MODE: u32 = %du;\n", mode)+wgslADMInt64+wgslSpeedFloat32+wgslSpeedDownscale,
		[]string{"antialias_v", "antialias_h", "local_v", "local_h"}, []wgpu.BufferBindingType{ro, ro, ro, st, st, st, st}); err != nil {
		return err
	}
	s.repack, err = s.d.newKernel("frame_repack.wgsl", wgslFrameRepack, "repack")
	return err
}

// speedOffsets are where each table starts in the constants' buffer.
type speedOffsets struct{ local, kept, col, x, y int }

// speedConstants are the passes' constants, one buffer: the antialias
// taps, the local-mean taps, the kept columns, the scaled column -> kept
// index map, and with prescaling the X and Y prescale tables.
func speedConstants(ds *speed.Downscale) ([]uint32, speedOffsets) {
	var off speedOffsets
	consts := f32words(ds.Antialias)
	off.local = len(consts)
	consts = append(consts, f32words(ds.Local)...)
	off.kept = len(consts)
	col := make([]uint32, ds.ScaledW)
	for i := range col {
		col[i] = math.MaxUint32 // never read: the horizontal taps read kept columns only
	}
	for i, c := range ds.Kept {
		consts = append(consts, uint32(c))
		col[c] = uint32(i)
	}
	off.col = len(consts)
	consts = append(consts, col...)
	off.x = len(consts)
	if ds.Prescale {
		consts = append(consts, speedTable(ds.X)...)
	}
	off.y = len(consts)
	if ds.Prescale {
		consts = append(consts, speedTable(ds.Y)...)
	}
	return consts, off
}

// passBuffers makes the passes' buffers, in their binding order: the four
// pictures' samples, picture_copy's table, the constants, the vertical
// antialias rows, the decimated planes, the local mean's rows and the
// local planes read back.
func (s *speedScorer) passBuffers(consts []uint32) ([]*wgpu.Buffer, error) {
	ds, d := s.ds, s.d
	s.planeWords = (ds.PlaneW*ds.PlaneH + 1) / 2
	nOp := uint64(4 * ds.OpW * ds.OpH)
	var err error
	if s.samples, err = s.buffer("speed samples", uint64(4*4*s.planeWords)); err != nil {
		return nil, err
	}
	lut, err := s.buffer("speed picture_copy table", uint64(4*len(ds.Samples)))
	if err != nil {
		return nil, err
	}
	if err := d.write(lut, 0, wgpu.ToBytes(f32words(ds.Samples))); err != nil {
		return nil, err
	}
	cb, err := s.buffer("speed taps and tables", uint64(4*len(consts)))
	if err != nil {
		return nil, err
	}
	if err := d.write(cb, 0, wgpu.ToBytes(consts)); err != nil {
		return nil, err
	}
	vert, err := s.buffer("speed vertical antialias", uint64(4*4*ds.OpH*len(ds.Kept)))
	if err != nil {
		return nil, err
	}
	dec, err := s.buffer("speed decimated", 4*nOp)
	if err != nil {
		return nil, err
	}
	tmp, err := s.buffer("speed local mean rows", 4*nOp)
	if err != nil {
		return nil, err
	}
	if s.out, err = s.buffer("speed local planes", 4*nOp); err != nil {
		return nil, err
	}
	return []*wgpu.Buffer{s.samples, lut, cb, vert, dec, tmp, s.out}, nil
}

// upload packs the frame's four chroma pictures (U ref, U dis, V ref, V
// dis: z = 2*plane + picture), the area SpEED reads, two samples a word.
func (s *speedScorer) upload(ref, dist *yuv.Picture) error {
	w, h := s.ds.PlaneW, s.ds.PlaneH
	if s.packed == nil {
		s.packed = make([]uint32, 4*s.planeWords)
	}
	clear(s.packed)
	for z := 0; z < 4; z++ {
		pic := [2]*yuv.Picture{ref, dist}[z%2]
		pl := 1 + z/2
		pw, _ := pic.PlaneSize(pl)
		src := pic.Planes[pl]
		dst := s.packed[z*s.planeWords : (z+1)*s.planeWords]
		i := 0
		for y := 0; y < h; y++ {
			for _, v := range src[y*pw : y*pw+w] {
				dst[i>>1] |= uint32(v) << (16 * (i & 1))
				i++
			}
		}
	}
	return s.d.write(s.samples, 0, wgpu.ToBytes(s.packed))
}

func (s *speedScorer) Score(frame int, ref, dist *yuv.Picture, keepMaps bool) (*speed.FrameResult, error) {
	if err := s.cfg.Check(ref, dist); err != nil {
		return nil, err
	}
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return nil, errors.New("gpu: SpEED scorer used after Close")
	}
	err := s.upload(ref, dist)
	var local [2][2][]float32
	if err == nil {
		local, err = s.run(nil)
	}
	s.mu.Unlock()
	if err != nil {
		return nil, err
	}
	return s.est.Score(frame, &local, keepMaps)
}

// ScoreFrame is Score on the chroma planes of a Frame: the area SpEED
// reads is repacked from them into the scorer's samples on the device
// (frame_repack.wgsl), nothing is uploaded.
func (s *speedScorer) ScoreFrame(frame int, f *Frame, keepMaps bool) (*speed.FrameResult, error) {
	finish, err := s.ScoreFrameDevice(frame, f, keepMaps)
	if err != nil {
		return nil, err
	}
	return finish()
}

// ScoreFrameDevice is ScoreFrame's device half: when it returns, the
// device is done with f (the next frame may be uploaded) and finish is
// the host half (est_params and the score, from the operating-size planes
// read back), which a caller may run on another goroutine while the
// device scores the next frame: at 4K it is most of a frame's host time.
func (s *speedScorer) ScoreFrameDevice(frame int, f *Frame, keepMaps bool) (finish func() (*speed.FrameResult, error), err error) {
	ref, err := f.pic(0)
	if err != nil {
		return nil, err
	}
	dist, err := f.pic(1)
	if err != nil {
		return nil, err
	}
	if err := s.cfg.Check(ref, dist); err != nil {
		return nil, err // the CPU's words
	}
	var src [4]*wgpu.Buffer
	var widths [4]int
	for z := 0; z < 4; z++ {
		fb, _, err := f.buf(z%2, 1+z/2)
		if err != nil {
			return nil, err
		}
		src[z], widths[z] = fb.buf, fb.w
	}
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return nil, errors.New("gpu: SpEED scorer used after Close")
	}
	pre, err := s.repackFrom(src, widths)
	var local [2][2][]float32
	if err == nil {
		local, err = s.run(pre)
	}
	s.mu.Unlock()
	if err != nil {
		return nil, err
	}
	return func() (*speed.FrameResult, error) { return s.est.Score(frame, &local, keepMaps) }, nil
}

// repackFrom returns the repack dispatches from the four planes (U ref, U
// dis, V ref, V dis), binding them on first use.
func (s *speedScorer) repackFrom(src [4]*wgpu.Buffer, widths [4]int) ([]step, error) {
	if src == s.repackSrc && s.repackSteps != nil {
		return s.repackSteps, nil
	}
	releaseAll(s.repackGroups, s.repackBufs)
	s.repackSrc, s.repackSteps, s.repackGroups, s.repackBufs = [4]*wgpu.Buffer{}, nil, nil, nil
	ds := s.ds
	for z := range src {
		params := []uint32{uint32(widths[z]), uint32(ds.PlaneW), uint32(ds.PlaneH), uint32(z * s.planeWords)}
		u, err := s.d.newUniform("frame_repack.wgsl", params)
		if err != nil {
			return nil, err
		}
		s.repackBufs = append(s.repackBufs, u)
		g, err := s.d.bind(s.repack, u, src[z], s.samples)
		if err != nil {
			return nil, err
		}
		s.repackGroups = append(s.repackGroups, g)
		s.repackSteps = append(s.repackSteps, step{k: s.repack, group: g, x: groups(s.planeWords, 256), y: 1, z: 1})
	}
	s.repackSrc = src
	return s.repackSteps, nil
}

// run runs the recorded stages after pre and reads back the four
// operating-size planes. The caller holds s.mu.
func (s *speedScorer) run(pre []step) (local [2][2][]float32, err error) {
	n := s.ds.OpW * s.ds.OpH
	steps := s.steps
	if pre != nil {
		steps = append(append([]step(nil), pre...), steps...)
	}
	err = s.d.submit(steps, s.staging, func(b []byte) {
		words := asU32(b)
		for z := 0; z < 4; z++ {
			pl := make([]float32, n)
			for i, v := range words[z*n : (z+1)*n] {
				pl[i] = math.Float32frombits(v)
			}
			local[z/2][z%2] = pl
		}
	})
	return local, err
}

func (s *speedScorer) Close() (err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return nil
	}
	s.closed = true
	defer guard(&err, "closing SpEED")
	releaseAll(s.repackGroups, s.repackBufs)
	releaseAll(s.groups, s.buffers)
	for _, k := range s.ks {
		k.release()
	}
	if s.repack != nil {
		s.repack.release()
	}
	if s.layout != nil {
		s.layout.Release()
	}
	return nil
}
