package asmcheck

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// baselineSSE are the files written for amd64's baseline, which every
// amd64 CPU runs without a feature check: SSE2 is all they may assume. The
// AVX kernels end with VZEROUPPER, so SSE code after them pays nothing.
var baselineSSE = map[string]bool{"engine/clip/widen_amd64.s": true}

// TestNoLegacySSE checks that every amd64 assembly file of the module
// touches vector registers with VEX or EVEX instructions only (macros are
// checked where they are defined): a legacy-SSE instruction (MOVQ into X5,
// say) after a 256- or 512-bit write pays the SSE/AVX state transition,
// about 250 ns a call on the Xeon the AVX-512 kernels were timed on, more
// than some kernels' whole row.
func TestNoLegacySSE(t *testing.T) {
	root := filepath.Join("..", "..", "..")
	vreg := regexp.MustCompile(`\b[XYZ][0-9]+\b`)
	n := 0
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == ".git" || d.Name() == "testdata") {
			return filepath.SkipDir
		}
		if d.IsDir() || !(strings.HasSuffix(path, "_amd64.s") || strings.HasSuffix(path, "_amd64.h")) {
			return nil
		}
		if baselineSSE[filepath.ToSlash(path[len(root)+1:])] {
			return nil
		}
		n++
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for i, line := range strings.Split(string(b), "\n") {
			code, _, _ := strings.Cut(line, "//")
			code = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(code), "\\"))
			op, args, _ := strings.Cut(code, " ")
			if op == "" || strings.Contains(op, "(") || strings.HasPrefix(op, "#") || strings.HasSuffix(op, ":") ||
				strings.HasPrefix(op, "DATA") || strings.HasPrefix(op, "GLOBL") || strings.HasPrefix(op, "TEXT") {
				continue
			}
			if vreg.MatchString(args) && op[0] != 'V' && op[0] != 'K' {
				t.Errorf("%s:%d: %s is a legacy-SSE instruction on a vector register", path, i+1, code)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n == 0 {
		t.Fatal("no amd64 assembly found")
	}
}
