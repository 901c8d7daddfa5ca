package main

import (
	"bytes"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/bandscope/bandscope/assets"
	"github.com/bandscope/bandscope/engine"
	"github.com/bandscope/bandscope/kernels/synth"
)

// TestOutputNeverAnInput: -o naming an input (itself, through a symlink,
// or a hard link to it; a --model path= file too) is refused before any work with exit 2, and the
// input is untouched.
func TestOutputNeverAnInput(t *testing.T) {
	dir := t.TempDir()
	dist, geom := smallRaw(t, dir, "dist.yuv", 2)
	ref, _ := smallRaw(t, dir, "ref.yuv", 2)
	want, _ := os.ReadFile(dist)
	link := filepath.Join(dir, "link.json")
	os.Symlink(dist, link)
	hard := filepath.Join(dir, "hard.json")
	if err := os.Link(dist, hard); err != nil {
		t.Fatal(err)
	}
	// A --model path= file is an input too.
	modelJSON, err := assets.Models.ReadFile("models/vmaf_v0.6.1.json")
	if err != nil {
		t.Fatal(err)
	}
	model := filepath.Join(dir, "mymodel.json")
	if err := os.WriteFile(model, modelJSON, 0o644); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(model+".2", modelJSON, 0o644)
	for _, tc := range []struct {
		name, out string
		what      []string // what is scored
	}{
		{"distorted", dist, nil}, {"reference", ref, nil}, {"symlink", link, nil}, {"hard link", hard, nil},
		{"dotted path", filepath.Join(dir, ".", "sub", "..", "dist.yuv"), nil},
		{"model file", model, []string{"--model", "path=" + model + ":name=m"}},
		{"model file named first", model, []string{"--model", "path=" + model + ":path=" + model + ".2:name=m"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.name == "dotted path" {
				os.Mkdir(filepath.Join(dir, "sub"), 0o755)
			}
			what := tc.what
			if what == nil {
				what = []string{"--feature", "cambi"}
			}
			args := append(append([]string{"-r", ref, "-d", dist, "--json", "-o", tc.out}, what...), geom...)
			code, _, stderr := runScore(args...)
			if code != 2 || !strings.Contains(stderr, "same file as an input") {
				t.Errorf("exit %d: %s", code, stderr)
			}
			oneLine(t, stderr)
			if got, _ := os.ReadFile(dist); !bytes.Equal(got, want) {
				t.Error("the input was changed")
			}
			if got, _ := os.ReadFile(model); !bytes.Equal(got, modelJSON) {
				t.Error("the model file was changed")
			}
		})
	}
}

// TestOutputWriteThrough: a FIFO (and, as root, a character device) is
// written through, never replaced by a regular file.
func TestOutputWriteThrough(t *testing.T) {
	dir := t.TempDir()
	dist, geom := smallRaw(t, dir, "dist.yuv", 2)
	fifo := filepath.Join(dir, "out.fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip("no FIFOs here:", err)
	}
	got := make(chan []byte, 1)
	go func() {
		f, err := os.Open(fifo) // blocks until the CLI opens it for writing
		if err != nil {
			got <- nil
			return
		}
		b, _ := io.ReadAll(f)
		f.Close()
		got <- b
	}()
	code, _, stderr := runScore(append([]string{"-d", dist, "--feature", "cambi", "--json", "-o", fifo}, geom...)...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	select {
	case b := <-got:
		if !json.Valid(b) {
			t.Errorf("the FIFO's reader got %q", b)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("nothing written to the FIFO")
	}
	if st, err := os.Lstat(fifo); err != nil || st.Mode()&os.ModeNamedPipe == 0 {
		t.Errorf("the FIFO was replaced: %v %v", st.Mode(), err)
	}
	noTemps(t, dir)

	if os.Geteuid() != 0 {
		return
	}
	// A character device of our own: /dev/null's numbers, in the temp dir.
	null := filepath.Join(dir, "null")
	if err := syscall.Mknod(null, syscall.S_IFCHR|0o666, 1<<8|3); err != nil {
		t.Log("mknod:", err)
		return
	}
	code, _, stderr = runScore(append([]string{"-d", dist, "--feature", "cambi", "--json", "-o", null}, geom...)...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if st, err := os.Lstat(null); err != nil || st.Mode()&os.ModeCharDevice == 0 {
		t.Errorf("the device was replaced: %v %v", st.Mode(), err)
	}
}

// TestOutputReplacesWithCare: a symlink's target is replaced and the link
// stays; an existing file keeps its mode and its hard links; a new file gets
// 0666 minus the umask.
func TestOutputReplacesWithCare(t *testing.T) {
	dir := t.TempDir()
	dist, geom := smallRaw(t, dir, "dist.yuv", 2)
	score := func(out string) {
		t.Helper()
		code, _, stderr := runScore(append([]string{"-d", dist, "--feature", "cambi", "--json", "-o", out}, geom...)...)
		if code != 0 {
			t.Fatalf("exit %d: %s", code, stderr)
		}
	}
	isJSON := func(p string) {
		t.Helper()
		if b, err := os.ReadFile(p); err != nil || !json.Valid(b) {
			t.Errorf("%s: not the JSON output (%v)", p, err)
		}
	}

	target := filepath.Join(dir, "target.json")
	os.WriteFile(target, []byte("old"), 0o600)
	link := filepath.Join(dir, "link.json")
	os.Symlink("target.json", link)
	score(link)
	if st, err := os.Lstat(link); err != nil || st.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the symlink was replaced")
	}
	isJSON(target)

	existing := filepath.Join(dir, "existing.json")
	os.WriteFile(existing, []byte("old"), 0o640)
	os.Chmod(existing, 0o640)
	score(existing)
	if st, _ := os.Stat(existing); st.Mode().Perm() != 0o640 {
		t.Errorf("mode %v, want 0640 kept", st.Mode().Perm())
	}
	isJSON(existing)

	a, b := filepath.Join(dir, "a.json"), filepath.Join(dir, "b.json")
	os.WriteFile(a, []byte("old"), 0o644)
	os.Link(a, b)
	score(a)
	isJSON(b) // the other name sees the new content: the link survived
	sa, _ := os.Stat(a)
	sb, _ := os.Stat(b)
	if !os.SameFile(sa, sb) {
		t.Error("the hard link was broken")
	}

	mask := syscall.Umask(0o022)
	defer syscall.Umask(mask)
	fresh := filepath.Join(dir, "new.json")
	score(fresh)
	if st, _ := os.Stat(fresh); st.Mode().Perm() != 0o644 {
		t.Errorf("new file mode %v, want 0666 minus umask 022 = 0644", st.Mode().Perm())
	}
	noTemps(t, dir)
}

// TestOutputDirectoryChecked: a missing or unusable output directory is
// refused before any work (exit 2, no heatmap directory created).
func TestOutputDirectoryChecked(t *testing.T) {
	dir := t.TempDir()
	dist, geom := smallRaw(t, dir, "dist.yuv", 2)
	hm := filepath.Join(dir, "hm")
	file := filepath.Join(dir, "file")
	os.WriteFile(file, nil, 0o644)
	for _, out := range []string{filepath.Join(dir, "missing", "out.json"), filepath.Join(file, "out.json"), dir} {
		code, _, stderr := runScore(append([]string{"-d", dist, "--feature", "cambi=heatmaps_path=" + hm, "--json", "-o", out}, geom...)...)
		if code != 2 || !strings.Contains(stderr, out) {
			t.Errorf("-o %s: exit %d: %s", out, code, stderr)
		}
		oneLine(t, stderr)
		if _, err := os.Stat(hm); err == nil {
			t.Errorf("-o %s: the heatmap directory was created", out)
		}
	}
}

// TestOutputsPublishedTogether: heatmaps and the output file appear only
// when the whole run succeeds; a failed run leaves no heatmap, no
// temporary file, and no heatmap directory it created.
func TestOutputsPublishedTogether(t *testing.T) {
	dir := t.TempDir()
	dist, geom := smallRaw(t, dir, "dist.yuv", 3)
	// A 10-bit clip whose frame 1 has a sample above 1023: the run fails
	// after frame 0's heatmaps are written.
	good := writeSynth(t, dir, "good10.yuv", synth.Spec{Pattern: "grad10", Format: grad10}, 2)
	b, _ := os.ReadFile(good)
	size, _ := grad10.FrameBytes()
	b[size+20], b[size+21] = 0xff, 0xff
	hot := filepath.Join(dir, "hot.yuv")
	os.WriteFile(hot, b, 0o644)
	geom10 := []string{"-w", "640", "-h", "480", "-p", "420", "-b", "10"}

	hm := filepath.Join(dir, "hm", "deeper")
	out := filepath.Join(dir, "out.json")
	code, _, stderr := runScore(append([]string{"-d", hot, "--feature", "cambi=heatmaps_path=" + hm, "--json", "-o", out}, geom10...)...)
	if code != 1 || !strings.Contains(stderr, "frame 1") {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if _, err := os.Stat(filepath.Join(dir, "hm")); err == nil {
		t.Error("a failed run left the heatmap directory it created")
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("a failed run left its output")
	}
	noTemps(t, dir)

	// The case: the output cannot be written; no heatmap appears.
	hm2 := filepath.Join(dir, "hm2")
	os.Mkdir(hm2, 0o755)
	code, _, stderr = runScore(append([]string{"-d", dist, "--feature", "cambi=heatmaps_path=" + hm2, "--json", "-o", "/nonexistent/out.json"}, geom...)...)
	if code == 0 {
		t.Fatalf("exit 0: %s", stderr)
	}
	if entries, _ := os.ReadDir(hm2); len(entries) != 0 {
		t.Errorf("a failed run published %d heatmap files", len(entries))
	}
	noTemps(t, dir)

	code, _, stderr = runScore(append([]string{"-d", dist, "--feature", "cambi=heatmaps_path=" + hm, "--json", "-o", out}, geom...)...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, name := range engine.HeatmapNames(224, 64) {
		if _, err := os.Stat(filepath.Join(hm, name)); err != nil {
			t.Errorf("heatmap missing after a good run: %v", err)
		}
	}
	noTemps(t, dir)
}

// TestDuplicateFeatures: a feature given twice with the same metric names,
// or two CAMBI instances sharing a heatmap directory, is a command-line
// error: the output would have duplicate keys, the heatmaps would collide.
func TestDuplicateFeatures(t *testing.T) {
	dir := t.TempDir()
	dist, geom := smallRaw(t, dir, "dist.yuv", 2)
	for _, tc := range []struct {
		name  string
		feats []string
	}{
		{"same", []string{"cambi", "cambi"}},
		{"default value spelled out", []string{"cambi", "cambi=window_size=65"}},
		{"alias", []string{"adm", "integer_adm"}},
		{"shared heatmaps", []string{"cambi=heatmaps_path=" + dir + "/h", "cambi=topk=0.2:heatmaps_path=" + dir + "/h/."}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			args := append([]string{"-d", dist, "--xml", "-o", filepath.Join(dir, "out.xml")}, geom...)
			for _, f := range tc.feats {
				args = append(args, "--feature", f)
			}
			code, _, stderr := runScore(args...)
			if code != 2 || !strings.Contains(stderr, "--feature") {
				t.Errorf("exit %d: %s", code, stderr)
			}
			oneLine(t, stderr)
		})
	}
	// Different options are different metrics: accepted, distinct names.
	out := filepath.Join(dir, "two.json")
	code, _, stderr := runScore(append([]string{"-d", dist, "--json", "-o", out, "--feature", "cambi", "--feature", "cambi=topk=0.2"}, geom...)...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	b, _ := os.ReadFile(out)
	if !bytes.Contains(b, []byte(`"cambi"`)) || !bytes.Contains(b, []byte(`"cambi_topk_0.2"`)) {
		t.Errorf("output:\n%s", b)
	}
}

// TestHeatmapsPathNamed: a heatmaps_path that cannot be a directory is
// refused (exit 2) in one line that names it.
func TestHeatmapsPathNamed(t *testing.T) {
	dir := t.TempDir()
	dist, geom := smallRaw(t, dir, "dist.yuv", 2)
	file := filepath.Join(dir, "hmfile")
	os.WriteFile(file, []byte("x"), 0o644)
	t.Chdir(dir)
	os.WriteFile("dir", []byte("x"), 0o644) // a name inside "not a directory"
	for _, hm := range []string{file, filepath.Join(file, "sub"), "dir"} {
		code, _, stderr := runScore(append([]string{"-d", dist, "--feature", "cambi=heatmaps_path=" + hm, "--json", "-o", filepath.Join(dir, "o.json")}, geom...)...)
		if code != 2 || !strings.Contains(stderr, "heatmaps_path "+hm) {
			t.Errorf("heatmaps_path %s: exit %d: %s", hm, code, stderr)
		}
		oneLine(t, stderr)
	}
}
