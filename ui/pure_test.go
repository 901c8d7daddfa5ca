package ui

import (
	"bytes"
	"encoding/binary"
	"errors"
	"io"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/bandscope/bandscope/engine"
	"github.com/bandscope/bandscope/engine/clip"
	"github.com/bandscope/bandscope/engine/inspect"
	"github.com/bandscope/bandscope/engine/summary"
	"github.com/bandscope/bandscope/kernels/cambi"
	"github.com/bandscope/bandscope/kernels/feature"
	"github.com/bandscope/bandscope/kernels/yuv"
)

var rawNames = []struct {
	name     string
	want     clip.RawOptions
	complete bool
}{
	{"demo_dist_1280x720_8b420.yuv", clip.RawOptions{Width: 1280, Height: 720, Chroma: yuv.C420, ChromaSet: true, BitDepth: 8}, true},
	{"/x/clip_1920x1080_10b422.yuv", clip.RawOptions{Width: 1920, Height: 1080, Chroma: yuv.C422, ChromaSet: true, BitDepth: 10}, true},
	{"grad_1080p_8b_src.yuv", clip.RawOptions{Width: 1920, Height: 1080, Chroma: yuv.C420, BitDepth: 8}, true},
	{"ramp_2160p_10bit_444.yuv", clip.RawOptions{Width: 3840, Height: 2160, Chroma: yuv.C444, ChromaSet: true, BitDepth: 10}, true},
	{"src01_hrc00_576x324.yuv", clip.RawOptions{Width: 576, Height: 324, Chroma: yuv.C420, BitDepth: 8}, false},
	{"pal_576p_8b.yuv", clip.RawOptions{Width: 720, Height: 576, Chroma: yuv.C420, BitDepth: 8}, true},
	{"noname.yuv", clip.RawOptions{Chroma: yuv.C420, BitDepth: 8}, false},
	{"clip_640x480_16b400.yuv", clip.RawOptions{Width: 640, Height: 480, Chroma: yuv.C400, ChromaSet: true, BitDepth: 16}, true},
}

func TestGuessRaw(t *testing.T) {
	for _, c := range rawNames {
		got, complete := guessRaw(c.name)
		if got != c.want || complete != c.complete {
			t.Errorf("guessRaw(%q) = %+v, %v; want %+v, %v", c.name, got, complete, c.want, c.complete)
		}
	}
}

func FuzzGuessRaw(f *testing.F) {
	for _, c := range rawNames {
		f.Add(c.name)
	}
	f.Fuzz(func(t *testing.T, name string) {
		o, complete := guessRaw(name)
		if complete && (o.Width <= 0 || o.Height <= 0) {
			t.Fatalf("%q: complete with size %dx%d", name, o.Width, o.Height)
		}
		if o.BitDepth < 8 || o.BitDepth > 16 {
			t.Fatalf("%q: bit depth %d", name, o.BitDepth)
		}
	})
}

var rawForms = []struct {
	w, h, chroma, depth string
	err                 string
}{
	{"1920", "1080", "420", "10", ""},
	{" 64 ", "64", "444", "8", ""},
	{"0", "1080", "420", "8", "width"},
	{"1920", "x", "420", "8", "height"},
	{"1920", "1080", "411x", "8", "pixel format"},
	{"1920", "1080", "420", "", "bit depth"},
	{"1920", "1080", "420", "17", "bit depth"},
}

func TestRawFromForm(t *testing.T) {
	for _, c := range rawForms {
		_, err := rawFromForm(c.w, c.h, c.chroma, c.depth)
		if (err == nil) != (c.err == "") || (err != nil && !strings.Contains(err.Error(), c.err)) {
			t.Errorf("rawFromForm(%q, %q, %q, %q): %v, want error containing %q", c.w, c.h, c.chroma, c.depth, err, c.err)
		}
	}
}

func FuzzRawFromForm(f *testing.F) {
	for _, c := range rawForms {
		f.Add(c.w, c.h, c.chroma, c.depth)
	}
	f.Fuzz(func(t *testing.T, w, h, chroma, depth string) {
		o, err := rawFromForm(w, h, chroma, depth)
		if err == nil && (o.Width <= 0 || o.Height <= 0 || !o.ChromaSet || o.BitDepth < 8 || o.BitDepth > 16) {
			t.Fatalf("accepted %+v", o)
		}
	})
}

func TestWriteAtomic(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "out.txt")
	if err := writeAtomic(path, func(w io.Writer) error { _, err := io.WriteString(w, "hello"); return err }); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(path); string(b) != "hello" {
		t.Errorf("content %q", b)
	}
	// A failing writer leaves the old file and no temporary file.
	boom := errors.New("boom")
	if err := writeAtomic(path, func(w io.Writer) error { io.WriteString(w, "partial"); return boom }); !errors.Is(err, boom) {
		t.Fatalf("error %v", err)
	}
	if b, _ := os.ReadFile(path); string(b) != "hello" {
		t.Errorf("after a failed write: %q", b)
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 1 {
		t.Errorf("%d files left, want 1", len(ents))
	}
	if err := writeAtomic(filepath.Join(dir, "missing", "x"), func(io.Writer) error { return nil }); err == nil {
		t.Error("no error for a missing folder")
	}
}

func TestExports(t *testing.T) {
	eng := newFakeEngine()
	s, err := eng.Open(t.Context(), engine.Request{Distorted: fixtureDist, Features: bothFeatures})
	if err != nil {
		t.Fatal(err)
	}
	scores, err := s.Run(t.Context(), nil)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for _, name := range []string{"s.json", "s.csv"} {
		if err := exportScores(filepath.Join(dir, name), scoreRun{Scores: scores}); err != nil {
			t.Fatal(err)
		}
	}
	if err := exportScores(filepath.Join(dir, "s.txt"), scoreRun{Scores: scores}); err == nil {
		t.Error("no error for a .txt name")
	}
	if err := exportScores(filepath.Join(dir, "none.json"), scoreRun{}); err == nil {
		t.Error("no error without scores")
	}
	ss := [][]summary.Series{summary.Collect(scores.PerFrame(), isCAMBI, "")}
	for _, name := range []string{"p.png", "p.svg", "p.pdf"} {
		plots := []*figure{scorePlot("CAMBI", ss, 2, false), scorePlot("ADM", nil, 2, false)}
		if err := exportPlots(filepath.Join(dir, name), plots); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
	}
	head := map[string]string{"p.png": "\x89PNG", "p.svg": "<?xml", "p.pdf": "%PDF", "s.json": "{", "s.csv": "Frame,"}
	for name, h := range head {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil || !bytes.HasPrefix(b, []byte(h)) {
			t.Errorf("%s: starts %q, want %q (%v)", name, b[:min(len(b), 8)], h, err)
		}
	}
	fr, err := s.Frame(t.Context(), 0)
	if err != nil {
		t.Fatal(err)
	}
	names, err := exportMaps(dir, fr, colormaps[0], 2)
	if err != nil {
		t.Fatal(err)
	}
	if len(names) != 1+2*cambi.NumScales+1+engine.ADMScales*engine.ADMBands {
		t.Errorf("%d map files: %v", len(names), names)
	}
	ents, _ := os.ReadDir(dir)
	for _, e := range ents {
		if strings.Contains(e.Name(), ".tmp") {
			t.Errorf("temporary file left: %s", e.Name())
		}
	}
	// The .gray file: 16-bit little endian, c-value * 65535 / (4 * ws² / 4).
	sc := inspect.CAMBIOf(fr).Dist.Scales[1]
	b, err := os.ReadFile(filepath.Join(dir, "frame0_cambi_heatmap_scale_1_160x120_16b.gray"))
	if err != nil {
		t.Fatal(err)
	}
	if len(b) != 2*sc.Width*sc.Height {
		t.Fatalf(".gray is %d bytes, want %d", len(b), 2*sc.Width*sc.Height)
	}
	scaling := 65535 / float64(4*sc.Window*sc.Window/4)
	for k, c := range sc.CValues {
		if got, want := binary.LittleEndian.Uint16(b[2*k:]), uint16(scaling*float64(c)); got != want {
			t.Fatalf("sample %d: %d, want %d", k, got, want)
		}
	}
}

func TestCompareResults(t *testing.T) {
	eng := newFakeEngine()
	open := func(backend string) *engine.FrameResult {
		s, err := eng.Open(t.Context(), engine.Request{Distorted: fixtureDist, Backend: backend, Features: bothFeatures})
		if err != nil {
			t.Fatal(err)
		}
		fr, err := s.Frame(t.Context(), 1)
		if err != nil {
			t.Fatal(err)
		}
		return fr
	}
	a, b := open("cpu"), open("gpu:0")
	ds := inspect.CompareStages(a, b)
	if k := inspect.FirstDiff(ds); k >= 0 {
		t.Fatalf("identical runs differ at %s", ds[k].Name)
	}
	eng.differ.Store(true)
	b = open("gpu:0")
	ds = inspect.CompareStages(a, b)
	k := inspect.FirstDiff(ds)
	if k < 0 || ds[k].Name != "scale 2 c-values" || ds[k].Count != 1 || ds[k].MaxAbs != 0.25 {
		t.Fatalf("first difference %+v", ds[max(k, 0)])
	}
}

func TestColormaps(t *testing.T) {
	for _, c := range colormaps {
		if c.At(-1) != c.lut[0] || c.At(math.NaN()) != c.lut[0] || c.At(2) != c.lut[255] {
			t.Errorf("%s: clamping", c.Name)
		}
	}
	if colormapNamed("nope") != colormaps[0] || colormapNamed("inferno").Name != "inferno" {
		t.Error("colormapNamed")
	}
	if diffColor(0, 1) != (diffColor(0, 0)) || diffColor(1e-9, 1) == diffColor(0, 1) {
		t.Error("a tiny difference must not look like none")
	}
}

func TestFormatZoom(t *testing.T) {
	for z, want := range map[float64]string{1: "1:1", 4: "4:1", 0.5: "1:2", 0.25: "1:4", 1.5: "150%"} {
		if got := formatZoom(z); got != want {
			t.Errorf("formatZoom(%v) = %q, want %q", z, got, want)
		}
	}
}

func TestFrameTicks(t *testing.T) {
	for _, c := range []struct {
		lo, hi float64
		n      int
	}{{0, 5, 6}, {0, 19, 10}, {0, 999, 10}} {
		ts := frameTicks{}.Ticks(c.lo, c.hi)
		if len(ts) != c.n {
			t.Errorf("Ticks(%v, %v): %d ticks, want %d", c.lo, c.hi, len(ts), c.n)
		}
		for _, tk := range ts {
			if tk.Value != math.Trunc(tk.Value) {
				t.Errorf("tick at %v", tk.Value)
			}
		}
	}
}

var bothFeatures = []feature.Spec{{Name: "cambi"}, {Name: "adm"}}

// TestRoundTicks: ticks at round values whose labels say exactly where
// they are (the plot once labelled 0.875 as "0.88").
func TestRoundTicks(t *testing.T) {
	for _, c := range []struct {
		lo, hi float64
		want   []string
	}{
		{0.87, 0.98, []string{"0.88", "0.90", "0.92", "0.94", "0.96", "0.98"}},
		{0.85, 1, []string{"0.850", "0.875", "0.900", "0.925", "0.950", "0.975", "1.000"}},
		{18.2, 22.9, []string{"19", "20", "21", "22"}},
		{50, 380, []string{"50", "100", "150", "200", "250", "300", "350"}},
		{-0.01, 0.01, []string{"-0.010", "-0.005", "0.000", "0.005", "0.010"}},
		{-0.004, 0.03, []string{"0.000", "0.005", "0.010", "0.015", "0.020", "0.025", "0.030"}}, // -0 labelled 0
		{0.9999, 1.0001, []string{"0.99990", "0.99995", "1.00000", "1.00005", "1.00010"}},
	} {
		var got []string
		for _, tk := range (roundTicks{}).Ticks(c.lo, c.hi) {
			got = append(got, tk.Label)
			if v, err := strconv.ParseFloat(tk.Label, 64); err != nil || math.Abs(v-tk.Value) > 1e-9*math.Max(1, math.Abs(v)) {
				t.Errorf("tick %v labelled %q", tk.Value, tk.Label)
			}
		}
		if strings.Join(got, " ") != strings.Join(c.want, " ") {
			t.Errorf("Ticks(%v, %v) = %v, want %v", c.lo, c.hi, got, c.want)
		}
	}
	// A low plot holds fewer labels: at most max, still round.
	var got []string
	for _, tk := range (roundTicks{max: 3}).Ticks(0, 100) {
		got = append(got, tk.Label)
	}
	if strings.Join(got, " ") != "0 50 100" {
		t.Errorf("three ticks over 0-100: %v", got)
	}
	// A narrow frame axis: fewer frames labelled, at round steps.
	got = nil
	for _, tk := range (frameTicks{max: 4}).Ticks(-0.5, 19.5) {
		got = append(got, tk.Label)
	}
	if strings.Join(got, " ") != "0 5 10 15" {
		t.Errorf("a frame axis with room for four ticks: %v", got)
	}
}
