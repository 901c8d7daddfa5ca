//go:build cgo && !js

package gpu

import (
	"fmt"
	"math"
	"testing"

	"github.com/bandscope/bandscope/kernels/speed"
	"github.com/bandscope/bandscope/kernels/yuv"
)

// The SpEED parity test scores every case with the CPU scalar reference
// and with every WebGPU adapter and compares every score and every map
// (the operating-size planes the device computes, and everything the host
// derives from them) bit for bit.

type speedCase struct {
	name   string
	w, h   int
	chroma yuv.Chroma
	depth  int
	opts   []string // option, value, ...
	flatU  bool     // the distorted U plane is flat: its covariance is singular on one side
	// singular: one block per plane (the exact minimum), every covariance
	// singular and every score 0 (libvmaf's error path).
	singular bool
	large    bool // only with BANDSCOPE_GPU_LARGE=1
}

// v1 are vmaf_v1.0.16's speed_chroma options.
var speedV1 = []string{"speed_max_val", "45", "speed_nn_floor", "0.1", "speed_sigma_nn", "0.19", "speed_weight_var_mode", "5"}

var speedCases = []speedCase{
	{name: "minimum 160x160 420 8-bit", w: 160, h: 160, chroma: yuv.C420, depth: 8, singular: true},
	{name: "643x487 420 8-bit v1", w: 643, h: 487, chroma: yuv.C420, depth: 8, opts: speedV1},
	{name: "481x403 420 10-bit", w: 481, h: 403, chroma: yuv.C420, depth: 10},
	{name: "641x247 422 12-bit", w: 641, h: 247, chroma: yuv.C422, depth: 12},
	{name: "353x257 444 16-bit", w: 353, h: 257, chroma: yuv.C444, depth: 16},
	{name: "401x301 444 8-bit wvm 3", w: 401, h: 301, chroma: yuv.C444, depth: 8, opts: []string{"speed_weight_var_mode", "3"}},
	{name: "1280x720 420 16-bit v1", w: 1280, h: 720, chroma: yuv.C420, depth: 16, opts: speedV1},
	{name: "641x331 422 10-bit ks 0.5", w: 641, h: 331, chroma: yuv.C422, depth: 10, opts: []string{"speed_kernelscale", "0.5"}},
	{name: "353x257 444 12-bit ks 2", w: 353, h: 257, chroma: yuv.C444, depth: 12, opts: []string{"speed_kernelscale", "2"}},
	{name: "401x331 444 8-bit ks 360/97", w: 401, h: 331, chroma: yuv.C444, depth: 8, opts: []string{"speed_kernelscale", "3.7113402"}},
	{name: "960x720 420 8-bit bilinear 0.6", w: 960, h: 720, chroma: yuv.C420, depth: 8, opts: []string{"speed_prescale", "0.6", "speed_prescale_method", "bilinear"}},
	{name: "131x113 444 16-bit bilinear 1.7", w: 131, h: 113, chroma: yuv.C444, depth: 16, opts: []string{"speed_prescale", "1.7", "speed_prescale_method", "bilinear"}},
	{name: "341x301 420 10-bit bicubic 1.5", w: 341, h: 301, chroma: yuv.C420, depth: 10, opts: []string{"speed_prescale", "1.5", "speed_prescale_method", "bicubic"}},
	{name: "641x333 422 12-bit bicubic 0.7", w: 641, h: 333, chroma: yuv.C422, depth: 12, opts: []string{"speed_prescale", "0.7", "speed_prescale_method", "bicubic"}},
	{name: "65x67 444 16-bit bicubic 4", w: 65, h: 67, chroma: yuv.C444, depth: 16, opts: []string{"speed_prescale", "4", "speed_prescale_method", "bicubic"}},
	{name: "481x401 444 8-bit nearest 0.5", w: 481, h: 401, chroma: yuv.C444, depth: 8, opts: []string{"speed_prescale", "0.5"}},
	{name: "177x163 420 10-bit nearest 2.3", w: 177, h: 163, chroma: yuv.C420, depth: 10, opts: []string{"speed_prescale", "2.3"}},
	{name: "643x489 420 8-bit flat U", w: 643, h: 489, chroma: yuv.C420, depth: 8, flatU: true},
	{name: "1920x1080 420 10-bit v1", w: 1920, h: 1080, chroma: yuv.C420, depth: 10, opts: speedV1, large: true},
	{name: "3840x2160 420 16-bit", w: 3840, h: 2160, chroma: yuv.C420, depth: 16, large: true},
	{name: "1921x1081 444 12-bit bicubic 0.6", w: 1921, h: 1081, chroma: yuv.C444, depth: 12, opts: []string{"speed_prescale", "0.6", "speed_prescale_method", "bicubic"}, large: true},
}

func speedMix(x uint64) uint64 {
	x ^= x >> 33
	x *= 0xff51afd7ed558ccd
	x ^= x >> 33
	x *= 0xc4ceb9fe1a85ec53
	x ^= x >> 33
	return x
}

// speedPictures draws a case's pictures: flat-ish luma; chroma of coarse
// random cells (11x13 samples, so they survive the decimation by 16) with
// fine noise, the distorted picture quantising the cells and re-noising.
// Chroma rows carry samples past the area SpEED reads (odd sizes), all
// within the bit depth.
func speedPictures(tc *speedCase, t int) (ref, dist *yuv.Picture) {
	f := yuv.Format{Width: tc.w, Height: tc.h, Chroma: tc.chroma, BitDepth: tc.depth}
	ref, dist = yuv.NewPicture(f), yuv.NewPicture(f)
	maxv := 1<<tc.depth - 1
	sh := tc.depth - 8
	for p := 0; p < 3; p++ {
		w, h := f.PlaneSize(p)
		for y := 0; y < h; y++ {
			for x := 0; x < w; x++ {
				i := y*w + x
				if p == 0 {
					v := (16 + (x+y+t)%200) << sh
					ref.Planes[0][i], dist.Planes[0][i] = uint16(v), uint16(v)
					continue
				}
				cell := uint64(p)<<56 | uint64(t)<<48 | uint64(y/13)<<24 | uint64(x/11)
				key := uint64(p)<<56 | uint64(t)<<48 | uint64(i) | 1<<47
				coarse := int(speedMix(cell)%121) - 60
				r8 := 128 + coarse + int(speedMix(key)%21) - 10
				r := r8<<sh | int(speedMix(key^0xabcdef)%(1<<sh))
				d8 := 128 + coarse/20*20 + int(speedMix(key^0x5555)%31) - 15
				d := d8<<sh | int(speedMix(key^0x1234)%(1<<sh))
				if tc.flatU && p == 1 {
					d = 128 << sh
				}
				ref.Planes[p][i] = uint16(min(max(r, 0), maxv))
				dist.Planes[p][i] = uint16(min(max(d, 0), maxv))
			}
		}
	}
	return ref, dist
}

func speedConfig(t testing.TB, tc *speedCase) *speed.Config {
	t.Helper()
	o := speed.NewOptions()
	for i := 0; i+1 < len(tc.opts); i += 2 {
		if err := o.Set(tc.opts[i], tc.opts[i+1]); err != nil {
			t.Fatal(err)
		}
	}
	cfg, err := speed.NewConfig(o, yuv.Format{Width: tc.w, Height: tc.h, Chroma: tc.chroma, BitDepth: tc.depth})
	if err != nil {
		t.Fatal(err)
	}
	return cfg
}

func sameStats(t *testing.T, name string, want, got *speed.PlaneStats) {
	t.Helper()
	if want.Singular != got.Singular {
		t.Errorf("%s: singular %v, want %v", name, got.Singular, want.Singular)
	}
	for _, d := range []string{
		diff(name+" entropy", bits32(want.Entropy), bits32(got.Entropy), 0),
		diff(name+" variance", bits32(want.Variance), bits32(got.Variance), 0),
		diff(name+" eigenvalues", bits32(want.Eigen[:]), bits32(got.Eigen[:]), 0),
		diff(name+" covariance", bits32(want.Cov[:]), bits32(got.Cov[:]), speed.BlockElems),
	} {
		if d != "" {
			t.Error(d)
		}
	}
}

func sameSpeed(t *testing.T, want, got *speed.FrameResult, maps bool) {
	t.Helper()
	if want.Frame != got.Frame {
		t.Errorf("frame %d, want %d", got.Frame, want.Frame)
	}
	sameF64(t, "u", want.U, got.U)
	sameF64(t, "v", want.V, got.V)
	sameF64(t, "uv", want.UV, got.UV)
	for p, name := range []string{"U", "V"} {
		wp, gp := want.Planes[p], got.Planes[p]
		if !maps {
			if gp != nil {
				t.Errorf("%s: maps returned without keepMaps", name)
			}
			continue
		}
		if gp == nil {
			t.Fatalf("%s: no maps with keepMaps", name)
		}
		if math.Float32bits(wp.Score) != math.Float32bits(gp.Score) || wp.Err != gp.Err {
			t.Errorf("%s: score %v err %v, want %v err %v", name, gp.Score, gp.Err, wp.Score, wp.Err)
		}
		if wp.OpW != gp.OpW || wp.OpH != gp.OpH {
			t.Errorf("%s: operating size %dx%d, want %dx%d", name, gp.OpW, gp.OpH, wp.OpW, wp.OpH)
		}
		for _, d := range []string{
			diff(name+" reference local", bits32(wp.RefLocal), bits32(gp.RefLocal), wp.OpW),
			diff(name+" distorted local", bits32(wp.DisLocal), bits32(gp.DisLocal), wp.OpW),
			diff(name+" contribution", bits32(wp.Contribution), bits32(gp.Contribution), 0),
		} {
			if d != "" {
				t.Error(d)
			}
		}
		sameStats(t, name+" reference", &wp.Ref, &gp.Ref)
		sameStats(t, name+" distorted", &wp.Dis, &gp.Dis)
	}
}

// TestSpeedParity scores every case with every adapter and compares every
// field of the frame result with the CPU scalar reference.
func TestSpeedParity(t *testing.T) {
	devs := openAll(t)
	for _, tc := range speedCases {
		t.Run(tc.name, func(t *testing.T) {
			if tc.large {
				skipUnlessLarge(t)
			}
			cfg := speedConfig(t, &tc)
			ref, dist := speedPictures(&tc, 0)
			want, err := speed.New(cfg).Score(3, ref, dist, true)
			if err != nil {
				t.Fatal(err)
			}
			// Content that scores 0 (or only singular planes) could hide a
			// broken twin.
			u, v := want.Planes[0], want.Planes[1]
			switch {
			case tc.singular:
				if !u.Err || !v.Err {
					t.Fatal("CPU: a plane was not singular at the minimum size")
				}
			case tc.flatU:
				if !u.Err || v.Err || want.V == 0 || want.UV != want.V {
					t.Fatalf("CPU u %v (err %v) v %v uv %v: want U singular, V scored", want.U, u.Err, want.V, want.UV)
				}
			default:
				if u.Err || v.Err || want.U == 0 || want.V == 0 || math.IsNaN(want.UV) {
					t.Fatalf("CPU u %v v %v uv %v: the test content does not exercise SpEED", want.U, want.V, want.UV)
				}
			}
			ref2, dist2 := speedPictures(&tc, 1)
			want2, err := speed.New(cfg).Score(4, ref2, dist2, false)
			if err != nil {
				t.Fatal(err)
			}
			for _, d := range devs {
				t.Run(d.Info().Name, func(t *testing.T) {
					s, err := NewSpeed(d, cfg)
					if err != nil {
						t.Fatal(err)
					}
					defer s.Close()
					got, err := s.Score(3, ref, dist, true)
					if err != nil {
						t.Fatal(err)
					}
					sameSpeed(t, want, got, true)
					// Another frame through the same buffers, scores only.
					got2, err := s.Score(4, ref2, dist2, false)
					if err != nil {
						t.Fatal(err)
					}
					sameSpeed(t, want2, got2, false)
				})
			}
		})
	}
}

// TestSpeedErrors: pictures of another format are refused, and a closed
// scorer refuses frames.
func TestSpeedErrors(t *testing.T) {
	tc := speedCases[0]
	cfg := speedConfig(t, &tc)
	ref, dist := speedPictures(&tc, 0)
	other := tc
	other.w += 2
	oref, _ := speedPictures(&other, 0)
	for _, d := range openAll(t) {
		s, err := NewSpeed(d, cfg)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.Score(0, oref, dist, false); err == nil {
			t.Error("a picture of another size was scored")
		}
		if err := s.Close(); err != nil {
			t.Fatal(err)
		}
		if _, err := s.Score(0, ref, dist, false); err == nil {
			t.Error("scored after Close")
		}
		if err := s.Close(); err != nil {
			t.Errorf("second Close: %v", err)
		}
	}
	if _, err := NewSpeed(nil, cfg); err == nil {
		t.Error("NewSpeed without a device")
	}
	if _, err := NewSpeed(openAll(t)[0], nil); err == nil {
		t.Error("NewSpeed without a configuration")
	}
}

// TestSpeedConcurrent: frames scored at once by one scorer (the engine may)
// keep their own bits.
func TestSpeedConcurrent(t *testing.T) {
	tc := speedCases[1]
	cfg := speedConfig(t, &tc)
	for _, d := range openAll(t) {
		s, err := NewSpeed(d, cfg)
		if err != nil {
			t.Fatal(err)
		}
		defer s.Close()
		const n = 4
		wants := make([]*speed.FrameResult, n)
		pics := make([][2]*yuv.Picture, n)
		for i := range n {
			pics[i][0], pics[i][1] = speedPictures(&tc, i)
			if wants[i], err = speed.New(cfg).Score(i, pics[i][0], pics[i][1], true); err != nil {
				t.Fatal(err)
			}
		}
		errs := make(chan error, n)
		gots := make([]*speed.FrameResult, n)
		for i := range n {
			go func() {
				var err error
				gots[i], err = s.Score(i, pics[i][0], pics[i][1], true)
				errs <- err
			}()
		}
		for range n {
			if err := <-errs; err != nil {
				t.Fatal(err)
			}
		}
		for i := range n {
			t.Run(fmt.Sprintf("frame %d", i), func(t *testing.T) { sameSpeed(t, wants[i], gots[i], true) })
		}
	}
}
