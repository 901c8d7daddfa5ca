package engine

import (
	"bytes"
	"context"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/bandscope/bandscope/kernels/feature"
	"github.com/bandscope/bandscope/kernels/synth"
	"github.com/bandscope/bandscope/kernels/yuv"
)

func writeY4M(t *testing.T, path string, s synth.Spec, frames int) {
	t.Helper()
	var b bytes.Buffer
	tag := "420jpeg"
	if s.BitDepth > 8 {
		tag = fmt.Sprintf("420p%d", s.BitDepth)
	}
	fmt.Fprintf(&b, "YUV4MPEG2 W%d H%d F25:1 Ip A1:1 C%s\n", s.Width, s.Height, tag)
	for i := 0; i < frames; i++ {
		p, err := synth.Frame(s, i)
		if err != nil {
			t.Fatal(err)
		}
		b.WriteString("FRAME\n")
		b.Write(synth.AppendRaw(nil, p))
	}
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

func runOne(t *testing.T, req Request) *Results {
	t.Helper()
	s, err := Open(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	r, err := s.Run(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestFullRefOtherSize: in full-reference mode the reference may have
// another size and bit depth; it is resampled to the source size, so its
// score equals scoring it alone at that encode size.
func TestFullRefOtherSize(t *testing.T) {
	dir := t.TempDir()
	ref, dist := filepath.Join(dir, "ref.y4m"), filepath.Join(dir, "dist.y4m")
	writeY4M(t, ref, synth.Spec{Pattern: "wide_hramp", Format: yuv.Format{Width: 1280, Height: 720, Chroma: yuv.C420, BitDepth: 10}}, 1)
	// Both 10-bit: below 10 bits enc_bitdepth (the distorted clip's by default)
	// anti-dithers both pictures.
	writeY4M(t, dist, synth.Spec{Pattern: "vramp_b", Format: yuv.Format{Width: 640, Height: 360, Chroma: yuv.C420, BitDepth: 10}, Dist: true}, 1)

	full := runOne(t, Request{Reference: ref, Distorted: dist, Features: []feature.Spec{{Name: "cambi", Opts: []feature.KV{{Key: "full_ref", Value: "true"}}}}})
	alone := runOne(t, Request{Distorted: ref, Features: []feature.Spec{{Name: "cambi", Opts: []feature.KV{{Key: "enc_width", Value: "640"}, {Key: "enc_height", Value: "360"}}}}})
	got, _ := full.Value(0, "cambi_source")
	want, _ := alone.Value(0, "cambi_ench_360_encw_640")
	if want < 1 {
		t.Fatalf("reference does not band (%v): the test proves nothing", want)
	}
	if math.Float64bits(got) != math.Float64bits(want) {
		t.Errorf("cambi_source = %v, want %v", got, want)
	}
	// ADM needs equal formats (without NoScale the rendition is upscaled:
	// ladder.go).
	s, err := Open(context.Background(), Request{Reference: ref, Distorted: dist, NoScale: true, Features: []feature.Spec{{Name: "adm"}}})
	if err == nil {
		s.Close()
		t.Fatal("adm accepted clips of different sizes")
	}
}
