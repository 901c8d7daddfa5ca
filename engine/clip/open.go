package clip

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/bandscope/bandscope/kernels/yuv"
)

// ErrMismatch is wrapped by CheckPair's errors.
var ErrMismatch = errors.New("reference and distorted clips differ")

// ErrFrameCount is wrapped (with ErrMismatch) when only the frame counts
// differ; libvmaf scores the common frames and warns, so a caller may too.
var ErrFrameCount = errors.New("frame counts differ")

// openFile is replaced in tests to simulate errors root cannot get.
var openFile = os.Open

// Open opens a clip for reading: YUV4MPEG2 by content (whatever the
// extension), raw planar YUV for .yuv, .raw and .bin files (format from raw), and, through
// ffmpeg, everything else.
func Open(path string, raw RawOptions) (Reader, error) {
	return OpenContext(context.Background(), path, raw)
}

// OpenContext is Open with a context that cancels a helper process (ffmpeg)
// for the whole life of the reader.
func OpenContext(ctx context.Context, path string, raw RawOptions) (Reader, error) {
	if err := ctx.Err(); err != nil {
		return nil, &Error{path, -1, err}
	}
	st, err := os.Stat(path)
	if err != nil {
		return nil, &Error{path, -1, plainFSError("cannot open", err)}
	}
	if st.IsDir() {
		return nil, &Error{path, -1, fmt.Errorf("is a directory, not a clip")}
	}
	if !st.Mode().IsRegular() {
		// A named pipe or device would block or never end.
		return nil, &Error{path, -1, fmt.Errorf("not a regular file (%s)", st.Mode().Type())}
	}
	f, err := openFile(path)
	if err != nil {
		return nil, &Error{path, -1, plainFSError("cannot open", err)}
	}
	r, err := openFileReader(ctx, path, f, raw)
	if err != nil {
		f.Close()
		return nil, err
	}
	return r, nil
}

func openFileReader(ctx context.Context, path string, f *os.File, raw RawOptions) (Reader, error) {
	st, err := f.Stat()
	if err != nil {
		return nil, &Error{path, -1, plainFSError("cannot stat", err)}
	}
	size := st.Size()
	if size == 0 {
		return nil, &Error{path, -1, fmt.Errorf("empty file")}
	}
	magic := make([]byte, len(y4mMagic)+1)
	n, err := f.ReadAt(magic, 0)
	if err != nil && err != io.EOF {
		return nil, &Error{path, -1, plainFSError("cannot read", err)}
	}
	magic = magic[:n]
	ext := strings.ToLower(filepath.Ext(path))
	switch {
	case strings.HasPrefix(string(magic), y4mMagic) || ext == ".y4m":
		return openY4M(path, f, size, raw)
	case rawExts[ext]:
		return openRaw(path, f, size, raw)
	}
	return openOther(ctx, path, f, size, raw)
}

// rawExts are the extensions of raw planar YUV files. libvmaf's CLI reads
// any file but a .y4m as raw; Bandscope hands other files to ffmpeg
// (containers), so it knows raw files by these names.
var rawExts = map[string]bool{".yuv": true, ".raw": true, ".bin": true}

// HasRawExtension reports whether path's extension (any case) is a raw
// planar YUV file's.
func HasRawExtension(path string) bool { return rawExts[strings.ToLower(filepath.Ext(path))] }

// plainFSError drops the path an *fs.PathError repeats, as Error names it.
func plainFSError(what string, err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return fmt.Errorf("%s: %w", what, pe.Err)
	}
	return fmt.Errorf("%s: %w", what, err)
}

// checkRawAgainst reports raw options that a Y4M header contradicts.
func checkRawAgainst(f yuv.Format, raw RawOptions) error {
	var bad []string
	if raw.Width != 0 && raw.Width != f.Width || raw.Height != 0 && raw.Height != f.Height {
		bad = append(bad, fmt.Sprintf("size %dx%d, options say %dx%d", f.Width, f.Height, raw.Width, raw.Height))
	}
	if raw.ChromaSet && raw.Chroma != f.Chroma {
		bad = append(bad, fmt.Sprintf("pixel format %s, options say %s", f.Chroma, raw.Chroma))
	}
	if raw.BitDepth != 0 && raw.BitDepth != f.BitDepth {
		bad = append(bad, fmt.Sprintf("bit depth %d, options say %d", f.BitDepth, raw.BitDepth))
	}
	if bad == nil {
		return nil
	}
	return fmt.Errorf("%w: header has %s", ErrOptionMismatch, strings.Join(bad, "; "))
}

// PairError is what CheckPair reports: every way the clips differ.
type PairError struct {
	Ref, Dist string
	Problems  []string
	CountOnly bool // only the frame counts differ
}

func (e *PairError) Error() string {
	return fmt.Sprintf("reference %s and distorted %s differ: %s", e.Ref, e.Dist, strings.Join(e.Problems, ", "))
}

// Is makes errors.Is(err, ErrMismatch) true, and ErrFrameCount too when
// only the frame counts differ.
func (e *PairError) Is(target error) bool {
	return target == ErrMismatch || e.CountOnly && target == ErrFrameCount
}

// CheckPair reports how a distorted clip's format differs from its
// reference's: size, pixel format, bit depth, then frame count (when both
// are known) as a *PairError. The size check does not apply to CAMBI
// full-reference scoring with src_width/src_height, so the caller decides
// when to call it.
func CheckPair(ref, dist Info) error {
	e := &PairError{Ref: ref.Path, Dist: dist.Path}
	if ref.Width != dist.Width || ref.Height != dist.Height {
		e.Problems = append(e.Problems, fmt.Sprintf("size %dx%d vs %dx%d", ref.Width, ref.Height, dist.Width, dist.Height))
	}
	if ref.Chroma != dist.Chroma {
		e.Problems = append(e.Problems, fmt.Sprintf("pixel format %s vs %s", ref.Chroma, dist.Chroma))
	}
	if ref.BitDepth != dist.BitDepth {
		e.Problems = append(e.Problems, fmt.Sprintf("bit depth %d vs %d", ref.BitDepth, dist.BitDepth))
	}
	formatOK := e.Problems == nil
	if ref.Frames >= 0 && dist.Frames >= 0 && ref.Frames != dist.Frames {
		e.Problems = append(e.Problems, fmt.Sprintf("%d vs %d frames", ref.Frames, dist.Frames))
		e.CountOnly = formatOK
	}
	if e.Problems == nil {
		return nil
	}
	return e
}
