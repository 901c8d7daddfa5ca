package motion

import (
	"fmt"
	"testing"

	"github.com/bandscope/bandscope/kernels/cpu"
	"github.com/bandscope/bandscope/kernels/feature"
	"github.com/bandscope/bandscope/kernels/yuv"
)

// TestSums feeds Sums the raw SADs of a clip, computed out of order as an
// engine's workers would, and compares every result with a Scorer's on
// the same pictures (fields, finality, order), for every option set that
// changes the temporal recipe and clip lengths around MinIndex.
func TestSums(t *testing.T) {
	for _, spec := range []string{"motion", "motion=motion_five_frame_window=true:motion_moving_average=true:motion_max_val=18",
		"motion=motion_moving_average=true", "motion=motion_five_frame_window=true", "motion=motion_force_zero=true",
		"motion=motion_blend_factor=0.5:motion_blend_offset=3:motion_fps_weight=2:debug=true"} {
		sp, _ := feature.ParseSpec(spec)
		opts := NewOptions()
		if err := opts.SetAll(sp.Opts); err != nil {
			t.Fatal(err)
		}
		for _, n := range []int{1, 2, 3, 4, 9} {
			c := clipSpec{"pan", 40, 20, 10, n}
			cfg, err := NewConfig(opts, c.W, c.H, c.BD)
			if err != nil {
				t.Fatal(err)
			}
			want := scoreClip(t, NewCPU(cfg, Options{Kernels: cpu.Scalar, Threads: 1}), n, func(i int) yuv.Plane { return clipFrame(c, i).Luma() }, false)
			f := NewFastSAD(cfg, Options{Kernels: cpu.Best(), Threads: 2})
			u := NewSums(cfg)
			raw := make([]uint64, n)
			for i := n - 1; i >= 0; i-- { // out of order
				if u.Needed(i) {
					raw[i] = f.SAD(clipFrame(c, u.Compared(i)).Luma(), clipFrame(c, i).Luma(), nil)
				}
			}
			var got []*FrameResult
			for i := 0; i < n; i++ {
				rs, err := u.Push(i, raw[i])
				if err != nil {
					t.Fatal(err)
				}
				wantFinal := 0
				if i >= cfg.MinIndex() {
					wantFinal = i - len(got)
				}
				if len(rs) != wantFinal {
					t.Errorf("%s n=%d: Push(%d) returned %d results, want %d", spec, n, i, len(rs), wantFinal)
				}
				got = append(got, rs...)
			}
			rs, err := u.Flush()
			if err != nil {
				t.Fatal(err)
			}
			got = append(got, rs...)
			if _, err := u.Push(n, 0); err == nil {
				t.Errorf("%s: Push after Flush succeeded", spec)
			}
			u.Close()
			if fmt.Sprintf("%+v", deref(got)) != fmt.Sprintf("%+v", deref(want)) {
				t.Errorf("%s n=%d: Sums\n%+v\nScorer\n%+v", spec, n, deref(got), deref(want))
			}
		}
	}
}

func deref(rs []*FrameResult) []FrameResult {
	out := make([]FrameResult, len(rs))
	for i, r := range rs {
		out[i] = *r
	}
	return out
}
