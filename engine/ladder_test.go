package engine

import (
	"bytes"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bandscope/bandscope/engine/clip"
	"github.com/bandscope/bandscope/kernels/feature"
)

func needFFmpeg(t *testing.T) {
	t.Helper()
	if ok, why := clip.FFmpegAvailable(); !ok {
		t.Skip(why)
	}
}

func ffmpeg(t *testing.T, args ...string) []byte {
	t.Helper()
	out, err := exec.Command("ffmpeg", append([]string{"-nostdin", "-hide_banner", "-v", "error"}, args...)...).Output()
	if err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			t.Fatalf("ffmpeg %v: %v: %s", args, err, ee.Stderr)
		}
		t.Fatalf("ffmpeg %v: %v", args, err)
	}
	return out
}

func specs(t *testing.T, s ...string) []feature.Spec {
	t.Helper()
	var out []feature.Spec
	for _, x := range s {
		sp, err := feature.ParseSpec(x)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, sp)
	}
	return out
}

// sameResults compares every name, per-frame value and pooled value as bits.
func sameResults(t *testing.T, got, want *Results) {
	t.Helper()
	if strings.Join(got.Names, ",") != strings.Join(want.Names, ",") {
		t.Fatalf("names %v, want %v", got.Names, want.Names)
	}
	if len(got.Frames) != len(want.Frames) {
		t.Fatalf("%d frames, want %d", len(got.Frames), len(want.Frames))
	}
	for i := range want.Frames {
		for _, n := range want.Names {
			g, _ := got.Value(i, n)
			w, _ := want.Value(i, n)
			if math.Float64bits(g) != math.Float64bits(w) {
				t.Errorf("frame %d %s = %v, want %v", i, n, g, w)
			}
		}
	}
}

// TestLadder: a 320x180 rendition of a 640x360 source is upscaled by the
// engine exactly as ffmpeg's scale=640:360:flags=bicubic upscales the file,
// and CAMBI scores it at the rendition's size: the run equals scoring the
// file ffmpeg upscaled with cambi=enc_width=320:enc_height=180, bit for bit.
func TestLadder(t *testing.T) {
	needFFmpeg(t)
	dir := t.TempDir()
	src, rend, up := filepath.Join(dir, "src.y4m"), filepath.Join(dir, "rend.y4m"), filepath.Join(dir, "up.y4m")
	ffmpeg(t, "-f", "lavfi", "-i", "testsrc2=s=640x360:r=25", "-frames:v", "3", "-pix_fmt", "yuv420p", "-y", src)
	ffmpeg(t, "-i", src, "-vf", "scale=320:180", "-y", rend)
	ffmpeg(t, "-i", rend, "-vf", "scale=640:360:flags=bicubic", "-y", up)

	got := runOne(t, Request{Reference: src, Distorted: rend, Features: specs(t, "cambi", "adm")})
	want := runOne(t, Request{Reference: src, Distorted: up, Features: specs(t, "cambi=enc_width=320:enc_height=180", "adm")})
	if got.Names[0] != "cambi_ench_180_encw_320" {
		t.Fatalf("CAMBI's key is %s: the encode size is not the rendition's", got.Names[0])
	}
	sameResults(t, got, want)
	if s := got.Scaled; s == nil || *s != (clip.Scaling{Width: 320, Height: 180, Scaler: "ffmpeg bicubic", Filter: "scale=640:360:flags=bicubic"}) || got.Width != 640 || got.Height != 360 {
		t.Fatalf("Results %dx%d scaled %+v", got.Width, got.Height, got.Scaled)
	}
	if want.Scaled != nil {
		t.Fatalf("same-size run says it scaled: %+v", want.Scaled)
	}

	// The writers name the scaler.
	var x, j bytes.Buffer
	if err := got.WriteXML(&x, DefaultPrecision); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(x.String(), `<params qualityWidth="640" qualityHeight="360" scaledFrom="320x180" scaler="ffmpeg bicubic" scaleFilter="scale=640:360:flags=bicubic" />`) {
		t.Errorf("XML params:\n%s", x.String())
	}
	if err := got.WriteJSON(&j, DefaultPrecision); err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Scaled map[string]string `json:"scaled"`
		Frames []any             `json:"frames"`
	}
	if err := json.Unmarshal(j.Bytes(), &doc); err != nil {
		t.Fatalf("%v\n%s", err, j.String())
	}
	if doc.Scaled["from"] != "320x180" || doc.Scaled["to"] != "640x360" || doc.Scaled["scaler"] != "ffmpeg bicubic" || len(doc.Frames) != 3 {
		t.Errorf("JSON scaled %v, %d frames", doc.Scaled, len(doc.Frames))
	}

	// The session and the inspector see the scaled clip.
	s, err := Open(context.Background(), Request{Reference: src, Distorted: rend, Features: specs(t, "cambi")})
	if err != nil {
		t.Fatal(err)
	}
	_, di := s.Info()
	fr, err := s.Frame(context.Background(), 2)
	s.Close()
	if err != nil {
		t.Fatal(err)
	}
	if di.Width != 640 || di.Scaled == nil || di.Scaled.Width != 320 || fr.Dist.Width != 640 {
		t.Fatalf("dist info %+v scaled %+v, frame %dx%d", di, di.Scaled, fr.Dist.Width, fr.Dist.Height)
	}
	if v, _ := want.Value(2, "cambi_ench_180_encw_320"); math.Float64bits(resultOf[*CAMBIResult](fr).CAMBI) != math.Float64bits(v) {
		t.Errorf("Session.Frame CAMBI %v, want %v", resultOf[*CAMBIResult](fr).CAMBI, v)
	}

	// --explain on a rendition judges the perfect copy at the rendition's
	// encode size too: the costs equal those of the upscaled file scored
	// with that encode size given.
	const v1 = "version=vmaf_v1.0.16_3d0h"
	ex := runOne(t, Request{Reference: src, Distorted: rend, Models: []string{v1}, Explain: true})
	exWant := runOne(t, Request{Reference: src, Distorted: up, Models: []string{v1 + ":cambi.enc_width=320:cambi.enc_height=180"}, Explain: true})
	sameResults(t, ex, exWant)
	if v, ok := ex.Value(2, "vmaf_cost_integer_adm3"); !ok || !(v > 0) {
		t.Errorf("rendition --explain: ADM3 costs %v (%v): the fixture must cost points", v, ok)
	}

	// An encode size the request gives is kept.
	given := runOne(t, Request{Reference: src, Distorted: rend, Features: specs(t, "cambi=enc_width=400:enc_height=225")})
	if given.Names[0] != "cambi_ench_225_encw_400" {
		t.Errorf("given encode size: key %s", given.Names[0])
	}
}

// TestLadderRefused: --no-scale keeps the size mismatch error; a larger
// distorted clip, or one of another aspect ratio, is refused.
func TestLadderRefused(t *testing.T) {
	needFFmpeg(t)
	dir := t.TempDir()
	src, rend, narrow := filepath.Join(dir, "src.y4m"), filepath.Join(dir, "rend.y4m"), filepath.Join(dir, "narrow.y4m")
	ffmpeg(t, "-f", "lavfi", "-i", "testsrc2=s=640x360:r=25", "-frames:v", "1", "-pix_fmt", "yuv420p", "-y", src)
	ffmpeg(t, "-i", src, "-vf", "scale=320:180", "-y", rend)
	ffmpeg(t, "-i", src, "-vf", "scale=480:360", "-y", narrow)
	for _, c := range []struct {
		name, ref, dist string
		noScale         bool
		want            string
	}{
		{"no-scale", src, rend, true, "size 640x360 vs 320x180"},
		{"larger", rend, src, false, "is 640x360, reference " + rend + " 320x180: Bandscope upscales a smaller rendition"},
		{"aspect", src, narrow, false, "is 480x360, reference " + src + " 640x360: not the same aspect ratio"},
	} {
		t.Run(c.name, func(t *testing.T) {
			s, err := Open(context.Background(), Request{Reference: c.ref, Distorted: c.dist, NoScale: c.noScale, Features: specs(t, "adm")})
			if err == nil {
				s.Close()
				t.Fatal("accepted")
			}
			if !strings.Contains(err.Error(), c.want) {
				t.Fatalf("error %q, want it to say %q", err, c.want)
			}
			if c.noScale && !errors.Is(err, clip.ErrMismatch) {
				t.Fatalf("error %v is not a mismatch", err)
			}
		})
	}
	if !sameAspect(854, 480, 1920, 1080) || !sameAspect(426, 240, 1920, 1080) || !sameAspect(640, 360, 1920, 1080) || sameAspect(1440, 1080, 1920, 1080) || sameAspect(640, 480, 1920, 1080) {
		t.Error("sameAspect")
	}
}

// TestLadderGolden: the corpus's ladder case, a 640x360 x264 rendition
// (testdata/ladder) of six frames of ffmpeg's testsrc2 at 1920x1080,
// against libvmaf's scores of the rendition upscaled with ffmpeg
// scale=1920:1080:flags=bicubic (vmaf_v0.6.1, and vmaf_v1.0.16_3d0h with
// cambi.enc_width=640:cambi.enc_height=360). Every ADM and CAMBI value of
// those runs (both ADM option sets, per frame and pooled) must match bit
// for bit. The source is regenerated with ffmpeg, and the test skips when
// this ffmpeg renders it, or upscales the rendition, to other bytes than
// the ffmpeg (5.1) the goldens were made with.
func TestLadderGolden(t *testing.T) {
	needFFmpeg(t)
	dir := t.TempDir()
	src, rend := filepath.Join(dir, "src.y4m"), filepath.Join(dir, "rend.y4m")
	ffmpeg(t, "-f", "lavfi", "-i", "testsrc2=s=1920x1080:r=24", "-frames:v", "6", "-pix_fmt", "yuv420p", "-f", "yuv4mpegpipe", "-y", src)
	if h := fileSHA(t, src); h != "cfb2711170ddf6ec100e76027d00d25d8808b5407a3009bd84f40c5e6d574491" {
		t.Skipf("this ffmpeg renders testsrc2 to other bytes (sha256 %s) than the corpus's source", h)
	}
	gunzipTo(t, filepath.Join("testdata", "ladder", "testsrc2_360p_8b_x264crf28.y4m.gz"), rend)
	up := sha256.Sum256(ffmpeg(t, "-i", rend, "-vf", "scale=1920:1080:flags=bicubic", "-pix_fmt", "yuv420p", "-f", "rawvideo", "pipe:1"))
	if h := hex.EncodeToString(up[:]); h != "76cc3cf579ceecd1fc03f78680c6e273bf1be10b76380ff007da64e40ca5a3ec" {
		t.Skipf("this ffmpeg upscales to other bytes (sha256 %s) than the goldens' ffmpeg", h)
	}
	got := runOne(t, Request{Reference: src, Distorted: rend, Features: specs(t,
		"adm",
		// vmaf_v1.0.16_3d0h's ADM and CAMBI options, as its keys spell them.
		"adm=adm_csf_mode=2:adm_dlm_weight=0.7:adm_enhn_gain_limit=1:adm_min_val=0.5:adm_noise_weight=0.02",
		"cambi=cambi_high_res_speedup=1080:cambi_max_val=17:cambi_vis_lum_threshold=0.06")})
	compared := 0
	for _, run := range []string{"vmaf_v061", "vmaf_v1_3d0h"} {
		var want struct {
			Frames []struct {
				FrameNum int                `json:"frameNum"`
				Metrics  map[string]float64 `json:"metrics"`
			} `json:"frames"`
			Pooled map[string]map[string]float64 `json:"pooled_metrics"`
		}
		b, err := os.ReadFile(filepath.Join("testdata", "ladder", run+".json"))
		if err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(b, &want); err != nil {
			t.Fatal(err)
		}
		for _, fr := range want.Frames {
			for k, w := range fr.Metrics {
				if !contains(got.Names, k) {
					continue // VIF, motion, SpEED and the model score: not engine features here
				}
				compared++
				if g, _ := got.Value(fr.FrameNum, k); math.Float64bits(g) != math.Float64bits(w) {
					t.Errorf("%s frame %d %s = %v, want %v", run, fr.FrameNum, k, g, w)
				}
			}
		}
		for k, w := range want.Pooled {
			if !contains(got.Names, k) {
				continue
			}
			p, _ := got.Pooled(k)
			for _, s := range []struct {
				name string
				g    float64
			}{{"min", p.Min}, {"max", p.Max}, {"mean", p.Mean}, {"harmonic_mean", p.HarmonicMean}} {
				compared++
				if math.Float64bits(s.g) != math.Float64bits(w[s.name]) {
					t.Errorf("%s pooled %s %s = %v, want %v", run, k, s.name, s.g, w[s.name])
				}
			}
		}
	}
	// 6 frames x (7 + 7 ADM keys + 1 CAMBI key), and 15 keys x 4 pooled.
	if compared != 150 {
		t.Errorf("compared %d values, want 150 (keys %v)", compared, got.Names)
	}
}

func fileSHA(t *testing.T, path string) string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		t.Fatal(err)
	}
	return hex.EncodeToString(h.Sum(nil))
}

func gunzipTo(t *testing.T, gz, dst string) {
	t.Helper()
	f, err := os.Open(gz)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	b, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(dst, b, 0o644); err != nil {
		t.Fatal(err)
	}
}
