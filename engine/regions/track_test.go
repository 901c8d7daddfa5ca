package regions

import (
	"bytes"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/bandscope/bandscope/engine"
)

// testSource is a 100x60 clip at 24 fps.
func testSource() Source {
	return Source{Distorted: "dist.yuv", Width: 100, Height: 60, FrameRate: [2]int{24, 1}, CAMBI: cambiDefaults()}
}

// boxFrame is frame n of a cw x ch CAMBI picture with one region per box,
// every pixel of c-value 1.5 but the top-left one, 2.
func boxFrame(n, cw, ch int, boxes ...Box) Frame {
	f := Frame{N: n, CAMBI: float64(n), Width: cw, Height: ch, Window: 4}
	for _, b := range boxes {
		r := Region{Box: b, Area: b.Area(), Sum: 1.5*float64(b.Area()) + 0.5, Max: 2}
		for y := b.Y; y < b.Y+b.H; y++ {
			r.spans = append(r.spans, span{int32(y), int32(b.X), int32(b.X + b.W)})
		}
		f.Regions = append(f.Regions, r)
	}
	return f
}

// search links frames (nil: a frame with no region) with a finder at the
// clip's own size, cw x ch for CAMBI, keeping pixels; it returns the
// report and the streamed mask.
func search(t *testing.T, minFrames, cw, ch int, frames [][]Box) (*Report, []byte) {
	t.Helper()
	r, mask, err := searchFrames(minFrames, cw, ch, frames)
	if err != nil {
		t.Fatal(err)
	}
	return r, mask
}

func searchFrames(minFrames, cw, ch int, frames [][]Box) (*Report, []byte, error) {
	var mask bytes.Buffer
	f, err := NewFinder(Options{MinFrames: minFrames, Masks: &mask, KeepPixels: true})
	if err != nil {
		return nil, nil, err
	}
	if err := f.Start(testSource()); err != nil {
		return nil, nil, err
	}
	for n, boxes := range frames {
		if err := f.add(boxFrame(n, cw, ch, boxes...), math.NaN()); err != nil {
			return nil, nil, err
		}
	}
	r, err := f.Finish(nil)
	return r, mask.Bytes(), err
}

func cambiDefaults() *engine.Options {
	def, _ := engine.LookupFeature("cambi")
	return def.Options()
}

// spans is a summary of the events: "first-last" each, in order.
func spansOf(r *Report) string {
	var s []string
	for _, e := range r.Events {
		s = append(s, fmt.Sprintf("%d-%d", e.FirstFrame, e.LastFrame))
	}
	return strings.Join(s, " ")
}

func repeat(n int, boxes ...Box) [][]Box {
	out := make([][]Box, n)
	for i := range out {
		out[i] = boxes
	}
	return out
}

// TestLinking: regions link by overlap, through gaps of up to MaxGap
// frames and slow motion; longer gaps split an event, events shorter than
// MinFrames are dropped, and two regions apart are two events.
func TestLinking(t *testing.T) {
	a, b := Box{10, 10, 20, 10}, Box{60, 30, 30, 20}
	gap := func(frames [][]Box, from, to int) [][]Box {
		for k := from; k <= to; k++ {
			frames[k] = nil
		}
		return frames
	}
	moving := make([][]Box, 12)
	for k := range moving {
		moving[k] = []Box{{5 + 3*k, 5 + k, 20, 12}}
	}
	for _, tc := range []struct {
		name      string
		minFrames int
		frames    [][]Box
		want      string
	}{
		{"static", 1, repeat(8, a), "0-7"},
		{"gap of one", 1, gap(repeat(10, a), 4, 4), "0-9"},
		{"gap of two", 1, gap(repeat(10, a), 4, 5), "0-9"},
		{"gap of three splits", 1, gap(repeat(10, a), 4, 6), "0-3 7-9"},
		{"flicker dropped", 3, gap(repeat(10, a), 2, 6), "7-9"},
		{"flicker kept", 1, gap(repeat(10, a), 2, 6), "7-9 0-1"},
		{"moving", 3, moving, "0-11"},
		{"two at once", 1, repeat(6, a, b), "0-5 0-5"},
		{"none", 1, repeat(5), ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, _ := search(t, tc.minFrames, 100, 60, tc.frames)
			if got := spansOf(r); got != tc.want {
				t.Errorf("events %q, want %q", got, tc.want)
			}
			for k := 1; k < len(r.Events); k++ {
				if r.Severity(&r.Events[k]) > r.Severity(&r.Events[k-1]) {
					t.Errorf("event %d is more severe than event %d", k+1, k)
				}
			}
		})
	}
}

// TestGapHeld: on a gap's frames the region last found holds its place,
// in the frames list (c-values 0) and in the mask.
func TestGapHeld(t *testing.T) {
	a := Box{10, 10, 20, 10}
	frames := repeat(6, a)
	frames[2], frames[3] = nil, nil
	r, mask := search(t, 1, 100, 60, frames)
	if len(r.Events) != 1 {
		t.Fatalf("events %s", spansOf(r))
	}
	e := r.Events[0]
	for _, f := range e.Frames {
		held := f.Frame == 2 || f.Frame == 3
		if f.BBox != a || f.Area != a.Area() || (f.MeanCValue == 0) != held {
			t.Errorf("frame %+v", f)
		}
	}
	frames4 := decodeMask(t, mask, 100, 60)
	for n, pix := range frames4 {
		if got := count255(pix); got != a.Area() {
			t.Errorf("mask frame %d: %d pixels, want %d", n, got, a.Area())
		}
	}
	if e.PeakCValue != 2 || e.MeanCValue != (1.5*200+0.5)/200 || e.MeanCAMBI != 2.5 || !math.IsNaN(e.VMAFCost) {
		t.Errorf("event %+v", e)
	}
}

// TestSplit: a region that splits in two stays one event; its frame's
// box holds both parts and its area is theirs together.
func TestSplit(t *testing.T) {
	whole, left, right := Box{10, 10, 40, 10}, Box{10, 10, 15, 10}, Box{35, 10, 15, 10}
	r, _ := search(t, 1, 100, 60, [][]Box{{whole}, {whole}, {left, right}, {left, right}})
	if len(r.Events) != 1 {
		t.Fatalf("events %s", spansOf(r))
	}
	if f := r.Events[0].Frames[3]; f.BBox != whole || f.Area != 300 {
		t.Errorf("split frame %+v", f)
	}
}

// TestGeometry: at another size than CAMBI's, every event frame's box and
// area are those of its mask pixels, and the streamed mask equals the one
// written from the kept pixels.
func TestGeometry(t *testing.T) {
	frames := [][]Box{{{3, 2, 7, 5}}, {{4, 2, 7, 6}, {20, 10, 3, 3}}, {{5, 3, 7, 6}, {20, 11, 3, 3}}, {{21, 11, 3, 3}}}
	r, mask := search(t, 1, 33, 23, frames) // 100x60 from 33x23
	var again bytes.Buffer
	if err := r.WriteMask(&again); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(mask, again.Bytes()) {
		t.Fatal("the streamed mask differs from WriteMask's")
	}
	pics := decodeMask(t, mask, 100, 60)
	if len(pics) != len(frames) {
		t.Fatalf("%d mask frames, want %d", len(pics), len(frames))
	}
	for _, e := range r.Events {
		for _, f := range e.Frames {
			// One event per frame here but for frame 2: check each alone.
			box, n := Box{}, 0
			pix := pics[f.Frame]
			for y := 0; y < 60; y++ {
				for x := 0; x < 100; x++ {
					if pix[y*100+x] == 255 && f.BBox.Intersect(Box{x, y, 1, 1}).Area() == 1 {
						box = box.Union(Box{x, y, 1, 1})
						n++
					}
				}
			}
			if box != f.BBox || n != f.Area {
				t.Errorf("event %d frame %d: box %v area %d, mask %v %d", e.ID, f.Frame, f.BBox, f.Area, box, n)
			}
		}
	}
}

func decodeMask(t *testing.T, b []byte, w, h int) [][]byte {
	t.Helper()
	head, rest, ok := bytes.Cut(b, []byte("\n"))
	if want := fmt.Sprintf("YUV4MPEG2 W%d H%d F24:1 Ip A1:1 Cmono", w, h); !ok || string(head) != want {
		t.Fatalf("header %q, want %q", head, want)
	}
	var out [][]byte
	for len(rest) > 0 {
		if !bytes.HasPrefix(rest, []byte("FRAME\n")) || len(rest) < 6+w*h {
			t.Fatalf("frame %d: bad frame", len(out))
		}
		out = append(out, rest[6:6+w*h])
		rest = rest[6+w*h:]
	}
	return out
}

func count255(pix []byte) int {
	n := 0
	for _, v := range pix {
		switch v {
		case 255:
			n++
		case 0:
		default:
			return -1
		}
	}
	return n
}
