// Package twindoc checks the twin index of a kernel package's doc.go: the
// table that lists, per stage, the Go reference, the kernel-set field, its
// Go twin, the assembly symbols (amd64's AVX2 and AVX-512, arm64's NEON),
// the WGSL shader and the tests. Every name in the table must exist, so
// the index cannot drift from the code; every kernel-set field, assembly
// symbol and shader of the feature must be in the table, so nothing is
// left out of it; and every assembly symbol must be declared in Go for its
// architecture, so no symbol lies unreachable in a .s file. Files are read
// whatever their build constraints: the arm64 twins are checked on amd64.
package twindoc

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
)

// Columns of the table, in order. Cells hold names separated by commas,
// "-" for none.
var Columns = []string{"stage", "libvmaf", "reference", "field", "Go twin", "AVX2", "AVX-512", "NEON", "WGSL", "tests"}

// asmColumns are the assembly columns and the architecture whose .s files
// (named *_<arch>.s) hold their symbols.
var asmColumns = []struct{ column, arch string }{{"AVX2", "amd64"}, {"AVX-512", "amd64"}, {"NEON", "arm64"}}

// fileArch is the architecture a file name's suffix restricts it to
// (x_amd64.s, x_arm64.go, x_amd64_test.go), "" for none.
func fileArch(name string) string {
	base := strings.TrimSuffix(strings.TrimSuffix(name, filepath.Ext(name)), "_test")
	for _, a := range asmColumns {
		if strings.HasSuffix(base, "_"+a.arch) {
			return a.arch
		}
	}
	return ""
}

// Row is one stage of the table.
type Row struct {
	Line  int
	Cells [][]string // per column, the names
}

// Parse reads the table of dir's doc.go: a preformatted block (lines
// "//\t...") whose header row starts with "stage |".
func Parse(dir string) ([]Row, error) {
	b, err := os.ReadFile(filepath.Join(dir, "doc.go"))
	if err != nil {
		return nil, err
	}
	var rows []Row
	in := false
	for i, l := range strings.Split(string(b), "\n") {
		body, ok := strings.CutPrefix(l, "//\t")
		if !ok || !strings.Contains(body, "|") {
			in = in && ok
			continue
		}
		cells := strings.Split(body, "|")
		for k := range cells {
			cells[k] = strings.TrimSpace(cells[k])
		}
		if cells[0] == "stage" {
			if len(cells) != len(Columns) {
				return nil, fmt.Errorf("doc.go:%d: header has %d columns, want %d", i+1, len(cells), len(Columns))
			}
			in = true
			continue
		}
		if !in || strings.Trim(body, "-| ") == "" {
			continue
		}
		if len(cells) != len(Columns) {
			return nil, fmt.Errorf("doc.go:%d: %d columns, want %d", i+1, len(cells), len(Columns))
		}
		r := Row{Line: i + 1}
		for _, c := range cells {
			var names []string
			for _, n := range strings.Split(c, ",") {
				if n = strings.TrimSpace(n); n != "" && n != "-" {
					names = append(names, n)
				}
			}
			r.Cells = append(r.Cells, names)
		}
		rows = append(rows, r)
	}
	if len(rows) == 0 {
		return nil, fmt.Errorf("%s/doc.go has no twin table", dir)
	}
	return rows, nil
}

// pkgInfo is what a package directory declares.
type pkgInfo struct {
	funcs  map[string]bool   // functions and methods (Recv.Name), non-test
	tests  map[string]bool   // test functions of _test.go files
	fields map[string]bool   // the fields of struct type kernels
	text   map[string]string // TEXT symbols of .s files: their file's architecture
	decls  map[string]string // functions declared without a body (assembly): their file's architecture
}

func load(dir string) (*pkgInfo, error) {
	p := &pkgInfo{funcs: map[string]bool{}, tests: map[string]bool{}, fields: map[string]bool{}, text: map[string]string{}, decls: map[string]string{}}
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	textRE := regexp.MustCompile(`(?m)^TEXT\s+·(\w+)\(SB\)`)
	fset := token.NewFileSet()
	for _, e := range ents {
		name := e.Name()
		path := filepath.Join(dir, name)
		switch {
		case strings.HasSuffix(name, ".s"):
			b, err := os.ReadFile(path)
			if err != nil {
				return nil, err
			}
			for _, m := range textRE.FindAllStringSubmatch(string(b), -1) {
				p.text[m[1]] = fileArch(name)
			}
		case strings.HasSuffix(name, ".go"):
			f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
			if err != nil {
				return nil, err
			}
			test := strings.HasSuffix(name, "_test.go")
			for _, d := range f.Decls {
				switch d := d.(type) {
				case *ast.FuncDecl:
					n := d.Name.Name
					if d.Recv != nil && len(d.Recv.List) == 1 {
						n = recvName(d.Recv.List[0].Type) + "." + n
					}
					switch {
					case d.Body == nil:
						p.decls[n] = fileArch(name)
					case test:
						p.tests[n] = true
					default:
						p.funcs[n] = true
					}
				case *ast.GenDecl:
					for _, s := range d.Specs {
						ts, ok := s.(*ast.TypeSpec)
						if !ok || ts.Name.Name != "kernels" || test {
							continue
						}
						st, ok := ts.Type.(*ast.StructType)
						if !ok {
							continue
						}
						for _, fl := range st.Fields.List {
							for _, n := range fl.Names {
								p.fields[n.Name] = true
							}
						}
					}
				}
			}
		}
	}
	return p, nil
}

func recvName(e ast.Expr) string {
	switch e := e.(type) {
	case *ast.StarExpr:
		return recvName(e.X)
	case *ast.IndexExpr:
		return recvName(e.X)
	case *ast.Ident:
		return e.Name
	}
	return "?"
}

// Check returns every problem of pkgDir's twin table: names that do not
// exist (an assembly column's symbols must be TEXT symbols of its
// architecture's .s files), fields, assembly symbols (other than testOnly)
// and shaders named gpuDir/<prefix>*.wgsl that the table leaves out, and
// assembly symbols without a Go declaration (a function without a body)
// in a Go file of their architecture. Tests may live in pkgDir or gpuDir.
func Check(pkgDir, gpuDir, prefix string, testOnly ...string) []string {
	var errs []string
	bad := func(f string, a ...any) { errs = append(errs, fmt.Sprintf(f, a...)) }
	rows, err := Parse(pkgDir)
	if err != nil {
		return []string{err.Error()}
	}
	pkg, err := load(pkgDir)
	if err != nil {
		return []string{err.Error()}
	}
	gpu, err := load(gpuDir)
	if err != nil {
		return []string{err.Error()}
	}
	col := func(name string) int { return slices.Index(Columns, name) }
	named := map[string]map[string]bool{}
	for _, c := range []string{"field", "AVX2", "AVX-512", "NEON", "WGSL"} {
		named[c] = map[string]bool{}
	}
	for _, r := range rows {
		at := fmt.Sprintf("doc.go:%d (%s)", r.Line, strings.Join(r.Cells[0], ","))
		for _, n := range r.Cells[col("reference")] {
			if !pkg.funcs[n] {
				bad("%s: reference %s is not a function of the package", at, n)
			}
		}
		for _, n := range r.Cells[col("field")] {
			named["field"][n] = true
			if !pkg.fields[n] {
				bad("%s: %s is not a field of kernels", at, n)
			}
		}
		for _, n := range r.Cells[col("Go twin")] {
			if !pkg.funcs[n] {
				bad("%s: Go twin %s is not a function of the package", at, n)
			}
		}
		for _, c := range asmColumns {
			for _, n := range r.Cells[col(c.column)] {
				named[c.column][n] = true
				if pkg.text[n] != c.arch {
					bad("%s: %s is not a TEXT symbol of the package's %s assembly", at, n, c.arch)
				}
			}
		}
		for _, n := range r.Cells[col("WGSL")] {
			named["WGSL"][n] = true
			if _, err := os.Stat(filepath.Join(gpuDir, n)); err != nil {
				bad("%s: shader %s: %v", at, n, err)
			}
		}
		for _, n := range r.Cells[col("tests")] {
			if !pkg.tests[n] && !gpu.tests[n] {
				bad("%s: test %s is in neither the package's nor gpu's tests", at, n)
			}
		}
	}
	for f := range pkg.fields {
		if f != "set" && !named["field"][f] {
			bad("kernels field %s is missing from the table", f)
		}
	}
	for s, arch := range pkg.text {
		if !named["AVX2"][s] && !named["AVX-512"][s] && !named["NEON"][s] && !slices.Contains(testOnly, s) {
			bad("assembly symbol %s is missing from the table", s)
		}
		if pkg.decls[s] != arch {
			bad("assembly symbol %s has no Go declaration in a *_%s.go file", s, arch)
		}
	}
	shaders, _ := filepath.Glob(filepath.Join(gpuDir, prefix+"*.wgsl"))
	for _, s := range shaders {
		if !named["WGSL"][filepath.Base(s)] {
			bad("shader %s is missing from the table", filepath.Base(s))
		}
	}
	slices.Sort(errs)
	return errs
}
