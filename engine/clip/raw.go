package clip

import (
	"errors"
	"fmt"
	"io"
	"os"
	"sync"

	"github.com/bandscope/bandscope/kernels/yuv"
)

// RawLayout is the format and frame count of a raw YUV file of the given
// size, as libvmaf's --width/--height/--pixel_format/--bitdepth describe it.
// Frames holds only whole frames; Partial is the byte count of a last frame
// cut short (0 when the size is a whole number of frames).
type RawLayout struct {
	yuv.Format
	FrameBytes int64
	Frames     int64
	Partial    int64
}

// ErrRawOptions is wrapped by LayoutRaw's refusals of the raw options (the
// command line's -w/-h/-p/-b): missing, unsupported, or a size the format
// cannot have.
var ErrRawOptions = errors.New("raw options")

// rawOptionsError is a refusal of the raw options, worded as its error.
type rawOptionsError struct{ err error }

func (e rawOptionsError) Error() string        { return e.err.Error() }
func (e rawOptionsError) Unwrap() error        { return e.err }
func (e rawOptionsError) Is(target error) bool { return target == ErrRawOptions }

func rawOptionsErrorf(format string, args ...any) error {
	return rawOptionsError{fmt.Errorf(format, args...)}
}

// LayoutRaw checks raw options and computes the frame count of a file of
// size bytes. It never overflows: sizes are bounded before they multiply.
func LayoutRaw(raw RawOptions, size int64) (RawLayout, error) {
	var l RawLayout
	switch {
	case raw.Width == 0 || raw.Height == 0:
		return l, rawOptionsErrorf("raw YUV needs the frame size (--width and --height), got %dx%d", raw.Width, raw.Height)
	case !raw.ChromaSet:
		return l, rawOptionsErrorf("raw YUV needs the pixel format (--pixel_format 420, 422, 444 or 400)")
	case raw.BitDepth == 0:
		return l, rawOptionsErrorf("raw YUV needs the bit depth (--bitdepth 8, 10, 12 or 16)")
	}
	switch raw.Chroma {
	case yuv.C420, yuv.C422, yuv.C444, yuv.C400:
	default:
		return l, rawOptionsErrorf("raw YUV pixel format %s is not supported (420, 422, 444 or 400)", raw.Chroma)
	}
	switch raw.BitDepth {
	case 8, 10, 12, 16:
	default:
		return l, rawOptionsErrorf("raw YUV bit depth %d is not supported (8, 10, 12 or 16)", raw.BitDepth)
	}
	l.Format = yuv.Format{Width: raw.Width, Height: raw.Height, Chroma: raw.Chroma, BitDepth: raw.BitDepth}
	if err := checkFormat(l.Format); err != nil {
		return l, rawOptionsError{err}
	}
	if size < 0 {
		return l, fmt.Errorf("negative file size %d", size)
	}
	l.FrameBytes = planeBytes(l.Format)
	l.Frames, l.Partial = size/l.FrameBytes, size%l.FrameBytes
	return l, nil
}

// rawReader reads frame n of a raw file at n times the frame size.
type rawReader struct {
	mu     sync.Mutex
	f      *os.File
	info   Info
	layout RawLayout
	bands  bandReader
}

// openRaw refuses a file whose size is not a whole number of frames, naming
// the short frame. libvmaf's CLI fails on it too ("problem reading
// pictures", no output), but only after reading every frame before it.
func openRaw(path string, f *os.File, size int64, raw RawOptions) (*rawReader, error) {
	l, err := LayoutRaw(raw, size)
	if err != nil {
		return nil, &Error{path, -1, err}
	}
	if size == 0 {
		return nil, &Error{path, -1, fmt.Errorf("empty file")}
	}
	if l.Partial != 0 {
		return nil, &Error{path, int(l.Frames), fmt.Errorf("%w: the file ends %d bytes into the frame's %d (is the size, pixel format or bit depth wrong?)", ErrTruncated, l.Partial, l.FrameBytes)}
	}
	if l.Frames > int64(^uint(0)>>1) {
		return nil, &Error{path, -1, fmt.Errorf("too many frames")}
	}
	return &rawReader{
		f:      f,
		info:   Info{Path: path, Container: "yuv", Format: l.Format, Frames: int(l.Frames)},
		layout: l,
	}, nil // the band buffers are allocated by the first read
}

func (r *rawReader) Info() Info {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.info
}

func (r *rawReader) ReadFrame(n int, dst *yuv.Picture) error { return r.read(n, dst, AllPlanes) }

func (r *rawReader) ReadLuma(n int, dst *yuv.Picture) error { return r.read(n, dst, LumaPlane) }

func (r *rawReader) ReadChroma(n int, dst *yuv.Picture) error { return r.read(n, dst, ChromaPlanes) }

func (r *rawReader) read(n int, dst *yuv.Picture, part Part) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	switch {
	case r.f == nil:
		return &Error{r.info.Path, n, errClosed}
	case n < 0:
		return &Error{r.info.Path, n, fmt.Errorf("frame number %d is negative", n)}
	case n >= r.info.Frames:
		return &Error{r.info.Path, n, io.EOF}
	}
	if err := checkDst(r.info.Format, dst); err != nil {
		return &Error{r.info.Path, n, err}
	}
	// The file is read a band of rows at a time into a buffer that stays
	// in cache, each band widened (and range-checked) from there: a whole
	// frame's buffer would go through memory twice more (written by the
	// read, read by the widening), which cost as much as the widening.
	return r.bands.read(r.f, r.info.Path, n, int64(n)*r.layout.FrameBytes, 0, dst, part)
}

// SetReadWorkers (ParallelReader) reads a frame's bands on n goroutines.
func (r *rawReader) SetReadWorkers(n int) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.bands.workers = n
}

// rawChunk is the most a raw read takes from the file at once (whole rows;
// one row when a row is longer): small enough to stay in a core's cache.
const rawChunk = 128 << 10

func (r *rawReader) Close() error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.f == nil {
		return nil
	}
	err := r.f.Close()
	r.f, r.bands = nil, bandReader{}
	return err
}
