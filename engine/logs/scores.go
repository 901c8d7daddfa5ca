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

// Log is a libvmaf log read back (Read): each frame's metrics by frame
// number (a frame the log lacks has none), and each value as the log
// printed it, so that a check can show it so and compare at its precision.
type Log struct {
	Frames [][]engine.Metric
	Text   [][]string // Text[f][k] is Frames[f][k]'s value as printed
	// Digits is the most significant digits any value was printed with:
	// 17 in a log printed with %.17g, about 6 to 10 in one printed with
	// libvmaf's default %.6f (Rounds).
	Digits int
}

// Rounds reports whether the log printed its values rounded (libvmaf's
// default %.6f), so that most cannot read back as the same float64: no
// value of it has the 16 or 17 significant digits a float64 needs.
func (l *Log) Rounds() bool { return l.Digits < 16 }

// Parse reads a libvmaf log's metrics (Read's Frames).
func Parse(data []byte) ([][]engine.Metric, error) {
	l, err := Read(data)
	if err != nil {
		return nil, err
	}
	return l.Frames, nil
}

// Read reads a libvmaf log. The format is chosen by the content (JSON
// starts with "{", XML with "<", anything else is CSV), not by the name,
// since ffmpeg users often name logs .txt.
func Read(data []byte) (*Log, error) {
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

// place puts a frame's metrics, with their printed values, at its number,
// growing the log.
func (l *Log) place(n int, ms []engine.Metric, text []string) error {
	if n < 0 || n >= MaxFrames {
		return fmt.Errorf("frame number %d out of range", n)
	}
	for len(l.Frames) <= n {
		l.Frames = append(l.Frames, nil)
		l.Text = append(l.Text, nil)
	}
	l.Frames[n] = append(l.Frames[n], ms...)
	l.Text[n] = append(l.Text[n], text...)
	for _, s := range text {
		l.Digits = max(l.Digits, significantDigits(s))
	}
	return nil
}

// significantDigits counts the digits of a printed number from its first
// non-zero one, without the exponent: "0.988169" has 6, "22.595663" 8.
func significantDigits(s string) int {
	n, lead := 0, true
	for _, c := range s {
		switch {
		case c == 'e' || c == 'E':
			return n
		case c == '0' && lead:
		case c >= '0' && c <= '9':
			lead = false
			n++
		}
	}
	return n
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

func parseJSONLog(data []byte) (*Log, error) {
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
	out := &Log{}
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
		var text []string
		for _, name := range names {
			s := strings.TrimSpace(string(f.Metrics[name]))
			v, err := parseLogValue(s)
			if err != nil {
				return nil, fmt.Errorf("libvmaf JSON log: frame %d, %s: %w", n, name, err)
			}
			ms = append(ms, engine.Metric{Name: name, Value: v})
			text = append(text, s)
		}
		if err := out.place(n, ms, text); err != nil {
			return nil, fmt.Errorf("libvmaf JSON log: %w", err)
		}
	}
	return out, nil
}

func parseXMLLog(data []byte) (*Log, error) {
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
	out := &Log{}
	for k, f := range doc.Frames.Frame {
		n := k
		var ms []engine.Metric
		var text []string
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
			text = append(text, strings.TrimSpace(a.Value))
		}
		if err := out.place(n, ms, text); err != nil {
			return nil, fmt.Errorf("libvmaf XML log: %w", err)
		}
	}
	return out, nil
}

// parseCSVLog reads libvmaf's CSV: "Frame,name,...," then one row per
// frame, every line ending in a comma.
func parseCSVLog(data []byte) (*Log, error) {
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
	out := &Log{}
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
		var text []string
		for c := 1; c < len(row) && c < len(head); c++ {
			name := strings.TrimSpace(head[c])
			s := strings.TrimSpace(row[c])
			if name == "" || s == "" {
				continue
			}
			v, err := parseLogValue(s)
			if err != nil {
				return nil, fmt.Errorf("libvmaf CSV log: frame %d, %s: %w", n, name, err)
			}
			ms = append(ms, engine.Metric{Name: name, Value: v})
			text = append(text, s)
		}
		if err := out.place(n, ms, text); err != nil {
			return nil, fmt.Errorf("libvmaf CSV log: %w", err)
		}
	}
	if len(out.Frames) == 0 {
		return nil, errors.New("libvmaf CSV log: no frames")
	}
	return out, nil
}
