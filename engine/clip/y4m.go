package clip

import (
	"errors"
	"fmt"
	"io"
	"os"
	"sync"

	"github.com/bandscope/bandscope/kernels/yuv"
)

var errClosed = errors.New("reader is closed")

// y4mReader reads frame n at a computed offset: the stride is the first
// FRAME line plus the frame's bytes. Each read checks the FRAME line it lands
// on; the first mismatch (a file whose FRAME lines carry parameters of
// varying length) switches the reader to an index of frame offsets built by
// one pass over the FRAME lines only.
type y4mReader struct {
	mu      sync.Mutex
	f       *os.File
	info    Info
	alpha   bool
	size    int64  // file size at open
	dataOff int64  // first FRAME line
	planes  int64  // stored bytes of Y, U, V
	payload int64  // planes plus the skipped alpha plane
	fhLen   int64  // length of the first FRAME line
	buf     []byte // allocated on the first read (bufLen bytes)
	bufLen  int64
	bands   bandReader // SetReadWorkers' reads
	line    []byte     // scratch for FRAME lines

	indexed bool
	index   []int64 // payload offset of each frame, once indexed
	scanErr error   // why the index stops early, if it does
}

func openY4M(path string, f *os.File, size int64, raw RawOptions) (*y4mReader, error) {
	r := &y4mReader{f: f, size: size}
	head := make([]byte, min(size, maxStreamHeader))
	if _, err := f.ReadAt(head, 0); err != nil && err != io.EOF {
		return nil, &Error{path, -1, fmt.Errorf("reading the header: %w", err)}
	}
	if !bytesHasPrefix(head, y4mMagic) {
		_, err := parseY4MHeader(head[:min(len(head), 16)])
		return nil, &Error{path, -1, err}
	}
	nl := indexByte(head, '\n')
	if nl < 0 {
		if int64(len(head)) == size {
			return nil, &Error{path, -1, fmt.Errorf("%w: truncated header (the file ends before the header's newline)", ErrBadHeader)}
		}
		return nil, &Error{path, -1, fmt.Errorf("%w: header line longer than %d bytes", ErrBadHeader, maxStreamHeader)}
	}
	h, err := parseY4MHeader(head[:nl])
	if err != nil {
		return nil, &Error{path, -1, err}
	}
	if err := checkRawAgainst(h.format, raw); err != nil {
		return nil, &Error{path, -1, err}
	}
	r.alpha = h.alpha
	r.planes = planeBytes(h.format)
	r.payload = r.planes
	if h.alpha {
		r.payload += int64(h.format.Width) * int64(h.format.Height)
	}
	r.dataOff = int64(nl) + 1
	r.info = Info{Path: path, Container: "y4m", Format: h.format, FrameRate: h.frameRate}
	if r.dataOff == size {
		return nil, &Error{path, -1, fmt.Errorf("no frames after the header")}
	}
	hl, err := r.frameLineAt(r.dataOff)
	if err != nil {
		return nil, &Error{path, 0, err}
	}
	r.fhLen = int64(hl)
	stride := r.fhLen + r.payload
	k, rem := (size-r.dataOff)/stride, (size-r.dataOff)%stride
	if rem != 0 {
		// Either the last frame is cut short, or FRAME lines vary in length.
		off := r.dataOff + k*stride
		if hl, err := r.frameLineAt(off); err == nil && int64(hl) == r.fhLen {
			return nil, &Error{path, int(k), fmt.Errorf("%w: the file ends %d bytes into the frame's %d", ErrTruncated, rem-r.fhLen, r.payload)}
		}
		r.scan()
		if r.scanErr != nil {
			return nil, r.scanErr
		}
		k = int64(len(r.index))
	}
	if k > int64(^uint(0)>>1) {
		return nil, &Error{path, -1, fmt.Errorf("too many frames")}
	}
	r.info.Frames = int(k)
	// The frame buffer is allocated by the first read, not here: a run
	// checks its memory budget after Open and before any frame (engine's
	// memory.go), so that a huge header is refused, not allocated.
	r.bufLen = stride
	return r, nil
}

func bytesHasPrefix(b []byte, s string) bool {
	return len(b) >= len(s) && string(b[:len(s)]) == s
}

func indexByte(b []byte, c byte) int {
	for i, x := range b {
		if x == c {
			return i
		}
	}
	return -1
}

// frameLineAt reads the FRAME line at off and returns its length.
func (r *y4mReader) frameLineAt(off int64) (int, error) {
	if off >= r.size {
		return 0, io.EOF
	}
	if r.line == nil {
		r.line = make([]byte, maxFrameHeader)
	}
	b := r.line[:min(r.size-off, maxFrameHeader)]
	n, err := r.f.ReadAt(b, off)
	if err != nil && err != io.EOF {
		return 0, err
	}
	return frameHeaderLen(b[:n])
}

// scan indexes every frame by walking the FRAME lines. It records the
// first problem, naming its frame, in scanErr.
func (r *y4mReader) scan() {
	r.indexed = true
	r.index = r.index[:0]
	r.scanErr = nil
	for off := r.dataOff; off < r.size; {
		i := len(r.index)
		hl, err := r.frameLineAt(off)
		if err != nil {
			r.scanErr = &Error{r.info.Path, i, err}
			return
		}
		if end := off + int64(hl) + r.payload; end > r.size {
			r.scanErr = &Error{r.info.Path, i, fmt.Errorf("%w: the file ends %d bytes into the frame's %d", ErrTruncated, r.size-off-int64(hl), r.payload)}
			return
		}
		r.index = append(r.index, off+int64(hl))
		off += int64(hl) + r.payload
	}
}

func (r *y4mReader) Info() Info {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.info
}

func (r *y4mReader) ReadFrame(n int, dst *yuv.Picture) error { return r.read(n, dst, false) }

func (r *y4mReader) ReadLuma(n int, dst *yuv.Picture) error { return r.read(n, dst, true) }

func (r *y4mReader) read(n int, dst *yuv.Picture, lumaOnly bool) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if err := r.check(n, dst); err != nil {
		return err
	}
	if r.bands.workers > 1 {
		return r.readBands(n, dst, lumaOnly)
	}
	var data []byte
	size, planes := readPlanes(r.info.Format, lumaOnly)
	if r.buf == nil {
		r.buf = make([]byte, r.bufLen)
	}
	if !r.indexed {
		stride := r.fhLen + r.payload
		b, err := r.readAt(n, r.buf[:r.fhLen+size], r.dataOff+int64(n)*stride)
		if err != nil {
			return err
		}
		if hl, err := frameHeaderLen(b); err == nil && int64(hl) == r.fhLen {
			data = b[r.fhLen : r.fhLen+size]
		} else {
			r.scan()
			r.info.Frames = len(r.index)
		}
	}
	if r.indexed {
		off, err := r.indexedAt(n)
		if err != nil {
			return err
		}
		if data, err = r.readAt(n, r.buf[:size], off); err != nil {
			return err
		}
	}
	if err := unpackPlanes(data, dst, planes); err != nil {
		return &Error{r.info.Path, n, err}
	}
	return nil
}

// readBands is read on several goroutines (SetReadWorkers): the frame's
// header is checked as read does, then its payload read in bands.
func (r *y4mReader) readBands(n int, dst *yuv.Picture, lumaOnly bool) error {
	var off int64
	lead := 0 // the frame header's bytes, which read reads with the payload
	if !r.indexed {
		stride := r.fhLen + r.payload
		off = r.dataOff + int64(n)*stride
		if r.line == nil {
			r.line = make([]byte, maxFrameHeader)
		}
		size, _ := readPlanes(r.info.Format, lumaOnly)
		b := r.line[:r.fhLen]
		if err := readPart(r.f, r.info.Path, n, b, off, 0, len(b)+int(size)); err != nil {
			return err
		}
		if hl, err := frameHeaderLen(b); err == nil && int64(hl) == r.fhLen {
			off += r.fhLen
			lead = int(r.fhLen)
		} else {
			r.scan()
			r.info.Frames = len(r.index)
		}
	}
	if r.indexed {
		var err error
		if off, err = r.indexedAt(n); err != nil {
			return err
		}
	}
	part := AllPlanes
	if lumaOnly {
		part = LumaPlane
	}
	return r.bands.read(r.f, r.info.Path, n, off, lead, dst, part)
}

// indexedAt is frame n's payload offset in an indexed file (scan), or why
// there is none.
func (r *y4mReader) indexedAt(n int) (int64, error) {
	if n >= len(r.index) {
		if r.scanErr != nil {
			return 0, r.scanErr
		}
		return 0, &Error{r.info.Path, n, io.EOF}
	}
	return r.index[n], nil
}

// SetReadWorkers (ParallelReader) reads a frame's payload in bands on n
// goroutines (with 1, the default, in one read).
func (r *y4mReader) SetReadWorkers(n int) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.bands.workers = n
}

// check validates a ReadFrame call.
func (r *y4mReader) check(n int, dst *yuv.Picture) error {
	if r.f == nil {
		return &Error{r.info.Path, n, errClosed}
	}
	if n < 0 {
		return &Error{r.info.Path, n, fmt.Errorf("frame number %d is negative", n)}
	}
	if n >= r.info.Frames && !r.indexed {
		return &Error{r.info.Path, n, io.EOF}
	}
	if err := checkDst(r.info.Format, dst); err != nil {
		return &Error{r.info.Path, n, err}
	}
	return nil
}

// readAt fills b from off; a short read means the file shrank since Open.
func (r *y4mReader) readAt(n int, b []byte, off int64) ([]byte, error) {
	return readFull(r.f, r.info.Path, n, b, off)
}

func readFull(f *os.File, path string, n int, b []byte, off int64) ([]byte, error) {
	if err := readPart(f, path, n, b, off, 0, len(b)); err != nil {
		return nil, err
	}
	return b, nil
}

// readPart fills b from off, b being bytes [at, at+len(b)) of a frame's
// read of want bytes: a short read is told in the frame's terms, so a
// frame read in bands (or its header apart) says what one read would.
func readPart(f *os.File, path string, n int, b []byte, off int64, at, want int) error {
	got, err := f.ReadAt(b, off)
	if got == len(b) {
		return nil
	}
	if err == nil || err == io.EOF {
		return &Error{path, n, fmt.Errorf("%w: read %d of %d bytes (the file shrank after it was opened)", ErrTruncated, at+got, want)}
	}
	return &Error{path, n, err}
}

func (r *y4mReader) Close() error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.f == nil {
		return nil
	}
	err := r.f.Close()
	r.f = nil
	r.buf = nil
	r.bands = bandReader{}
	return err
}
