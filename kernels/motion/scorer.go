package motion

import (
	"errors"
	"fmt"

	"github.com/bandscope/bandscope/kernels/yuv"
)

// FrameResult is integer motion on one frame, final (every later frame it
// depends on has been pushed, or the clip has ended).
type FrameResult struct {
	Frame int

	// SAD is VMAF_integer_feature_motion_sad_score (also integer_motion
	// with debug): Config.Score(RawSAD), 0 before MinIndex and with
	// motion_force_zero.
	SAD     float64
	Motion2 float64 // integer_motion2
	Motion3 float64 // integer_motion3

	// RawSAD is libvmaf's integer sum, in 1/256 of an 8-bit code value;
	// Compared is the picture it compares Frame with (Frame-Stride), -1
	// where no SAD was computed.
	RawSAD   uint64
	Compared int

	// Diff (nil unless kept and a SAD was computed) is the signed blurred
	// difference blur(picture Compared - picture Frame), W*H values
	// row-major in 1/256 of an 8-bit code value: RawSAD is the sum of
	// |Diff| (each row's sum wrapping at 2^32 as libvmaf's does).
	W, H int
	Diff []int32
}

// Scorer computes integer motion on a clip's reference luma, frame by
// frame in order. Implementations (New, and NewStream over FastSAD's stage
// or package gpu's device one) give the same bits for every field of
// FrameResult.
// A Scorer is not safe for concurrent use.
type Scorer interface {
	// Push takes frame n's reference luma; frames arrive in order 0, 1,
	// 2, ... It returns the results that became final with this frame
	// (possibly for earlier frames), in frame order. The plane is copied
	// where later frames need it; the caller may reuse it.
	Push(frame int, ref yuv.Plane, keepMaps bool) ([]*FrameResult, error)
	// Flush ends the clip and returns the remaining results (libvmaf's
	// flush). Push after Flush is an error.
	Flush() ([]*FrameResult, error)
	Close() error
}

// SADStage is the spatial half of integer motion, the part a backend
// replaces: it keeps the pictures later frames compare with and computes
// each frame's SAD (the vertical and horizontal passes and the sum). The
// temporal half (the SAD score, motion2, motion3, the moving average, the
// five-frame window, the first and last frames, motion_max_val) is
// NewStream's, the same for every stage. The host stages are New's and
// FastSAD's; package gpu has a device one (pictures kept on the device).
type SADStage interface {
	// Push takes frame's reference luma, frames in order from 0, its size
	// and stride already checked (checkSize). It refuses samples above
	// the bit depth with CheckSamples' error, leaving the stage as it was
	// (the frame may be pushed again). Otherwise it keeps the picture
	// for the frame Stride later and, from frame MinIndex on, returns
	// the SAD of picture frame-Stride against it (SAD's bits), filling
	// diff (Width*Height values) when diff is not nil; before MinIndex it
	// returns 0. The caller may reuse cur once Push returns.
	Push(frame int, cur yuv.Plane, diff []int32) (uint64, error)
	Close() error
}

// NewStream returns the Scorer of a SAD stage: every Scorer is one, so
// the temporal recipe has one source. The Scorer closes the stage.
func NewStream(cfg *Config, stage SADStage) Scorer {
	return &stream{cfg: cfg, stage: stage}
}

// sadFunc computes the SAD of two planes, filling diff when not nil.
type sadFunc func(prev, cur yuv.Plane, diff []int32) uint64

// New returns the CPU scalar reference Scorer.
func New(cfg *Config) Scorer {
	scratch := make([]int32, cfg.Width)
	return newStream(cfg, func(prev, cur yuv.Plane, diff []int32) uint64 {
		return SAD(prev, cur, cfg.BitDepth, diff, scratch)
	})
}

// newStream is the Scorer of a host SAD function.
func newStream(cfg *Config, sad sadFunc) Scorer {
	return NewStream(cfg, &hostStage{cfg: cfg, sad: sad, hist: make([]yuv.Plane, cfg.Stride()+1)})
}

// stream is the temporal bookkeeping shared by every Scorer: every
// frame's SAD score, and the results not yet final.
type stream struct {
	cfg     *Config
	stage   SADStage
	scores  []float64 // SAD score of every frame pushed
	pending []*FrameResult
	flushed bool
	closed  bool
}

// hostStage is the SAD stage on the CPU: the last Stride+1 pictures in
// host memory and a SAD function.
type hostStage struct {
	cfg  *Config
	sad  sadFunc
	hist []yuv.Plane // picture j at hist[j % len(hist)]
}

func (h *hostStage) Push(frame int, ref yuv.Plane, diff []int32) (uint64, error) {
	// The copy goes to the slot of a picture no later frame needs, so a
	// refused frame leaves the stage as it was.
	cur, err := h.keep(frame, ref)
	if err != nil || frame < h.cfg.MinIndex() {
		return 0, err
	}
	return h.sad(h.hist[(frame-h.cfg.Stride())%len(h.hist)], cur, diff), nil
}

func (h *hostStage) Close() error {
	h.hist = nil
	return nil
}

var errClosed = errors.New("motion: scorer is closed")

func (s *stream) Push(frame int, ref yuv.Plane, keepMaps bool) ([]*FrameResult, error) {
	cfg := s.cfg
	switch {
	case s.closed:
		return nil, errClosed
	case s.flushed:
		return nil, errors.New("motion: Push after Flush")
	case frame != len(s.scores):
		return nil, fmt.Errorf("motion: frame %d pushed, expected frame %d (frames must arrive in order from 0)", frame, len(s.scores))
	}
	if err := checkSize(ref, cfg); err != nil {
		return nil, fmt.Errorf("motion: frame %d: %w", frame, err)
	}
	r := &FrameResult{Frame: frame, Compared: -1, W: cfg.Width, H: cfg.Height}
	if cfg.ForceZero {
		if err := checkRange(ref, cfg); err != nil {
			return nil, fmt.Errorf("motion: frame %d: %w", frame, err)
		}
	} else {
		var diff []int32
		if keepMaps && frame >= cfg.MinIndex() {
			diff = make([]int32, cfg.Width*cfg.Height)
		}
		raw, err := s.stage.Push(frame, ref, diff)
		if err != nil {
			return nil, fmt.Errorf("motion: frame %d: %w", frame, err)
		}
		if frame >= cfg.MinIndex() {
			r.Diff, r.RawSAD = diff, raw
			r.SAD = cfg.Score(raw)
			r.Compared = frame - cfg.Stride()
		}
	}
	s.scores = append(s.scores, r.SAD)
	s.pending = append(s.pending, r)
	// Frame i is final once frame i+1 exists (motion2 and the moving
	// average look one frame ahead) and frame MinIndex exists (the stamp).
	k := frame
	if k < cfg.MinIndex() {
		return nil, nil
	}
	return s.emit(k, k+1), nil
}

// keep copies the picture into the history ring, checking each row's
// samples against the bit depth while it is in cache.
func (s *hostStage) keep(frame int, p yuv.Plane) (yuv.Plane, error) {
	w, h := s.cfg.Width, s.cfg.Height
	dst := &s.hist[frame%len(s.hist)]
	if len(dst.Pix) != w*h {
		dst.Pix = make([]uint16, w*h)
	}
	dst.Width, dst.Height, dst.Stride = w, h, w
	maxv := uint16(1<<s.cfg.BitDepth - 1)
	const band = 8 // rows copied, then checked
	for y0 := 0; y0 < h; y0 += band {
		y1 := min(y0+band, h)
		for y := y0; y < y1; y++ {
			copy(dst.Pix[y*w:(y+1)*w], p.Row(y, dst.Pix[y*w:(y+1)*w]))
		}
		if dst.RowsAbove(maxv, y0, y1) {
			x, y, v, _ := p.MaxAbove(maxv)
			dst.Width = 0 // not a picture any more
			return yuv.Plane{}, rangeError(x, y, v, s.cfg.BitDepth)
		}
	}
	return *dst, nil
}

// emit finishes the pending frames before frame upto, n frames being known.
func (s *stream) emit(upto, n int) []*FrameResult {
	var out []*FrameResult
	sad := func(j int) float64 { return s.scores[j] }
	for len(s.pending) > 0 && s.pending[0].Frame < upto {
		r := s.pending[0]
		s.pending = s.pending[1:]
		r.Motion2, r.Motion3 = s.cfg.At(r.Frame, n, sad)
		out = append(out, r)
	}
	return out
}

func (s *stream) Flush() ([]*FrameResult, error) {
	if s.closed {
		return nil, errClosed
	}
	if s.flushed {
		return nil, nil
	}
	s.flushed = true
	n := len(s.scores)
	return s.emit(n, n), nil
}

func (s *stream) Close() error {
	if s.closed {
		return nil
	}
	s.closed = true
	s.pending = nil
	if s.stage == nil {
		return nil // Sums: the caller keeps the pictures
	}
	return s.stage.Close()
}

// checkSize refuses a plane of another size or too short for its stride.
func checkSize(p yuv.Plane, cfg *Config) error {
	if p.Width != cfg.Width || p.Height != cfg.Height {
		return fmt.Errorf("reference luma is %dx%d, configured for %dx%d", p.Width, p.Height, cfg.Width, cfg.Height)
	}
	if p.Stride < p.Width || p.Len() < (p.Height-1)*p.Stride+p.Width {
		return fmt.Errorf("reference luma plane is shorter than %dx%d (stride %d)", p.Width, p.Height, p.Stride)
	}
	return nil
}

// checkRange refuses samples above the bit depth (libvmaf's 8-bit
// pipeline reads bytes, its 16-bit one assumes at most bpc bits: larger
// samples would overflow its sums).
func checkRange(p yuv.Plane, cfg *Config) error { return CheckSamples(p, cfg.BitDepth) }

// CheckSamples is the Scorer's check of a picture's samples against the
// bit depth, with its error (a SADStage's Push refuses with it).
func CheckSamples(p yuv.Plane, bitDepth int) error {
	if x, y, v, found := p.MaxAbove(uint16(1<<bitDepth - 1)); found {
		return rangeError(x, y, v, bitDepth)
	}
	return nil
}

func rangeError(x, y int, v uint16, bd int) error {
	return fmt.Errorf("reference sample %d at (%d, %d) is out of range for %d-bit input", v, x, y, bd)
}
