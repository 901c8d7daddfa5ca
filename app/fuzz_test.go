package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/bandscope/bandscope/kernels/synth"
)

// FuzzScoreArgs runs `bandscope score` on whole command lines (one
// argument a line): flags, option strings, small generated inputs (@RAW,
// @Y4M) and output paths, every path confined to a temporary directory. It
// must never panic (a recovered panic prints "internal error"), hang past a
// bound, exit with a status other than 0, 1 or 2, or change a file outside
// its directory. `go test` runs the seed corpus; `go test -fuzz
// FuzzScoreArgs ./app` explores.
func FuzzScoreArgs(f *testing.F) {
	for _, seed := range []string{
		"-d\n@RAW\n-w\n224\n-h\n64\n-p\n420\n-b\n8\n--feature\ncambi\n--json\n-o\nout.json",
		"-r\n@Y4M\n-d\n@Y4M\n--feature\nadm=debug=true\n--xml\n-o\n@RAW",
		"-d\n@Y4M\n--feature\ncambi=heatmaps_path=hm\n--csv\n-o\n/etc/passwd",
		"-d\n@Y4M\n--feature\ncambi\n--feature\ncambi\n--threads\n9999999999",
		"-d\n@Y4M\n--feature\ncambi=enc_width=300",
		"--help",
		"-d\n@RAW\n-w\n99999\n-h\n99999\n-p\n444\n-b\n16\n--feature\nadm\n--max-memory\n1M",
		"-d\n-\n--feature\ncambi",
		"-d\n@Y4M\n--feature\ncambi=full_ref=true\n-r\n@RAW\n-w\n224\n-h\n64\n--precision\nmax\n--frame_cnt\n1",
		"-o=../../x\n-d=@Y4M\n--feature=adm",
		"-d\n@Y4M\n--feature\ncambi=heatmaps_path=@Y4M",
		"-d\n@Y4M\n--feature\ncambi=heatmaps_path=..:topk=0.2\n--feature\nadm=bands=true:adm_csf_mode=1\n--threads\n3\n-o\nx.xml",
		"-d\n@Y4M\n-w\n224\n--feature\nadm",
		"-d\n@Y4M\n--feature\ncambi=window_size=3\n-b\n9\n-p\nfoo",
		"-d\n@RAW\n--feature\nadm\n-w\n0x10\n-h\n1e3",
		"--feature\nadm=\n-d\n@Y4M",
		"-d\n@Y4M\n--feature\ncambi=eotf=pq:cambi_high_res_speedup=1080:max_log_contrast=5\n-q\n--cpumask\n7",
	} {
		f.Add(seed)
	}
	fuzzCommand(f, runScore)
}

// FuzzRegionsArgs is FuzzScoreArgs for `bandscope regions`.
func FuzzRegionsArgs(f *testing.F) {
	for _, seed := range []string{
		"-d\n@RAW\n-w\n224\n-h\n64\n-p\n420\n-b\n8\n-o\nev.json\n--masks\nmask.y4m",
		"-d\n@Y4M\n--feature\ncambi=window_size=35\n--threshold\n0.5\n--min-frames\n1",
		"-d\n@Y4M\n--masks\n@Y4M",
		"-d\n@Y4M\n-o\nx\n--masks\nx",
		"-d\n@Y4M\n--feature\nadm",
		"-d\n@Y4M\n--threshold\n-0\n--min-frames\n99999999999",
		"-d\n@Y4M\n--model\nversion=vmaf_v0.6.1",
		"-r\n@Y4M\n-d\n@Y4M\n--model\nversion=vmaf_v1.0.16_3d0h\n-q",
		"--help",
	} {
		f.Add(seed)
	}
	fuzzCommand(f, runRegions)
}

// fuzzCommand runs a command's main (runScore, runRegions) on the fuzzed
// command lines, with FuzzScoreArgs's inputs and checks.
func fuzzCommand(f *testing.F, runMain func(args ...string) (int, string, string)) {
	shared := f.TempDir()
	raw := writeSynth(f, shared, "in.yuv", synth.Spec{Pattern: "vramp_b", Format: small8}, 2)
	rb, _ := os.ReadFile(raw)
	var y bytes.Buffer
	fmt.Fprintf(&y, "YUV4MPEG2 W%d H%d F25:1 Ip A1:1 C420jpeg\n", small8.Width, small8.Height)
	size, _ := small8.FrameBytes()
	for i := int64(0); i < 2; i++ {
		y.WriteString("FRAME\n")
		y.Write(rb[i*size : (i+1)*size])
	}
	y4m := filepath.Join(shared, "in.y4m")
	os.WriteFile(y4m, y.Bytes(), 0o644)
	cwd, _ := os.Getwd()
	before := listing(cwd)
	sharedBefore := listing(shared)

	f.Fuzz(func(t *testing.T, line string) {
		if len(line) > 2000 {
			return
		}
		dir := t.TempDir()
		// Each call gets its own copies of the inputs: an output may
		// legitimately replace one that is not an input of its run.
		copies := map[string]string{}
		for ph, src := range map[string]string{"@RAW": raw, "@Y4M": y4m} {
			b, _ := os.ReadFile(src)
			p := filepath.Join(dir, filepath.Base(src))
			os.WriteFile(p, b, 0o644)
			copies[ph] = p
		}
		args, inputs := confineArgs(strings.Split(line, "\n"), dir, copies)
		inputsBefore := map[string]string{}
		for _, p := range inputs {
			b, _ := os.ReadFile(p)
			inputsBefore[p] = string(b)
		}
		t.Chdir(dir) // anything relative that slipped through lands here
		type result struct {
			code           int
			stdout, stderr string
		}
		done := make(chan result, 1)
		go func() {
			code, o, e := runMain(args...)
			done <- result{code, o, e}
		}()
		var r result
		select {
		case r = <-done:
		case <-time.After(60 * time.Second):
			t.Fatalf("%q: still running after 60 s", args)
		}
		if r.code != 0 && r.code != 1 && r.code != 2 {
			t.Errorf("%q: exit %d", args, r.code)
		}
		if r.code != 0 && r.stderr == "" {
			t.Errorf("%q: exit %d without a word", args, r.code)
		}
		if strings.Contains(r.stderr, "internal error") || strings.Contains(r.stderr, "goroutine ") {
			t.Errorf("%q: %s", args, r.stderr)
		}
		if r.code == 1 || r.code == 2 {
			oneLine(t, r.stderr)
		}
		if got := listing(cwd); got != before {
			t.Errorf("%q changed the package directory", args)
		}
		if got := listing(shared); got != sharedBefore {
			t.Errorf("%q changed the shared inputs", args)
		}
		for p, was := range inputsBefore {
			if b, _ := os.ReadFile(p); string(b) != was {
				t.Errorf("%q changed its input %s", args, p)
			}
		}
	})
}

var pathFlags = map[string]bool{"r": true, "reference": true, "d": true, "distorted": true, "o": true, "output": true, "masks": true}

// outputFlag reports whether a path flag names an output.
func outputFlag(name string) bool { return name == "o" || name == "output" || name == "masks" }

var heatmapOpt = regexp.MustCompile(`heatmaps_path=([^:]*)`)

// confineArgs rewrites every path of a command line into dir: the values
// of -r, -d, -o, --masks (either form) and heatmaps_path; placeholders become the
// generated inputs. It returns the arguments and the -r/-d files.
func confineArgs(args []string, dir string, inputs map[string]string) ([]string, []string) {
	var ins []string
	confine := func(v string) string {
		if p, ok := inputs[v]; ok {
			return p
		}
		if v == "" {
			return v
		}
		clean := strings.Map(func(r rune) rune {
			if r == '/' || r == 0 {
				return '_'
			}
			return r
		}, v)
		if clean == "." || clean == ".." {
			clean = "_" + clean
		}
		return filepath.Join(dir, clean)
	}
	out := make([]string, 0, len(args))
	pathNext := ""
	for _, a := range args {
		a = heatmapOpt.ReplaceAllStringFunc(a, func(m string) string {
			return "heatmaps_path=" + confine(strings.TrimPrefix(m, "heatmaps_path="))
		})
		switch {
		case pathNext != "":
			a = confine(a)
			if !outputFlag(pathNext) {
				ins = append(ins, a)
			}
			pathNext = ""
		case strings.HasPrefix(a, "-"):
			name := strings.TrimLeft(a, "-")
			if k, v, ok := strings.Cut(name, "="); ok {
				if pathFlags[k] {
					a = a[:len(a)-len(v)] + confine(v)
					if !outputFlag(k) {
						ins = append(ins, confine(v))
					}
				}
			} else if pathFlags[name] {
				pathNext = name
			}
		}
		out = append(out, a)
	}
	return out, ins
}

// listing is a directory's names, sizes and modification times.
func listing(dir string) string {
	var lines []string
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if fi, err := d.Info(); err == nil {
			lines = append(lines, fmt.Sprintf("%s %d %d", p, fi.Size(), fi.ModTime().UnixNano()))
		}
		return nil
	})
	sort.Strings(lines)
	return strings.Join(lines, "\n")
}
