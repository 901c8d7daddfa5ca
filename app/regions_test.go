package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bandscope/bandscope/engine"
	"github.com/bandscope/bandscope/engine/clip"
	"github.com/bandscope/bandscope/engine/regions"
	"github.com/bandscope/bandscope/kernels/golden"
	"github.com/bandscope/bandscope/kernels/synth"
	"github.com/bandscope/bandscope/kernels/yuv"
)

func runRegions(args ...string) (code int, stdout, stderr string) {
	var o, e bytes.Buffer
	code = regionsMain(args, &o, &e)
	return code, o.String(), e.String()
}

var scene8 = yuv.Format{Width: 640, Height: 360, Chroma: yuv.C420, BitDepth: 8}

// writeScene writes a banded patch on noise (kernels/synth's Scene) as a
// raw clip and returns its path and raw flags.
func writeScene(t *testing.T, dir string, frames int) (string, []string) {
	t.Helper()
	sc := synth.Scene{Format: scene8, Patches: []synth.Patch{{X: 200, Y: 100, W: 240, H: 140, Last: frames - 1, Base: 60}}}
	b, err := sc.Raw(frames)
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(dir, "dist.yuv")
	if err := os.WriteFile(p, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return p, []string{"-w", "640", "-h", "360", "-p", "420", "-b", "8"}
}

// TestRegionsCommandLine: a bad command line is one line and exit 2,
// before any work, and creates nothing.
func TestRegionsCommandLine(t *testing.T) {
	dir := t.TempDir()
	dist, raw := writeScene(t, dir, 2)
	out := filepath.Join(dir, "ev.json")
	// with is the clip and its raw flags, then extra (a copy each time).
	with := func(extra ...string) []string { return append(append([]string{"-d", dist}, raw...), extra...) }
	for _, tc := range []struct {
		args []string
		want string
	}{
		{nil, "-d/--distorted is required"},
		{with("--feature", "adm"), "CAMBI's maps alone"},
		{with("--feature", "cambi", "--feature", "cambi=ws=35"), "given twice"},
		{with("--feature", "cambi=bogus=1"), "bogus"},
		{with("--model", "version=vmaf_v0.6.1"), "reads no CAMBI"},
		{with("--model", "version=vmaf_v1.0.16_3d0h", "--model", "version=vmaf_v1.0.16_5d0h"), "--model given twice"},
		{with("--model", "version=nope"), "nope"},
		{with("--threshold", "0"), "positive c-value"},
		{with("--threshold", "-1"), "positive c-value"},
		{with("--threshold", "NaN"), "positive c-value"},
		{with("--threshold", "inf"), "positive c-value"},
		{with("--min-frames", "0"), "a number of frames from 1"},
		{with("-o", out, "--masks", out), "give each its own file"},
		{with("--masks", dist), "would be destroyed"},
		{with("-o", dist), "would be destroyed"},
		{with("--json"), "flag provided but not defined: -json"},
		{with("extra"), `unexpected argument "extra"`},
		{with("--cpu-kernels", "scalar", "--backend", "gpu"), "--cpu-kernels needs --backend cpu"},
	} {
		code, stdout, stderr := runRegions(tc.args...)
		if code != 2 || !strings.Contains(stderr, tc.want) || stdout != "" {
			t.Errorf("%q: exit %d, stderr %q, want 2 and %q", tc.args, code, stderr, tc.want)
		}
		oneLine(t, stderr)
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 1 {
		t.Errorf("the refused command lines left %d files", len(ents))
	}
	code, help, _ := runRegions("--help")
	if code != 0 {
		t.Errorf("--help: exit %d", code)
	}
	(&regionsArgs{}).flags().VisitAll(func(f *flag.Flag) {
		dash := "-" + f.Name
		if len(f.Name) > 1 {
			dash = "-" + dash
		}
		if !strings.Contains(help, dash) && !strings.Contains(help, strings.ReplaceAll(dash, "_", "-")) {
			t.Errorf("--help does not list %s", dash)
		}
	})
}

// TestRegionsOutputs: events.json (-o) and the mask (--masks) appear
// together; without -o the events are a table on stdout.
func TestRegionsOutputs(t *testing.T) {
	dir := t.TempDir()
	dist, raw := writeScene(t, dir, 6)
	out, mask := filepath.Join(dir, "ev.json"), filepath.Join(dir, "mask.y4m")
	code, stdout, stderr := runRegions(append(append([]string{"-d", dist}, raw...), "-o", out, "--masks", mask, "-q")...)
	if code != 0 || stdout != "" {
		t.Fatalf("exit %d: %s%s", code, stdout, stderr)
	}
	r := readReport(t, out)
	if len(r.Events) != 1 || r.Events[0].Length() != 6 || r.Width != 640 || r.Frames != 6 || r.Reference != "" {
		t.Errorf("report: %+v", r)
	}
	checkMask(t, mask, 640, 360, 6)
	noTemps(t, dir)

	code, stdout, stderr = runRegions(append(append([]string{"-d", dist}, raw...), "-q")...)
	if code != 0 || !strings.HasPrefix(stdout, "1 banding events in 6 frames of dist.yuv (640x360)") || !strings.Contains(stdout, "   1  0-5") {
		t.Errorf("table: exit %d\n%s%s", code, stdout, stderr)
	}
}

// readReport reads events.json back (regions.ReadJSON checks it whole).
func readReport(t *testing.T, path string) *regions.Report {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r, err := regions.ReadJSON(f)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestRegionsCAMBIOptions: CAMBI's options reach the search and the
// report as used: at an encode size of half the clip's, with the
// reference (full_ref), the boxes and the mask are still in the clip's
// own pixels, on the patch.
func TestRegionsCAMBIOptions(t *testing.T) {
	dir := t.TempDir()
	dist, raw := writeScene(t, dir, 4)
	b, err := synth.Scene{Format: scene8}.Raw(4) // the noise alone
	if err != nil {
		t.Fatal(err)
	}
	ref := filepath.Join(dir, "ref.yuv")
	if err := os.WriteFile(ref, b, 0o644); err != nil {
		t.Fatal(err)
	}
	out, mask := filepath.Join(dir, "ev.json"), filepath.Join(dir, "mask.y4m")
	args := append([]string{"-r", ref, "-d", dist, "--feature", "cambi=full_ref=true:enc_width=320:enc_height=180", "-o", out, "--masks", mask, "-q"}, raw...)
	if code, _, stderr := runRegions(args...); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	r := readReport(t, out)
	used := map[string]any{}
	for _, p := range r.CAMBI {
		used[p.Name] = fmt.Sprint(p.Value)
	}
	if used["full_ref"] != "true" || used["enc_width"] != "320" || used["enc_height"] != "180" || r.Reference != ref || r.Width != 640 {
		t.Errorf("report: %dx%d, reference %q, options %v", r.Width, r.Height, r.Reference, used)
	}
	patch := regions.Box{X: 200, Y: 100, W: 240, H: 140}
	if len(r.Events) != 1 || r.Events[0].Length() != 4 {
		t.Fatalf("events %+v, want one over the 4 frames", r.Events)
	}
	if bb := r.Events[0].BBox; bb.Intersect(patch).Area()*10 < patch.Area()*6 || bb.Intersect(patch.Grow(24)) != bb {
		t.Errorf("box %v, want one on the patch %v", bb, patch)
	}
	checkMask(t, mask, 640, 360, 4)
}

// checkMask checks a mask Y4M's header, frame count and values: 0 and
// some 255.
func checkMask(t *testing.T, path string, w, h, frames int) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	head, rest, _ := bytes.Cut(b, []byte("\n"))
	if !bytes.HasPrefix(head, []byte(fmt.Sprintf("YUV4MPEG2 W%d H%d F", w, h))) || !bytes.HasSuffix(head, []byte("Cmono")) {
		t.Fatalf("mask header %q", head)
	}
	if len(rest) != frames*(6+w*h) {
		t.Fatalf("mask holds %d bytes after its header, want %d frames of %dx%d", len(rest), frames, w, h)
	}
	counts := map[byte]int{}
	for n := 0; n < frames; n++ {
		for _, v := range rest[n*(6+w*h)+6 : (n+1)*(6+w*h)] {
			counts[v]++
		}
	}
	if counts[0]+counts[255] != frames*w*h || counts[0] == 0 || counts[255] == 0 {
		t.Errorf("mask values %v: want 0 and 255", counts)
	}
}

// realPair unpacks a real clip of testdata/clips into dir.
func realPair(t *testing.T, dir string, files ...string) []string {
	t.Helper()
	var out []string
	for _, f := range files {
		b, err := golden.RawClip(f)
		if err != nil {
			t.Skipf("%s: %v", f, err)
		}
		p := filepath.Join(dir, f)
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
		out = append(out, p)
	}
	return out
}

// TestRegionsRealEncodes: the corpus's real encodes (x264 at 1080p, AV1
// at 720p, both of a gradient that bands everywhere) have events and masks
// at their size; a ladder rendition (x264 at 360p of testsrc2, where CAMBI
// sees banding in the flat colour bars) has its boxes and mask at its own
// 640x360, not the 1080p it is scored at.
func TestRegionsRealEncodes(t *testing.T) {
	frames := 20
	if testing.Short() {
		frames = 6
	}
	for _, tc := range []struct {
		src, dist string
		raw       []string
		w, h, n   int
	}{
		{"grad_1080p_8b_src.yuv", "grad_1080p_8b_x264crf40.yuv", []string{"-w", "1920", "-h", "1080", "-p", "420", "-b", "8"}, 1920, 1080, 20},
		{"grad_720p_8b_src.yuv", "grad_720p_8b_aomcrf50.yuv", []string{"-w", "1280", "-h", "720", "-p", "420", "-b", "8"}, 1280, 720, 20},
		{"testsrc2_1080p_8b_src.y4m", "testsrc2_360p_8b_x264crf28.y4m", nil, 640, 360, 6},
	} {
		t.Run(tc.dist, func(t *testing.T) {
			dir := t.TempDir()
			p := realPair(t, dir, tc.src, tc.dist)
			out, mask := filepath.Join(dir, "ev.json"), filepath.Join(dir, "mask.y4m")
			args := append([]string{"-r", p[0], "-d", p[1], "-o", out, "--masks", mask, "-q", "--frame_cnt", fmt.Sprint(frames), "--min-frames", "2"}, tc.raw...)
			if code, _, stderr := runRegions(args...); code != 0 {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			r := readReport(t, out)
			n := min(frames, tc.n)
			if r.Width != tc.w || r.Height != tc.h || r.Frames != n {
				t.Errorf("report of %dx%d, %d frames; want %dx%d, %d", r.Width, r.Height, r.Frames, tc.w, tc.h, n)
			}
			if len(r.Events) == 0 {
				t.Error("no events")
			}
			for _, e := range r.Events {
				t.Logf("event %d: frames %d-%d box %v peak %.3f mean %.3f cambi %.3f", e.ID, e.FirstFrame, e.LastFrame, e.BBox, e.PeakCValue, e.MeanCValue, e.MeanCAMBI)
			}
			checkMask(t, mask, tc.w, tc.h, n)
		})
	}
}

// debandFilter is the README's ffmpeg filter graph: deband the distorted
// clip, then keep the debanded luma only where the mask is 255 (its
// values kept as they are: full range in, full range out).
const debandFilter = "[1:v]scale=in_range=full:out_range=full[m];[0:v]split[a][b];[b]deband=1thr=0.05:range=32:blur=1[d];[a][d][m]maskedmerge=planes=1"

// TestDebandRoundTrip: the README's ffmpeg command, run with a mask
// bandscope regions wrote for a real AV1 encode, lowers the clip's CAMBI
// and leaves every pixel outside the mask as it was, bit for bit.
func TestDebandRoundTrip(t *testing.T) {
	needFFmpeg(t)
	dir := t.TempDir()
	dist := realPair(t, dir, "grad_720p_8b_aomcrf50.yuv")[0]
	const w, h, frames = 1280, 720, 8
	raw := []string{"-w", "1280", "-h", "720", "-p", "420", "-b", "8"}
	mask := filepath.Join(dir, "mask.y4m")
	if code, _, stderr := runRegions(append([]string{"-d", dist, "--masks", mask, "-q", "--frame_cnt", fmt.Sprint(frames), "--min-frames", "2"}, raw...)...); code != 0 {
		t.Fatalf("regions: exit %d: %s", code, stderr)
	}
	out := filepath.Join(dir, "debanded.yuv")
	cmd := exec.Command("ffmpeg", "-nostdin", "-v", "error", "-y", "-f", "rawvideo", "-pix_fmt", "yuv420p", "-s", "1280x720", "-i", dist,
		"-i", mask, "-filter_complex", debandFilter, "-frames:v", fmt.Sprint(frames), "-f", "rawvideo", "-pix_fmt", "yuv420p", out)
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("ffmpeg: %v\n%s", err, b)
	}
	before, _ := os.ReadFile(dist)
	after, _ := os.ReadFile(out)
	m, _ := os.ReadFile(mask)
	_, m, _ = bytes.Cut(m, []byte("\n"))
	size := w * h * 3 / 2
	if len(after) != frames*size {
		t.Fatalf("ffmpeg wrote %d bytes, want %d", len(after), frames*size)
	}
	changed, inside := 0, 0
	for n := 0; n < frames; n++ {
		mk := m[n*(6+w*h)+6:]
		b, a := before[n*size:(n+1)*size], after[n*size:(n+1)*size]
		for i := 0; i < w*h; i++ {
			if mk[i] == 0 && a[i] != b[i] {
				t.Fatalf("frame %d: pixel (%d,%d) outside the mask changed from %d to %d", n, i%w, i/w, b[i], a[i])
			}
			if mk[i] == 255 {
				inside++
				if a[i] != b[i] {
					changed++
				}
			}
		}
		if !bytes.Equal(a[w*h:], b[w*h:]) {
			t.Fatalf("frame %d: chroma changed", n)
		}
	}
	if inside == 0 || changed == 0 {
		t.Fatalf("%d pixels in the mask, %d of them changed", inside, changed)
	}
	cb, ca := meanCAMBI(t, dist, frames), meanCAMBI(t, out, frames)
	t.Logf("CAMBI %.4f before, %.4f after; %d of %d masked pixels changed", cb, ca, changed, inside)
	if !(ca < cb) {
		t.Errorf("CAMBI %.4f after debanding, %.4f before: want it lower", ca, cb)
	}
}

func meanCAMBI(t *testing.T, path string, frames int) float64 {
	t.Helper()
	req := engine.Request{Distorted: path, Features: []engine.Spec{{Name: "cambi"}}, Frames: frames,
		Raw: clip.RawOptions{Width: 1280, Height: 720, Chroma: yuv.C420, ChromaSet: true, BitDepth: 8}}
	s, err := engine.Open(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	res, err := s.Run(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	p, _ := res.Pooled("cambi")
	return p.Mean
}

// TestREADMEDebandCommand: the README shows the filter graph the round
// trip runs.
func TestREADMEDebandCommand(t *testing.T) {
	root, err := golden.Root()
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(b, []byte(`"`+debandFilter+`"`)) {
		t.Errorf("README.md does not show the filter graph %q", debandFilter)
	}
}
