package motion

import (
	"math"
	"strings"
	"testing"

	"github.com/bandscope/bandscope/kernels/feature"
	"github.com/bandscope/bandscope/kernels/yuv"
)

// TestTinyFrames: frames below 3x3 are refused with an error that names
// motion, the minimum and the size; 3x3 and up score (TestLibvmaf compares
// 3x3, 3x9, 9x3, 4x4, 5x7 and 17x3 with libvmaf).
func TestTinyFrames(t *testing.T) {
	for _, s := range [][2]int{{0, 0}, {1, 1}, {2, 2}, {1, 64}, {64, 2}, {2, 3}, {-1, 5}} {
		_, err := NewConfig(nil, s[0], s[1], 8)
		if err == nil {
			t.Fatalf("%dx%d: no error", s[0], s[1])
		}
		for _, want := range []string{"motion", "at least 3"} {
			if !strings.Contains(err.Error(), want) {
				t.Errorf("%dx%d: error %q does not mention %q", s[0], s[1], err, want)
			}
		}
	}
	for _, bd := range []int{7, 17, 0} {
		if _, err := NewConfig(nil, 16, 16, bd); err == nil {
			t.Errorf("bit depth %d: no error", bd)
		}
	}
	cfg, err := NewConfig(nil, 3, 3, 16)
	if err != nil {
		t.Fatal(err)
	}
	pics := []yuv.Plane{randPlane(3, 3, 16, 1, true), randPlane(3, 3, 16, 2, true)}
	for _, s := range scorers(cfg) {
		rs := scoreClip(t, s.s, 2, func(i int) yuv.Plane { return pics[i] }, true)
		if rs[1].RawSAD == 0 {
			t.Errorf("%s: 3x3 extreme frames score 0", s.name)
		}
	}
}

// TestPushErrors: bad input gets an error, never a panic.
func TestPushErrors(t *testing.T) {
	cfg, err := NewConfig(nil, 16, 8, 10)
	if err != nil {
		t.Fatal(err)
	}
	good := randPlane(16, 8, 10, 1, false)
	for _, ns := range scorers(cfg) {
		s := ns.s
		if _, err := s.Push(1, good, false); err == nil {
			t.Errorf("%s: frame 1 first: no error", ns.name)
		}
		if _, err := s.Push(0, randPlane(15, 8, 10, 1, false), false); err == nil {
			t.Errorf("%s: wrong size: no error", ns.name)
		}
		short := good
		short.Pix = short.Pix[:20]
		if _, err := s.Push(0, short, false); err == nil {
			t.Errorf("%s: short plane: no error", ns.name)
		}
		if _, err := s.Push(0, randPlane(16, 8, 12, 1, true), false); err == nil || !strings.Contains(err.Error(), "out of range") {
			t.Errorf("%s: 12-bit samples in a 10-bit clip: %v", ns.name, err)
		}
		if _, err := s.Push(0, good, false); err != nil {
			t.Fatalf("%s: %v", ns.name, err)
		}
		if rs, err := s.Flush(); err != nil || len(rs) != 1 {
			t.Fatalf("%s: flush: %v, %d results", ns.name, err, len(rs))
		}
		if _, err := s.Push(1, good, false); err == nil {
			t.Errorf("%s: Push after Flush: no error", ns.name)
		}
		s.Close()
		if _, err := s.Flush(); err == nil {
			t.Errorf("%s: Flush after Close: no error", ns.name)
		}
	}
}

// TestFinality: Push returns frame i as soon as frame i+1 (and frame
// MinIndex) is in, and those results never change at Flush.
func TestFinality(t *testing.T) {
	for _, spec := range []string{"motion", "motion=motion_five_frame_window=true:motion_moving_average=true", "motion=motion_moving_average=true"} {
		sp, _ := feature.ParseSpec(spec)
		opts := NewOptions()
		if err := opts.SetAll(sp.Opts); err != nil {
			t.Fatal(err)
		}
		cfg, err := NewConfig(opts, 24, 20, 8)
		if err != nil {
			t.Fatal(err)
		}
		c := clipSpec{"pan", 24, 20, 8, 9}
		s := New(cfg)
		var got []*FrameResult
		for k := 0; k < c.N; k++ {
			rs, err := s.Push(k, clipFrame(c, k).Luma(), false)
			if err != nil {
				t.Fatal(err)
			}
			want := 0
			if k >= cfg.MinIndex() {
				want = k - len(got)
			}
			if len(rs) != want {
				t.Errorf("%s: Push(%d) returned %d results, want %d", spec, k, len(rs), want)
			}
			got = append(got, rs...)
		}
		rs, _ := s.Flush()
		got = append(got, rs...)
		// The same clip scored at once from its SADs agrees.
		sads := make([]float64, len(got))
		for i, r := range got {
			sads[i] = r.SAD
		}
		for i, r := range got {
			m2, m3 := cfg.At(i, len(got), func(j int) float64 { return sads[j] })
			if math.Float64bits(m2) != math.Float64bits(r.Motion2) || math.Float64bits(m3) != math.Float64bits(r.Motion3) {
				t.Errorf("%s frame %d: streamed %v %v, At %v %v", spec, i, r.Motion2, r.Motion3, m2, m3)
			}
		}
	}
}

// TestRandomAccess scores single frames the way the inspector does: the
// pictures Window names, their SADs, then At; it must match the streamed
// clip for every frame, option set and clip length.
func TestRandomAccess(t *testing.T) {
	for _, spec := range []string{"motion", "motion=motion_five_frame_window=true:motion_moving_average=true:motion_max_val=18",
		"motion=motion_moving_average=true", "motion=motion_five_frame_window=true", "motion=motion_force_zero=true"} {
		sp, _ := feature.ParseSpec(spec)
		opts := NewOptions()
		if err := opts.SetAll(sp.Opts); err != nil {
			t.Fatal(err)
		}
		for _, n := range []int{1, 2, 3, 4, 9} {
			c := clipSpec{"pan", 24, 20, 10, n}
			cfg, err := NewConfig(opts, c.W, c.H, c.BD)
			if err != nil {
				t.Fatal(err)
			}
			want := scoreClip(t, New(cfg), n, func(i int) yuv.Plane { return clipFrame(c, i).Luma() }, false)
			for i := 0; i < n; i++ {
				lo, hi := cfg.Window(i, n)
				if !cfg.ForceZero && (hi > max(i+1, cfg.MinIndex()) || (i >= cfg.MinIndex()+2 && lo < i-2*cfg.Stride())) {
					t.Errorf("%s n=%d frame %d: Window [%d, %d] is wider than documented", spec, n, i, lo, hi)
				}
				pics := map[int]yuv.Plane{}
				for j := max(lo, 0); j <= hi; j++ {
					pics[j] = clipFrame(c, j).Luma()
				}
				sad := func(j int) float64 {
					if j < cfg.MinIndex() || cfg.ForceZero {
						return 0
					}
					prev, ok1 := pics[j-cfg.Stride()]
					cur, ok2 := pics[j]
					if !ok1 || !ok2 {
						t.Fatalf("%s n=%d frame %d: At read SAD %d outside Window [%d, %d]", spec, n, i, j, lo, hi)
					}
					return cfg.Score(SAD(prev, cur, cfg.BitDepth, nil, nil))
				}
				m2, m3 := cfg.At(i, n, sad)
				if math.Float64bits(m2) != math.Float64bits(want[i].Motion2) || math.Float64bits(m3) != math.Float64bits(want[i].Motion3) ||
					math.Float64bits(sad(i)) != math.Float64bits(want[i].SAD) {
					t.Errorf("%s n=%d frame %d: random access %v %v, clip %v %v", spec, n, i, m2, m3, want[i].Motion2, want[i].Motion3)
				}
			}
		}
	}
}

// TestOptionTable pins the table against integer_motion.c: names,
// aliases, defaults, ranges and which options name the metrics.
func TestOptionTable(t *testing.T) {
	want := []struct {
		name, alias string
		def         any
		min, max    float64
		param       bool
	}{
		{"motion_force_zero", "force_0", false, 0, 0, true},
		{"motion_blend_factor", "mbf", 1.0, 0, 1, true},
		{"motion_blend_offset", "mbo", 40.0, 0, 1000, true},
		{"motion_fps_weight", "mfw", 1.0, 0, 5, true},
		{"motion_max_val", "mmxv", 10000.0, 0, 10000, true},
		{"motion_five_frame_window", "mffw", false, 0, 0, true},
		{"motion_moving_average", "mma", false, 0, 0, true},
		{"debug", "", false, 0, 0, false},
	}
	if len(OptionTable) != len(want) {
		t.Fatalf("%d options, want %d", len(OptionTable), len(want))
	}
	for i, w := range want {
		o := OptionTable[i]
		if o.Name != w.name || o.Alias != w.alias || o.Default != w.def || o.Min != w.min || o.Max != w.max || o.Param != w.param {
			t.Errorf("option %d: %+v, want %+v", i, o, w)
		}
	}
	for spec, names := range map[string]string{
		"motion":                         "VMAF_integer_feature_motion_sad_score integer_motion2 integer_motion3",
		"motion=debug=true":              "VMAF_integer_feature_motion_sad_score integer_motion integer_motion2 integer_motion3",
		"motion=mmxv=18":                 "VMAF_integer_feature_motion_sad_score_mmxv_18 integer_motion2_mmxv_18 integer_motion3_mmxv_18",
		"motion=mma=true:mmxv=18:mffw=1": "VMAF_integer_feature_motion_sad_score_mffw_mmxv_18_mma integer_motion2_mffw_mmxv_18_mma integer_motion3_mffw_mmxv_18_mma",
		"motion=force_0=true":            "VMAF_integer_feature_motion_sad_score_force_0 integer_motion2_force_0 integer_motion3_force_0",
	} {
		sp, _ := feature.ParseSpec(spec)
		opts := NewOptions()
		if err := opts.SetAll(sp.Opts); err != nil {
			t.Fatal(err)
		}
		if got := strings.Join(feature.MetricNames(new(FrameResult), opts), " "); got != names {
			t.Errorf("%s: %s, want %s", spec, got, names)
		}
	}
}

// TestRetryAfterError: a refused frame leaves the stream as it was; the
// same frame pushed again scores as if the bad one had never come.
func TestRetryAfterError(t *testing.T) {
	for _, spec := range []string{"motion", "motion=motion_five_frame_window=true"} {
		sp, _ := feature.ParseSpec(spec)
		opts := NewOptions()
		if err := opts.SetAll(sp.Opts); err != nil {
			t.Fatal(err)
		}
		c := clipSpec{"pan", 40, 24, 10, 6}
		cfg, err := NewConfig(opts, c.W, c.H, c.BD)
		if err != nil {
			t.Fatal(err)
		}
		frame := func(i int) yuv.Plane { return clipFrame(c, i).Luma() }
		for _, ns := range scorers(cfg) {
			want := scoreClip(t, New(cfg), c.N, frame, false)
			var got []*FrameResult
			for i := 0; i < c.N; i++ {
				bad := frame(i)
				bad.Pix = append([]uint16(nil), bad.Pix...)
				bad.Pix[len(bad.Pix)/2] = 1 << 12
				if _, err := ns.s.Push(i, bad, false); err == nil {
					t.Fatalf("%s: frame %d with a 13-bit sample: no error", ns.name, i)
				}
				rs, err := ns.s.Push(i, frame(i), false)
				if err != nil {
					t.Fatal(err)
				}
				got = append(got, rs...)
			}
			rs, _ := ns.s.Flush()
			got = append(got, rs...)
			for i := range want {
				if math.Float64bits(got[i].SAD) != math.Float64bits(want[i].SAD) || math.Float64bits(got[i].Motion3) != math.Float64bits(want[i].Motion3) {
					t.Errorf("%s %s frame %d: %v %v after a refused frame, %v %v without", spec, ns.name, i, got[i].SAD, got[i].Motion3, want[i].SAD, want[i].Motion3)
				}
			}
		}
	}
}
