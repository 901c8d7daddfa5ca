package depstest

import (
	"bufio"
	"bytes"
	"maps"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

const module = "github.com/bandscope/bandscope"

// Import patterns: a module-relative path ("engine/yuv"), a full path of
// another module ("fyne.io/fyne/v2"), either ending in "/..." for the path
// and everything under it.
var (
	// base is the bottom layer: pictures, option tables, synthetic clips,
	// the golden-clip helper, the benchmarks' CPU-time loop and the cache of
	// recent values the engine and the views share. It imports
	// nothing above it.
	base = []string{"engine/yuv", "engine/feature", "engine/synth", "internal/golden", "internal/cpubench", "internal/recent"}
	// compute is what the kernels and the GPU backend may import besides
	// base: each other's packages (kernels never gpu), the x/ libraries,
	// CPU feature detection and WebGPU.
	compute = []string{"kernels/...", "golang.org/x/...", "github.com/klauspost/cpuid/v2", "github.com/oliverbestmann/webgpu/..."}
	// fyne is the GUI toolkit: ui and app only.
	fyne = []string{"fyne.io/..."}
)

func join(lists ...[]string) []string {
	var out []string
	for _, l := range lists {
		out = append(out, l...)
	}
	return out
}

// rules says, per package of the module, what it may import besides the
// standard library. The first rule whose pattern matches a package is its
// rule, and every package must match one: a new kernels/foo or engine/foo
// falls under its directory's rule without an edit here, a new top-level
// directory needs a rule of its own.
var rules = []struct {
	pkgs  string
	allow []string
}{
	{"engine/yuv", nil},
	{"engine/feature", nil},
	{"engine/synth", []string{"engine/yuv"}},
	{"internal/golden", []string{"engine/yuv", "engine/synth"}},
	{"internal/cpubench", nil},
	{"internal/recent", nil},
	{"internal/quietlocale", nil},
	{"internal/outfile", nil},
	// The real-GPU check's helper (.ci/gpu-device-check): the standard library only.
	{"internal/devcheck", nil},
	{"internal/depstest", nil},
	{"assets", nil},
	// A command at the top of the stack that lives with the kernels it
	// measures: it scores clips through the engine. Nothing imports it.
	{"kernels/bench", join(base, compute, []string{"engine", "engine/clip", "engine/model", "kernels/internal/benchclip"})},
	{"kernels/...", join(base, compute)},
	{"gpu/...", join(base, compute)},
	// The engine: everything below it, no user interface.
	{"engine/...", join(base, compute, []string{"engine/...", "gpu/...", "internal/outfile", "assets"})},
	{"ui/...", join(base, fyne, []string{"engine/...", "kernels/...", "assets", "internal/outfile", "gonum.org/v1/plot/..."})},
	// app reaches the backends (gpu included) through engine.
	{"app/...", join(base, fyne, []string{"engine/...", "ui/...", "internal/quietlocale", "internal/outfile"})},
}

// exceptions are imports that break a rule today, each with the reason it
// is tolerated; remove an entry when its import goes.
var exceptions = map[[2]string]string{}

// match reports whether import path p (module-relative when inside the
// module) matches pattern pat.
func match(pat, p string) bool {
	if rest, ok := strings.CutSuffix(pat, "/..."); ok {
		return p == rest || strings.HasPrefix(p, rest+"/")
	}
	return p == pat
}

// standard reports whether a full import path is the standard library's
// (its first element has no dot) rather than a module's.
func standard(p string) bool {
	first, _, _ := strings.Cut(p, "/")
	return !strings.Contains(first, ".")
}

// imports lists the module's packages with their direct imports, as the
// go command resolves them for this platform (tests excluded: they may
// reach further, as golden tests do).
func imports(t *testing.T) map[string][]string {
	t.Helper()
	cmd := exec.Command("go", "list", "-f", "{{.ImportPath}}{{range .Imports}} {{.}}{{end}}", module+"/...")
	cmd.Dir = filepath.Join("..", "..")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, stderr.Bytes())
	}
	pkgs := map[string][]string{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) == 0 {
			continue
		}
		pkgs[rel(f[0])] = f[1:]
	}
	if len(pkgs) == 0 {
		t.Fatal("go list found no packages")
	}
	return pkgs
}

// rel is p relative to the module, or p itself outside it.
func rel(p string) string {
	if r, ok := strings.CutPrefix(p, module+"/"); ok {
		return r
	}
	return p
}

// TestDeps checks every package's imports against its rule.
func TestDeps(t *testing.T) {
	pkgs := imports(t)
	for _, pkg := range slices.Sorted(maps.Keys(pkgs)) {
		imps := pkgs[pkg]
		ri := -1
		for i, r := range rules {
			if match(r.pkgs, pkg) {
				ri = i
				break
			}
		}
		if ri < 0 {
			t.Errorf("%s: no rule in deps_test.go names this package; add one", pkg)
			continue
		}
		r := rules[ri]
	imports:
		for _, imp := range imps {
			if standard(imp) {
				continue
			}
			imp = rel(imp)
			if _, ok := exceptions[[2]string{pkg, imp}]; ok {
				continue
			}
			for _, a := range r.allow {
				if match(a, imp) {
					continue imports
				}
			}
			t.Errorf("%s imports %s, which its rule (%q) does not allow", pkg, imp, r.pkgs)
		}
	}
}

// TestRules checks the table itself: every exception is still needed, so
// that a fixed import cannot leave a stale licence behind.
func TestRules(t *testing.T) {
	pkgs := imports(t)
	for e, why := range exceptions {
		found := false
		for _, imp := range pkgs[e[0]] {
			found = found || rel(imp) == e[1]
		}
		if !found {
			t.Errorf("exception %s -> %s (%s) is no longer needed: remove it", e[0], e[1], why)
		}
	}
}
