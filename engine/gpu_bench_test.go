package engine

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"github.com/bandscope/bandscope/engine/clip"
	"github.com/bandscope/bandscope/gpu"
	"github.com/bandscope/bandscope/kernels/synth"
	"github.com/bandscope/bandscope/kernels/yuv"
)

// BenchmarkGPURun times whole runs on the best GPU adapter ("gpu"): each
// model over a synthetic 10-bit 4:2:0 noise pair (reference != distorted)
// at 1080p and 4K, everything a `bandscope score --backend gpu` does after
// start-up (decoding, uploads, every feature, readbacks, the host's
// finishing, pooling, the model). It reports frames/s, and splits each
// frame's wall time into the host's waits for the device (wait-ms/frame:
// Device.Waited, the device's passes and each submission's round trip)
// and the rest (host-ms/frame: work on the run's critical path that no
// GPU makes faster). A run whose host-ms/frame is most of 1000/fps is
// held back by the host, not the GPU. The host's time is split too: on
// the run's critical path (path-host-ms/frame: the uploads' device
// copies, recording and readbacks of the one worker that drives the
// device), and beside it (read-ms/frame: decoding both clips, ahead of the
// worker; stage-ms/frame: filling the upload's stages, there too;
// finish-ms/frame: the host halves, while the next frame is on the
// device). With gpu.ProfileEnv set it logs the
// device time of every pass (timestamp queries).
//
//	go test ./engine -run '^$' -bench GPURun -benchtime 2x
func BenchmarkGPURun(b *testing.B) {
	var found bool
	for _, bi := range Backends() {
		found = found || bi.Kind == "gpu"
	}
	if !found {
		b.Skip("no GPU adapter")
	}
	dev, err := openDevice("gpu")
	if err != nil {
		b.Fatal(err)
	}
	b.Logf("adapter: %s", dev.Info().Name)
	for _, sz := range []struct{ w, h, frames int }{{1920, 1080, 16}, {3840, 2160, 8}} {
		dir := b.TempDir()
		ref, dist := filepath.Join(dir, "r.yuv"), filepath.Join(dir, "d.yuv")
		f := yuv.Format{Width: sz.w, Height: sz.h, Chroma: yuv.C420, BitDepth: 10}
		var raw clip.RawOptions
		written := false // the clips, written for the first sub-benchmark that runs
		for _, model := range []string{"vmaf_v1.0.16_3d0h", "vmaf_v0.6.1"} {
			b.Run(fmt.Sprintf("%dx%d/%s", sz.w, sz.h, model), func(b *testing.B) {
				if !written {
					raw = writeRaw(b, ref, synth.Spec{Pattern: "noise8", Format: f}, sz.frames)
					writeRaw(b, dist, synth.Spec{Pattern: "noise8", Format: f, Dist: true}, sz.frames)
					written = true
				}
				req := Request{Reference: ref, Distorted: dist, Raw: raw, Models: []string{"version=" + model}, Backend: "gpu"}
				dev.ResetProfile()
				runClock = new(stageClock)
				defer func() { runClock = nil }()
				var wall, waited time.Duration
				for i := 0; i < b.N; i++ {
					b.StopTimer()
					s, err := Open(context.Background(), req)
					if err != nil {
						b.Fatal(err)
					}
					w0, t0 := dev.Waited(), time.Now()
					b.StartTimer()
					if _, err := s.Run(context.Background(), nil); err != nil {
						b.Fatal(err)
					}
					b.StopTimer()
					wall += time.Since(t0)
					waited += dev.Waited() - w0
					s.Close()
				}
				n := float64(b.N * sz.frames)
				b.ReportMetric(n/wall.Seconds(), "frames/s")
				b.ReportMetric((wall-waited).Seconds()*1e3/n, "host-ms/frame")
				b.ReportMetric(waited.Seconds()*1e3/n, "wait-ms/frame")
				ms := func(i int) float64 { return float64(runClock[i].Load()) / 1e6 / n }
				// The workers' path: uploads and device halves, less the
				// waits (all of which happen there).
				b.ReportMetric(ms(clockDevice)-waited.Seconds()*1e3/n, "path-host-ms/frame")
				b.ReportMetric(ms(clockRead), "read-ms/frame")
				b.ReportMetric(ms(clockStage), "stage-ms/frame")
				b.ReportMetric(ms(clockFinish), "finish-ms/frame")
				b.ReportMetric(0, "ns/op")
				if pts, _ := dev.Profile(); pts != nil {
					b.Logf("device time per pass (%s set: every pass timed alone, the upload waited for):\n%s", gpu.ProfileEnv, gpu.FormatProfile(pts))
				}
			})
		}
	}
}
