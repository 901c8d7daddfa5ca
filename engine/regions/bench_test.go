package regions

import (
	"context"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/bandscope/bandscope/engine"
	"github.com/bandscope/bandscope/engine/clip"
	"github.com/bandscope/bandscope/kernels/golden"
)

// BenchmarkRegions times a search against the scoring run it adds to, on
// the corpus's real 1080p x264 banding encode (20 frames): "score" is
// `bandscope score --feature cambi`'s run (engine.Session.Run), "regions"
// the same run with the finder watching it (Find, writing the mask to
// nowhere), "pool-last" the scoring run handing scale 0's rows to a reader
// that reads nothing (what pooling scale 0 last costs, without the
// search's arithmetic). Each reports wall and CPU milliseconds a frame
// (user+system, every thread, which stays meaningful on a shared
// machine); regions' goal is at most 10% over score.
//
//	go test ./engine/regions -run '^$' -bench Regions -count 5
func BenchmarkRegions(b *testing.B) {
	req := benchRequest(b)
	ctx := context.Background()
	runs := map[string]func() (int, error){
		"score": func() (int, error) { return runFrames(ctx, req) },
		"pool-last": func() (int, error) {
			r := req
			r.Watch = &engine.Watch{CAMBIRows: idleRows{}, Scored: func(*engine.FrameResult) (any, error) { return nil, nil }}
			return runFrames(ctx, r)
		},
		"regions": func() (int, error) {
			r, _, err := Find(ctx, req, Options{Masks: discard{}}, nil)
			if err != nil {
				return 0, err
			}
			return r.Frames, nil
		},
	}
	for _, name := range []string{"score", "pool-last", "regions"} {
		b.Run(name, func(b *testing.B) {
			frames := 0
			cpu0, wall0 := cpuTime(), time.Now()
			for range b.N {
				n, err := runs[name]()
				if err != nil {
					b.Fatal(err)
				}
				frames += n
			}
			ms := func(d time.Duration) float64 { return float64(d) / 1e6 / float64(frames) }
			b.ReportMetric(ms(time.Since(wall0)), "wall-ms/frame")
			b.ReportMetric(ms(cpuTime()-cpu0), "cpu-ms/frame")
		})
	}
}

// runFrames runs req whole and returns the frames it scored.
func runFrames(ctx context.Context, req engine.Request) (int, error) {
	s, err := engine.Open(ctx, req)
	if err != nil {
		return 0, err
	}
	defer s.Close()
	res, err := s.Run(ctx, nil)
	if err != nil {
		return 0, err
	}
	return len(res.Frames), nil
}

// idleRows is a row reader that reads nothing.
type idleRows struct{}

func (idleRows) Begin(*engine.CAMBIPicture, int) engine.CAMBIPictureRows { return idleRows{} }
func (idleRows) Rows(int, int, int)                                      {}

type discard struct{}

func (discard) Write(b []byte) (int, error) { return len(b), nil }

// cpuTime is the process's user and system time so far.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkExtract times finding one frame's regions (Extract) on frame 10
// of the same encode, which bands over most of the frame: the search's
// own work per frame, without the scoring it watches (wall and CPU time,
// which stays meaningful on a shared machine).
//
//	go test ./engine/regions -run '^$' -bench Extract -count 5
func BenchmarkExtract(b *testing.B) {
	req := benchRequest(b)
	s, err := engine.Open(context.Background(), req)
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	fr, err := s.Frame(context.Background(), 10)
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	cpu0 := cpuTime()
	for range b.N {
		if _, err := Extract(fr, DefaultThreshold); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(cpuTime()-cpu0)/1e6/float64(b.N), "cpu-ms/op")
}

// benchRequest is CAMBI at its defaults on the corpus's real 1080p x264
// banding encode (20 frames).
func benchRequest(b *testing.B) engine.Request {
	raw, err := golden.RawClip("grad_1080p_8b_x264crf40.yuv")
	if err != nil {
		b.Skip(err)
	}
	path := filepath.Join(b.TempDir(), "dist.yuv")
	if err := os.WriteFile(path, raw, 0o644); err != nil {
		b.Fatal(err)
	}
	return engine.Request{Distorted: path, Features: []engine.Spec{{Name: "cambi"}},
		Raw: clip.RawOptions{Width: 1920, Height: 1080, Chroma: engine.C420, ChromaSet: true, BitDepth: 8}}
}
