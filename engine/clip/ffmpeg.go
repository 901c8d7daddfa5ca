package clip

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/bandscope/bandscope/kernels/yuv"
)

const (
	// readAhead is how many decoded frames wait in memory ahead of the
	// reader: enough to overlap decoding with scoring, few enough to bound
	// memory.
	readAhead = 2
	// cacheFrames is how many recent frames a slider can step back to
	// without a new decode.
	cacheFrames = 8
	// cacheBytes bounds the cache for big frames.
	cacheBytes = 256 << 20
)

// openOther decodes anything that is neither Y4M nor raw YUV with ffmpeg.
func openOther(ctx context.Context, path string, f *os.File, size int64, raw RawOptions) (Reader, error) {
	f.Close() // ffmpeg opens the file itself
	if ok, why := FFmpegAvailable(); !ok {
		return nil, &Error{path, -1, fmt.Errorf("not a YUV4MPEG2 or raw YUV file, and %w: %s", ErrNoFFmpeg, why)}
	}
	r, err := openFFmpeg(ctx, path)
	if err != nil {
		var ce *Error
		if raw != (RawOptions{}) && errors.As(err, &ce) && ce.Frame < 0 {
			// Raw YUV without one of its extensions went to ffmpeg: say
			// why the raw options did not apply.
			ce.Err = fmt.Errorf("%w (raw YUV files are read by their extension, .yuv, .raw or .bin; this one went to ffmpeg, which ignores -w/-h/-p/-b)", ce.Err)
		}
		return nil, err
	}
	// Raw-format options that contradict the container's own format are
	// refused, as for Y4M, rather than silently ignored.
	if err := checkRawAgainst(r.info.Format, raw); err != nil {
		return nil, &Error{path, -1, fmt.Errorf("%w (-w/-h/-p/-b describe raw YUV files; leave them out for this file)", err)}
	}
	return r, nil
}

// ffReader streams frames from an ffmpeg process that decodes to raw planar
// YUV through a pipe. Reading forward reads the pipe; reading back or far
// ahead restarts ffmpeg at the keyframe before the frame (from a packet
// index built on the first seek) and decodes forward to it.
type ffReader struct {
	mu      sync.Mutex
	ctx     context.Context
	info    Info
	probe   ProbeInfo
	fbytes  int
	dec     *decoder
	pos     int // the frame dec delivers next
	cache   frameCache
	index   *packetIndex
	ixErr   error // why there is no index
	closed  bool
	started int // decoder starts, for tests

	live    atomic.Pointer[decoder] // dec, for Close to stop without the lock
	closing atomic.Bool

	shortAt  int   // ffmpeg ended cleanly before the listed frame count...
	shortErr error // ...and this says so

	// resizeAt is the first frame of another size, once a decoder has
	// seen the resolution change (-1 before); resizeErr says so. The
	// frames before it are read as usual.
	resizeAt  int
	resizeErr error
}

func openFFmpeg(ctx context.Context, path string) (*ffReader, error) {
	p, err := Probe(ctx, path)
	if err != nil {
		return nil, err
	}
	r := &ffReader{
		ctx:      ctx,
		probe:    p,
		fbytes:   int(planeBytes(p.Format)),
		info:     Info{Path: path, Container: p.Container, Format: p.Format, Frames: p.Frames, FrameRate: p.FrameRate, EndedEarly: p.EndedEarly},
		resizeAt: -1,
	}
	r.cache.max = max(1, min(cacheFrames, cacheBytes/r.fbytes))
	return r, nil
}

// Probe gives what ffprobe said about the file.
func (r *ffReader) Probe() ProbeInfo { return r.probe }

func (r *ffReader) Info() Info {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.info
}

func (r *ffReader) ReadFrame(n int, dst *yuv.Picture) error { return r.read(n, dst, false) }

// ReadLuma decodes the whole frame (a pipe has no seeking past chroma) but
// widens the luma alone.
func (r *ffReader) ReadLuma(n int, dst *yuv.Picture) error { return r.read(n, dst, true) }

func (r *ffReader) read(n int, dst *yuv.Picture, lumaOnly bool) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	path := r.info.Path
	switch {
	case r.closed:
		return &Error{path, n, errClosed}
	case n < 0:
		return &Error{path, n, fmt.Errorf("frame number %d is negative", n)}
	case r.info.Frames >= 0 && n >= r.info.Frames:
		return &Error{path, n, io.EOF}
	}
	if err := checkDst(r.info.Format, dst); err != nil {
		return &Error{path, n, err}
	}
	if err := r.ctx.Err(); err != nil {
		r.stop()
		return &Error{path, n, err}
	}
	if r.shortErr != nil && n >= r.shortAt {
		return r.shortErr
	}
	if r.resizeAt >= 0 && n >= r.resizeAt {
		return r.resizeErr
	}
	b, ok := r.cache.get(n)
	if !ok {
		var err error
		if b, err = r.decodeTo(n); err != nil {
			return err
		}
	}
	_, planes := readPlanes(r.info.Format, lumaOnly)
	if err := unpackPlanes(b, dst, planes); err != nil {
		return &Error{path, n, err}
	}
	return nil
}

// decodeTo positions the decoder and reads forward to frame n, caching the
// frames it passes.
func (r *ffReader) decodeTo(n int) ([]byte, error) {
	start := r.startFor(n)
	if r.dec == nil || start > r.pos || n < r.pos {
		if err := r.restart(start); err != nil {
			return nil, &Error{r.info.Path, n, err}
		}
	}
	for retried := false; ; {
		m, ok := <-r.dec.frames
		if !ok || m.err != nil {
			if resized, _ := r.dec.log.state(); resized != "" && r.resizeAt < 0 {
				r.findResize(resized)
			}
			if r.resizeAt >= 0 && n < r.resizeAt && !retried {
				// ffmpeg was stopped at the change before the frames
				// ahead of it came: decode them again, stopping short.
				retried = true
				r.stop()
				if err := r.restart(r.startFor(n)); err != nil {
					return nil, &Error{r.info.Path, n, err}
				}
				continue
			}
			return nil, r.endOfStream(n, m.err)
		}
		i := r.pos
		if resized, _ := r.dec.log.state(); resized != "" && r.resizeAt < 0 {
			r.findResize(resized)
		}
		if r.resizeAt >= 0 && i >= r.resizeAt {
			// Scaled by ffmpeg to the first size: never served.
			r.stop()
			return nil, r.resizeErr
		}
		r.pos++
		if old := r.cache.put(i, m.buf); old != nil {
			r.dec.recycle(old)
		}
		if i == n {
			return m.buf, nil
		}
	}
}

// startFor is the frame to start decoding from to reach frame n: the
// keyframe before it, or, with no usable index, the current position or 0.
func (r *ffReader) startFor(n int) int {
	if r.dec != nil && r.pos <= n && n-r.pos < 2 {
		return r.pos // next frames: never worth an index
	}
	if r.index == nil && r.ixErr == nil && n > 0 {
		r.index, r.ixErr = buildIndex(r.ctx, r.info.Path)
		if r.index != nil && (r.probe.TimeBase[0] <= 0 || r.probe.TimeBase[1] <= 0) {
			r.index, r.ixErr = nil, fmt.Errorf("ffprobe gave no time base")
		}
		if r.index != nil && (r.info.Frames < 0 || len(r.index.pts) != r.info.Frames) {
			// The packets are the better count (and must agree with seeks).
			r.info.Frames = len(r.index.pts)
		}
	}
	if r.index == nil || n >= len(r.index.pts) {
		if r.dec != nil && r.pos <= n {
			return r.pos
		}
		return 0
	}
	k := r.index.keyframeBefore(n)
	if r.dec != nil && r.pos <= n && r.pos >= k {
		return r.pos
	}
	return k
}

// endOfStream turns the decoder's end into an error for frame n: a clean
// end before n means the frame count was an estimate; anything else names
// what ffmpeg said.
func (r *ffReader) endOfStream(n int, err error) error {
	path := r.info.Path
	d := r.dec
	pos := r.pos
	r.stop()
	if r.closing.Load() {
		return &Error{path, n, errClosed}
	}
	if cerr := r.ctx.Err(); cerr != nil {
		return &Error{path, n, cerr}
	}
	if why := d.dog.why(); why != "" {
		return &Error{path, pos, fmt.Errorf("%s: killed (is the file, or a segment it lists, a FIFO, a device or on a stalled mount?)", why)}
	}
	resized, early := d.log.state()
	if resized != "" && r.resizeAt < 0 {
		r.findResize(resized)
	}
	if r.resizeAt >= 0 && (n >= r.resizeAt || pos >= r.resizeAt) {
		return r.resizeErr
	}
	if err == nil || errors.Is(err, io.EOF) {
		if early && d.exitErr == nil && (r.info.Frames < 0 || pos >= r.info.Frames) {
			r.info.EndedEarly = true
			if r.info.Frames < 0 || n >= pos {
				r.info.Frames = pos
				return &Error{path, pos, fmt.Errorf("%w: ffmpeg reports that the file ended prematurely after %d frames", ErrTruncated, pos)}
			}
		}
		if d.exitErr != nil {
			return &Error{path, pos, fmt.Errorf("ffmpeg stopped: %s", toolError(d.exitErr, d.stderr.Bytes(), path))}
		}
		if r.info.Frames >= 0 && pos < r.info.Frames {
			// A file cut short, or a stream whose packets do not all
			// decode: either way the frame count is wrong, so say so
			// rather than score fewer frames.
			r.shortAt = pos
			r.shortErr = &Error{path, pos, fmt.Errorf("%w: ffmpeg decodes frames 0 to %d, %d of the %d the file lists (is the file cut short?)", ErrFewerFrames, pos-1, pos, r.info.Frames)}
			return r.shortErr
		}
		r.info.Frames = pos
		return &Error{path, n, io.EOF}
	}
	if errors.Is(err, io.ErrUnexpectedEOF) {
		why := "the stream ended inside the frame"
		if d.exitErr != nil {
			why = toolError(d.exitErr, d.stderr.Bytes(), path)
		}
		return &Error{path, pos, fmt.Errorf("%w: ffmpeg stopped: %s", ErrTruncated, why)}
	}
	return &Error{path, pos, fmt.Errorf("reading from ffmpeg: %v", err)}
}

// findResize finds the frame where the resolution changes (ffprobe lists
// each decoded frame's size): a decoder learns of the change only when
// ffmpeg reconfigures its filters, frames after the last one read. When
// ffprobe cannot say, the frame the decoder had reached stands for it.
func (r *ffReader) findResize(resized string) {
	at, err := firstResize(r.ctx, r.info.Path)
	if err != nil || at < 0 {
		at = r.pos
	}
	r.resizeAt = at
	hint := ""
	if at > 0 {
		hint = fmt.Sprintf(" (--frame_cnt %d scores the frames before it)", at)
	}
	r.resizeErr = &Error{r.info.Path, at, fmt.Errorf("the resolution changes mid-stream (%s) at this frame: a clip is scored at one size and Bandscope does not rescale; split the clip where the size changes%s", resized, hint)}
}

// restart stops any decoder and starts one whose first frame is frame k.
func (r *ffReader) restart(k int) error {
	r.stop()
	seek := ""
	if k > 0 {
		if r.index == nil {
			return fmt.Errorf("cannot seek: %v", r.ixErr)
		}
		// ffmpeg's input -ss counts from the container's start time and
		// drops decoded frames before it; half a frame before frame k
		// keeps frame k first whatever the rounding.
		ix := r.index
		tb := float64(r.probe.TimeBase[0]) / float64(r.probe.TimeBase[1])
		half := float64(ix.pts[k]-ix.pts[k-1]) * tb / 2
		t := float64(ix.pts[k])*tb - r.probe.StartTime - half
		if !(t > 0) || math.IsInf(t, 0) {
			// No usable time to seek to: decode from the start.
			k = 0
		} else {
			seek = strconv.FormatFloat(t, 'f', 6, 64)
		}
	}
	// Once the resolution change is known, a decoder stops before it
	// (and is not killed when ffmpeg reaches it).
	frames := 0
	if r.resizeAt >= 0 {
		frames = max(r.resizeAt-k, 1)
	}
	d, err := startDecoder(r.ctx, r.info.Path, r.probe.OutPixFmt, seek, frames, r.fbytes)
	if err != nil {
		return err
	}
	r.dec, r.pos = d, k
	r.live.Store(d)
	r.started++
	// The cache keeps its frames: they are still right.
	return nil
}

func (r *ffReader) stop() {
	if r.dec != nil {
		r.dec.close()
		r.dec = nil
		r.live.Store(nil)
	}
}

// Close stops ffmpeg first, without the lock, so that a read blocked on a
// stalled ffmpeg returns instead of holding Close up.
func (r *ffReader) Close() error {
	r.closing.Store(true)
	if d := r.live.Load(); d != nil {
		d.close()
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.stop()
	r.closed = true
	r.cache = frameCache{}
	return nil
}

// decoder is one ffmpeg process and the goroutine that reads its frames
// ahead into a bounded channel.
type decoder struct {
	cmd     *exec.Cmd
	cancel  context.CancelFunc
	frames  chan frameMsg
	free    chan []byte
	stopc   chan struct{}
	done    chan struct{}
	stderr  *bytes.Buffer
	log     *logFilter
	dog     *watchdog
	exitErr error // set once the process is reaped
	once    sync.Once
}

type frameMsg struct {
	buf []byte
	err error
}

// ffmpegArgs decodes the first video stream to raw planar YUV with no frame
// dropped or duplicated and no rotation.
//
// The log is read at level+verbose (logFilter): the verbose lines say when
// the filter graph is reconfigured for another frame size, which ffmpeg
// otherwise scales silently to the first size.
//
// frames, when not 0, is how many frames to decode: a decoder that stops
// before a resolution change already found.
func ffmpegArgs(path, pixFmt, seek string, frames int) []string {
	args := []string{"-nostdin", "-hide_banner", "-nostats", "-loglevel", "level+verbose"}
	if seek != "" {
		args = append(args, "-ss", seek)
	}
	args = append(args, "-noautorotate", "-i", fileURL(path),
		"-map", "0:v:0", "-an", "-sn", "-dn",
		"-fps_mode", "passthrough", "-pix_fmt", pixFmt)
	if frames > 0 {
		args = append(args, "-frames:v", strconv.Itoa(frames))
	}
	return append(args, "-f", "rawvideo", "pipe:1")
}

func startDecoder(ctx context.Context, path, pixFmt, seek string, frames, frameBytes int) (*decoder, error) {
	cctx, cancel := context.WithCancel(ctx)
	cmd := exec.CommandContext(cctx, "ffmpeg", ffmpegArgs(path, pixFmt, seek, frames)...)
	d := &decoder{
		cmd:    cmd,
		cancel: cancel,
		frames: make(chan frameMsg, readAhead),
		free:   make(chan []byte, readAhead+cacheFrames+2),
		stopc:  make(chan struct{}),
		done:   make(chan struct{}),
		stderr: &bytes.Buffer{},
	}
	d.log = &logFilter{tail: &tailWriter{buf: d.stderr, max: 16 << 10}}
	if frames == 0 {
		d.log.onResize = cancel // frames after it would be scaled
	}
	cmd.Stderr = d.log
	cmd.WaitDelay = 2 * time.Second
	ownGroup(cmd)
	out, err := cmd.StdoutPipe()
	if err != nil {
		cancel()
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		cancel()
		return nil, fmt.Errorf("cannot start ffmpeg: %v", err)
	}
	// The watchdog kills an ffmpeg that stalls while the reader waits for
	// its next bytes; a consumer that is slow is not ffmpeg's stall.
	wr := &watchReader{r: out}
	d.dog = &watchdog{waiting: wr.reading.Load}
	wr.w = d.dog
	go d.dog.run("ffmpeg", cmd.Process.Pid, cancel, d.done)
	go d.run(wr, frameBytes)
	return d, nil
}

// run reads frames until the pipe ends or the decoder is stopped, then
// reaps ffmpeg, so no process or goroutine outlives the decoder.
func (d *decoder) run(out io.Reader, frameBytes int) {
	defer close(d.done)
	defer close(d.frames)
	for {
		var buf []byte
		select {
		case buf = <-d.free:
		default:
			buf = make([]byte, frameBytes)
		}
		_, err := io.ReadFull(out, buf)
		if err != nil {
			d.exitErr = d.cmd.Wait()
			select {
			case d.frames <- frameMsg{err: err}:
			case <-d.stopc:
			}
			return
		}
		select {
		case d.frames <- frameMsg{buf: buf}:
		case <-d.stopc:
			d.cancel()
			d.exitErr = d.cmd.Wait()
			return
		}
	}
}

// recycle returns a buffer the cache no longer holds.
func (d *decoder) recycle(b []byte) {
	select {
	case d.free <- b:
	default:
	}
}

// close kills ffmpeg (if still running), waits for the reading goroutine,
// which reaps the process.
func (d *decoder) close() {
	d.once.Do(func() {
		close(d.stopc)
		d.cancel()
		<-d.done
	})
}

// frameCache holds the last few decoded frames, as stored bytes.
type frameCache struct {
	max   int
	order []int // oldest first
	bufs  map[int][]byte
}

func (c *frameCache) get(n int) ([]byte, bool) {
	b, ok := c.bufs[n]
	return b, ok
}

// put adds frame n and returns the buffer it evicts, if any.
func (c *frameCache) put(n int, b []byte) []byte {
	if c.bufs == nil {
		c.bufs = make(map[int][]byte)
	}
	if _, ok := c.bufs[n]; ok {
		old := c.bufs[n]
		c.bufs[n] = b
		return old
	}
	c.bufs[n] = b
	c.order = append(c.order, n)
	if len(c.order) <= c.max {
		return nil
	}
	oldest := c.order[0]
	c.order = c.order[1:]
	old := c.bufs[oldest]
	delete(c.bufs, oldest)
	return old
}
