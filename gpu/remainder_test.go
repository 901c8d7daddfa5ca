package gpu

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// unsignedRemainders lists every line of the shaders with a %, and how many
// it has, with the reason its operands are u32. A signed remainder is not
// portable: naga writes it as SPIR-V's OpSRem, whose result Vulkan leaves
// undefined for negative operands, and on an NVIDIA H200 -7 % 2 came back 1
// where WGSL and Go say -1. So the probe checks only unsigned remainders and
// the shaders must use no other.
var unsignedRemainders = map[string]struct {
	n   int
	why string
}{
	"cambi_mask.wgsl: let x = ox + i32(k % 14u);": {1, "k is a u32 loop index"},
	"cambi_mask.wgsl: let cx = k % 14u;":          {1, "k is a u32 loop index"},
	"frame_repack.wgsl: let x = i % p.dst_w;":     {1, "i is 2u * the u32 invocation index, dst_w a u32 parameter"},
}

var wgslComment = regexp.MustCompile(`(?s)/\*.*?\*/|//[^\n]*`)

// TestShaderRemainders: a new % in a shader (WGSL has no string literals, so
// every % outside a comment is an operator) fails here until its line is
// listed above, after checking that both operands are u32.
func TestShaderRemainders(t *testing.T) {
	files, err := filepath.Glob("*.wgsl")
	if err != nil || len(files) == 0 {
		t.Fatalf("no shaders: %v", err)
	}
	seen := map[string]int{}
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		code := wgslComment.ReplaceAllStringFunc(string(src), func(c string) string {
			return strings.Repeat("\n", strings.Count(c, "\n")) // keep line numbers
		})
		for i, line := range strings.Split(code, "\n") {
			if n := strings.Count(line, "%"); n > 0 {
				key := f + ": " + strings.TrimSpace(line)
				seen[key] += n
				if _, ok := unsignedRemainders[key]; !ok {
					t.Errorf("%s:%d: %d remainder(s) not listed in unsignedRemainders (are the operands u32?): %s", f, i+1, n, strings.TrimSpace(line))
				}
			}
		}
	}
	for key, r := range unsignedRemainders {
		if seen[key] != r.n {
			t.Errorf("%s: %d remainders in the shaders, %d listed", key, seen[key], r.n)
		}
	}
}
