package clip

import (
	"bytes"
	"errors"
	"fmt"
	"strconv"

	"github.com/bandscope/bandscope/kernels/yuv"
)

// Errors wrapped by header problems, so callers and tests can tell them apart.
var (
	ErrNotY4M         = errors.New("not a YUV4MPEG2 file")
	ErrBadHeader      = errors.New("bad YUV4MPEG2 header")
	ErrInterlaced     = errors.New("interlaced video is not supported (progressive only; deinterlace first)")
	ErrUnknownColour  = errors.New("unknown colour space tag")
	ErrFrameHeader    = errors.New("bad FRAME header")
	ErrTooLarge       = errors.New("frame size too large")
	ErrSampleRange    = errors.New("sample above the bit depth's maximum")
	ErrOptionMismatch = errors.New("raw options disagree with the file")
)

const (
	y4mMagic = "YUV4MPEG2"
	// maxStreamHeader bounds the stream header line. libvmaf stops at 255
	// bytes; ffmpeg writes well under 100. Longer is corruption, not a format.
	maxStreamHeader = 4096
	// maxFrameHeader bounds a FRAME line with its parameters (libvmaf: 85).
	maxFrameHeader = 1024
	// maxPixels bounds width*height so that a corrupt or hostile header
	// cannot make a reader allocate gigabytes: 16384x8192, twice 8K UHD.
	maxPixels = 1 << 27
)

// y4mHeader is what a stream header says.
type y4mHeader struct {
	format    yuv.Format
	colour    string // the C tag as written ("420" when absent)
	alpha     bool   // 444alpha: an alpha plane follows V and is skipped
	frameRate [2]int
}

// colourTag maps a Y4M C tag to its layout and bit depth. The 8-bit names
// are libvmaf's (tools/y4m_input.c); the pN and monoN names are ffmpeg's
// (yuv4mpegenc), of which libvmaf takes 420/422/444 p10 and p12.
func colourTag(tag string) (c yuv.Chroma, depth int, alpha, ok bool) {
	switch tag {
	case "420", "420jpeg", "420mpeg2", "420paldv":
		return yuv.C420, 8, false, true
	case "411":
		return yuv.C411, 8, false, true
	case "422":
		return yuv.C422, 8, false, true
	case "444":
		return yuv.C444, 8, false, true
	case "444alpha":
		return yuv.C444, 8, true, true
	case "mono":
		return yuv.C400, 8, false, true
	}
	if len(tag) <= 4 {
		return 0, 0, false, false
	}
	rest := tag[4:]
	switch tag[:4] {
	case "420p":
		c = yuv.C420
	case "422p":
		c = yuv.C422
	case "444p":
		c = yuv.C444
	case "mono":
		c = yuv.C400
	default:
		return 0, 0, false, false
	}
	switch rest {
	case "9", "10", "12", "14", "16":
		d, _ := strconv.Atoi(rest)
		return c, d, false, true
	}
	return 0, 0, false, false
}

// knownColourTags is listed in the unknown-tag error message.
const knownColourTags = "420 420jpeg 420mpeg2 420paldv 411 422 444 444alpha mono, " +
	"420p/422p/444p/mono with 9 10 12 14 16"

// parseDim reads a positive decimal size; sscanf's leniency (signs, trailing
// junk) is not copied, as such a header is corrupt.
func parseDim(name string, s []byte) (int, error) {
	n, err := strconv.Atoi(string(s))
	if err != nil || len(s) == 0 || s[0] < '0' || s[0] > '9' {
		return 0, fmt.Errorf("%w: %s %q is not a number", ErrBadHeader, name, clipString(s))
	}
	if n <= 0 {
		return 0, fmt.Errorf("%w: %s %d is not positive", ErrBadHeader, name, n)
	}
	return n, nil
}

// parseRatio reads "n:d" with non-negative decimals.
func parseRatio(name string, s []byte) ([2]int, error) {
	i := bytes.IndexByte(s, ':')
	bad := fmt.Errorf("%w: %s %q is not n:d", ErrBadHeader, name, clipString(s))
	if i <= 0 || i == len(s)-1 {
		return [2]int{}, bad
	}
	var r [2]int
	for k, part := range [][]byte{s[:i], s[i+1:]} {
		for _, ch := range part {
			if ch < '0' || ch > '9' {
				return [2]int{}, bad
			}
		}
		v, err := strconv.Atoi(string(part))
		if err != nil {
			return [2]int{}, bad
		}
		r[k] = v
	}
	return r, nil
}

// clipString keeps error messages one short line whatever the input holds.
func clipString(b []byte) string {
	const max = 40
	if len(b) > max {
		return string(b[:max]) + "..."
	}
	return string(b)
}

// parseY4MHeader parses a stream header line without its newline.
//
// Differences from libvmaf (documented in doc.go): a missing F tag is
// accepted (frame rate 0/0), W and H must be plain positive decimals, and
// the 9/14/16-bit and monoN tags ffmpeg writes are accepted.
func parseY4MHeader(line []byte) (y4mHeader, error) {
	var h y4mHeader
	if !bytes.HasPrefix(line, []byte(y4mMagic)) {
		return h, fmt.Errorf("%w (starts with %q)", ErrNotY4M, clipString(line[:min(len(line), len(y4mMagic))]))
	}
	rest := line[len(y4mMagic):]
	if len(rest) > 0 && rest[0] != ' ' {
		return h, fmt.Errorf("%w (magic %q is not followed by a space)", ErrNotY4M, clipString(line[:min(len(line), 12)]))
	}
	var gotW, gotH bool
	colour := []byte("420")
	interlace := byte('?')
	for _, tok := range bytes.Split(rest, []byte{' '}) {
		if len(tok) == 0 {
			continue
		}
		v := tok[1:]
		var err error
		switch tok[0] {
		case 'W':
			h.format.Width, err = parseDim("width W", v)
			gotW = true
		case 'H':
			h.format.Height, err = parseDim("height H", v)
			gotH = true
		case 'F':
			h.frameRate, err = parseRatio("frame rate F", v)
		case 'A':
			_, err = parseRatio("pixel aspect A", v)
		case 'I':
			if len(v) == 0 {
				err = fmt.Errorf("%w: empty interlacing tag I", ErrBadHeader)
			} else {
				interlace = v[0]
			}
		case 'C':
			colour = v
		}
		// X (comments) and unknown tags are ignored, as libvmaf does.
		if err != nil {
			return h, err
		}
	}
	switch {
	case !gotW:
		return h, fmt.Errorf("%w: no width (W) tag", ErrBadHeader)
	case !gotH:
		return h, fmt.Errorf("%w: no height (H) tag", ErrBadHeader)
	}
	switch interlace {
	case 'p', '?':
	case 't', 'b', 'm':
		return h, fmt.Errorf("%w: header has I%c", ErrInterlaced, interlace)
	default:
		return h, fmt.Errorf("%w: unknown interlacing I%q", ErrBadHeader, interlace)
	}
	c, depth, alpha, ok := colourTag(string(colour))
	if !ok {
		return h, fmt.Errorf("%w C%q (known: %s)", ErrUnknownColour, clipString(colour), knownColourTags)
	}
	h.format.Chroma, h.format.BitDepth, h.alpha = c, depth, alpha
	h.colour = string(colour)
	if err := checkFormat(h.format); err != nil {
		return h, err
	}
	return h, nil
}

// checkFormat validates a format and bounds its size before any allocation.
func checkFormat(f yuv.Format) error {
	if f.Width <= 0 || f.Height <= 0 {
		return fmt.Errorf("frame size %dx%d is not positive", f.Width, f.Height)
	}
	if int64(f.Width)*int64(f.Height) > maxPixels || f.Width > maxPixels || f.Height > maxPixels {
		return fmt.Errorf("%w: %dx%d (at most %d pixels)", ErrTooLarge, f.Width, f.Height, maxPixels)
	}
	return f.Validate()
}

// frameHeaderLen checks that b starts with a FRAME line and returns its
// length with the newline, or 0 and an error. b may hold more than the line.
// Frame parameters are ignored, as libvmaf ignores them.
func frameHeaderLen(b []byte) (int, error) {
	const tag = "FRAME"
	if len(b) < len(tag)+1 {
		if bytes.HasPrefix([]byte(tag), b) {
			return 0, errShortFrameHeader
		}
	}
	if !bytes.HasPrefix(b, []byte(tag)) {
		return 0, fmt.Errorf("%w: expected FRAME, found %q (loss of framing)", ErrFrameHeader, clipString(b[:min(len(b), 8)]))
	}
	switch b[len(tag)] {
	case '\n':
		return len(tag) + 1, nil
	case ' ':
	default:
		return 0, fmt.Errorf("%w: %q is not followed by a space or newline", ErrFrameHeader, clipString(b[:len(tag)+1]))
	}
	i := bytes.IndexByte(b[:min(len(b), maxFrameHeader)], '\n')
	if i < 0 {
		if len(b) < maxFrameHeader {
			return 0, errShortFrameHeader
		}
		return 0, fmt.Errorf("%w: FRAME line longer than %d bytes", ErrFrameHeader, maxFrameHeader)
	}
	return i + 1, nil
}

// errShortFrameHeader: the data ends inside a FRAME line.
var errShortFrameHeader = fmt.Errorf("%w: file ends inside a FRAME header", ErrTruncated)
