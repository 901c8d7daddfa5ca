package layering

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

// Import patterns: a module-relative path ("kernels/yuv"), a full path of
// another module ("fyne.io/fyne/v2"), either ending in "/..." for the path
// and everything under it.
//
// The floors, bottom up: app -> ui -> engine -> gpu -> kernels. Every
// import runs downward or stays on its floor; nothing imports upward.
var (
	// ground is the vocabulary every floor shares, at the bottom of the
	// kernels: pictures, option tables, synthetic clips, the golden-clip
	// and benchmark-clip helpers, CPU kernel sets and glibc's maths.
	ground = []string{"kernels/yuv", "kernels/feature", "kernels/synth", "kernels/golden", "kernels/benchclip", "kernels/cpu", "kernels/libm/...", "kernels/internal/..."}
	// external is what the compute floors may import from other modules:
	// the x/ libraries, CPU feature detection and WebGPU.
	external = []string{"golang.org/x/...", "github.com/klauspost/cpuid/v2", "github.com/oliverbestmann/webgpu/..."}
	// fyne is the GUI toolkit: ui and app only.
	fyne = []string{"fyne.io/..."}
)

// featurePkgs are the kernel packages of one feature each. One never
// imports another: what two features share belongs on the ground floor.
var featurePkgs = []string{"kernels/adm", "kernels/cambi", "kernels/motion", "kernels/speed", "kernels/vif"}

// analysisPkgs are kernel packages of Bandscope's own analyses of the
// features' maps (the banding-region search's row kernels): the ground
// floor only, and no feature package imports them.
var analysisPkgs = []string{"kernels/regionscan"}

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
	{"kernels/yuv", nil},
	{"kernels/feature", nil},
	{"kernels/synth", []string{"kernels/yuv"}},
	{"kernels/golden", []string{"kernels/yuv", "kernels/synth"}},
	{"kernels/benchclip", []string{"kernels/yuv", "kernels/synth", "kernels/golden"}},
	{"kernels/cpu", []string{"github.com/klauspost/cpuid/v2"}},
	{"kernels/libm/...", []string{"kernels/libm/..."}},
	{"kernels/internal/...", nil},
	{"kernels/regionscan", ground},
	// The feature packages: the ground floor and their own subpackages.
	{"kernels/...", join(ground, external, featurePkgs)},
	{"gpu/...", join(ground, external, featurePkgs)},
	{"engine/outfile", nil},
	{"engine/recent", nil},
	// The engine: everything below it, no user interface.
	{"engine/...", join(ground, external, featurePkgs, analysisPkgs, []string{"engine/...", "gpu/...", "assets"})},
	{"assets", nil},
	// The inspector reaches pictures, options and every feature's results
	// through the engine (its re-exported vocabulary), never the kernels.
	{"ui/...", join(fyne, []string{"engine/...", "assets", "gonum.org/v1/plot/..."})},
	// Commands at the top: the inspector and CLI (app), the benchmark
	// against libvmaf (app/bench) and the real-GPU check's helper
	// (app/devcheck). app reaches the backends through engine.
	{"app/internal/...", nil},
	{"app/devcheck", nil},
	{"app/bench", join(ground, []string{"engine/..."})},
	{"app/...", join(fyne, []string{"engine/...", "ui/...", "app/internal/...", "assets"})},
}

// exceptions are imports that break a rule today, each with the reason it
// is tolerated; remove an entry when its import goes.
var exceptions = map[[2]string]string{}

// featureOf is the feature package p belongs to, or "".
func featureOf(p string) string {
	for _, f := range featurePkgs {
		if match(f+"/...", p) {
			return f
		}
	}
	return ""
}

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
	cmd.Dir = filepath.Join("..", "..", "..")
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

// TestFeaturesApart checks that no feature package imports another's.
func TestFeaturesApart(t *testing.T) {
	pkgs := imports(t)
	for _, pkg := range slices.Sorted(maps.Keys(pkgs)) {
		from := featureOf(pkg)
		if from == "" {
			continue
		}
		for _, imp := range pkgs[pkg] {
			if to := featureOf(rel(imp)); to != "" && to != from {
				t.Errorf("%s imports %s: one feature package never imports another", pkg, rel(imp))
			}
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
