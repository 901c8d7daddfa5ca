package engine

import (
	"context"
	"encoding/binary"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bandscope/bandscope/kernels/feature"
	"github.com/bandscope/bandscope/kernels/yuv"
)

// TestPartialReads: scoring runs that decode part of a raw clip (the
// chroma alone for speed_chroma, the reference alone for motion) give the
// bits of runs that decode every plane of both clips (the same pictures
// in Y4M files, which are read whole); the values are far from a perfect
// copy's, so that equal means something. A sample out of range fails the
// runs that read it, naming the file and the frame, and no other.
func TestPartialReads(t *testing.T) {
	dir := t.TempDir()
	f := yuv.Format{Width: 643, Height: 487, Chroma: yuv.C420, BitDepth: 10}
	const frames = 4
	// speedClip's chroma scores well away from a perfect copy's; its
	// luma moves. The Y4M files hold the same frames.
	refRaw, distRaw, raw := speedClip(t, dir, f, frames)
	for _, c := range [][2]string{{refRaw, "ref.y4m"}, {distRaw, "dist.y4m"}} {
		b, err := os.ReadFile(c[0])
		if err != nil {
			t.Fatal(err)
		}
		y4m := []byte("YUV4MPEG2 W643 H487 F25:1 Ip A1:1 C420p10\n")
		size := len(b) / frames
		for n := range frames {
			y4m = append(append(y4m, "FRAME\n"...), b[n*size:(n+1)*size]...)
		}
		if err := os.WriteFile(filepath.Join(dir, c[1]), y4m, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	run := func(feat, d, r string) ([][]feature.Metric, error) {
		t.Helper()
		sp, err := feature.ParseSpec(feat)
		if err != nil {
			t.Fatal(err)
		}
		req := Request{Distorted: filepath.Join(dir, d), Reference: filepath.Join(dir, r), Features: []feature.Spec{sp}, NoPrediction: true}
		if strings.HasSuffix(d, ".yuv") {
			req.Raw = raw
		}
		s, err := Open(context.Background(), req)
		if err != nil {
			return nil, err
		}
		defer s.Close()
		res, err := s.Run(context.Background(), nil)
		if err != nil {
			return nil, err
		}
		return res.Frames, nil
	}
	for _, c := range []struct {
		feat, metric string
		far          func(float64) bool
	}{
		{"speed_chroma", "speed_chroma_u", func(v float64) bool { return v > 0.1 }},
		{"motion", "integer_motion2", func(v float64) bool { return v > 0.1 }},
	} {
		whole, err := run(c.feat, "dist.y4m", "ref.y4m")
		if err != nil {
			t.Fatalf("%s from Y4M: %v", c.feat, err)
		}
		part, err := run(c.feat, "dist.yuv", "ref.yuv")
		if err != nil {
			t.Fatalf("%s from raw: %v", c.feat, err)
		}
		if v, ok := FindMetric(whole[1], c.metric); !ok || !c.far(v) {
			t.Fatalf("%s: %s = %v (found %v): the fixture scores too near a perfect copy", c.feat, c.metric, v, ok)
		}
		for n := range whole {
			for k, m := range whole[n] {
				if k >= len(part[n]) || part[n][k].Name != m.Name || math.Float64bits(part[n][k].Value) != math.Float64bits(m.Value) {
					t.Fatalf("%s frame %d: %v from the raw files, %v read whole", c.feat, n, part[n], whole[n])
				}
			}
		}
	}
	// A sample out of range in the raw distorted clip's last frame: its
	// first luma sample, or its last chroma sample. A run fails on it only
	// where it reads it.
	b, err := os.ReadFile(filepath.Join(dir, "dist.yuv"))
	if err != nil {
		t.Fatal(err)
	}
	size := len(b) / frames
	for name, at := range map[string]int{"badluma.yuv": (frames - 1) * size, "badchroma.yuv": len(b) - 2} {
		bad := append([]byte(nil), b...)
		binary.LittleEndian.PutUint16(bad[at:], 0xffff)
		if err := os.WriteFile(filepath.Join(dir, name), bad, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range []struct {
		feat, dist string
		fails      bool
	}{
		{"motion", "badluma.yuv", false}, // reads no distorted picture
		{"vif", "badluma.yuv", true},
		{"vif", "badchroma.yuv", false}, // reads luma alone
		{"speed_chroma", "badchroma.yuv", true},
		{"speed_chroma", "badluma.yuv", false}, // reads chroma alone
	} {
		_, err := run(c.feat, c.dist, "ref.yuv")
		if c.fails && (err == nil || !strings.Contains(err.Error(), c.dist) || !strings.Contains(err.Error(), "frame 3")) {
			t.Errorf("%s over %s: %v, want an error naming the file and frame 3", c.feat, c.dist, err)
		}
		if !c.fails && err != nil {
			t.Errorf("%s over %s, which it does not read: %v", c.feat, c.dist, err)
		}
	}
}
