package clip

import (
	"runtime"
	"testing"

	"github.com/bandscope/bandscope/kernels/synth"
	"github.com/bandscope/bandscope/kernels/yuv"
)

func heapInUse() uint64 {
	runtime.GC()
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}

// readAllHeap reads every frame and returns the heap after 100 frames and
// after the last: streaming readers hold the same memory at both.
func readAllHeap(t *testing.T, r Reader) (at100, atEnd uint64) {
	t.Helper()
	info := r.Info()
	pic := yuv.NewPicture(info.Format)
	for n := 0; n < info.Frames; n++ {
		if err := r.ReadFrame(n, pic); err != nil {
			t.Fatal(err)
		}
		if n == 99 {
			at100 = heapInUse()
		}
	}
	return at100, heapInUse()
}

// TestHeapFlatOverLongClip reads 1000-frame clips (one frame is 46 KB, the
// clip 46 MB) and checks the heap does not grow with the frame count.
func TestHeapFlatOverLongClip(t *testing.T) {
	if testing.Short() {
		t.Skip("skipped in -short: writes and reads 1000-frame clips")
	}
	const frames = 1000
	f := yuv.Format{Width: 160, Height: 96, Chroma: yuv.C420, BitDepth: 10}
	frame := int(planeBytes(f))
	type clip struct {
		name string
		open func() (Reader, error)
	}
	var b []byte
	var raw []byte
	b = append(b, "YUV4MPEG2 W160 H96 F25:1 C420p10\n"...)
	for n := 0; n < frames; n++ {
		p := testPicture(f, n%7)
		b = append(b, "FRAME\n"...)
		b = synth.AppendRaw(b, p)
		raw = synth.AppendRaw(raw, p)
	}
	y4m := writeFile(t, "long.y4m", b)
	yuvPath := writeFile(t, "long.yuv", raw)
	b, raw = nil, nil
	clips := []clip{
		{"y4m", func() (Reader, error) { return Open(y4m, RawOptions{}) }},
		{"yuv", func() (Reader, error) { return Open(yuvPath, rawOpts(160, 96, yuv.C420, 10)) }},
	}
	if ok, _ := FFmpegAvailable(); ok {
		mkv := encode(t, "long.mkv", frames, "-vf", "scale=160:96", "-pix_fmt", "yuv420p10le", "-c:v", "ffv1")
		clips = append(clips, clip{"ffmpeg", func() (Reader, error) { return Open(mkv, RawOptions{}) }})
	} else {
		t.Log("ffmpeg reader not measured: ffmpeg missing")
	}
	for _, c := range clips {
		r, err := c.open()
		if err != nil {
			t.Fatal(err)
		}
		if r.Info().Frames != frames {
			t.Fatalf("%s: %d frames", c.name, r.Info().Frames)
		}
		at100, atEnd := readAllHeap(t, r)
		r.Close()
		growth := int64(atEnd) - int64(at100)
		t.Logf("%s: heap %d B after 100 frames, %d B after %d (growth %d B; one frame is %d B)", c.name, at100, atEnd, frames, growth, frame)
		// Less than one frame of growth over 900 frames: nothing per frame
		// is kept.
		if growth > int64(frame) {
			t.Errorf("%s: heap grew %d B from frame 100 to %d", c.name, growth, frames)
		}
	}
}
