package engine

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/bandscope/bandscope/engine/clip"
	"github.com/bandscope/bandscope/kernels/feature"
	"github.com/bandscope/bandscope/kernels/synth"
	"github.com/bandscope/bandscope/kernels/yuv"
)

func writeRaw(t testing.TB, path string, s synth.Spec, frames int) clip.RawOptions {
	t.Helper()
	b, err := synth.Raw(s, frames)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return clip.RawOptions{Width: s.Width, Height: s.Height, Chroma: s.Chroma, ChromaSet: true, BitDepth: s.BitDepth}
}

// TestSizeSweep: every small size either scores or is refused with a reason
// naming the size, for each feature below on every backend the host has, and
// never reads or writes outside a picture (the race detector and Go's bounds
// checks would turn that into a failure here).
func TestSizeSweep(t *testing.T) {
	dir := t.TempDir()
	var sizes [][2]int
	for _, n := range []int{1, 2, 3, 7, 16, 32, 33, 37} {
		sizes = append(sizes, [2]int{n, 216}, [2]int{216, n})
	}
	sizes = append(sizes, [2]int{1, 1}, [2]int{10, 10}, [2]int{215, 215}, [2]int{216, 216}, [2]int{217, 33})
	for _, b := range Backends() {
		if testing.Short() && b.Kind == "gpu" {
			continue // the GPU's own parity tests cover small sizes stage by stage
		}
		for _, sz := range sizes {
			for _, feat := range []string{"cambi", "adm", "vif", "cambi=full_ref=true"} {
				f := yuv.Format{Width: sz[0], Height: sz[1], Chroma: yuv.C420, BitDepth: 8}
				path := filepath.Join(dir, "c.yuv")
				raw := writeRaw(t, path, synth.Spec{Pattern: "diagramp", Format: f}, 1)
				sp, _ := feature.ParseSpec(feat)
				s, err := Open(context.Background(), Request{Distorted: path, Raw: raw, Features: []feature.Spec{sp}, Backend: b.ID})
				if err != nil {
					if errors.Is(err, ErrNotOnBackend) {
						continue
					}
					if !strings.Contains(err.Error(), "size") && !strings.Contains(err.Error(), "small") {
						t.Errorf("%s %s %dx%d: refused without naming the size: %v", b.ID, feat, sz[0], sz[1], err)
					}
					continue
				}
				_, err = s.Run(context.Background(), nil)
				s.Close()
				if err != nil {
					t.Errorf("%s %s %dx%d: accepted, then failed: %v", b.ID, feat, sz[0], sz[1], err)
				}
			}
		}
	}
}

// TestCancel: a cancelled run stops at the next frame and leaves no
// heatmap files, finished or partial.
func TestCancel(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "c.yuv")
	raw := writeRaw(t, path, synth.Spec{Pattern: "grad10", Format: yuv.Format{Width: 640, Height: 480, Chroma: yuv.C420, BitDepth: 10}}, 40)
	hdir := filepath.Join(dir, "heat")
	s, err := Open(context.Background(), Request{Distorted: path, Raw: raw,
		Features: []feature.Spec{{Name: "cambi", Opts: []feature.KV{{Key: "heatmaps_path", Value: hdir}}}}})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ctx, cancel := context.WithCancel(context.Background())
	var cancelled time.Time
	_, err = s.Run(ctx, func(p Progress) {
		if p.Done == 2 {
			cancelled = time.Now()
			cancel()
		}
	})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("Run = %v, want context.Canceled", err)
	}
	if d := time.Since(cancelled); d > time.Second {
		t.Errorf("stopped %v after the cancel", d)
	}
	entries, _ := os.ReadDir(hdir)
	for _, e := range entries {
		t.Errorf("left behind: %s", e.Name())
	}
}

// TestMemoryBounded scores a 1000-frame stream and checks the live heap
// does not grow with the frame count (beyond the per-frame scores kept).
func TestMemoryBounded(t *testing.T) {
	if testing.Short() {
		t.Skip("long: 1000 frames; runs in the full suite")
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "c.yuv")
	raw := writeRaw(t, path, synth.Spec{Pattern: "noise8", Format: yuv.Format{Width: 216, Height: 64, Chroma: yuv.C420, BitDepth: 8}}, 1000)
	s, err := Open(context.Background(), Request{Distorted: path, Raw: raw, Features: []feature.Spec{{Name: "cambi"}, {Name: "adm"}}})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	heap := func() uint64 {
		runtime.GC()
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		return m.HeapAlloc
	}
	var at100, at1000 uint64
	_, err = s.Run(context.Background(), func(p Progress) {
		switch p.Done {
		case 100:
			at100 = heap()
		case 1000:
			at1000 = heap()
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	// 900 more frames keep 900 small metric lists (~1 KB each at most).
	if at1000 > at100+2<<20 {
		t.Errorf("heap grew from %d to %d bytes over 900 frames", at100, at1000)
	}
	t.Logf("heap at frame 100: %d KB, at frame 1000: %d KB", at100>>10, at1000>>10)
}

// TestRefusalNamesClip: a feature's refusal of a clip's format (too small
// for its filters, a layout it cannot read) is an error about that clip: it
// names the file, whatever feature refused, and says which feature.
func TestRefusalNamesClip(t *testing.T) {
	dir := t.TempDir()
	cases := []struct {
		feat string
		f    yuv.Format
	}{
		{"cambi", yuv.Format{Width: 8, Height: 8, Chroma: yuv.C420, BitDepth: 10}},
		{"adm", yuv.Format{Width: 8, Height: 8, Chroma: yuv.C420, BitDepth: 8}},
		{"vif", yuv.Format{Width: 8, Height: 8, Chroma: yuv.C420, BitDepth: 8}},
		{"motion", yuv.Format{Width: 2, Height: 2, Chroma: yuv.C420, BitDepth: 8}},
		{"speed_chroma", yuv.Format{Width: 32, Height: 32, Chroma: yuv.C420, BitDepth: 8}},
		{"speed_chroma", yuv.Format{Width: 256, Height: 256, Chroma: yuv.C400, BitDepth: 8}},
	}
	for _, c := range cases {
		t.Run(fmt.Sprintf("%s/%dx%d/%v", c.feat, c.f.Width, c.f.Height, c.f.Chroma), func(t *testing.T) {
			path := filepath.Join(dir, fmt.Sprintf("%s-%d-%v.yuv", c.feat, c.f.Width, c.f.Chroma))
			raw := writeRaw(t, path, synth.Spec{Pattern: "diagramp", Format: c.f}, 1)
			sp, _ := feature.ParseSpec(c.feat)
			s, err := Open(context.Background(), Request{Distorted: path, Raw: raw, Features: []feature.Spec{sp}})
			if err == nil {
				s.Close()
				t.Fatal("accepted")
			}
			var ce *clip.Error
			if !errors.As(err, &ce) || ce.Path != path {
				t.Fatalf("%v: not an error about %s", err, path)
			}
			if !strings.Contains(err.Error(), c.feat) {
				t.Errorf("%v: does not name %s", err, c.feat)
			}
		})
	}
}

// TestRunOnce: a second Run of a Session is refused with a clear error,
// after a run that succeeded as after one that was cancelled (motion keeps
// a run's state; a second run would push frame 0 after the last).
func TestRunOnce(t *testing.T) {
	path := filepath.Join(t.TempDir(), "m.yuv")
	raw := writeRaw(t, path, synth.Spec{Pattern: "noise8", Format: yuv.Format{Width: 64, Height: 48, Chroma: yuv.C420, BitDepth: 8}}, 3)
	for _, cancelFirst := range []bool{false, true} {
		s, err := Open(context.Background(), Request{Distorted: path, Raw: raw, Features: []feature.Spec{{Name: "motion"}}})
		if err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithCancel(context.Background())
		if cancelFirst {
			cancel()
		}
		if _, err := s.Run(ctx, nil); (err != nil) != cancelFirst {
			t.Fatalf("first Run (cancelled %v): %v", cancelFirst, err)
		}
		cancel()
		if _, err := s.Run(context.Background(), nil); err == nil || !strings.Contains(err.Error(), "runs once") {
			t.Errorf("second Run (first cancelled %v): %v, want a refusal", cancelFirst, err)
		}
		s.Close()
	}
}

// TestFrameDuringRun: Session.Frame is refused (ErrRunning) while the
// session's Run is in progress, whose GPU uploads and temporal state it
// would disturb, and works again once the run is over.
func TestFrameDuringRun(t *testing.T) {
	path := filepath.Join(t.TempDir(), "m.yuv")
	raw := writeRaw(t, path, synth.Spec{Pattern: "noise8", Format: yuv.Format{Width: 64, Height: 48, Chroma: yuv.C420, BitDepth: 8}}, 3)
	s, err := Open(context.Background(), Request{Distorted: path, Raw: raw, Features: []feature.Spec{{Name: "motion"}}})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	var during []error
	if _, err := s.Run(context.Background(), func(Progress) {
		_, err := s.Frame(context.Background(), 0)
		during = append(during, err)
	}); err != nil {
		t.Fatal(err)
	}
	if len(during) == 0 {
		t.Fatal("no progress reported")
	}
	for _, err := range during {
		if !errors.Is(err, ErrRunning) {
			t.Errorf("Frame during Run: %v, want ErrRunning", err)
		}
	}
	if _, err := s.Frame(context.Background(), 1); err != nil {
		t.Errorf("Frame after Run: %v", err)
	}
}

// TestFormatBytes: sizes print with one decimal at most (--max-memory 1.5M
// is 1.5 MiB, not 2), in the largest unit they round to at least one of.
func TestFormatBytes(t *testing.T) {
	for n, want := range map[int64]string{
		1: "1 byte", 1023: "1023 bytes", 1024: "1 KiB", 1536: "1.5 KiB", 3 << 19: "1.5 MiB",
		8 << 30: "8 GiB", 3<<30 + 1<<29: "3.5 GiB", 2 << 40: "2 TiB", 1<<20 - 1: "1 MiB", 1<<20 - 60000: "965.4 KiB",
	} {
		if got := FormatBytes(n); got != want {
			t.Errorf("FormatBytes(%d) = %q, want %q", n, got, want)
		}
	}
}
