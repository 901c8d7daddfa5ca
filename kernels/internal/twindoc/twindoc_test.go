package twindoc

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestFileArch: the architecture comes from the file name's suffix only.
func TestFileArch(t *testing.T) {
	for name, want := range map[string]string{
		"kernels_amd64.s": "amd64", "kernels512_amd64.go": "amd64", "kernels_amd64_test.go": "amd64",
		"kernels_arm64.s": "arm64", "kernels_arm64.go": "arm64", "kernels.go": "", "kernels_other.go": "",
	} {
		if got := fileArch(name); got != want {
			t.Errorf("fileArch(%q) = %q, want %q", name, got, want)
		}
	}
}

// TestCheck builds a package with one kernel and its twins and checks
// that Check finds each kind of drift: a NEON symbol in the AVX2 column,
// a symbol in no column, an assembly symbol without its Go declaration
// and a shader missing from the table.
func TestCheck(t *testing.T) {
	dir := t.TempDir()
	gpu := filepath.Join(dir, "gpu")
	write := func(name, text string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	table := func(avx2, neon string) string {
		return "// Package p.\n//\n//\tstage | libvmaf | reference | field | Go twin | AVX2 | AVX-512 | NEON | WGSL | tests\n" +
			"//\tRow | f | Ref | row | rowGo | " + avx2 + " | - | " + neon + " | p_row.wgsl | TestX\n" + "package p\n"
	}
	write(filepath.Join(dir, "p.go"), "package p\n\ntype kernels struct{ row func() }\n\nfunc Ref()   {}\nfunc rowGo() {}\n")
	write(filepath.Join(dir, "p_test.go"), "package p\n\nimport \"testing\"\n\nfunc TestX(t *testing.T) {}\n")
	write(filepath.Join(dir, "k_amd64.go"), "package p\n\nfunc rowAVX2()\n")
	write(filepath.Join(dir, "k_amd64.s"), "TEXT ·rowAVX2(SB), 0, $0\n\tRET\n")
	write(filepath.Join(dir, "k_arm64.go"), "package p\n\nfunc rowNEON()\n")
	write(filepath.Join(dir, "k_arm64.s"), "TEXT ·rowNEON(SB), 0, $0\n\tRET\n")
	write(filepath.Join(gpu, "p_row.wgsl"), "")
	write(filepath.Join(gpu, "g_test.go"), "package gpu\n")

	write(filepath.Join(dir, "doc.go"), table("rowAVX2", "rowNEON"))
	if errs := Check(dir, gpu, "p_"); len(errs) != 0 {
		t.Fatalf("a true table: %v", errs)
	}
	for _, tc := range []struct {
		doc, extra, want string
	}{
		{table("rowNEON", "rowAVX2"), "", "rowNEON is not a TEXT symbol of the package's amd64 assembly"},
		{table("rowAVX2", "-"), "", "assembly symbol rowNEON is missing from the table"},
		{table("rowAVX2", "rowNEON"), "k_arm64.go", "assembly symbol rowNEON has no Go declaration in a *_arm64.go file"},
		{table("rowAVX2", "rowNEON"), "p_new.wgsl", "shader p_new.wgsl is missing from the table"},
	} {
		write(filepath.Join(dir, "doc.go"), tc.doc)
		switch tc.extra {
		case "k_arm64.go":
			write(filepath.Join(dir, "k_arm64.go"), "package p\n\nfunc rowNEON() {}\n")
		case "p_new.wgsl":
			write(filepath.Join(gpu, "p_new.wgsl"), "")
		}
		errs := Check(dir, gpu, "p_")
		if !strings.Contains(strings.Join(errs, "\n"), tc.want) {
			t.Errorf("want %q, got %v", tc.want, errs)
		}
		write(filepath.Join(dir, "k_arm64.go"), "package p\n\nfunc rowNEON()\n")
		os.Remove(filepath.Join(gpu, "p_new.wgsl"))
	}
}
