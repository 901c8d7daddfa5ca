package clip

import (
	"errors"
	"fmt"

	"github.com/bandscope/bandscope/kernels/yuv"
)

// Info describes an open clip.
type Info struct {
	Path      string
	Container string // "y4m", "yuv", or the ffmpeg format name
	yuv.Format
	Frames    int    // number of frames; -1 when unknown until read
	FrameRate [2]int // numerator, denominator; 0/0 when unknown
	// Scaled is not nil when the frames are resampled on the fly from the
	// file's own size (OpenScaled): the Format is then the scaled one.
	Scaled *Scaling
	// EndedEarly: ffmpeg reported that the file ended prematurely (a
	// truncated container); Frames counts the frames that are there.
	EndedEarly bool
}

// Reader gives random access to the frames of a clip.
type Reader interface {
	// Info describes the clip.
	Info() Info
	// ReadFrame decodes frame n (0-based) into dst, which must have the
	// clip's format (use yuv.Reuse). It returns io.EOF, wrapped in an
	// *Error, when n is past the last frame.
	ReadFrame(n int, dst *yuv.Picture) error
	// Close releases the file and any helper process.
	Close() error
}

// LumaReader is a Reader that can decode a frame's luma plane alone, for
// scoring runs whose features never look at chroma (CAMBI and ADM work on
// luma): the chroma is not read where the container allows, nor widened,
// nor range-checked, and dst's chroma planes keep what they held.
type LumaReader interface {
	Reader
	ReadLuma(n int, dst *yuv.Picture) error
}

// ChromaReader is a Reader that can decode a frame's chroma planes alone,
// for scoring runs whose features never look at luma (speed_chroma): a
// raw file's luma is not read, and dst's luma plane keeps what it held.
type ChromaReader interface {
	Reader
	ReadChroma(n int, dst *yuv.Picture) error
}

// RawOptions gives the format of raw YUV files, which carry none of their
// own. Y4M and container files ignore it, except that a non-zero field that
// disagrees with a Y4M header is an error.
type RawOptions struct {
	Width, Height int
	Chroma        yuv.Chroma
	ChromaSet     bool // Chroma was given
	BitDepth      int
}

// Error is a problem with a clip: the file, the frame (-1 when the problem is
// not in a frame, e.g. the header) and what went wrong.
type Error struct {
	Path  string
	Frame int
	Err   error
}

func (e *Error) Error() string {
	if e.Frame < 0 {
		return fmt.Sprintf("%s: %v", e.Path, e.Err)
	}
	return fmt.Sprintf("%s: frame %d: %v", e.Path, e.Frame, e.Err)
}

func (e *Error) Unwrap() error { return e.Err }

// ErrTruncated is wrapped when a frame ends before its last byte.
var ErrTruncated = errors.New("truncated frame")

// ErrFewerFrames is wrapped when a container's frames do not all decode:
// ffmpeg ends cleanly before the count the file lists (a file cut short
// with its index intact). The *Error's Frame is then how many frames
// decode, frames 0 to Frame-1.
var ErrFewerFrames = errors.New("fewer frames decode than the file lists")
