package ui

import (
	"bytes"
	"encoding/binary"
	"encoding/csv"
	"encoding/json"
	"encoding/xml"
	"errors"
	"fmt"
	"math"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/bandscope/bandscope/engine"
)

// Reading what other tools wrote: libvmaf's per-frame logs (its CLI's
// --json/--xml/--csv, and ffmpeg's libvmaf filter, which writes through the
// same library with log_fmt=json|xml|csv) and CAMBI's .gray heatmap dumps
// (heatmaps_path). A log's frames are bound to the clip's by frame number.

// maxLogFrames bounds what a log may claim, so that a corrupt file cannot
// make the reader allocate without limit.
const maxLogFrames = 1 << 20

// parseScoreLog reads a libvmaf log; the format is chosen by the content
// (JSON starts with "{", XML with "<", anything else is CSV), not by the
// name, since ffmpeg users often name logs .txt.
func parseScoreLog(data []byte) (keptScores, error) {
	t := bytes.TrimSpace(bytes.TrimPrefix(data, []byte("\xef\xbb\xbf")))
	switch {
	case len(t) == 0:
		return nil, errors.New("empty log")
	case t[0] == '{':
		return parseJSONLog(t)
	case t[0] == '<':
		return parseXMLLog(t)
	}
	return parseCSVLog(t)
}

// placeFrame puts a frame's metrics at its number, growing the list.
func placeFrame(out keptScores, n int, ms []engine.Metric) (keptScores, error) {
	if n < 0 || n >= maxLogFrames {
		return out, fmt.Errorf("frame number %d out of range", n)
	}
	for len(out) <= n {
		out = append(out, nil)
	}
	out[n] = append(out[n], ms...)
	return out, nil
}

// parseLogValue reads a number as printed by libvmaf (%.17g or %.6f);
// "null" (NaN or infinity in libvmaf's JSON) and "nan" are NaN.
func parseLogValue(s string) (float64, error) {
	s = strings.TrimSpace(s)
	if s == "null" || strings.EqualFold(s, "nan") || strings.EqualFold(s, "-nan") {
		return math.NaN(), nil
	}
	return strconv.ParseFloat(s, 64)
}

func parseJSONLog(data []byte) (keptScores, error) {
	var doc struct {
		Frames []struct {
			FrameNum *int                       `json:"frameNum"`
			Metrics  map[string]json.RawMessage `json:"metrics"`
		} `json:"frames"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		return nil, fmt.Errorf("libvmaf JSON log: %w", err)
	}
	if len(doc.Frames) == 0 {
		return nil, errors.New("libvmaf JSON log: no frames")
	}
	var out keptScores
	for k, f := range doc.Frames {
		n := k
		if f.FrameNum != nil {
			n = *f.FrameNum
		}
		names := make([]string, 0, len(f.Metrics))
		for name := range f.Metrics {
			names = append(names, name)
		}
		sort.Strings(names) // a JSON object has no order; keep one
		var ms []engine.Metric
		for _, name := range names {
			v, err := parseLogValue(string(f.Metrics[name]))
			if err != nil {
				return nil, fmt.Errorf("libvmaf JSON log: frame %d, %s: %w", n, name, err)
			}
			ms = append(ms, engine.Metric{Name: name, Value: v})
		}
		var err error
		if out, err = placeFrame(out, n, ms); err != nil {
			return nil, fmt.Errorf("libvmaf JSON log: %w", err)
		}
	}
	return out, nil
}

func parseXMLLog(data []byte) (keptScores, error) {
	var doc struct {
		Frames struct {
			Frame []struct {
				Attrs []xml.Attr `xml:",any,attr"`
			} `xml:"frame"`
		} `xml:"frames"`
	}
	if err := xml.Unmarshal(data, &doc); err != nil {
		return nil, fmt.Errorf("libvmaf XML log: %w", err)
	}
	if len(doc.Frames.Frame) == 0 {
		return nil, errors.New("libvmaf XML log: no frames")
	}
	var out keptScores
	for k, f := range doc.Frames.Frame {
		n := k
		var ms []engine.Metric
		for _, a := range f.Attrs {
			if a.Name.Local == "frameNum" {
				x, err := strconv.Atoi(a.Value)
				if err != nil {
					return nil, fmt.Errorf("libvmaf XML log: frameNum %q", a.Value)
				}
				n = x
				continue
			}
			v, err := parseLogValue(a.Value)
			if err != nil {
				return nil, fmt.Errorf("libvmaf XML log: frame %d, %s: %w", n, a.Name.Local, err)
			}
			ms = append(ms, engine.Metric{Name: a.Name.Local, Value: v})
		}
		var err error
		if out, err = placeFrame(out, n, ms); err != nil {
			return nil, fmt.Errorf("libvmaf XML log: %w", err)
		}
	}
	return out, nil
}

// parseCSVLog reads libvmaf's CSV: "Frame,name,...," then one row per
// frame, every line ending in a comma.
func parseCSVLog(data []byte) (keptScores, error) {
	r := csv.NewReader(bytes.NewReader(data))
	r.FieldsPerRecord = -1
	rows, err := r.ReadAll()
	if err != nil {
		return nil, fmt.Errorf("libvmaf CSV log: %w", err)
	}
	if len(rows) < 2 || len(rows[0]) < 2 || !strings.EqualFold(strings.TrimSpace(rows[0][0]), "frame") {
		return nil, errors.New("libvmaf CSV log: want a \"Frame,metric,...\" header and a row per frame")
	}
	head := rows[0]
	var out keptScores
	for _, row := range rows[1:] {
		if len(row) == 0 || (len(row) == 1 && strings.TrimSpace(row[0]) == "") {
			continue
		}
		n, err := strconv.Atoi(strings.TrimSpace(row[0]))
		if err != nil {
			// Bandscope's own CSV ends with summary rows: stop there.
			break
		}
		var ms []engine.Metric
		for c := 1; c < len(row) && c < len(head); c++ {
			name := strings.TrimSpace(head[c])
			if name == "" || strings.TrimSpace(row[c]) == "" {
				continue
			}
			v, err := parseLogValue(row[c])
			if err != nil {
				return nil, fmt.Errorf("libvmaf CSV log: frame %d, %s: %w", n, name, err)
			}
			ms = append(ms, engine.Metric{Name: name, Value: v})
		}
		if out, err = placeFrame(out, n, ms); err != nil {
			return nil, fmt.Errorf("libvmaf CSV log: %w", err)
		}
	}
	if len(out) == 0 {
		return nil, errors.New("libvmaf CSV log: no frames")
	}
	return out, nil
}

// grayName is libvmaf's name of a CAMBI heatmap dump.
var grayName = regexp.MustCompile(`cambi_heatmap_scale_(\d)_(\d+)x(\d+)_16b\.gray$`)

// parseGrayName reads the scale and size from a dump's file name.
func parseGrayName(path string) (scale, w, h int, ok bool) {
	m := grayName.FindStringSubmatch(filepath.Base(path))
	if m == nil {
		return 0, 0, 0, false
	}
	scale, _ = strconv.Atoi(m[1])
	w, err1 := strconv.Atoi(m[2])
	h, err2 := strconv.Atoi(m[3])
	if err1 != nil || err2 != nil || scale >= engine.CAMBIScales || w <= 0 || h <= 0 || w > 1<<15 || h > 1<<15 {
		return 0, 0, 0, false
	}
	return scale, w, h, true
}

// grayHeatmapLog is one scale's heatmap dump: every frame's w x h plane of
// 16-bit little-endian samples, one after the other.
type grayHeatmapLog struct {
	Path        string
	Scale, W, H int
	data        []byte
}

func parseGrayHeatmap(path string, data []byte) (*grayHeatmapLog, error) {
	scale, w, h, ok := parseGrayName(path)
	if !ok {
		return nil, fmt.Errorf("%s: not a CAMBI heatmap name (cambi_heatmap_scale_S_WxH_16b.gray)", filepath.Base(path))
	}
	if len(data) == 0 || len(data)%(2*w*h) != 0 {
		return nil, fmt.Errorf("%s: %d bytes is not a whole number of %dx%d 16-bit frames", filepath.Base(path), len(data), w, h)
	}
	return &grayHeatmapLog{Path: path, Scale: scale, W: w, H: h, data: data}, nil
}

// Frames is how many frames the dump holds.
func (g *grayHeatmapLog) Frames() int { return len(g.data) / (2 * g.W * g.H) }

// Frame gives frame n's samples, or nil past the end.
func (g *grayHeatmapLog) Frame(n int) []uint16 {
	if n < 0 || n >= g.Frames() {
		return nil
	}
	plane := g.data[n*2*g.W*g.H : (n+1)*2*g.W*g.H]
	out := make([]uint16, g.W*g.H)
	for k := range out {
		out[k] = binary.LittleEndian.Uint16(plane[2*k:])
	}
	return out
}

// metricCheck is one metric of a frame, the log's value against ours.
type metricCheck struct {
	Name      string
	Log, Ours float64
	HaveOurs  bool
}

// Same reports equal bits (NaN equals NaN).
func (c metricCheck) Same() bool { return c.HaveOurs && sameBits(c.Log, c.Ours) }

// checkFrame compares a log's metrics of a frame with ours. as renames a
// log key to ours where they differ: libvmaf's unnamed "vmaf" to the
// picked model it is (logModelKeys); the name shown says both.
func checkFrame(log, ours []engine.Metric, as map[string]string) []metricCheck {
	var out []metricCheck
	for _, m := range log {
		name, shown := m.Name, m.Name
		if o, ok := as[m.Name]; ok {
			name, shown = o, m.Name+" ("+o+")"
		}
		v, ok := findMetric(ours, name)
		out = append(out, metricCheck{Name: shown, Log: m.Value, Ours: v, HaveOurs: ok})
	}
	return out
}

// libvmafModelKey is the key libvmaf gives a model's score when --model
// has no name= (its CLI and ffmpeg's filter alike).
const libvmafModelKey = "vmaf"

// logKeySet is every metric key a log has on any frame.
func logKeySet(log ClipScores) map[string]bool {
	keys := map[string]bool{}
	for _, ms := range log.PerFrame() {
		for _, m := range ms {
			keys[m.Name] = true
		}
	}
	return keys
}

// logModelKeys says which key of a log holds each picked model's score
// (model name -> log key). A model's own name is its key (a log written
// with --model version=V:name=V, or one of Bandscope's exports). libvmaf's
// unnamed "vmaf" cannot say which model wrote it, so it is bound to one
// picked model the log has no named key for: the only one; else the only
// one whose inputs' keys the log all has (libvmaf writes a model's
// features beside its score); else the first picked. It is not guessed
// when every picked model has its own key.
func logModelKeys(log ClipScores, models []pickedModel) map[string]string {
	return logModelKeysFrom(logKeySet(log), models)
}

// logModelKeysFrom is logModelKeys from a log's keys.
func logModelKeysFrom(keys map[string]bool, models []pickedModel) map[string]string {
	out := map[string]string{}
	if len(models) == 0 {
		return out
	}
	var free []pickedModel
	for _, pm := range models {
		if keys[pm.M.Name] {
			out[pm.M.Name] = pm.M.Name
		} else {
			free = append(free, pm)
		}
	}
	if !keys[libvmafModelKey] || len(free) == 0 {
		return out
	}
	pick := free[0]
	if len(free) > 1 {
		var full []pickedModel
		for _, pm := range free {
			all := true
			for _, in := range pm.M.Inputs() {
				all = all && keys[in.Key]
			}
			if all {
				full = append(full, pm)
			}
		}
		if len(full) == 1 {
			pick = full[0]
		}
	}
	out[pick.M.Name] = libvmafModelKey
	return out
}

// logRenames inverts logModelKeys for checkFrame: log key -> our key,
// where they differ.
func logRenames(keys map[string]string) map[string]string {
	as := map[string]string{}
	for m, k := range keys {
		if m != k {
			as[k] = m
		}
	}
	return as
}

// checkHeatmap compares a dump's frame with c-values written as libvmaf
// writes them (grayHeatmap): how many samples have equal bits.
func checkHeatmap(g *grayHeatmapLog, n int, sc engine.CAMBIScale, maxLogContrast int) (same, total int, err error) {
	got := g.Frame(n)
	if got == nil {
		return 0, 0, fmt.Errorf("%s holds %d frames, not frame %d", filepath.Base(g.Path), g.Frames(), n)
	}
	if sc.Width != g.W || sc.Height != g.H {
		return 0, 0, fmt.Errorf("%s is %dx%d; scale %d here is %dx%d", filepath.Base(g.Path), g.W, g.H, g.Scale, sc.Width, sc.Height)
	}
	var b bytes.Buffer
	if err := grayHeatmap(&b, sc, maxLogContrast); err != nil {
		return 0, 0, err
	}
	ours := b.Bytes()
	for k := range got {
		if binary.LittleEndian.Uint16(ours[2*k:]) == got[k] {
			same++
		}
	}
	return same, len(got), nil
}
