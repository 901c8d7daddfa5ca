package regions

import (
	"bytes"
	"fmt"
	"math"
	"strings"
	"testing"
)

// sampleReport is a report with two events, a gap, a cost and none.
func sampleReport(t testing.TB) *Report {
	t.Helper()
	a, b := Box{10, 10, 20, 10}, Box{60, 30, 30, 20}
	frames := repeat(8, a, b)
	frames[3] = []Box{b}
	r, _, err := searchFrames(1, 100, 60, frames)
	if err != nil {
		t.Fatal(err)
	}
	r.Events[0].VMAFCost = 1.25
	r.Reference = "ref \"x\".y4m"
	return r
}

func writeJSON(t testing.TB, r *Report) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := r.WriteJSON(&b); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestJSONRoundTrip: a report read back writes the same bytes, with every
// key the layout names, a null cost where there is none and null for no
// reference.
func TestJSONRoundTrip(t *testing.T) {
	r := sampleReport(t)
	out := writeJSON(t, r)
	for _, key := range []string{`"version": 1`, `"distorted": "dist.yuv"`, `"reference": "ref \"x\".y4m"`, `"width": 100`, `"height": 60`,
		`"frames": 8`, `"cambi": {"cambi_max_val": 1000, "enc_width": 0`, `"threshold": 1`, `"id": 1`, `"first_frame": 0`, `"last_frame": 7`,
		`"bbox": [60, 30, 30, 20]`, `"peak_cvalue": 2`, `"mean_cvalue": `, `"mean_cambi": 3.5`, `"vmaf_cost": 1.25`, `"vmaf_cost": null`,
		`{"frame": 3, "bbox": [10, 10, 20, 10], "area": 200, "mean_cvalue": 0, "max_cvalue": 0}`} {
		if !bytes.Contains(out, []byte(key)) {
			t.Errorf("no %s in\n%s", key, out)
		}
	}
	back, err := ReadJSON(bytes.NewReader(out))
	if err != nil {
		t.Fatal(err)
	}
	if again := writeJSON(t, back); !bytes.Equal(again, out) {
		t.Errorf("read back, it writes\n%s\nwant\n%s", again, out)
	}
	if err := back.WriteMask(&bytes.Buffer{}); err != ErrNoPixels {
		t.Errorf("WriteMask of a report read: %v, want ErrNoPixels", err)
	}
	r.Reference = ""
	if !bytes.Contains(writeJSON(t, r), []byte(`"reference": null`)) {
		t.Error("no reference: want null")
	}
}

// badReports are files ReadJSON refuses, each with what its error says.
var badReports = []struct{ name, edit, want string }{
	{"version", `"version": 2`, "version"},
	{"size", `"width": 0`, "size"},
	{"frames", `"frames": -1`, "frames"},
	{"threshold", `"threshold": 0`, "threshold"},
	{"unknown key", `"colour": 1, "version": 1`, "unknown field"},
	{"id", `"id": 2,`, "id"},
	{"last past the clip", `"last_frame": 9,`, "frames"},
	{"box", `"bbox": [60, 30, 50, 20]`, "bbox"},
	{"box overflow", `"bbox": [60, 30, 9223372036854775807, 20]`, "bbox"},
	{"hole", `{"frame": 3, "bbox"`, "frame"},
	{"option twice", `"cambi": {"topk": 1, "topk": 2,`, "twice"},
	{"truncated", ``, "unexpected EOF"},
}

// corrupt applies a bad report's edit to a good file: the edit's key (up
// to its colon) replaces the first of the file's lines that has it.
func corrupt(good []byte, edit string) []byte {
	if edit == "" {
		return good[:len(good)/2]
	}
	s := string(good)
	switch {
	case strings.HasPrefix(edit, `{"frame": 3`):
		return []byte(strings.Replace(s, `{"frame": 3, "bbox"`, `{"frame": 4, "bbox"`, 1))
	case strings.HasPrefix(edit, `"colour"`):
		return []byte(strings.Replace(s, `"version": 1`, edit, 1))
	case strings.HasPrefix(edit, `"cambi"`):
		return []byte(strings.Replace(s, `"cambi": {`, edit, 1))
	}
	key, _, _ := strings.Cut(edit, ":")
	i := strings.Index(s, key+":")
	j := i + strings.IndexAny(s[i:], ",\n")
	if strings.HasPrefix(edit, `"bbox"`) {
		j = i + strings.Index(s[i:], "]") + 1
	}
	return []byte(s[:i] + strings.TrimSuffix(edit, ",") + s[j:])
}

func TestReadJSONRefuses(t *testing.T) {
	good := writeJSON(t, sampleReport(t))
	for _, tc := range badReports {
		t.Run(tc.name, func(t *testing.T) {
			bad := corrupt(good, tc.edit)
			if bytes.Equal(bad, good) {
				t.Fatal("the edit changed nothing")
			}
			_, err := ReadJSON(bytes.NewReader(bad))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want one about %s", err, tc.want)
			}
		})
	}
}

// FuzzReadJSON: whatever ReadJSON accepts writes back to a file it reads
// the same, and nothing makes it panic.
func FuzzReadJSON(f *testing.F) {
	good := writeJSON(f, sampleReport(f))
	f.Add(good)
	for _, tc := range badReports {
		f.Add(corrupt(good, tc.edit))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		r, err := ReadJSON(bytes.NewReader(b))
		if err != nil {
			return
		}
		once := writeJSON(t, r)
		back, err := ReadJSON(bytes.NewReader(once))
		if err != nil {
			t.Fatalf("a report read writes a file it refuses: %v\n%s", err, once)
		}
		if twice := writeJSON(t, back); !bytes.Equal(once, twice) {
			t.Fatalf("written twice, it differs:\n%s\n%s", once, twice)
		}
	})
}

// TestMatch: events of two encodes pair by shared frames and area, as a
// fraction of each clip's size; what one has and the other does not is
// left unpaired.
func TestMatch(t *testing.T) {
	a := &Report{Width: 100, Height: 60, Events: []Event{
		{ID: 1, FirstFrame: 0, LastFrame: 9, BBox: Box{10, 10, 20, 10}},
		{ID: 2, FirstFrame: 20, LastFrame: 29, BBox: Box{60, 30, 30, 20}},
		{ID: 3, FirstFrame: 40, LastFrame: 45, BBox: Box{0, 0, 10, 10}},
	}}
	// B is at half the size: its boxes are A's halved.
	b := &Report{Width: 50, Height: 30, Events: []Event{
		{ID: 1, FirstFrame: 22, LastFrame: 30, BBox: Box{30, 15, 15, 10}},
		{ID: 2, FirstFrame: 2, LastFrame: 8, BBox: Box{5, 5, 10, 5}},
		{ID: 3, FirstFrame: 40, LastFrame: 45, BBox: Box{40, 20, 5, 5}},
	}}
	var got []string
	for _, p := range Match(a, b) {
		ids := [2]int{}
		if p.A != nil {
			ids[0] = p.A.ID
		}
		if p.B != nil {
			ids[1] = p.B.ID
		}
		got = append(got, fmt.Sprintf("%d:%d", ids[0], ids[1]))
	}
	if want := "1:2 2:1 3:0 0:3"; strings.Join(got, " ") != want {
		t.Errorf("pairs %q, want %q", strings.Join(got, " "), want)
	}
	if math.IsNaN(likeness(a, &a.Events[0], b, &b.Events[1])) {
		t.Error("likeness is NaN")
	}
}
