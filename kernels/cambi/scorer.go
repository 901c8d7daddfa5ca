package cambi

import (
	"fmt"

	"github.com/bandscope/bandscope/kernels/yuv"
)

// scalar is the CPU scalar Scorer. Its buffers are sized once for the
// configuration and reused across frames.
type scalar struct {
	cfg  *Config
	work []*workspace // [0] distorted, [1] source (full reference)
	res  FrameResult
}

// workspace holds the buffers of one picture size.
type workspace struct {
	w, h, window int
	pre          []uint16    // preprocessed picture
	mask0        []uint8     // spatial mask at full size
	img          [2][]uint16 // mode-filtered scales, alternating
	cv           []float32
	hist         []uint16
}

func newWorkspace(w, h, window int, t *Tables) *workspace {
	n := w * h
	ws := &workspace{w: w, h: h, window: window,
		pre: make([]uint16, n), mask0: make([]uint8, n), cv: make([]float32, n),
		hist: make([]uint16, w*int(t.BandSize))}
	for i := range ws.img {
		ws.img[i] = make([]uint16, n)
	}
	return ws
}

// New returns the CPU scalar reference Scorer.
func New(cfg *Config) Scorer {
	s := &scalar{cfg: cfg}
	s.work = append(s.work, newWorkspace(cfg.EncWidth, cfg.EncHeight, cfg.Window, cfg.Tables))
	if cfg.FullRef {
		s.work = append(s.work, newWorkspace(cfg.SrcWidth, cfg.SrcHeight, cfg.SrcWindow, cfg.Tables))
	}
	return s
}

func (s *scalar) Close() error { return nil }

func (s *scalar) Score(frame int, ref, dist yuv.Plane, keepMaps bool) (*FrameResult, error) {
	cfg := s.cfg
	r := &s.res
	if keepMaps {
		r = new(FrameResult)
	}
	*r = FrameResult{Frame: frame}
	if err := CheckPlane(dist, cfg.InWidth, cfg.InHeight, cfg.InBitDepth); err != nil {
		return nil, fmt.Errorf("distorted: %w", err)
	}
	ScorePicture(&r.Dist, s.work[0], dist, cfg.InBitDepth, cfg, keepMaps)
	r.CAMBI = min(r.Dist.Score, cfg.MaxVal)
	if cfg.FullRef {
		if err := CheckPlane(ref, cfg.RefWidth, cfg.RefHeight, cfg.RefBitDepth); err != nil {
			return nil, fmt.Errorf("reference: %w", err)
		}
		r.Src = new(PictureResult)
		ScorePicture(r.Src, s.work[1], ref, cfg.RefBitDepth, cfg, keepMaps)
		r.Source = min(r.Src.Score, cfg.MaxVal)
		r.FullReference = min(max(0, r.Dist.Score-r.Src.Score), cfg.MaxVal)
	}
	return r, nil
}

// CheckPlane refuses planes of the wrong size and samples above the bit
// depth's maximum, as libvmaf does before scoring.
func CheckPlane(p yuv.Plane, w, h, bitDepth int) error {
	if p.Width != w || p.Height != h {
		return fmt.Errorf("picture is %dx%d, CAMBI was configured for %dx%d", p.Width, p.Height, w, h)
	}
	if bitDepth < 16 {
		maxv := uint16(1<<bitDepth - 1)
		if x, y, v, found := p.MaxAbove(maxv); found {
			return fmt.Errorf("sample %d at (%d,%d) exceeds the maximum %d of %d-bit video", v, x, y, maxv, bitDepth)
		}
	}
	return nil
}

// ScorePicture runs the whole CAMBI pipeline on one picture with the
// buffers of ws, filling r.
func ScorePicture(r *PictureResult, ws *workspace, p yuv.Plane, bitDepth int, cfg *Config, keepMaps bool) {
	w, h := ws.w, ws.h
	*r = PictureResult{Width: w, Height: h}
	Preprocess(ws.pre, w, h, p, bitDepth)
	if cfg.EncBitDepth < 10 {
		AntiDither(ws.pre, w, h)
	}
	r.MaskIndex = MaskIndex(w, h)
	SpatialMask(ws.mask0, ws.pre, w, h, r.MaskIndex)
	if keepMaps {
		r.Preprocessed = clone(ws.pre[:w*h])
	}
	r.recycled = cfg.recycles(keepMaps)
	if keepMaps || cfg.KeepCValues {
		r.SpatialMask = keep(&keptMasks, ws.mask0[:w*h], r.recycled)
	}
	// img is the current scale's picture before the mode filter; decimation
	// works in place (every sample it reads lies after every sample it has
	// written), the filter writes to the other of two buffers.
	img, mask := ws.pre, ws.mask0
	sw, sh := w, h
	var scores [NumScales]float64
	for scale := 0; scale < NumScales; scale++ {
		if scale > 0 || cfg.HighResSpeedup {
			Decimate(img, img, sw, sh)
			Decimate(mask, mask, sw, sh)
			sw, sh = (sw+1)>>1, (sh+1)>>1
		}
		filtered := ws.img[scale%2]
		FilterMode(filtered, img, sw, sh)
		img = filtered

		cv := ws.cv[:sw*sh]
		cValues(cv, ws.hist, img, mask, sw, sh, ws.window, cfg.Tables)
		sr := &r.Scales[scale]
		*sr = ScaleResult{Width: sw, Height: sh, Window: ws.window, Pad: ws.window >> 1, Weight: ScaleWeights[scale]}
		if keepMaps || cfg.keepsCValues() {
			sr.CValues = keep(&keptCValues[scale], cv, r.recycled)
			sr.MaxCValue = MaxCValue(cv)
		}
		if keepMaps {
			sr.Image = clone(img[:sw*sh])
			sr.Mask = clone(mask[:sw*sh])
		}
		sr.Score = Pool(cv, cfg.TopK)
		scores[scale] = sr.Score
	}
	r.Score = WeightScores(scores, ws.window)
}

// WeightScores combines the pooled scores of the scales with their weights
// and divides by the number of pixels in the window.
func WeightScores(scores [NumScales]float64, window int) float64 {
	var sum float64
	for i, s := range scores {
		// The conversion keeps the product rounded on its own: Go may
		// otherwise fuse it with the addition, and libvmaf does not.
		sum += float64(s * float64(ScaleWeights[i]))
	}
	side := 2*(window>>1) + 1
	return sum / float64(uint16(side*side))
}

func clone[T any](s []T) []T { return append([]T(nil), s...) }
