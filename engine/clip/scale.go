package clip

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"sync"
	"sync/atomic"
	"time"

	"github.com/bandscope/bandscope/kernels/yuv"
)

// Scaler is the resampling OpenScaled runs, as outputs name it.
const Scaler = "ffmpeg bicubic"

// Scaling says that a clip's frames are resampled on the fly (OpenScaled):
// an encoding ladder's rendition brought to its source's size.
type Scaling struct {
	Width, Height int    // the clip's own size
	Scaler        string // Scaler
	Filter        string // the ffmpeg filter that runs, e.g. scale=1920:1080:flags=bicubic
}

// ScaleFilter is the ffmpeg filter OpenScaled runs to reach w x h: bicubic,
// the upsampling libvmaf's documentation recommends, with swscale's other
// flags at their defaults. That is the whole recipe: fed the same planar
// frames, it gives the same bits as `ffmpeg -i rendition -vf
// scale=W:H:flags=bicubic` with the rendition's pixel format (checked with
// ffmpeg 5.1 on a 640x360 x264 rendition of a 1080p source: every frame
// equal, and libvmaf's scores of the two equal to the last bit). The
// default flags matter: +accurate_rnd and +bitexact change luma and chroma
// samples; +full_chroma_int changes nothing for YUV to YUV; the Y4M chroma
// siting tag (420jpeg, 420mpeg2, 420paldv) changes nothing either. The
// range is never converted: frames go in and come out in the clip's own
// pixel format (yuvj420p stays yuvj420p), as every reader here keeps
// samples as they are. (ffmpeg reading a Y4M tagged XCOLORRANGE=FULL
// converts it to limited range on the way; Bandscope does not.)
func ScaleFilter(w, h int) string { return fmt.Sprintf("scale=%d:%d:flags=bicubic", w, h) }

// OpenScaled resamples every frame of src to width x height with ffmpeg
// (ScaleFilter). The frames come from src, Bandscope's own reader, and are
// piped to ffmpeg as raw planar YUV of src's format: whatever src is (Y4M,
// raw YUV, or a container that src decodes through ffmpeg), frame n is
// exactly src's frame n. (ffmpeg's own Y4M demuxer lands on the wrong
// frame after some -ss seeks, and raw YUV would need input options at
// every seek: feeding frames avoids both.) Scaling is per frame, so a seek
// restarts ffmpeg at the wanted frame. The reader owns src and closes it.
// Info().Scaled says what ran.
func OpenScaled(ctx context.Context, src Reader, width, height int) (Reader, error) {
	si := src.Info()
	if ok, why := FFmpegAvailable(); !ok {
		return nil, &Error{si.Path, -1, fmt.Errorf("upscaling %dx%d to %dx%d: %w: %s", si.Width, si.Height, width, height, ErrNoFFmpeg, why)}
	}
	pf, err := pixFmtOf(src)
	if err != nil {
		return nil, &Error{si.Path, -1, err}
	}
	out := si
	out.Width, out.Height = width, height
	if err := checkFormat(out.Format); err != nil {
		return nil, &Error{si.Path, -1, fmt.Errorf("upscaling to %dx%d: %w", width, height, err)}
	}
	out.Scaled = &Scaling{Width: si.Width, Height: si.Height, Scaler: Scaler, Filter: ScaleFilter(width, height)}
	rate := si.FrameRate
	if rate[0] <= 0 || rate[1] <= 0 {
		rate = [2]int{25, 1} // irrelevant to the pixels; rawvideo needs one
	}
	return &scaledReader{
		ctx: ctx, src: src, info: out, pixFmt: pf, rate: rate, last: -1,
		inBytes: int(planeBytes(si.Format)), outBytes: int(planeBytes(out.Format)),
	}, nil
}

// pixFmtOf is ffmpeg's name for the planar layout src's frames are piped
// in (and come back out) as: a reader that decodes through ffmpeg keeps
// its own (yuvj420p stays yuvj420p, so that no range conversion runs).
func pixFmtOf(src Reader) (string, error) {
	if p, ok := src.(interface{ Probe() ProbeInfo }); ok && p.Probe().OutPixFmt != "" {
		return p.Probe().OutPixFmt, nil
	}
	f := src.Info().Format
	base := map[yuv.Chroma]string{yuv.C420: "yuv420p", yuv.C422: "yuv422p", yuv.C444: "yuv444p", yuv.C400: "gray", yuv.C411: "yuv411p"}[f.Chroma]
	switch {
	case base == "":
		return "", fmt.Errorf("pixel format %s cannot be upscaled", f.Chroma)
	case f.BitDepth == 8:
		return base, nil
	case f.Chroma == yuv.C411:
		return "", fmt.Errorf("4:1:1 at %d bits cannot be upscaled (ffmpeg has no such format)", f.BitDepth)
	}
	return fmt.Sprintf("%s%dle", base, f.BitDepth), nil
}

// scaledReader runs one ffmpeg at a time: a goroutine feeds it src's frames
// from the frame it started at, ReadFrame reads the scaled frames in order.
type scaledReader struct {
	mu       sync.Mutex
	ctx      context.Context
	src      Reader
	info     Info
	pixFmt   string
	rate     [2]int
	inBytes  int
	outBytes int

	proc    *scaleProc
	live    atomic.Pointer[scaleProc] // proc, for Close to stop without the lock
	closing atomic.Bool
	last    int // the frame in buf, -1 for none
	buf     []byte
	closed  bool
	started int // ffmpeg starts, for tests
}

func (r *scaledReader) Info() Info {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.info
}

func (r *scaledReader) ReadFrame(n int, dst *yuv.Picture) error {
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
	if r.last != n {
		if err := r.scaleTo(n); err != nil {
			return err
		}
	}
	if err := unpackPlanes(r.buf, dst, dst.Chroma.Planes()); err != nil {
		return &Error{path, n, err}
	}
	return nil
}

// scaleTo reads frame n into buf: from the running ffmpeg when n is its
// next frame or the one after, else from a new one that starts at n (src
// seeks exactly, and the scale of a frame depends on that frame alone).
func (r *scaledReader) scaleTo(n int) error {
	if r.proc == nil || n < r.proc.next || n > r.proc.next+1 {
		if err := r.restart(n); err != nil {
			return &Error{r.info.Path, n, err}
		}
	}
	if r.buf == nil {
		r.buf = make([]byte, r.outBytes)
	}
	for r.proc.next <= n {
		r.last = -1
		if _, err := io.ReadFull(r.proc.rd, r.buf); err != nil {
			return r.endOfStream(r.proc.next, err)
		}
		r.last = r.proc.next
		r.proc.next++
	}
	return nil
}

// endOfStream explains why ffmpeg's output ended at frame n: src ended
// (io.EOF, and the frame count is now known), src failed (its own error,
// which names its file and frame), or ffmpeg failed.
func (r *scaledReader) endOfStream(n int, readErr error) error {
	p := r.proc
	// The output ended, so ffmpeg is exiting: let it, to read its status.
	select {
	case <-p.done:
	case <-time.After(5 * time.Second):
	}
	r.stop()
	path := r.info.Path
	if r.closing.Load() {
		return &Error{path, n, errClosed}
	}
	if err := r.ctx.Err(); err != nil {
		return &Error{path, n, err}
	}
	if why := p.dog.why(); why != "" {
		return &Error{path, n, fmt.Errorf("scaling: %s: killed", why)}
	}
	if p.srcErr != nil && !errors.Is(p.srcErr, io.EOF) {
		return p.srcErr
	}
	if p.exitErr != nil {
		return &Error{path, n, fmt.Errorf("ffmpeg (%s) stopped: %s", r.info.Scaled.Filter, toolError(p.exitErr, p.stderr.Bytes(), path))}
	}
	if errors.Is(p.srcErr, io.EOF) && p.fed == n && errors.Is(readErr, io.EOF) {
		if r.info.Frames < 0 {
			r.info.Frames = n
		}
		return &Error{path, n, io.EOF}
	}
	return &Error{path, n, fmt.Errorf("ffmpeg (%s) gave %d frames for %d: %v", r.info.Scaled.Filter, n-p.first, p.fed-p.first, readErr)}
}

// restart stops any ffmpeg and starts one whose first frame is src's frame k.
func (r *scaledReader) restart(k int) error {
	r.stop()
	si := r.src.Info()
	args := []string{"-nostdin", "-hide_banner", "-v", "error",
		"-f", "rawvideo", "-pixel_format", r.pixFmt, "-video_size", fmt.Sprintf("%dx%d", si.Width, si.Height),
		"-framerate", fmt.Sprintf("%d/%d", r.rate[0], r.rate[1]), "-i", "pipe:0",
		"-map", "0:v:0", "-vf", r.info.Scaled.Filter,
		"-fps_mode", "passthrough", "-pix_fmt", r.pixFmt, "-f", "rawvideo", "pipe:1"}
	cctx, cancel := context.WithCancel(r.ctx)
	cmd := exec.CommandContext(cctx, "ffmpeg", args...)
	p := &scaleProc{cmd: cmd, cancel: cancel, first: k, next: k, fed: k, stderr: &bytes.Buffer{}, done: make(chan struct{})}
	cmd.Stderr = &lockedWriter{w: &tailWriter{buf: p.stderr, max: 16 << 10}}
	cmd.WaitDelay = 2 * time.Second
	ownGroup(cmd)
	in, err := cmd.StdinPipe()
	if err != nil {
		cancel()
		return err
	}
	// Stdout is a plain pipe, not StdoutPipe: Wait (in feed, once src is
	// fed) would close that one under the reader, losing the last frames.
	out, w, err := os.Pipe()
	if err != nil {
		cancel()
		return err
	}
	cmd.Stdout = w
	err = cmd.Start()
	w.Close()
	if err != nil {
		cancel()
		out.Close()
		return fmt.Errorf("cannot start ffmpeg: %v", err)
	}
	p.out = out
	// The watchdog kills an ffmpeg that makes no progress while the reader
	// waits for it (stopped by a signal), as for decoding (ffmpeg_watch.go).
	p.rd = &watchReader{r: out}
	p.dog = &watchdog{waiting: p.rd.reading.Load}
	p.rd.w = p.dog
	go p.dog.run("ffmpeg", cmd.Process.Pid, cancel, p.done)
	r.proc = p
	r.live.Store(p)
	r.started++
	go p.feed(r.src, in, r.inBytes)
	return nil
}

func (r *scaledReader) stop() {
	if r.proc != nil {
		r.proc.close()
		r.proc = nil
		r.live.Store(nil)
	}
}

// Close stops ffmpeg first, without the lock, so that a read blocked on a
// stalled ffmpeg returns, then closes src.
func (r *scaledReader) Close() error {
	r.closing.Store(true)
	if p := r.live.Load(); p != nil {
		p.cancel()
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.closed {
		return nil
	}
	r.stop()
	r.closed = true
	r.buf = nil
	return r.src.Close()
}

// scaleProc is one ffmpeg and the goroutine that feeds it.
type scaleProc struct {
	cmd    *exec.Cmd
	cancel context.CancelFunc
	out    *os.File
	rd     *watchReader // out, watched: a stopped ffmpeg is killed
	dog    *watchdog
	stderr *bytes.Buffer
	first  int // the first frame fed
	next   int // the frame ffmpeg gives next (the reader's side)

	done    chan struct{} // closed when feed has returned and ffmpeg is reaped
	fed     int           // frames fed up to (exclusive); set by feed
	srcErr  error         // src's error that stopped feeding (io.EOF: src ended); set by feed
	exitErr error         // ffmpeg's exit; set by feed
	once    sync.Once
}

// feed writes src's frames from p.first on into ffmpeg's stdin until src
// ends, src fails or ffmpeg stops reading; then it closes stdin, so that
// ffmpeg flushes and exits, and reaps ffmpeg.
func (p *scaleProc) feed(src Reader, in io.WriteCloser, frameBytes int) {
	defer close(p.done)
	pic := yuv.NewPicture(src.Info().Format)
	buf := make([]byte, 0, frameBytes)
	for n := p.first; ; n++ {
		p.fed = n
		if err := src.ReadFrame(n, pic); err != nil {
			p.srcErr = err
			break
		}
		buf = packPlanes(buf[:0], pic)
		if _, err := in.Write(buf); err != nil {
			break // ffmpeg stopped reading: its exit says why
		}
	}
	in.Close()
	p.exitErr = p.cmd.Wait()
}

// close kills ffmpeg (if still running) and waits until it is reaped.
func (p *scaleProc) close() {
	p.once.Do(func() {
		p.cancel()
		<-p.done
		p.out.Close()
	})
}

// packPlanes appends a picture's planes as ffmpeg's rawvideo stores them:
// one byte per sample up to 8 bits, two little-endian bytes above.
func packPlanes(b []byte, p *yuv.Picture) []byte {
	for i := 0; i < p.Chroma.Planes(); i++ {
		if p.BitDepth <= 8 {
			for _, v := range p.Planes[i] {
				b = append(b, byte(v))
			}
			continue
		}
		for _, v := range p.Planes[i] {
			b = append(b, byte(v), byte(v>>8))
		}
	}
	return b
}

// lockedWriter serialises writes to w: ffmpeg's stderr is copied by its
// own goroutine while errors read the tail.
type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(b []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(b)
}
