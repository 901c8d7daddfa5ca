package logs

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"encoding/xml"
	"errors"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/bandscope/bandscope/engine"
)

// MaxFrames bounds what a log may claim, so that a corrupt file cannot
// make the reader allocate without limit.
const MaxFrames = 1 << 20

// Parse reads a libvmaf log: each frame's metrics, by frame number (a
// frame the log lacks has none). The format is chosen by the content (JSON
// starts with "{", XML with "<", anything else is CSV), not by the name,
// since ffmpeg users often name logs .txt.
func Parse(data []byte) ([][]engine.Metric, error) {
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
func placeFrame(out [][]engine.Metric, n int, ms []engine.Metric) ([][]engine.Metric, error) {
	if n < 0 || n >= MaxFrames {
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

func parseJSONLog(data []byte) ([][]engine.Metric, error) {
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
	var out [][]engine.Metric
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

func parseXMLLog(data []byte) ([][]engine.Metric, error) {
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
	var out [][]engine.Metric
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
func parseCSVLog(data []byte) ([][]engine.Metric, error) {
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
	var out [][]engine.Metric
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
