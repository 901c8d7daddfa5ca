package clip

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os/exec"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/bandscope/bandscope/kernels/yuv"
)

// ErrNoFFmpeg is wrapped when a file needs ffmpeg and it is not installed.
var ErrNoFFmpeg = errors.New("ffmpeg and ffprobe are needed for this file")

// probeTimeout bounds each ffprobe run, so a hostile file cannot hang Open.
var probeTimeout = 2 * time.Minute

// FFmpegAvailable says whether ffmpeg and ffprobe are on PATH, and, when
// not, what that disables, in words a user can act on.
func FFmpegAvailable() (ok bool, why string) {
	var missing []string
	for _, name := range []string{"ffmpeg", "ffprobe"} {
		if _, err := exec.LookPath(name); err != nil {
			missing = append(missing, name)
		}
	}
	if missing != nil {
		return false, fmt.Sprintf("%s not found on PATH: container files (mp4, mkv, webm, mov, ivf, ...) cannot be opened; "+
			"Y4M and raw YUV clips still work (install ffmpeg, e.g. apt-get install ffmpeg)", strings.Join(missing, " and "))
	}
	return true, "ffmpeg and ffprobe found: container files are decoded through ffmpeg"
}

// ProbeInfo is what ffprobe says about a file's first video stream.
type ProbeInfo struct {
	Container string // ffprobe's format name, e.g. "matroska,webm"
	Codec     string
	PixFmt    string // the decoder's pixel format
	OutPixFmt string // the planar format Bandscope decodes it to
	yuv.Format
	FrameRate [2]int
	Frames    int // -1 when unknown
	// EndedEarly: counting the packets, ffprobe reported that the file
	// ended prematurely (a truncated file: Frames counts what is there).
	EndedEarly bool
	Duration   float64 // seconds; 0 when unknown
	StartTime  float64 // seconds, the container's start time
	TimeBase   [2]int64
}

type probeJSON struct {
	Streams []struct {
		CodecName    string `json:"codec_name"`
		Width        int    `json:"width"`
		Height       int    `json:"height"`
		PixFmt       string `json:"pix_fmt"`
		RFrameRate   string `json:"r_frame_rate"`
		AvgFrameRate string `json:"avg_frame_rate"`
		TimeBase     string `json:"time_base"`
		NbFrames     string `json:"nb_frames"`
		NbReadPkts   string `json:"nb_read_packets"`
		Duration     string `json:"duration"`
	} `json:"streams"`
	Format struct {
		FormatName string `json:"format_name"`
		Duration   string `json:"duration"`
		StartTime  string `json:"start_time"`
	} `json:"format"`
}

// Probe asks ffprobe about the first video stream of a file. The frame
// count comes from the container when it has one, else from counting
// packets (a demux pass, no decoding).
func Probe(ctx context.Context, path string) (ProbeInfo, error) {
	var p ProbeInfo
	if ok, why := FFmpegAvailable(); !ok {
		return p, &Error{path, -1, fmt.Errorf("%w: %s", ErrNoFFmpeg, why)}
	}
	j, _, err := runProbe(ctx, path, false)
	if err != nil {
		return p, err
	}
	if len(j.Streams) == 0 {
		return p, &Error{path, -1, fmt.Errorf("no video stream (ffprobe format %q)", j.Format.FormatName)}
	}
	s := j.Streams[0]
	p.Container, p.Codec, p.PixFmt = j.Format.FormatName, s.CodecName, s.PixFmt
	p.Width, p.Height = s.Width, s.Height
	p.Frames = -1
	if n, err := strconv.Atoi(s.NbFrames); err == nil && n > 0 {
		p.Frames = n
	}
	if p.Frames < 0 {
		// Counting packets reads the whole file: its failure (a stall, a
		// timeout) is the file's problem, not a missing frame count.
		j2, stderr, err := runProbe(ctx, path, true)
		if err != nil {
			return p, err
		}
		if len(j2.Streams) > 0 {
			if n, err := strconv.Atoi(j2.Streams[0].NbReadPkts); err == nil && n > 0 {
				p.Frames = n
			}
		}
		p.EndedEarly = bytes.Contains(stderr, []byte("ended prematurely"))
	}
	p.FrameRate = parseRate(s.AvgFrameRate)
	if p.FrameRate[0] == 0 {
		p.FrameRate = parseRate(s.RFrameRate)
	}
	if r := parseRate(s.TimeBase); r[0] > 0 {
		p.TimeBase = [2]int64{int64(r[0]), int64(r[1])}
	}
	p.Duration = parseSeconds(s.Duration)
	if p.Duration == 0 {
		p.Duration = parseSeconds(j.Format.Duration)
	}
	p.StartTime = parseSeconds(j.Format.StartTime)
	out, c, depth, err := decodeFormat(s.PixFmt)
	if err != nil {
		return p, &Error{path, -1, err}
	}
	p.OutPixFmt, p.Chroma, p.BitDepth = out, c, depth
	if err := checkFormat(p.Format); err != nil {
		return p, &Error{path, -1, err}
	}
	return p, nil
}

func runProbe(ctx context.Context, path string, count bool) (probeJSON, []byte, error) {
	var j probeJSON
	ctx, cancel := context.WithTimeout(ctx, probeTimeout)
	defer cancel()
	entries := "stream=codec_name,width,height,pix_fmt,r_frame_rate,avg_frame_rate,time_base,nb_frames,duration:format=format_name,duration,start_time"
	args := []string{"-v", "error", "-select_streams", "v:0", "-show_entries", entries, "-of", "json"}
	if count {
		args = append(args, "-count_packets", "-show_entries", "stream=nb_read_packets")
	}
	args = append(args, "-i", fileURL(path))
	out, stderr, err := runTool(ctx, "ffprobe", args...)
	if err != nil {
		return j, stderr, &Error{path, -1, fmt.Errorf("ffprobe cannot read it: %s", toolError(err, stderr, path))}
	}
	if err := json.Unmarshal(out, &j); err != nil {
		return j, stderr, &Error{path, -1, fmt.Errorf("ffprobe output unreadable: %v", err)}
	}
	return j, stderr, nil
}

// runTool runs a short helper and returns its stdout and stderr.
func runTool(ctx context.Context, name string, args ...string) ([]byte, []byte, error) {
	cmd := exec.CommandContext(ctx, name, args...)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &tailWriter{buf: &errb, max: 64 << 10}
	cmd.WaitDelay = time.Second
	ownGroup(cmd)
	if err := cmd.Start(); err != nil {
		return nil, nil, err
	}
	// A helper that neither exits nor makes progress for the stall
	// timeout (30 s) is killed (its output only comes at the end, so
	// progress is all there is to watch).
	dog := &watchdog{}
	done := make(chan struct{})
	go dog.run(name, cmd.Process.Pid, func() { cmd.Cancel() }, done)
	err := cmd.Wait()
	close(done)
	if why := dog.why(); why != "" {
		return out.Bytes(), errb.Bytes(), errors.New(why + ": killed (is the file, or a segment it lists, a FIFO, a device or on a stalled mount?)")
	}
	if ctx.Err() != nil {
		err = ctx.Err()
	}
	return out.Bytes(), errb.Bytes(), err
}

// toolError makes one line of a failed helper's exit and last stderr line,
// without the file name it repeats.
func toolError(err error, stderr []byte, path string) string {
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return err.Error()
	}
	msg := lastLine(stderr)
	msg = strings.TrimPrefix(msg, fileURL(path)+": ")
	msg = strings.TrimPrefix(msg, path+": ")
	// "[rawvideo @ 0x5600...] Invalid pixel format.": the address says
	// nothing to a user and changes from run to run.
	msg = ffmpegContext.ReplaceAllString(msg, "")
	if msg == "" {
		return err.Error()
	}
	return fmt.Sprintf("%s (%v)", msg, err)
}

// ffmpegContext is the "[component @ 0xADDRESS] " prefix of ffmpeg's log
// lines.
var ffmpegContext = regexp.MustCompile(`^\[[^]]* @ 0x[0-9a-fA-F]+\] `)

func lastLine(b []byte) string {
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	s := strings.TrimSpace(lines[len(lines)-1])
	if len(s) > 200 {
		s = s[:200] + "..."
	}
	return s
}

// tailWriter keeps the last max bytes written: helpers may write a lot.
type tailWriter struct {
	buf *bytes.Buffer
	max int
}

func (w *tailWriter) Write(p []byte) (int, error) {
	w.buf.Write(p)
	if w.buf.Len() > w.max {
		b := w.buf.Bytes()[w.buf.Len()-w.max/2:]
		nb := append([]byte(nil), b...)
		w.buf.Reset()
		w.buf.Write(nb)
	}
	return len(p), nil
}

func parseRate(s string) [2]int {
	a, b, ok := strings.Cut(s, "/")
	n, err1 := strconv.Atoi(a)
	d, err2 := strconv.Atoi(b)
	if !ok || err1 != nil || err2 != nil || n <= 0 || d <= 0 {
		return [2]int{}
	}
	return [2]int{n, d}
}

func parseSeconds(s string) float64 {
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
		return 0
	}
	return v
}

var (
	reHBD   = regexp.MustCompile(`^yuva?(420|422|444)p(9|10|12|14|16)(le|be)$`)
	reGray  = regexp.MustCompile(`^gray(9|10|12|14|16)(le|be)$`)
	rePlane = regexp.MustCompile(`^p([024])(10|12|16)(le|be)$`)
)

// decodeFormat picks the planar little-endian format a source pixel format
// decodes to with no change of sample values: the source's own format when
// it is already planar (yuvj420p stays yuvj420p, so that no range
// conversion runs), else its planar twin at the same bit depth. RGB and
// other non-YUV formats are refused.
func decodeFormat(src string) (out string, c yuv.Chroma, depth int, err error) {
	switch src {
	case "yuv420p", "yuvj420p":
		return src, yuv.C420, 8, nil
	case "yuv422p", "yuvj422p":
		return src, yuv.C422, 8, nil
	case "yuv444p", "yuvj444p":
		return src, yuv.C444, 8, nil
	case "yuv411p":
		return src, yuv.C411, 8, nil
	case "gray":
		return src, yuv.C400, 8, nil
	case "nv12", "nv21", "yuva420p":
		return "yuv420p", yuv.C420, 8, nil
	case "nv16", "yuyv422", "uyvy422", "yvyu422", "yuva422p":
		return "yuv422p", yuv.C422, 8, nil
	case "nv24", "nv42", "yuva444p":
		return "yuv444p", yuv.C444, 8, nil
	case "y210le", "y210be":
		return "yuv422p10le", yuv.C422, 10, nil
	}
	chromaOf := map[string]yuv.Chroma{"420": yuv.C420, "422": yuv.C422, "444": yuv.C444, "0": yuv.C420, "2": yuv.C422, "4": yuv.C444}
	if m := reHBD.FindStringSubmatch(src); m != nil {
		d, _ := strconv.Atoi(m[2])
		return "yuv" + m[1] + "p" + m[2] + "le", chromaOf[m[1]], d, nil
	}
	if m := reGray.FindStringSubmatch(src); m != nil {
		d, _ := strconv.Atoi(m[1])
		return "gray" + m[1] + "le", yuv.C400, d, nil
	}
	if m := rePlane.FindStringSubmatch(src); m != nil {
		d, _ := strconv.Atoi(m[2])
		sub := map[string]string{"0": "420", "2": "422", "4": "444"}[m[1]]
		return "yuv" + sub + "p" + m[2] + "le", chromaOf[m[1]], d, nil
	}
	if src == "" {
		return "", 0, 0, fmt.Errorf("ffprobe reports no pixel format (an undecodable stream?)")
	}
	return "", 0, 0, fmt.Errorf("pixel format %s is not planar YUV or grey (RGB and others are not measured; convert to YUV first)", src)
}

// firstResize is the index of the first decoded frame whose size differs
// from the first frame's, or -1 when none does. ffprobe decodes the file
// and lists each frame's size; it is stopped at the first change.
func firstResize(ctx context.Context, path string) (int, error) {
	ctx, cancel := context.WithTimeout(ctx, probeTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, "ffprobe", "-v", "error", "-select_streams", "v:0",
		"-show_entries", "frame=width,height", "-of", "compact=p=0:nk=1", "-i", fileURL(path))
	cmd.WaitDelay = time.Second
	ownGroup(cmd)
	out, err := cmd.StdoutPipe()
	if err != nil {
		return -1, err
	}
	if err := cmd.Start(); err != nil {
		return -1, err
	}
	done := make(chan struct{})
	dog := &watchdog{}
	go dog.run("ffprobe", cmd.Process.Pid, func() { cmd.Cancel() }, done)
	defer func() {
		cmd.Cancel()
		cmd.Wait()
		close(done)
	}()
	sc := bufio.NewScanner(out)
	first, i := "", 0
	for sc.Scan() {
		size := strings.TrimSuffix(strings.TrimSpace(sc.Text()), "|")
		if !reFrameSize.MatchString(size) {
			continue // a frame's side data
		}
		dog.touch()
		if first == "" {
			first = size
		} else if size != first {
			return i, nil
		}
		i++
	}
	return -1, sc.Err()
}

var reFrameSize = regexp.MustCompile(`^[0-9]+\|[0-9]+$`)

// packetIndex is the presentation order of a stream's frames, from its
// packets' timestamps, with the keyframes marked: what seeking needs.
type packetIndex struct {
	pts []int64 // sorted: pts[i] is frame i's timestamp
	key []bool  // key[i]: frame i is a keyframe
}

// buildIndex lists packets with ffprobe (demux only). It fails when
// timestamps are missing, and then the reader only decodes forward.
func buildIndex(ctx context.Context, path string) (*packetIndex, error) {
	ctx, cancel := context.WithTimeout(ctx, probeTimeout)
	defer cancel()
	out, stderr, err := runTool(ctx, "ffprobe", "-v", "error", "-select_streams", "v:0",
		"-show_entries", "packet=pts,flags", "-of", "csv=p=0", "-i", fileURL(path))
	if err != nil {
		return nil, fmt.Errorf("ffprobe cannot list packets: %s", toolError(err, stderr, path))
	}
	return parsePackets(out)
}

// parsePackets reads ffprobe's "pts,flags" lines into presentation order.
func parsePackets(out []byte) (*packetIndex, error) {
	type pkt struct {
		pts int64
		key bool
	}
	var pk []pkt
	for _, line := range strings.Split(string(out), "\n") {
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		ptsStr, flags, _ := strings.Cut(line, ",")
		v, err := strconv.ParseInt(ptsStr, 10, 64)
		if err != nil {
			return nil, fmt.Errorf("packet without a timestamp (%q)", clipString([]byte(line)))
		}
		if strings.Contains(flags, "D") { // discarded by the demuxer (edit lists)
			continue
		}
		pk = append(pk, pkt{v, strings.HasPrefix(flags, "K")})
	}
	if len(pk) == 0 {
		return nil, fmt.Errorf("no video packets")
	}
	sort.SliceStable(pk, func(i, j int) bool { return pk[i].pts < pk[j].pts })
	ix := &packetIndex{pts: make([]int64, len(pk)), key: make([]bool, len(pk))}
	for i, p := range pk {
		if i > 0 && p.pts == pk[i-1].pts {
			return nil, fmt.Errorf("two packets share timestamp %d", p.pts)
		}
		ix.pts[i], ix.key[i] = p.pts, p.key
	}
	return ix, nil
}

// keyframeBefore is the last keyframe at or before frame n.
func (ix *packetIndex) keyframeBefore(n int) int {
	for k := n; k > 0; k-- {
		if ix.key[k] {
			return k
		}
	}
	return 0
}
