package synth

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/bandscope/bandscope/kernels/yuv"
)

// TestMatchesGenerator compares with the corpus generator when it and numpy
// are at hand (a developer machine with ../shared); elsewhere the formulas are
// covered by the golden-score tests that use these clips.
func TestMatchesGenerator(t *testing.T) {
	gen := filepath.Join("..", "..", "..", "shared", "tools", "gen.py")
	if _, err := os.Stat(gen); err != nil {
		t.Skip("corpus generator not present (../shared is outside the repo): covered by golden tests")
	}
	if exec.Command("/usr/bin/python3", "-c", "import numpy").Run() != nil {
		t.Skip("python3-numpy not installed: covered by golden tests")
	}
	dir := t.TempDir()
	for _, pat := range Patterns() {
		for _, dist := range []bool{false, true} {
			for _, f := range []yuv.Format{{Width: 75, Height: 41, Chroma: yuv.C420, BitDepth: 8}, {Width: 64, Height: 30, Chroma: yuv.C422, BitDepth: 10}} {
				out := filepath.Join(dir, "c.yuv")
				args := []string{gen, pat, itoa(f.Width), itoa(f.Height), out, "--frames", "2", "--bitdepth", itoa(f.BitDepth), "--pixfmt", f.Chroma.String()}
				if dist {
					args = append(args, "--dist")
				}
				if b, err := exec.Command("/usr/bin/python3", args...).CombinedOutput(); err != nil {
					t.Fatalf("gen.py: %v: %s", err, b)
				}
				want, _ := os.ReadFile(out)
				got, err := Raw(Spec{Pattern: pat, Format: f, Dist: dist}, 2)
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(got, want) {
					t.Errorf("%s dist=%v %+v: differs from gen.py", pat, dist, f)
				}
			}
		}
	}
}

func itoa(i int) string { return strconv.Itoa(i) }
