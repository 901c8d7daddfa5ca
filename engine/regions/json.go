package regions

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
)

// WriteJSON writes events.json: the clip, CAMBI's options as used, the
// threshold, and every event with each of its frames, one frame a line.
func (r *Report) WriteJSON(w io.Writer) error {
	b := bufio.NewWriter(w)
	fmt.Fprintf(b, "{\n  \"version\": %d,\n  \"distorted\": %s,\n  \"reference\": ", Version, jsonString(r.Distorted))
	if r.Reference == "" {
		b.WriteString("null")
	} else {
		b.WriteString(jsonString(r.Reference))
	}
	fmt.Fprintf(b, ",\n  \"width\": %d,\n  \"height\": %d,\n  \"frames\": %d,\n  \"cambi\": ", r.Width, r.Height, r.Frames)
	if err := r.CAMBI.write(b); err != nil {
		return err
	}
	fmt.Fprintf(b, ",\n  \"threshold\": %s,\n  \"events\": [", jsonNumber(r.Threshold))
	for k := range r.Events {
		e := &r.Events[k]
		if k > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(b, "\n    {\n      \"id\": %d,\n      \"first_frame\": %d,\n      \"last_frame\": %d,\n      \"bbox\": %s,\n",
			e.ID, e.FirstFrame, e.LastFrame, jsonBox(e.BBox))
		fmt.Fprintf(b, "      \"peak_cvalue\": %s,\n      \"mean_cvalue\": %s,\n      \"mean_cambi\": %s,\n      \"vmaf_cost\": %s,\n      \"frames\": [",
			jsonNumber(e.PeakCValue), jsonNumber(e.MeanCValue), jsonNumber(e.MeanCAMBI), jsonNumber(e.VMAFCost))
		for j, f := range e.Frames {
			if j > 0 {
				b.WriteString(",")
			}
			fmt.Fprintf(b, "\n        {\"frame\": %d, \"bbox\": %s, \"area\": %d, \"mean_cvalue\": %s, \"max_cvalue\": %s}",
				f.Frame, jsonBox(f.BBox), f.Area, jsonNumber(f.MeanCValue), jsonNumber(f.MaxCValue))
		}
		b.WriteString("\n      ]\n    }")
	}
	if len(r.Events) > 0 {
		b.WriteString("\n  ")
	}
	b.WriteString("]\n}\n")
	return b.Flush()
}

func jsonString(s string) string {
	out, _ := json.Marshal(s) // a string always marshals
	return string(out)
}

// jsonNumber is v's shortest exact text, null when it is not a number.
func jsonNumber(v float64) string {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return "null"
	}
	return strconv.FormatFloat(v, 'g', -1, 64)
}

func jsonBox(b Box) string { return fmt.Sprintf("[%d, %d, %d, %d]", b.X, b.Y, b.W, b.H) }

// write writes the options as a JSON object, in order.
func (ps Params) write(b *bufio.Writer) error {
	b.WriteString("{")
	for k, p := range ps {
		if k > 0 {
			b.WriteString(", ")
		}
		var v string
		switch x := p.Value.(type) {
		case bool:
			v = strconv.FormatBool(x)
		case int:
			v = strconv.Itoa(x)
		case float64:
			v = jsonNumber(x)
		case string:
			v = jsonString(x)
		case json.Number:
			v = x.String()
		default:
			return fmt.Errorf("regions: option %s has a value of type %T", p.Name, p.Value)
		}
		fmt.Fprintf(b, "%s: %s", jsonString(p.Name), v)
	}
	b.WriteString("}")
	return nil
}

// UnmarshalJSON reads the options object, keeping its order; numbers stay
// as written (json.Number).
func (ps *Params) UnmarshalJSON(data []byte) error {
	d := json.NewDecoder(bytes.NewReader(data))
	d.UseNumber()
	if t, err := d.Token(); err != nil || t != json.Delim('{') {
		return errors.New("cambi: want an object of options")
	}
	*ps = nil
	seen := map[string]bool{}
	for d.More() {
		t, err := d.Token()
		if err != nil {
			return err
		}
		name := t.(string) // an object's keys are strings
		if seen[name] {
			return fmt.Errorf("cambi: option %q given twice", name)
		}
		seen[name] = true
		var v any
		if err := d.Decode(&v); err != nil {
			return err
		}
		switch v.(type) {
		case bool, string, json.Number:
		default:
			return fmt.Errorf("cambi: option %q: want a number, a string or a boolean", name)
		}
		*ps = append(*ps, Param{name, v})
	}
	_, err := d.Token() // the closing brace
	return err
}

// num is a number that may be null (NaN).
type num float64

func (n *num) UnmarshalJSON(data []byte) error {
	if string(data) == "null" {
		*n = num(math.NaN())
		return nil
	}
	var v float64
	if err := json.Unmarshal(data, &v); err != nil {
		return err
	}
	*n = num(v)
	return nil
}

// The layout as read.
type (
	jsonReport struct {
		Version   *int        `json:"version"`
		Distorted string      `json:"distorted"`
		Reference *string     `json:"reference"`
		Width     int         `json:"width"`
		Height    int         `json:"height"`
		Frames    int         `json:"frames"`
		CAMBI     Params      `json:"cambi"`
		Threshold float64     `json:"threshold"`
		Events    []jsonEvent `json:"events"`
	}
	jsonEvent struct {
		ID         int         `json:"id"`
		FirstFrame int         `json:"first_frame"`
		LastFrame  int         `json:"last_frame"`
		BBox       []int       `json:"bbox"`
		PeakCValue num         `json:"peak_cvalue"`
		MeanCValue num         `json:"mean_cvalue"`
		MeanCAMBI  num         `json:"mean_cambi"`
		VMAFCost   num         `json:"vmaf_cost"`
		Frames     []jsonFrame `json:"frames"`
	}
	jsonFrame struct {
		Frame      int   `json:"frame"`
		BBox       []int `json:"bbox"`
		Area       int   `json:"area"`
		MeanCValue num   `json:"mean_cvalue"`
		MaxCValue  num   `json:"max_cvalue"`
	}
)

// maxReadFrames bounds the frames a read report may name, so that a
// hostile file cannot ask for a huge allocation.
const maxReadFrames = 1 << 24

// ReadJSON reads events.json as WriteJSON writes it, checking that it is
// whole and consistent: version 1, a positive size, events numbered from 1
// whose frames run without a hole from first_frame to last_frame within
// the clip, and boxes within the frame. A report read has no pixels
// (WriteMask refuses it).
func ReadJSON(rd io.Reader) (*Report, error) {
	var j jsonReport
	d := json.NewDecoder(rd)
	d.DisallowUnknownFields()
	if err := d.Decode(&j); err != nil {
		return nil, fmt.Errorf("events: %w", err)
	}
	if d.More() {
		return nil, errors.New("events: more data after the report")
	}
	switch {
	case j.Version == nil || *j.Version != Version:
		return nil, fmt.Errorf("events: want version %d", Version)
	case j.Width <= 0 || j.Height <= 0 || j.Width > 1<<16 || j.Height > 1<<16:
		return nil, fmt.Errorf("events: size %dx%d: want each side 1 to 65536", j.Width, j.Height)
	case j.Frames < 0 || j.Frames > maxReadFrames:
		return nil, fmt.Errorf("events: %d frames: want 0 to %d", j.Frames, maxReadFrames)
	case !(j.Threshold > 0) || math.IsInf(j.Threshold, 0):
		return nil, fmt.Errorf("events: threshold %g: want a positive number", j.Threshold)
	}
	r := &Report{Distorted: j.Distorted, Width: j.Width, Height: j.Height, Frames: j.Frames, CAMBI: j.CAMBI, Threshold: j.Threshold}
	if j.Reference != nil {
		r.Reference = *j.Reference
	}
	for k, je := range j.Events {
		e, err := r.readEvent(je)
		if err != nil {
			return nil, fmt.Errorf("events: event %d: %w", k+1, err)
		}
		if e.ID != k+1 {
			return nil, fmt.Errorf("events: event %d has id %d: want ids 1, 2, ... in order", k+1, e.ID)
		}
		r.Events = append(r.Events, e)
	}
	return r, nil
}

func (r *Report) readEvent(je jsonEvent) (Event, error) {
	e := Event{ID: je.ID, FirstFrame: je.FirstFrame, LastFrame: je.LastFrame,
		PeakCValue: float64(je.PeakCValue), MeanCValue: float64(je.MeanCValue), MeanCAMBI: float64(je.MeanCAMBI), VMAFCost: float64(je.VMAFCost)}
	if je.FirstFrame < 0 || je.LastFrame < je.FirstFrame || je.LastFrame >= r.Frames {
		return e, fmt.Errorf("frames %d to %d: want 0 <= first <= last < %d", je.FirstFrame, je.LastFrame, r.Frames)
	}
	var err error
	if e.BBox, err = r.readBox(je.BBox); err != nil {
		return e, err
	}
	if len(je.Frames) != e.Length() {
		return e, fmt.Errorf("%d frames listed for frames %d to %d", len(je.Frames), je.FirstFrame, je.LastFrame)
	}
	for k, jf := range je.Frames {
		f := EventFrame{Frame: jf.Frame, Area: jf.Area, MeanCValue: float64(jf.MeanCValue), MaxCValue: float64(jf.MaxCValue)}
		if jf.Frame != je.FirstFrame+k {
			return e, fmt.Errorf("frame %d listed where frame %d belongs", jf.Frame, je.FirstFrame+k)
		}
		if f.BBox, err = r.readBox(jf.BBox); err != nil {
			return e, fmt.Errorf("frame %d: %w", jf.Frame, err)
		}
		if jf.Area < 0 || jf.Area > f.BBox.Area() {
			return e, fmt.Errorf("frame %d: area %d outside its box's 0 to %d", jf.Frame, jf.Area, f.BBox.Area())
		}
		e.Frames = append(e.Frames, f)
	}
	return e, nil
}

// readBox reads [x, y, w, h] within the frame.
func (r *Report) readBox(v []int) (Box, error) {
	if len(v) != 4 {
		return Box{}, fmt.Errorf("bbox %v: want [x, y, w, h]", v)
	}
	b := Box{v[0], v[1], v[2], v[3]}
	if b.X < 0 || b.Y < 0 || b.W < 0 || b.H < 0 || b.X > r.Width || b.Y > r.Height || b.W > r.Width-b.X || b.H > r.Height-b.Y {
		return b, fmt.Errorf("bbox %v: want it within the %dx%d frame", v, r.Width, r.Height)
	}
	return b, nil
}
