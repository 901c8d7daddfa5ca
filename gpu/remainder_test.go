package gpu

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// unsignedRemainders lists every % in the shaders with the reason its
// operands are u32. A signed remainder is not portable: on an NVIDIA H200
// (Vulkan) -7 % 2 came back 1, floored, where WGSL and Go say -1, so the
// probe checks only unsigned ones and the shaders must use no other.
var unsignedRemainders = map[string]string{
	"cambi_mask.wgsl: k % 14u":       "k is the u32 loop index",
	"frame_repack.wgsl: i % p.dst_w": "i is the u32 invocation index, dst_w a u32 parameter",
}

// TestShaderRemainders: a new % in a shader fails here until it is listed
// above, after checking that both operands are u32.
func TestShaderRemainders(t *testing.T) {
	files, err := filepath.Glob("*.wgsl")
	if err != nil || len(files) == 0 {
		t.Fatalf("no shaders: %v", err)
	}
	rem := regexp.MustCompile(`[\w.\]\)]+\s*%=?\s*[\w.]+`)
	seen := map[string]bool{}
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, line := range strings.Split(string(src), "\n") {
			if i := strings.Index(line, "//"); i >= 0 {
				line = line[:i]
			}
			for _, m := range rem.FindAllString(line, -1) {
				key := f + ": " + m
				if _, ok := unsignedRemainders[key]; !ok {
					t.Errorf("%s: remainder %q is not listed in unsignedRemainders (are both operands u32?)", f, m)
				}
				seen[key] = true
			}
		}
	}
	for key := range unsignedRemainders {
		if !seen[key] {
			t.Errorf("listed remainder %q is no longer in the shaders", key)
		}
	}
}
